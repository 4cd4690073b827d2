import { depthOf, inTurnByTopFolder } from '../core/spread.js'
import path from 'node:path'
import type { Manifest } from '../manifest/schema.js'

/**
 * What the deployment must serve, from the manifest: each file and the content a host answers
 * with at its path, the files chosen for a check, and the extensionless routes of the pages.
 */

/** A path of the site and the content a host must answer with there. */
export interface ExpectedFile {
  path: string
  size: number
  sha256: string
}

/** A page asked for without `.html`: `guides/x` for `guides/x.html`, `''` for the site's front page. */
export interface ExpectedRoute {
  route: string
  page: ExpectedFile
}

/** Chain length past which a link is taken for a loop, as Linux does (MAXSYMLINKS). */
const MAX_LINK_HOPS = 40

/**
 * Files that hosts do not all serve: dot files and folders (`.nojekyll`, `.well-known/`), and the
 * rule files that Netlify and Cloudflare Pages read at the top instead of serving them.
 */
const HOST_FILES = new Set(['_redirects', '_headers', '_routes.json'])

function isServed(file: string): boolean {
  return !HOST_FILES.has(file) && !file.split('/').some((part) => part.startsWith('.'))
}

/** A file of the site with the file whose bytes it holds: itself, or the file its link leads to. */
export interface ContentFile extends ExpectedFile {
  /** The manifest's path of the file that holds the bytes. */
  source: string
}

/**
 * Every file of the site with the content a host must answer with at its path: a link answers
 * with the file it leads to (hosts and sync tools follow links), so its entry takes that file's
 * size and SHA-256; a link to a folder, or one that leads nowhere in the manifest, has no content.
 * In the manifest's order.
 */
export function contentFiles(manifest: Manifest): ContentFile[] {
  const byPath = new Map(manifest.files.map((file) => [file.path, file]))
  const files: ContentFile[] = []
  for (const file of manifest.files) {
    let current = file
    for (let hops = 0; current.link !== undefined && hops <= MAX_LINK_HOPS; hops++) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(current.path), current.link))
      const next = target.startsWith('../') || path.posix.isAbsolute(target) ? undefined : byPath.get(target)
      if (!next) break
      current = next
    }
    if (current.link === undefined)
      files.push({ path: file.path, size: current.size, sha256: current.sha256, source: current.path })
  }
  return files
}

/** Every file a host serves (contentFiles, without the files hosts do not all serve), with its content. */
export function servedFiles(manifest: Manifest): ExpectedFile[] {
  return contentFiles(manifest)
    .filter((file) => isServed(file.path))
    .map(({ path, size, sha256 }) => ({ path, size, sha256 }))
}

/**
 * The files compared: `index.html` first, then one file of each top folder in turn (the top
 * level's own files counting as one folder), each folder's shallowest files first, so that a
 * small sample covers every part of the site. The same manifest always gives the same sample.
 */
export function chooseFiles(files: readonly ExpectedFile[], count: number | 'all'): ExpectedFile[] {
  const index = files.find((file) => file.path === 'index.html')
  const rest = byDepthThenPath(files).filter((file) => file !== index)
  const spread = inTurnByTopFolder(rest, (file) => file.path, { sortFolders: false })
  return (index ? [index, ...spread] : spread).slice(0, count === 'all' ? files.length : count)
}

/**
 * The route a visitor asks for to get a page, as the site's links and sitemap write it: `guides/x`
 * for `guides/x.html`, `''` for the site's `index.html`, `guides/` for a folder's
 * `guides/index.html` (a host's index document); undefined for a file that is no page, and for
 * `404.html`.
 */
export function routeOf(file: string): string | undefined {
  if (file === 'index.html') return ''
  if (!file.endsWith('.html') || file === '404.html') return undefined
  if (file.endsWith('/index.html')) return file.slice(0, -'index.html'.length)
  return file.slice(0, -'.html'.length)
}

/** The extensionless form of each chosen page, and the front page itself at the site's root. */
export function routesOf(files: readonly ExpectedFile[]): ExpectedRoute[] {
  const routes: ExpectedRoute[] = []
  for (const page of files) {
    const route = routeOf(page.path)
    if (route !== undefined) routes.push({ route, page })
  }
  return routes
}

/** Shallowest first, then by path as UTF-8 bytes: the order of the manifest, whatever order it came in. */
function byDepthThenPath(files: readonly ExpectedFile[]): ExpectedFile[] {
  return files
    .map((file) => ({ file, depth: depthOf(file.path), key: Buffer.from(file.path) }))
    .sort((a, b) => a.depth - b.depth || Buffer.compare(a.key, b.key))
    .map(({ file }) => file)
}
