import { randomUUID } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { ActionError } from '../core/errors.js'

/**
 * The JSON files written beside the site (the manifest, the changes), as a reader and a diff want
 * them: one entry of each list on a line of its own.
 */
export function jsonWithListsByLine(value: Record<string, unknown>): string {
  const fields = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(([key, field]) => {
      const name = JSON.stringify(key)
      if (!Array.isArray(field) || field.length === 0) return `  ${name}: ${JSON.stringify(field)}`
      return `  ${name}: [\n${field.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`
    })
  return `{\n${fields.join(',\n')}\n}\n`
}

/** Created new, never through a link: a temporary name of its own, opened with O_EXCL and O_NOFOLLOW. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)

/**
 * Writes `text` to `file` in one step: into a new temporary file beside it, then renamed over it,
 * so that a reader sees the old file or the new one, never half of one. A file already at `file`
 * is replaced only when `recognise.isOurs` says an earlier run wrote it; anything else, a link or
 * a folder included, is left as it is and the write fails.
 */
export async function replaceOwnFile(
  file: string,
  text: string,
  recognise: { isOurs: (text: string) => boolean; maxBytes: number }
): Promise<void> {
  const existing = await lstat(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  })
  const ours =
    existing?.isFile() && existing.size <= recognise.maxBytes && recognise.isOurs(await readFile(file, 'utf8'))
  if (existing && !ours) {
    const what = existing.isSymbolicLink()
      ? 'a link'
      : existing.isDirectory()
        ? 'a folder'
        : 'a file this action did not write'
    throw new ActionError(`${file} is already there, and is ${what}: it was left as it is`, {
      code: 'exists',
      hint: 'Choose another path, or remove it'
    })
  }
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}-${randomUUID()}.partial`)
  try {
    const handle = await open(temporary, CREATE_NEW, 0o644)
    try {
      await handle.writeFile(text)
    } finally {
      await handle.close()
    }
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
