import { randomUUID } from 'node:crypto'
import { lstat, open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { ActionError } from './errors.js'
import { isOwnName } from './layout.js'
import { input, message } from './message.js'

/**
 * How the action writes into its output folder (`path`), which may be the workspace (`path: .`)
 * and hold the user's files. The rule, the same for every file the action writes there:
 * - only the action's own names (src/core/layout.ts): nothing from outside ever names a file;
 * - each name is one plain name in the folder: nothing is written outside it, nor below a link;
 * - a file is written to a new temporary name beside it, created exclusively (so never through a
 *   link, nor into a file that was there), and renamed into place once complete;
 * - what is already at an own name is replaced only when it is what the action writes there: a
 *   regular file (the site: a folder) that reads as the action's own (a manifest, a report: names
 *   such as manifest.json are common, and `path: .` may hold a web app's). A link, a folder where
 *   a file goes, a file where the site goes, or a file that is not the action's is somebody
 *   else's: the step fails, naming it, and leaves it as it is.
 */

/** How an earlier run's file is told from somebody else's, by its content. */
export interface OwnContent {
  isOurs: (text: string) => boolean
  /** A larger file is not read: it is not the action's. */
  maxBytes: number
}

/** The path of a temporary file beside `file`, which `createExclusive` may create. */
export function temporaryBeside(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${randomUUID()}.partial`)
}

/** Writes `content` to the action's own file `file`, through a temporary file beside it; returns `file`. */
export async function writeOwnFile(
  file: string,
  content: string | Uint8Array,
  { mode = 0o644, recognise }: { mode?: number; recognise?: OwnContent } = {}
): Promise<string> {
  await checkOwnPlace(file, 'file', recognise)
  await writeBeside(file, content, mode, (temporary) => placeOwnFile(temporary, file))
  return file
}

/**
 * Writes `content` into a new file beside `file`, with `mode` whatever the umask, and hands it to
 * `place` (which renames it over `file`); the temporary file is removed when anything fails.
 */
export async function writeBeside(
  file: string,
  content: string | Uint8Array,
  mode: number,
  place: (temporary: string) => Promise<void>
): Promise<void> {
  const temporary = temporaryBeside(file)
  // `wx`: O_CREAT | O_EXCL, which creates a new file or fails, and never follows a link.
  const handle = await open(temporary, 'wx', mode)
  try {
    try {
      await handle.writeFile(content)
      // The process's umask may have narrowed the mode on creation; the file's handle, not its name, is changed.
      await handle.chmod(mode)
    } finally {
      await handle.close()
    }
    await place(temporary)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/** Moves `temporary`, a file the action created beside it, to the action's own file `file`. */
export async function placeOwnFile(temporary: string, file: string): Promise<void> {
  if (path.dirname(temporary) !== path.dirname(file)) throw new Error(`${temporary} is not beside ${file}`)
  await checkOwnPlace(file, 'file')
  // rename() replaces the name itself: even a link put there meanwhile is replaced, never followed.
  await rename(temporary, file)
}

/**
 * Fails unless `target` is one of the action's own names and holds nothing, or what the action
 * writes there (`kind`): a regular file, or a real folder for the site.
 */
export async function checkOwnPlace(target: string, kind: 'file' | 'directory', recognise?: OwnContent): Promise<void> {
  const name = path.basename(target)
  // The layout's names only: a name from elsewhere is a fault of the action itself.
  if (!isOwnName(name) || path.join(path.dirname(target), name) !== target)
    throw new Error(`${target} is not one of the action's own names`)
  const found = await lstat(target).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  })
  if (!found) return
  const placeOk = kind === 'file' ? found.isFile() : found.isDirectory()
  if (placeOk && (!recognise || (await readsAsOurs(target, found.size, recognise)))) return
  const what = placeOk
    ? 'a file of other content'
    : found.isSymbolicLink()
      ? 'a symbolic link'
      : found.isDirectory()
        ? 'a folder'
        : found.isFile()
          ? 'a file'
          : 'a special file'
  throw new ActionError(
    message`${target} is ${what}, which the action did not write: it replaces only its own ${kind === 'file' ? 'regular files' : 'site folder'} in its output folder, never through a link. Remove it, or give ${input('path')} a folder of its own`,
    { code: 'not-own-file' }
  )
}

async function readsAsOurs(file: string, size: number, { isOurs, maxBytes }: OwnContent): Promise<boolean> {
  if (size > maxBytes) return false
  return isOurs(await readFile(file, 'utf8'))
}
