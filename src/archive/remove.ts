import { chmodSync, lstatSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'

/**
 * Removes a folder and everything in it, read-only folders included: an earlier site (or an
 * archive unpacked by other tools) may hold folders without write permission, which stop a plain
 * recursive removal for any user but root. Links are removed, never followed.
 */
export function removeTree(target: string): void {
  try {
    rmSync(target, { recursive: true, force: true })
    return
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EACCES' && code !== 'EPERM') throw error
  }
  makeWritable(target)
  rmSync(target, { recursive: true, force: true })
}

function makeWritable(folder: string): void {
  const stats = lstatSync(folder, { throwIfNoEntry: false })
  if (!stats?.isDirectory()) return
  if ((stats.mode & 0o700) !== 0o700) chmodSync(folder, (stats.mode & 0o7777) | 0o700)
  for (const name of readdirSync(folder)) makeWritable(path.join(folder, name))
}
