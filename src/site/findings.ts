import type { LoadKind } from './html.js'

/**
 * What the site check found, tallied as it reads the site: each finding counts the files that
 * hold it and keeps the first few as examples, and each list keeps a bounded number of
 * findings, so memory stays flat however large or broken the site is.
 */

/** Example files kept per finding. */
export const EXAMPLE_FILES = 5
/** Findings kept per list; beyond, only their references are counted. */
export const MAX_FINDINGS = 1000

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
  /** URLs on another host than the domain, by host. */
  offDomain: { host: string; urls: number; examples: string[] }[]
  /** URLs whose path the site does not have (or that are not URLs). */
  unresolved: string[]
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
  outbound: Tally<OutboundOrigin>
  addresses: Tally<AddressProblem>
  sitemap?: SitemapFindings
  extensionless?: ExtensionlessUse
}

/** A tally as it crosses from a worker thread: its findings by key, in the order they were found. */
export interface TallySnapshot<T extends Finding> {
  entries: [string, T][]
  overflow: number
}

/**
 * Findings by key, each counted once per file. A file's references arrive together, and files
 * arrive in sorted order, so the first examples of a finding are its alphabetically first files;
 * merging tallies read in parallel keeps that, so the result does not depend on the reading order.
 */
export class Tally<T extends Finding> {
  private readonly entries = new Map<string, T>()
  private readonly lastFile = new Map<string, string>()
  /** References to findings left out because the list was full (at least this many). */
  overflow = 0

  /** Counts `file` for the finding `key`, made by `create` the first time; undefined when the list is full. */
  add(key: string, file: string, create: () => T): T | undefined {
    let entry = this.entries.get(key)
    if (!entry) {
      if (this.entries.size >= MAX_FINDINGS) {
        this.overflow++
        return undefined
      }
      entry = create()
      this.entries.set(key, entry)
    }
    if (this.lastFile.get(key) !== file) {
      this.lastFile.set(key, file)
      entry.files++
      if (entry.examples.length < EXAMPLE_FILES) entry.examples.push(file)
    }
    return entry
  }

  get size(): number {
    return this.entries.size
  }

  /** The findings, those held by the most files first (then by key, for a stable order). */
  sorted(): T[] {
    return [...this.entries].sort(([keyA, a], [keyB, b]) => b.files - a.files || (keyA < keyB ? -1 : keyA > keyB ? 1 : 0)).map(([, entry]) => entry)
  }

  snapshot(): TallySnapshot<T> {
    return { entries: [...this.entries], overflow: this.overflow }
  }

  /**
   * Adds a tally read from other files. Examples stay the alphabetically first files, and the
   * details of a finding (its first reference, kinds) come from the one whose first file comes
   * first; `combine` merges what else a finding accumulates.
   */
  merge(other: TallySnapshot<T>, combine?: (into: T, from: T) => void): void {
    this.overflow += other.overflow
    for (const [key, theirs] of other.entries) {
      const mine = this.entries.get(key)
      if (!mine) {
        if (this.entries.size >= MAX_FINDINGS) this.overflow += theirs.files
        else this.entries.set(key, theirs)
        continue
      }
      const examples = [...new Set([...mine.examples, ...theirs.examples])].sort().slice(0, EXAMPLE_FILES)
      const theirsFirst = (theirs.examples[0] ?? '') < (mine.examples[0] ?? '')
      const merged = { ...(theirsFirst ? theirs : mine), files: mine.files + theirs.files, examples }
      combine?.(merged, theirsFirst ? mine : theirs)
      this.entries.set(key, merged)
    }
  }
}
