import type { ScriptSetSnapshot } from './browser/script-sets.js'
import type { LoadKind } from './html.js'

/**
 * What the site check found, tallied as it reads the site: each finding counts the files that
 * hold it and keeps the first few as examples, and each list keeps a bounded number of
 * findings, so memory stays flat however large or broken the site is.
 */

/** Example files kept per finding. */
export const EXAMPLE_FILES = 5
/** Findings kept per list, the first by key; beyond, only the files that hold the others are counted. */
export const MAX_FINDINGS = 1000

/**
 * The order in which a finding's files are shown: the site's `index.html` first, the page a
 * reader knows, then the others by name, and `404.html` last, since it holds the site-wide
 * header and footer and would otherwise be the example of every site-wide finding.
 */
export function exampleOrder(a: string, b: string): number {
  const rank = exampleRank(a) - exampleRank(b)
  return rank !== 0 ? rank : a < b ? -1 : a > b ? 1 : 0
}

function exampleRank(file: string): number {
  return file === 'index.html' ? 0 : file === '404.html' ? 2 : 1
}

export interface Finding {
  /** Files (pages, style sheets, the sitemap) that hold it. */
  files: number
  /** The first few of them, as paths relative to the site. */
  examples: string[]
}

export interface BrokenReference extends Finding {
  /** The site path that is not in the site, decoded: `/guides/missing`. */
  target: string
  /** The first reference to it as written, and where: `../missing`, `a[href]`. */
  reference: string
  source: string
}

export interface ExternalOrigin extends Finding {
  origin: string
  /** What the pages load from it. */
  kinds: LoadKind[]
  exampleUrl: string
  /** The first reference to it as written, and where: `https://cdn.example/x.js`, `script[src]`. */
  reference: string
  source: string
}

/**
 * An origin that `<link rel=preconnect>` or `dns-prefetch` names. Nothing loads from it, so it
 * is no problem; it says that a script of the site will likely reach that origin at run time.
 */
export interface ConnectionHint extends Finding {
  origin: string
  /** The first hint as written, and where: `https://api.example`, `link[rel=preconnect]`. */
  reference: string
  source: string
}

/** A `#fragment` that names no `id` (nor `<a name>`) on the page it points at. */
export interface BrokenFragment extends Finding {
  /** The page, as a file of the site: `guides/intro.html`. */
  page: string
  /** As written, without the `#`: `setup`. */
  fragment: string
  /** The first reference to it as written, and where: `/guides/intro#setup`, `a[href]`. */
  reference: string
  source: string
}

export interface OutboundOrigin extends Finding {
  origin: string
}

/** A canonical or og:url address on another host than the domain. */
export interface AddressProblem extends Finding {
  source: 'canonical' | 'og:url'
  host: string
  exampleUrl: string
}

export interface SitemapFindings {
  /** The sitemaps read: sitemap.xml, and those a sitemap index lists. */
  files: string[]
  urls: number
  /** URLs on another host than the domain, by the sitemap that holds them and host. */
  offDomain: { file: string; host: string; urls: number; examples: string[] }[]
  /** URLs whose path the site does not have (or that are not URLs), with the sitemap that holds each. */
  unresolved: { url: string; file: string }[]
  unresolvedCount: number
}

export interface ExtensionlessUse {
  /** References (and sitemap URLs) served only by adding `.html`. */
  references: number
  files: number
  exampleReference: string
  exampleFile: string
  /** The file that served it: `guides/x.html`. */
  servedBy: string
}

/** The site's files as the check listed them: `/`-separated relative paths, in no order, and whether links lead to folders. */
export interface SiteListing {
  files: string[]
  linkedFolders: boolean
}

export interface SiteFindings {
  root: string
  /** The exported domain; undefined when unknown, and the checks that need it were skipped. */
  domain?: string
  expectedPages?: number
  durationMs: number
  /** Threads that read the files: 1, or the worker threads of a large site. */
  threads: number
  files: number
  htmlPages: number
  styleSheets: number
  indexHtml: boolean
  /** References to the site itself, checked against its files. */
  internalReferences: number
  broken: Tally<BrokenReference>
  external: Tally<ExternalOrigin>
  hints: Tally<ConnectionHint>
  outbound: Tally<OutboundOrigin>
  addresses: Tally<AddressProblem>
  fragments: Tally<BrokenFragment>
  sitemap?: SitemapFindings
  extensionless?: ExtensionlessUse
  /**
   * The site's own rules file for its host, `_redirects` (Netlify's and Cloudflare Pages'), when it
   * has one: those hosts serve links without `.html` as they are, so they need no rule of ours.
   */
  hostRules?: string
  /**
   * Each page's set of scripts, iframes and embeds, for the browser pass (which loads a page of each
   * set first); only when the check was asked to keep them.
   */
  scriptSets?: ScriptSetSnapshot
  /** The files the check read, for the browser pass, which serves the same site. */
  listing: SiteListing
}

