import { readFileSync } from 'node:fs'
import path from 'node:path'
import { scanCss, type CssReferenceKind } from './css.js'
import {
  exampleOrder,
  Tally,
  type AddressProblem,
  type BrokenFragment,
  type BrokenReference,
  type ConnectionHint,
  type ExtensionlessUse,
  type ExternalOrigin,
  type OutboundOrigin,
  type SitemapFindings,
  type TallySnapshot
} from './findings.js'
import { HtmlScanner, type HtmlReference, type LoadKind, type PageAddress } from './html.js'
import {
  copyString,
  decodePath,
  hasFragment,
  linkFragment,
  ReferenceResolver,
  type Match,
  type SiteFiles,
  type Target
} from './resolve.js'
import { ScriptSetTally, type ScriptSetSnapshot } from './browser/script-sets.js'
import { readSitemap } from './sitemap.js'

/** What reading some of the site's files found; workers send it back to be merged. */
export interface ReaderSnapshot {
  internalReferences: number
  broken: TallySnapshot<BrokenReference>
  external: TallySnapshot<ExternalOrigin>
  hints: TallySnapshot<ConnectionHint>
  outbound: TallySnapshot<OutboundOrigin>
  addresses: TallySnapshot<AddressProblem>
  fragments: TallySnapshot<BrokenFragment>
  fragmentLinks: TallySnapshot<BrokenFragment>
  pageIds: [string, string][]
  extensionless?: ExtensionlessUse
  /** As read, in no order (ScriptSetTally.parts); only when the reader keeps them. */
  scriptSets?: ScriptSetSnapshot
}

/** What a reference comes to: where it points and, inside the site, the file a host serves for it. */
interface Outcome {
  target: Target
  found?: { file: string; match: Match }
}

/** Outcomes are cached by reference (and folder, for relative ones); the cache is dropped when it grows this big. */
const CACHE_LIMIT = 50_000

/** Where a page's relative references resolve from: its address, or its `<base href>`. */
interface Base {
  url: string
  /** The folder part of `url`, shared by the pages next to it; undefined when `url` is not on the site. */
  folder?: string
  /** The file of the site at `url`, which a link to `#x` leads to; undefined when the site has none. */
  page?: string
}

/** A reference as a page holds it, where it means the same (cacheScope), and what it comes to. */
interface Resolved {
  scope: string
  url: string
  outcome: Outcome
}

/** A link of a page to one of its own fragments, checked once the page's ids are all read. */
interface OwnFragmentLink {
  fragment: string
  reference: HtmlReference
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i

/** Sitemaps followed from a sitemap index. */
const MAX_SITEMAPS = 50
/** Sitemap URLs kept as examples. */
const SITEMAP_EXAMPLES = 20
/** Links to fragments of other pages kept until every page's ids are read; links beyond are not checked. */
const FRAGMENT_LINKS = 50_000
/** Between a page's ids as they are kept: no id that a link can name holds a line break. */
const ID_SEPARATOR = '\n'

const NO_OUTCOME: Outcome = { target: { kind: 'none' } }

const CSS_USE: Record<CssReferenceKind, LoadKind> = { import: 'style', font: 'font', image: 'image' }
const HTML_FILE = /\.html?$/i
const CSS_FILE = /\.css$/i

/** Whether the check reads a file: pages and style sheets (scripts and payloads are not markup). */
export function isReadFile(file: string): boolean {
  return HTML_FILE.test(file) || CSS_FILE.test(file)
}

export function isPage(file: string): boolean {
  return HTML_FILE.test(file)
}

/** Reads files of one site and tallies their references against its files. */
export class SiteReader {
  readonly broken = new Tally<BrokenReference>()
  readonly external = new Tally<ExternalOrigin>((into, from) => {
    for (const kind of from.kinds) if (!into.kinds.includes(kind)) into.kinds.push(kind)
  })
  readonly hints = new Tally<ConnectionHint>()
  readonly outbound = new Tally<OutboundOrigin>()
  readonly addresses = new Tally<AddressProblem>()
  readonly fragments = new Tally<BrokenFragment>()
  /**
   * Each page's scripts, iframes and embeds, for the browser pass to load a page of each set; kept
   * only when the pass will run.
   */
  readonly scriptSets: ScriptSetTally | undefined
  /** Links to fragments of other pages, by page and fragment, not yet checked: the page may not be read yet. */
  private readonly fragmentLinks = new Tally<BrokenFragment>(undefined, FRAGMENT_LINKS)
  /** The ids of each page read that has any, joined by ID_SEPARATOR (one string is far smaller than a set). */
  private readonly pageIds = new Map<string, string>()
  /** The links of the page being read to its own fragments. */
  private ownFragments: OwnFragmentLink[] = []
  internalReferences = 0
  extensionless: ExtensionlessUse | undefined
  private extensionlessLastFile = ''
  private readonly resolver: ReferenceResolver
  private readonly scanner = new HtmlScanner()
  /** Outcomes by scope (see cacheScope), then by reference as written. */
  private readonly outcomes = new Map<string, Map<string, Outcome>>()
  private cachedOutcomes = 0
  /**
   * The references of the file read before, in order, and of this one so far. Pages that share a
   * layout (a header, a sidebar) hold the same references in the same places: one compared with
   * the reference in the same place of the page before costs less than a lookup in `outcomes`,
   * which on a large site is too big to stay in the processor's caches (docs/site-check.md,
   * "Resolving references").
   */
  private previousFile: Resolved[] = []
  private thisFile: Resolved[] = []
  /** The site's folder with a separator after it, which every file read starts with. */
  private readonly rootPrefix: string

