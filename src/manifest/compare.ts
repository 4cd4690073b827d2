import { exportOf, isPage, sortByPath, type ExportOf, type Manifest, type ManifestFile } from './schema.js'

/**
 * What changed from one export to the next, file by file: the content of `changes.json`
 * (docs/after-the-deploy.md documents it).
 */

export const CHANGES_VERSION = 1

type Content = Omit<ManifestFile, 'path'>

export interface AddedOrRemoved extends ManifestFile {
  /** An `.html` or `.htm` file. */
  page: boolean
}

export interface Changed {
  path: string
  page: boolean
  previous: Content
  current: Content
}

export interface ChangeCounts {
  added: number
  removed: number
  changed: number
  unchanged: number
}

export interface Changes {
  version: typeof CHANGES_VERSION
  previous: ExportOf
  current: ExportOf
  /** Over every file of the site, pages included. */
  counts: ChangeCounts
  /** The pages among them. */
  pages: ChangeCounts
  /** Each list by path, as UTF-8 bytes. */
  added: AddedOrRemoved[]
  removed: AddedOrRemoved[]
  changed: Changed[]
}

/**
 * Compares two manifests by path: a file is changed when its SHA-256 differs, or when it became
 * or stopped being a link, or points elsewhere.
 */
export function compareManifests(previous: Manifest, current: Manifest): Changes {
  const before = new Map(previous.files.map((file) => [file.path, file]))
  const added: AddedOrRemoved[] = []
  const changed: Changed[] = []
  let unchanged = 0
  for (const file of current.files) {
    const earlier = before.get(file.path)
    before.delete(file.path)
    if (!earlier) added.push({ ...file, page: isPage(file.path) })
    else if (earlier.sha256 !== file.sha256 || earlier.link !== file.link)
      changed.push({ path: file.path, page: isPage(file.path), previous: content(earlier), current: content(file) })
    else unchanged++
  }
  const removed = [...before.values()].map((file) => ({ ...file, page: isPage(file.path) }))
  const pagesUnchanged = current.files.filter((file) => isPage(file.path)).length - count(added) - count(changed)
  return {
    version: CHANGES_VERSION,
    previous: exportOf(previous),
    current: exportOf(current),
    counts: { added: added.length, removed: removed.length, changed: changed.length, unchanged },
    pages: { added: count(added), removed: count(removed), changed: count(changed), unchanged: pagesUnchanged },
    added: sortByPath(added),
    removed: sortByPath(removed),
    changed: sortByPath(changed)
  }
}

function count(files: { page: boolean }[]): number {
  return files.reduce((sum, file) => sum + (file.page ? 1 : 0), 0)
}

function content({ size, sha256, link }: ManifestFile): Content {
  return link === undefined ? { size, sha256 } : { size, sha256, link }
}
