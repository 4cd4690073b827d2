import { createHash } from 'node:crypto'
import { lstat, readdir, readFile, readlink } from 'node:fs/promises'
import path from 'node:path'
import type { SiteFile } from '../../src/archive/index.js'

/**
 * The files of an unpacked site as a second reading of the disk finds them: each file hashed
 * from what it holds, each link from its target text. What unpackSite hashed on the way must
 * equal it.
 */
export async function filesOnDisk(site: string): Promise<SiteFile[]> {
  const files: SiteFile[] = []
  // By hand: a recursive readdir goes on through links to folders.
  const walk = async (folder: string, prefix: string): Promise<void> => {
    for (const name of await readdir(folder)) {
      const file = path.join(folder, name)
      const stats = await lstat(file)
      const relative = `${prefix}${name}`
      if (stats.isDirectory()) {
        await walk(file, `${relative}/`)
      } else if (stats.isSymbolicLink()) {
        const target = Buffer.from(await readlink(file))
        files.push({ path: relative, size: target.length, sha256: sha256(target), link: target.toString() })
      } else if (stats.isFile()) {
        const content = await readFile(file)
        files.push({ path: relative, size: content.length, sha256: sha256(content) })
      }
    }
  }
  await walk(site, '')
  return byPath(files)
}

export function byPath<T extends { path: string }>(files: T[]): T[] {
  return [...files].sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}