  constructor(
    root: string,
    private readonly site: SiteFiles,
    private readonly domain: string | undefined,
    { scriptSets = false }: { scriptSets?: boolean } = {}
  ) {
    this.rootPrefix = path.join(root, path.sep)
    this.resolver = new ReferenceResolver(domain)
    if (scriptSets) this.scriptSets = new ScriptSetTally()
  }

  /** Reads a page or a style sheet, by its name. */
  readFile(file: string): void {
    this.previousFile = this.thisFile
    this.thisFile = []
    if (HTML_FILE.test(file)) this.readPage(file)
    else this.readStyleSheet(file)
  }

  readPage(file: string): void {
    let base = this.baseOf(this.resolver.pageUrl(file), file)
    const ids: string[] = []
    this.ownFragments = []
    this.scanner.scan(this.read(file), {
      reference: (reference) => this.reference(file, base, reference),
      address: (address) => this.address(file, base.url, address),
      base: (href) => {
        const url = URL.parse(href, base.url)?.href ?? base.url
        const target = this.resolver.resolve(url, url)
        base = this.baseOf(url, target.kind === 'internal' ? this.site.lookup(target.path)?.file : undefined)
      },
      id: (id) => ids.push(id)
    })
    if (ids.length > 0) this.pageIds.set(file, copyString(ids.join(ID_SEPARATOR)))
    if (this.ownFragments.length > 0) this.checkOwnFragments(file, new Set(ids))
    this.scriptSets?.endPage(file)
  }

  readStyleSheet(file: string): void {
    const base = this.baseOf(this.resolver.pageUrl(file), file)
    scanCss(this.read(file), (reference) =>
      this.reference(file, base, {
        url: reference.url,
        source: reference.kind === 'import' ? '@import' : 'url()',
        use: CSS_USE[reference.kind]
      })
    )
  }

  /** Reads `first` and the sitemaps a sitemap index lists, checking every URL. */
  readSitemaps(first: string): SitemapFindings {
    const findings: SitemapFindings = { files: [], urls: 0, offDomain: [], unresolved: [], unresolvedCount: 0 }
    const queue = [first]
    for (let file = queue.shift(); file !== undefined && findings.files.length < MAX_SITEMAPS; file = queue.shift()) {
      if (findings.files.includes(file)) continue
      findings.files.push(file)
      const sitemap = readSitemap(this.read(file))
      for (const location of sitemap.locations) {
        findings.urls++
        const served = this.sitemapUrl(file, location, findings)
        if (sitemap.index && served?.toLowerCase().endsWith('.xml')) queue.push(served)
      }
    }
    return findings
  }

  snapshot(): ReaderSnapshot {
    return {
      internalReferences: this.internalReferences,
      broken: this.broken.snapshot(),
      external: this.external.snapshot(),
      hints: this.hints.snapshot(),
      outbound: this.outbound.snapshot(),
      addresses: this.addresses.snapshot(),
      fragments: this.fragments.snapshot(),
      fragmentLinks: this.fragmentLinks.snapshot(),
      pageIds: [...this.pageIds],
      extensionless: this.extensionless,
      scriptSets: this.scriptSets?.parts()
    }
  }

