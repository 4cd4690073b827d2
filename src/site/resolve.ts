import { statSync } from 'node:fs'
import path from 'node:path'

/**
 * Where a reference points, and whether the site has it, decided the way a static host serves
 * files: the exact file, `x` as `x.html`, `x/` as `x/index.html`. URLs are parsed as a browser
 * would (WHATWG URL: dot segments, backslashes, tabs), relative to the page's own address.
 */

export type Target =
  /** Not a reference to anything fetched: a fragment, `mailto:`, `data:`, `javascript:`... */
  | { kind: 'none' }
  /** A path of this site (decoded, starting with `/`, without query or fragment). */
  | { kind: 'internal'; path: string }
  | { kind: 'external'; origin: string; url: string }

const NONE: Target = { kind: 'none' }

/**
 * A copy of `text` that shares no memory with it. The parser's strings are slices of the whole
 * page they come from: keeping one in a finding or a cache would keep that page in memory.
 */
export function copyString(text: string): string {
  return (' ' + text).slice(1)
}

/** A stand-in origin for the site when its domain is unknown; `.invalid` never resolves (RFC 2606). */
const UNKNOWN_SITE_ORIGIN = 'https://exported-site.invalid'

export class ReferenceResolver {
  /** The origin that stands for the site: its domain, or a stand-in. */
  readonly siteOrigin: string
  private readonly siteHost: string

  constructor(domain: string | undefined) {
    this.siteOrigin = domain ? `https://${domain.toLowerCase()}` : UNKNOWN_SITE_ORIGIN
    this.siteHost = new URL(this.siteOrigin).host
  }

  /** The address a browser sees for a file of the site: `guides/a b.html` → `https://docs.acme.dev/guides/a%20b.html`. */
  pageUrl(file: string): string {
    return `${this.siteOrigin}/${file.split('/').map(encodeURIComponent).join('/')}`
  }

  /** Where `reference`, found in a page whose address (or `<base>`) is `base`, points. */
  resolve(reference: string, base: string): Target {
    const trimmed = reference.trim()
    if (trimmed === '' || trimmed.startsWith('#')) return NONE
    const url = URL.parse(trimmed, base)
    if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return NONE
    if (this.isSiteHost(url)) return { kind: 'internal', path: decodePath(url.pathname) }
    return { kind: 'external', origin: url.origin, url: url.href }
  }

  /** True when `url` (absolute) is on the exported domain, by host, over http or https. */
  isSiteHost(url: URL): boolean {
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === this.siteHost
  }
}

/** Percent-decoded, as the file's name on disk; a malformed escape is left as it is. */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname)
  } catch {
    return pathname
  }
}

/**
 * The fragment a link names, as written, without its `#`; undefined when it names no element:
 * no fragment, `#`, `#top` (the top of the page, with or without such an id) and a text fragment
 * alone (`#:~:text=…`, whose directive a browser strips before it looks for an element).
 */
export function linkFragment(url: string): string | undefined {
  const hash = url.indexOf('#')
  if (hash < 0) return undefined
  const directive = url.indexOf(':~:', hash)
  const fragment = url.slice(hash + 1, directive < 0 ? undefined : directive).trimEnd()
  return fragment === '' || fragment.toLowerCase() === 'top' ? undefined : fragment
}

/** Whether a page with these ids has the element `fragment` names: as written, else percent-decoded, as a browser looks. */
export function hasFragment(ids: ReadonlySet<string>, fragment: string): boolean {
  return ids.has(fragment) || ids.has(decodePath(fragment))
}

/** How a host found the file for a path. */
export type Match = 'exact' | 'html' | 'index'

/** The files of the unpacked site, looked up as a static host would. */
export class SiteFiles {
  private readonly files: Set<string>
  private readonly root: string
  private readonly linkedFolders: boolean

  /**
   * `files`: every file's path relative to `root`, with `/` separators. `linkedFolders`: the site
   * has symbolic links to folders, whose files the listing does not hold; they are looked up on disk.
   */
  constructor(root: string, files: Iterable<string>, linkedFolders = false) {
    this.root = root
    this.files = new Set(files)
    this.linkedFolders = linkedFolders
  }

  has(file: string): boolean {
    return this.files.has(file)
  }

  /**
   * The file a static host serves for a site path, and how it found it; undefined for a 404.
   * `/x/` is `x/index.html`; `/x` is `x`, else `x.html`, else `x/index.html` (hosts redirect `/x` to `/x/`).
   */
  lookup(sitePath: string): { file: string; match: Match } | undefined {
    const relative = sitePath.replace(/^\/+/, '')
    if (relative === '' || relative.endsWith('/')) return this.find(`${relative}index.html`, 'index')
    return (
      this.find(relative, 'exact') ??
      this.find(`${relative}.html`, 'html') ??
      this.find(`${relative}/index.html`, 'index')
    )
  }

  private find(file: string, match: Match): { file: string; match: Match } | undefined {
    if (this.files.has(file) || (this.linkedFolders && this.isFileOnDisk(file))) return { file, match }
    return undefined
  }

  /** A file under a linked folder (the unpacking policy keeps links inside the site). */
  private isFileOnDisk(file: string): boolean {
    const normal = path.posix.normalize(file)
    if (normal.startsWith('../') || normal.includes('\0')) return false
    try {
      return statSync(path.join(this.root, normal)).isFile()
    } catch {
      return false
    }
  }
}
