import { lstat, mkdtemp, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { UsageError } from './usage-error.js'

/**
 * Checks, before any request, what the run will write at its end or on its way: a run that only
 * found out after the export that it cannot write its folder or its files would waste the export.
 */

/** The output folder (--out, else a new folder in the current one) can be made and written. */
export async function checkOutFolder(out: string | undefined): Promise<void> {
  const flag = out === undefined ? 'The current folder' : `--out ${out}`
  const target = path.resolve(out ?? '.')
  const found = await stat(target).catch(() => undefined)
  if (found && !found.isDirectory()) throw new UsageError(`${flag} is a file, not a folder: name a folder, new or not`)
  let existing = target
  while (!(await stat(existing).catch(() => undefined))) existing = path.dirname(existing)
  if (!(await stat(existing)).isDirectory())
    throw new UsageError(`${flag} cannot be made: ${existing} is a file, not a folder`)
  // Making a folder is the one test that holds for root, read-only mounts and ACLs alike.
  try {
    await rmdir(await mkdtemp(path.join(existing, '.docs-export-')))
  } catch (error) {
    throw new UsageError(`${flag} cannot be made: nothing can be written in ${existing} (${codeOf(error)})`)
  }
}

/** A file of outputs (--output-env, --output-sh) can be created where it is named, and is not a link or a folder. */
export async function checkOutputFile(file: string, flag: string): Promise<void> {
  const target = path.resolve(file)
  const found = await lstat(target).catch(() => undefined)
  if (found?.isSymbolicLink())
    throw new UsageError(
      `${flag} ${file} is a symbolic link: name a file, which is created new, never written through a link`
    )
  if (found?.isDirectory()) throw new UsageError(`${flag} ${file} is a folder: name a file`)
  if (found && !found.isFile()) throw new UsageError(`${flag} ${file} is not a regular file`)
  const folder = path.dirname(target)
  const parent = await stat(folder).catch(() => undefined)
  if (!parent) throw new UsageError(`${flag} ${file}: the folder ${folder} does not exist`)
  if (!parent.isDirectory()) throw new UsageError(`${flag} ${file}: ${folder} is not a folder`)
  try {
    await rmdir(await mkdtemp(path.join(folder, '.docs-export-')))
  } catch (error) {
    throw new UsageError(`${flag} ${file}: nothing can be written in ${folder} (${codeOf(error)})`)
  }
}

/** --output-env and --output-sh name two files. */
export function checkDistinct(files: readonly (readonly [flag: string, file: string | undefined])[]): void {
  const named = files.filter((entry): entry is readonly [string, string] => entry[1] !== undefined)
  for (const [index, [flag, file]] of named.entries()) {
    const same = named.slice(index + 1).find(([, other]) => path.resolve(other) === path.resolve(file))
    if (same) throw new UsageError(`${flag} and ${same[0]} name the same file ${file}`)
  }
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error as Error).message
}