  /** Adds what another reader found in other files of the same site. */
  merge(other: ReaderSnapshot): void {
    this.internalReferences += other.internalReferences
    this.broken.merge(other.broken)
    this.external.merge(other.external)
    this.hints.merge(other.hints)
    this.outbound.merge(other.outbound)
    this.addresses.merge(other.addresses)
    this.fragments.merge(other.fragments)
    this.fragmentLinks.merge(other.fragmentLinks)
    for (const [page, ids] of other.pageIds) this.pageIds.set(page, ids)
    if (other.scriptSets) this.scriptSets?.merge(other.scriptSets)
    const theirs = other.extensionless
    if (!theirs) return
    const mine = this.extensionless
    const first = !mine || exampleOrder(theirs.exampleFile, mine.exampleFile) < 0 ? theirs : mine
    this.extensionless = {
      ...first,
      references: (mine?.references ?? 0) + theirs.references,
      files: (mine?.files ?? 0) + theirs.files
    }
  }

  /**
   * Checks the links to fragments of other pages, once every page is read (and every reader
   * merged); those whose page has no such id join `fragments`. A page reached only through a
   * linked folder is not read, and the fragments of links to it are not checked.
   */
  checkFragmentLinks(): void {
    const idsOf = new Map<string, Set<string>>()
    const broken: [string, BrokenFragment][] = []
    for (const [key, link] of this.fragmentLinks.snapshot().entries) {
      if (!this.site.has(link.page)) continue
      let ids = idsOf.get(link.page)
      if (!ids) idsOf.set(link.page, (ids = new Set(this.pageIds.get(link.page)?.split(ID_SEPARATOR))))
      if (!hasFragment(ids, link.fragment)) broken.push([key, link])
    }
    this.fragments.merge({ entries: broken, overflow: 0 })
  }

  /** Checks one sitemap URL; returns the file that serves it. */
  private sitemapUrl(file: string, location: string, findings: SitemapFindings): string | undefined {
    const url = URL.parse(location)
    if (this.domain && url && !this.resolver.isSiteHost(url)) {
      let host = findings.offDomain.find((entry) => entry.host === url.host && entry.file === file)
      if (!host) findings.offDomain.push((host = { file, host: url.host, urls: 0, examples: [] }))
      host.urls++
      if (host.examples.length < SITEMAP_EXAMPLES) host.examples.push(location)
    }
    const found =
      url && (url.protocol === 'https:' || url.protocol === 'http:')
        ? this.site.lookup(decodePath(url.pathname))
        : undefined
    if (!found) {
      findings.unresolvedCount++
      if (findings.unresolved.length < SITEMAP_EXAMPLES) findings.unresolved.push({ url: location, file })
      return undefined
    }
    if (found.match === 'html') this.noteExtensionless(file, location, found.file)
    return found.file
  }

  private read(file: string): string {
    return readFileSync(this.rootPrefix + file, 'utf8')
  }

  private baseOf(url: string, page: string | undefined): Base {
    return {
      url,
      folder: url.startsWith(`${this.resolver.siteOrigin}/`) ? url.slice(0, url.lastIndexOf('/') + 1) : undefined,
      page
    }
  }

  /**
   * Where a reference points and what serves it, resolved once for every page that holds it. A
   * page's canonical address is its own, held by no other page: it is not cached.
   */
  private outcome(reference: HtmlReference, base: Base): Outcome {
    const { url } = reference
    if (url.startsWith('#')) return NO_OUTCOME
    if (reference.use === 'address') return this.resolve(url, base)
    const scope = cacheScope(url, base)
    const samePlace = this.previousFile[this.thisFile.length]
    if (samePlace !== undefined && samePlace.url === url && samePlace.scope === scope) {
      this.thisFile.push(samePlace)
      return samePlace.outcome
    }
    const scoped = this.outcomes.get(scope)
    let outcome = scoped?.get(url)
    if (!outcome) {
      outcome = this.resolve(url, base)
      this.cacheOutcome(scope, scoped, url, outcome)
    }
    // A copy: the page's own text is let go once it is read.
    this.thisFile.push({ scope, url: copyString(url), outcome })
    return outcome
  }

  private resolve(url: string, base: Base): Outcome {
    const target = this.resolver.resolve(url, base.url)
    return { target, found: target.kind === 'internal' ? this.site.lookup(target.path) : undefined }
  }