/** A tally as it crosses from a worker thread: its findings by key, in the order they were found. */
export interface TallySnapshot<T extends Finding> {
  entries: [string, T][]
  overflow: number
}

/**
 * Findings by key, each counted once per file. A file's references arrive together, and files
 * arrive in sorted order; each finding keeps its first files in `exampleOrder`, and takes its
 * details (the reference as written) from the first of them, which the messages name. A full list
 * keeps the findings whose keys come first: a key every reader orders alike, so that a finding one
 * reader keeps is kept by every reader, with all its files, and which pages each worker thread read
 * changes nothing. Merging tallies read in parallel keeps all that, so the result does not depend
 * on the reading order.
 */
export class Tally<T extends Finding> {
  private readonly entries = new Map<string, T>()
  private readonly lastFile = new Map<string, string>()
  /** The keys of `entries`, in order: when the list is full, the last is the one to leave. */
  private readonly keys: string[] = []
  /** Findings left out because the list was full, once for each file that holds them (at least as many references). */
  overflow = 0
  /** The file being read, and the findings it holds that were left out so far. */
  private file = ''
  private readonly leftOutOfFile = new Set<string>()

  /**
   * `combine` carries over what a finding collects from every file (an origin's kinds) when its
   * details are taken from another file; `limit` is how many findings are kept.
   */
  constructor(
    private readonly combine?: (into: T, from: T) => void,
    private readonly limit = MAX_FINDINGS
  ) {}

  /** Counts `file` for the finding `key`, made by `create` the first time; undefined when the list has no room for it. */
  add(key: string, file: string, create: () => T): T | undefined {
    if (file !== this.file) {
      this.file = file
      this.leftOutOfFile.clear()
    }
    let entry = this.entries.get(key)
    if (!entry) {
      if (!this.makeRoom(key)) {
        if (!this.leftOutOfFile.has(key)) this.overflow++
        this.leftOutOfFile.add(key)
        return undefined
      }
      entry = create()
      this.keep(key, entry)
    }
    if (this.lastFile.get(key) === file) return entry
    this.lastFile.set(key, file)
    entry.files++
    const first = entry.examples[0]
    if (first !== undefined && exampleOrder(file, first) < 0) {
      const retold = create()
      this.combine?.(retold, entry)
      retold.files = entry.files
      retold.examples = entry.examples
      this.entries.set(key, retold)
      entry = retold
    }
    addExample(entry.examples, file)
    return entry
  }

  get size(): number {
    return this.entries.size
  }

  /** The findings, those held by the most files first (then by key, for a stable order). */
  sorted(): T[] {
    return [...this.entries]
      .sort(([keyA, a], [keyB, b]) => b.files - a.files || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0))
      .map(([, entry]) => entry)
  }

  snapshot(): TallySnapshot<T> {
    return { entries: [...this.entries], overflow: this.overflow }
  }

  /** Adds a tally read from other files, as if this one had read them too. */
  merge(other: TallySnapshot<T>): void {
    this.overflow += other.overflow
    for (const [key, theirs] of other.entries) {
      const mine = this.entries.get(key)
      if (!mine) {
        if (this.makeRoom(key)) this.keep(key, theirs)
        else this.overflow += theirs.files
        continue
      }
      const examples = [...new Set([...mine.examples, ...theirs.examples])].sort(exampleOrder).slice(0, EXAMPLE_FILES)
      const theirsFirst = exampleOrder(theirs.examples[0] ?? '', mine.examples[0] ?? '') < 0
      const merged = { ...(theirsFirst ? theirs : mine), files: mine.files + theirs.files, examples }
      this.combine?.(merged, theirsFirst ? mine : theirs)
      this.entries.set(key, merged)
    }
  }

  /**
   * Whether a finding new to the list is kept: while the list has room; once it is full, when its
   * key comes before the last one's, which then leaves, its files counted as left out.
   */
  private makeRoom(key: string): boolean {
    if (this.entries.size < this.limit) return true
    const last = this.keys.at(-1)
    if (last === undefined || key > last) return false
    this.keys.pop()
    this.overflow += this.entries.get(last)?.files ?? 0
    if (this.lastFile.get(last) === this.file) this.leftOutOfFile.add(last)
    this.entries.delete(last)
    this.lastFile.delete(last)
    return true
  }

  private keep(key: string, entry: T): void {
    this.entries.set(key, entry)
    let low = 0
    let high = this.keys.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if ((this.keys[middle] ?? '') < key) low = middle + 1
      else high = middle
    }
    this.keys.splice(low, 0, key)
  }
}

/** Adds `file` to a finding's examples, in `exampleOrder`, keeping the first `EXAMPLE_FILES`. */
function addExample(examples: string[], file: string): void {
  let at = examples.length
  while (at > 0 && exampleOrder(file, examples[at - 1] ?? '') < 0) at--
  if (at >= EXAMPLE_FILES) return
  examples.splice(at, 0, file)
  if (examples.length > EXAMPLE_FILES) examples.pop()
}
