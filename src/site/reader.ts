import { readFileSync } from 'node:fs'
import path from 'node:path'
import { scanCss, type CssReferenceKind } from './css.js'
import {
  Tally,
  type AddressProblem,
  type BrokenReference,
  type ExtensionlessUse,
  type ExternalOrigin,
  type OutboundOrigin,
  type SitemapFindings,
  type TallySnapshot
} from './findings.js'
import { HtmlScanner, type HtmlReference, type LoadKind, type PageAddress } from './html.js'
import { copyString, decodePath, ReferenceResolver, type Match, type SiteFiles, type Target } from './resolve.js'
import { readSitemap } from './sitemap.js'

/** What reading some of the site's files found; workers send it back to be merged. */
export interface ReaderSnapshot {
  internalReferences: number
  broken: TallySnapshot<BrokenReference>
  external: TallySnapshot<ExternalOrigin>
  outbound: TallySnapshot<OutboundOrigin>
  addresses: TallySnapshot<AddressProblem>
  extensionless?: ExtensionlessUse
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
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i

/** Sitemaps followed from a sitemap index. */
const MAX_SITEMAPS = 50
/** Sitemap URLs kept as examples. */
const SITEMAP_EXAMPLES = 20

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
  readonly external = new Tally<ExternalOrigin>()
  readonly outbound = new Tally<OutboundOrigin>()
  readonly addresses = new Tally<AddressProblem>()
  internalReferences = 0
  extensionless: ExtensionlessUse | undefined
  private extensionlessLastFile = ''
  private readonly resolver: ReferenceResolver
  private readonly scanner = new HtmlScanner()
  private readonly outcomes = new Map<string, Outcome>()

  constructor(
    private readonly root: string,
    private readonly site: SiteFiles,
    private readonly domain: string | undefined
  ) {
    this.resolver = new ReferenceResolver(domain)
  }

  /** Reads a page or a style sheet, by its name. */
  readFile(file: string): void {
    if (HTML_FILE.test(file)) this.readPage(file)
    else this.readStyleSheet(file)
  }

  readPage(file: string): void {
    let base = this.baseOf(this.resolver.pageUrl(file))
    this.scanner.scan(this.read(file), {
      reference: (reference) => this.reference(file, base, reference),
      address: (address) => this.address(file, base.url, address),
      base: (href) => {
        base = this.baseOf(URL.parse(href, base.url)?.href ?? base.url)
      }
    })
  }

  readStyleSheet(file: string): void {
    const base = this.baseOf(this.resolver.pageUrl(file))
    scanCss(this.read(file), (reference) =>
      this.reference(file, base, { url: reference.url, source: reference.kind === 'import' ? '@import' : 'url()', use: CSS_USE[reference.kind] })
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
      outbound: this.outbound.snapshot(),
      addresses: this.addresses.snapshot(),
      extensionless: this.extensionless
    }
  }

  /** Adds what another reader found in other files of the same site. */
  merge(other: ReaderSnapshot): void {
    this.internalReferences += other.internalReferences
    this.broken.merge(other.broken)
    this.external.merge(other.external, (into, from) => {
      for (const kind of from.kinds) if (!into.kinds.includes(kind)) into.kinds.push(kind)
    })
    this.outbound.merge(other.outbound)
    this.addresses.merge(other.addresses)
    const theirs = other.extensionless
    if (!theirs) return
    const mine = this.extensionless
    const first = !mine || theirs.exampleFile < mine.exampleFile ? theirs : mine
    this.extensionless = { ...first, references: (mine?.references ?? 0) + theirs.references, files: (mine?.files ?? 0) + theirs.files }
  }

  /** Checks one sitemap URL; returns the file that serves it. */
  private sitemapUrl(file: string, location: string, findings: SitemapFindings): string | undefined {
    const url = URL.parse(location)
    if (this.domain && url && !this.resolver.isSiteHost(url)) {
      let host = findings.offDomain.find((entry) => entry.host === url.host)
      if (!host) findings.offDomain.push((host = { host: url.host, urls: 0, examples: [] }))
      host.urls++
      if (host.examples.length < SITEMAP_EXAMPLES) host.examples.push(location)
    }
    const found = url && (url.protocol === 'https:' || url.protocol === 'http:') ? this.site.lookup(decodePath(url.pathname)) : undefined
    if (!found) {
      findings.unresolvedCount++
      if (findings.unresolved.length < SITEMAP_EXAMPLES) findings.unresolved.push(location)
      return undefined
    }
    if (found.match === 'html') this.noteExtensionless(file, location, found.file)
    return found.file
  }

  private read(file: string): string {
    return readFileSync(path.join(this.root, file), 'utf8')
  }

  private baseOf(url: string): Base {
    return { url, folder: url.startsWith(`${this.resolver.siteOrigin}/`) ? url.slice(0, url.lastIndexOf('/') + 1) : undefined }
  }

  /**
   * Where a reference points and what serves it, resolved once for every page that holds it. A
   * page's canonical address is its own, held by no other page: it is not cached.
   */
  private outcome(reference: HtmlReference, base: Base): Outcome {
    const { url } = reference
    if (url.startsWith('#')) return NO_OUTCOME
    const cached = reference.use !== 'address'
    const key = cached ? cacheKey(url, base) : ''
    let outcome = cached ? this.outcomes.get(key) : undefined
    if (!outcome) {
      const target = this.resolver.resolve(url, base.url)
      outcome = { target, found: target.kind === 'internal' ? this.site.lookup(target.path) : undefined }
      if (this.outcomes.size >= CACHE_LIMIT) this.outcomes.clear()
      if (cached) this.outcomes.set(copyString(key), outcome)
    }
    return outcome
  }

  private reference(file: string, base: Base, reference: HtmlReference): void {
    const { target, found } = this.outcome(reference, base)
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
      } else if (found.match === 'html' && reference.use !== 'address') this.noteExtensionless(file, reference.url, found.file)
    } else if (target.kind === 'external' && reference.use !== 'address') {
      if (reference.use === 'navigate') {
        this.outbound.add(target.origin, file, () => ({ origin: target.origin, files: 0, examples: [] }))
        return
      }
      const origin = this.external.add(target.origin, file, () => ({
        origin: target.origin,
        kinds: [],
        exampleUrl: target.url,
        files: 0,
        examples: []
      }))
      if (origin && !origin.kinds.includes(reference.use)) origin.kinds.push(reference.use)
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
    this.extensionless ??= { references: 0, files: 0, exampleReference: copyString(reference), exampleFile: file, servedBy }
    this.extensionless.references++
    if (this.extensionlessLastFile !== file) this.extensionless.files++
    this.extensionlessLastFile = file
  }
}

/**
 * On pages of the site, a reference that starts with `/` or a scheme means the same everywhere,
 * and a relative one the same in every page of a folder (but `?x`, which keeps the page's name).
 */
function cacheKey(reference: string, base: Base): string {
  if (base.folder === undefined || reference.startsWith('?')) return `${base.url}\n${reference}`
  if (reference.startsWith('/') || SCHEME.test(reference)) return reference
  return `${base.folder}\n${reference}`
}