  private cacheOutcome(key: string, scope: Map<string, Outcome> | undefined, url: string, outcome: Outcome): void {
    if (this.cachedOutcomes >= CACHE_LIMIT) {
      this.outcomes.clear()
      this.cachedOutcomes = 0
      scope = undefined
    }
    if (!scope) this.outcomes.set(copyString(key), (scope = new Map<string, Outcome>()))
    scope.set(copyString(url), outcome)
    this.cachedOutcomes++
  }

  private reference(file: string, base: Base, reference: HtmlReference): void {
    const { target, found } = this.outcome(reference, base)
    this.scriptSets?.note(reference, target)
    if (reference.use === 'navigate' && reference.url.includes('#'))
      this.fragmentLink(file, base, reference, found?.file)
    if (target.kind === 'internal') {
      // preconnect and dns-prefetch name an origin, not a file.
      if (reference.use === 'connect') return
      this.internalReferences++
      if (!found) {
        this.broken.add(target.path, file, () => ({
          target: target.path,
          reference: copyString(reference.url),
          source: reference.source,
          files: 0,
          examples: []
        }))
      } else if (found.match === 'html' && reference.use !== 'address')
        this.noteExtensionless(file, reference.url, found.file)
    } else if (target.kind === 'external' && reference.use !== 'address') {
      if (reference.use === 'navigate') {
        this.outbound.add(target.origin, file, () => ({ origin: target.origin, files: 0, examples: [] }))
        return
      }
      if (reference.use === 'connect') {
        this.hints.add(target.origin, file, () => ({
          origin: target.origin,
          reference: copyString(reference.url),
          source: reference.source,
          files: 0,
          examples: []
        }))
        return
      }
      const use = reference.use
      const origin = this.external.add(target.origin, file, () => ({
        origin: target.origin,
        kinds: [],
        exampleUrl: target.url,
        reference: copyString(reference.url),
        source: reference.source,
        files: 0,
        examples: []
      }))
      if (origin && !origin.kinds.includes(use)) origin.kinds.push(use)
    }
  }

  /** A link with a fragment: to the page itself, checked once the page is read; to another page, once every page is. */
  private fragmentLink(file: string, base: Base, reference: HtmlReference, found: string | undefined): void {
    const fragment = linkFragment(reference.url)
    if (fragment === undefined) return
    const page = reference.url.trimStart().startsWith('#') ? base.page : found
    if (page === undefined || !isPage(page)) return
    if (page === file) {
      this.ownFragments.push({ fragment, reference })
      return
    }
    this.fragmentLinks.add(`${page}#${fragment}`, file, () => brokenFragment(page, fragment, reference))
  }

  private checkOwnFragments(file: string, ids: ReadonlySet<string>): void {
    for (const { fragment, reference } of this.ownFragments) {
      if (!hasFragment(ids, fragment))
        this.fragments.add(`${file}#${fragment}`, file, () => brokenFragment(file, fragment, reference))
    }
  }

  private address(file: string, base: string, address: PageAddress): void {
    if (!this.domain) return
    const url = URL.parse(address.url.trim(), base)
    if (url && this.resolver.isSiteHost(url)) return
    const host = url?.host || '(not a URL)'
    this.addresses.add(`${address.source} ${host}`, file, () => ({
      source: address.source,
      host,
      exampleUrl: copyString(address.url),
      files: 0,
      examples: []
    }))
  }

  private noteExtensionless(file: string, reference: string, servedBy: string): void {
    let use = this.extensionless
    if (!use || (this.extensionlessLastFile !== file && exampleOrder(file, use.exampleFile) < 0)) {
      use = this.extensionless = {
        references: use?.references ?? 0,
        files: use?.files ?? 0,
        exampleReference: copyString(reference),
        exampleFile: file,
        servedBy
      }
    }
    use.references++
    if (this.extensionlessLastFile !== file) use.files++
    this.extensionlessLastFile = file
  }
}

function brokenFragment(page: string, fragment: string, reference: HtmlReference): BrokenFragment {
  return {
    page,
    fragment: copyString(fragment),
    reference: copyString(reference.url),
    source: reference.source,
    files: 0,
    examples: []
  }
}

/**
 * Where a reference means the same: on pages of the site, one that starts with `/` or a scheme
 * everywhere (the scope ''), and a relative one in every page of a folder (but `?x`, which keeps
 * the page's name). Outcomes are cached by scope, then by the reference itself, so that no key is
 * made by joining the two for every reference.
 */
function cacheScope(reference: string, base: Base): string {
  if (base.folder === undefined || reference.startsWith('?')) return base.url
  if (reference.startsWith('/') || SCHEME.test(reference)) return ''
  return base.folder
}
