import { hash } from 'node:crypto'

/**
 * What the unpacking wrote, file by file, with the SHA-256 of each taken as its bytes were written:
 * the list the manifest is made of, without reading the site a second time.
 */

/** A file of the unpacked site. */
export interface SiteFile {
  /** Relative to the site's folder, its parts joined by `/`. */
  path: string
  size: number
  /** SHA-256 of the content, lower-case hex. */
  sha256: string
  /**
   * For a symbolic link: its target as the archive gives it. The link's `size` and `sha256` are
   * those of that target text, as Git records a link, so a retargeted link reads as changed.
   */
  link?: string
}

export class SiteFiles {
  /**
   * By the entry's key (its parts joined by `/`, from the staging folder), each as the manifest
   * takes it when the site is the staging folder's top: no second object per file.
   */
  private readonly byKey = new Map<string, SiteFile>()

  addFile(key: string, size: number, sha256: string): void {
    this.byKey.set(key, { path: key, size, sha256 })
  }

  addLink(key: string, target: string): void {
    const bytes = Buffer.from(target)
    this.byKey.set(key, { path: key, size: bytes.length, sha256: hash('sha256', bytes, 'hex'), link: target })
  }

  /** A hard link is another name for a file already written: it has that file's content. */
  addHardLink(key: string, targetKey: string): void {
    const content = this.byKey.get(targetKey)
    if (content) this.byKey.set(key, { ...content, path: key })
  }

  /** The files under `root` (the folder that became the site), with paths relative to it. */
  under(root: string[]): SiteFile[] {
    if (root.length === 0) return [...this.byKey.values()]
    const prefix = `${root.join('/')}/`
    const files: SiteFile[] = []
    for (const [key, file] of this.byKey) {
      if (key.startsWith(prefix)) files.push({ ...file, path: key.slice(prefix.length) })
    }
    return files
  }
}
