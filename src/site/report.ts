import { writeOwnFile } from '../core/own-files.js'
import type { BrowserSection } from './browser/types.js'
import type {
  AddressProblem,
  BrokenFragment,
  BrokenReference,
  ConnectionHint,
  ExtensionlessUse,
  ExternalOrigin,
  OutboundOrigin,
  SiteFindings,
  SitemapFindings
} from './findings.js'

/**
 * The site check's report: the JSON file written beside the site (its schema is documented in
 * the README, under "Site check report"), and the problems in the order they are shown.
 */

export const REPORT_VERSION = 1

/** Which check a problem comes from. */
export type ProblemCheck =
  | 'index'
  | 'pages'
  | 'broken-reference'
  | 'fragment'
  | 'address'
  | 'sitemap'
  | 'external-origin'
  | 'runtime-origin'
  | 'runtime-missing'
  | 'script-error'

/**
 * What kind of problem it is within its check: `missing` (a file, target, fragment or sitemap URL
 * the site does not have), `fewer` (pages), `canonical` or `og:url` (an address on another host),
 * `other-host` (sitemap URLs), `load` (from another origin), and for `script-error` the error's
 * kind (`exception`, `module`, `timeout`, `load`).
 */
type ProblemKind =
  'missing' | 'fewer' | 'canonical' | 'og:url' | 'other-host' | 'load' | 'exception' | 'module' | 'timeout'

export interface Problem {
  check: ProblemCheck
  kind: ProblemKind
  /**
   * What the problem is about, in words that stay the same from one export to the next (unlike
   * the message, whose example file may change): the missing path, `page#fragment`, the host, the
   * origin, the sitemap URL, or the page of a script error. With `check` and `kind`, it is how a
   * baseline recognises a problem it already has (src/site/baseline.ts).
   */
  target: string
  /** One line, naming the page or file that holds the problem. */
  message: string
  /** The file of the site the problem is in, relative to the site, when there is one. */
  file?: string
  /** With a baseline (verify-baseline): whether the baseline has it too. */
  known?: boolean
}

/** The sitemaps as the report lists them: the URLs the site does not serve, without their sitemap (their problems name it). */
type SitemapReport = Omit<SitemapFindings, 'unresolved'> & { unresolved: string[] }

export interface SiteCheckReport {
  version: typeof REPORT_VERSION
  /** The unpacked site that was checked (absolute). */
  site: string
  domain: string | null
  checkedAt: string
  durationMs: number
  /** Threads that read the site. */
  threads: number
  /** Checks that did not run, and why. */
  skipped: string[]
  counts: {
    files: number
    htmlPages: number
    styleSheets: number
    /** The export job's page count, when it gave one. */
    expectedPages: number | null
    internalReferences: number
    brokenReferences: number
    brokenFragments: number
    externalOrigins: number
    connectionHints: number
    outboundOrigins: number
    addressProblems: number
    sitemapUrls: number
    sitemapProblems: number
    extensionlessReferences: number
    /** Every problem, also those beyond the listed ones. */
    problems: number
  }
  indexHtml: boolean
  brokenReferences: BrokenReference[]
  brokenFragments: BrokenFragment[]
  externalOrigins: ExternalOrigin[]
  /** Origins named by preconnect and dns-prefetch hints, which load nothing and are no problem. */
  connectionHints: ConnectionHint[]
  outboundLinks: OutboundOrigin[]
  addresses: AddressProblem[]
  sitemap: SitemapReport | null
  /**
   * The links that need `.html` added, and `hostRules`: the site's own rules file for a host that
   * serves them as they are (`_redirects`), or null when no rule for them is known.
   */
  extensionless: (ExtensionlessUse & { hostRules: string | null }) | null
  /** References to findings beyond each list's limit, not itemised. */
  omitted: {
    brokenReferences: number
    brokenFragments: number
    externalOrigins: number
    connectionHints: number
    outboundLinks: number
    addresses: number
  }
  problems: Problem[]
  notices: string[]
  /** The browser pass (src/site/browser/), added once it has run or been skipped. */
  browser?: BrowserSection
  /** The earlier report the problems were matched against (verify-baseline), when one was given. */
  baseline?: BaselineSection
}

interface BaselineSection {
  /** The path or link it was read from (a link without its query). */
  source: string
  /** When the earlier check ran. */
  checkedAt: string | null
  /** Problems the baseline has too, and problems it does not have. */
  known: number
  new: number
}

/** The report of a check, ready to be written and shown. */
export function buildReport(findings: SiteFindings, checkedAt = new Date()): SiteCheckReport {
  const broken = findings.broken.sorted()
  const fragments = findings.fragments.sorted()
  const external = findings.external.sorted().map((origin) => ({ ...origin, kinds: [...origin.kinds].sort() }))
  const addresses = findings.addresses.sorted()
  const { sitemap } = findings
  const problems = listProblems(findings, broken, fragments, addresses, external)
  const sitemapProblems =
    (sitemap?.offDomain.reduce((sum, host) => sum + host.urls, 0) ?? 0) + (sitemap?.unresolvedCount ?? 0)
  const unlistedSitemapUrls = Math.max(0, (sitemap?.unresolvedCount ?? 0) - (sitemap?.unresolved.length ?? 0))
  return {
    version: REPORT_VERSION,
    site: findings.root,
    domain: findings.domain ?? null,
    checkedAt: checkedAt.toISOString(),
    durationMs: findings.durationMs,
    threads: findings.threads,
    skipped: findings.domain
      ? []
      : [
          "canonical, og:url and sitemap hosts: the export's domain is not known (export-job-id without domain); give domain to check them"
        ],
    counts: {
      files: findings.files,
      htmlPages: findings.htmlPages,
      styleSheets: findings.styleSheets,
      expectedPages: findings.expectedPages ?? null,
      internalReferences: findings.internalReferences,
      brokenReferences: broken.length,
      brokenFragments: fragments.length,
      externalOrigins: external.length,
      connectionHints: findings.hints.size,
      outboundOrigins: findings.outbound.size,
      addressProblems: addresses.length,
      sitemapUrls: sitemap?.urls ?? 0,
      sitemapProblems,
      extensionlessReferences: findings.extensionless?.references ?? 0,
      problems: problems.length + unlistedSitemapUrls
    },
    indexHtml: findings.indexHtml,
    brokenReferences: broken,
    brokenFragments: fragments,
    externalOrigins: external,
    connectionHints: findings.hints.sorted(),
    outboundLinks: findings.outbound.sorted(),
    addresses,
    sitemap: sitemap ? { ...sitemap, unresolved: sitemap.unresolved.map((entry) => entry.url) } : null,
    extensionless: findings.extensionless ? { ...findings.extensionless, hostRules: findings.hostRules ?? null } : null,
    omitted: {
      brokenReferences: findings.broken.overflow,
      brokenFragments: findings.fragments.overflow,
      externalOrigins: findings.external.overflow,
      connectionHints: findings.hints.overflow,
      outboundLinks: findings.outbound.overflow,
      addresses: findings.addresses.overflow
    },
    problems,
    notices: findings.extensionless && !findings.hostRules ? [extensionlessNotice(findings.extensionless)] : []
  }
}

/** A problem as the log, the annotations and the summary show it: a known one says so. */
export function problemLine(problem: Problem): string {
  return problem.known ? `${problem.message} (known: the baseline has it)` : problem.message
}

export async function writeReport(report: SiteCheckReport, file: string): Promise<void> {
  await writeOwnFile(file, `${JSON.stringify(report, null, 2)}\n`)
}

/**
 * Problems from the most to the least fundamental: a missing site, missing pages, broken
 * references and fragments, wrong addresses, loads from elsewhere.
 */
function listProblems(
  findings: SiteFindings,
  broken: BrokenReference[],
  fragments: BrokenFragment[],
  addresses: AddressProblem[],
  external: ExternalOrigin[]
): Problem[] {
  const problems: Problem[] = []
  const { domain, expectedPages, sitemap } = findings
  if (!findings.indexHtml) {
    problems.push({
      check: 'index',
      kind: 'missing',
      target: 'index.html',
      message: 'The site has no index.html at its top: a host would serve nothing at /'
    })
  }
  if (expectedPages !== undefined && findings.htmlPages < expectedPages) {
    problems.push({
      check: 'pages',
      kind: 'fewer',
      target: '/',
      message: `${findings.htmlPages} HTML pages arrived, ${expectedPages - findings.htmlPages} fewer than the ${expectedPages} the export job counted`
    })
  }
  for (const reference of broken) {
    const file = reference.examples[0] ?? ''
    problems.push({
      check: 'broken-reference',
      kind: 'missing',
      target: reference.target,
      file,
      message: `${file}: ${reference.source} ${JSON.stringify(reference.reference)} points at ${reference.target}, which is not in the site${alsoInOthers(reference.files, 'file')}`
    })
  }
  for (const link of fragments) {
    const file = link.examples[0] ?? ''
    problems.push({
      check: 'fragment',
      kind: 'missing',
      target: `${link.page}#${link.fragment}`,
      file,
      message: `${file}: ${link.source} ${JSON.stringify(link.reference)}: ${link.page} has no id or name ${JSON.stringify(link.fragment)}${alsoInOthers(link.files, 'file')}`
    })
  }
  for (const address of addresses) {
    const file = address.examples[0] ?? ''
    problems.push({
      check: 'address',
      kind: address.source,
      target: address.host,
      file,
      message: `${file}: ${address.source} ${JSON.stringify(address.exampleUrl)} is on ${address.host}, not ${domain ?? 'the domain'}${alsoInOthers(address.files, 'page')}`
    })
  }
  for (const host of sitemap?.offDomain ?? []) {
    problems.push({
      check: 'sitemap',
      kind: 'other-host',
      target: host.host,
      file: host.file,
      message: `${host.file}: ${host.urls} URL${host.urls === 1 ? ' is' : 's are'} on ${host.host}, not ${domain ?? 'the domain'} (such as ${host.examples[0] ?? ''})`
    })
  }
  for (const { url, file } of sitemap?.unresolved ?? []) {
    problems.push({
      check: 'sitemap',
      kind: 'missing',
      target: url,
      file,
      message: `${file}: ${url} is not in the site`
    })
  }
  for (const origin of external) {
    const file = origin.examples[0] ?? ''
    problems.push({
      check: 'external-origin',
      kind: 'load',
      target: origin.origin,
      file,
      message: `${file}: loads ${origin.kinds.join(', ')} from ${origin.origin} (such as ${origin.exampleUrl})${alsoInOthers(origin.files, 'file')}; that fails without internet access`
    })
  }
  return problems
}

/** "; 3 other files too": how many more files than the example show the finding. */
function alsoInOthers(files: number, noun: string): string {
  return files > 1 ? `; ${files - 1} other ${noun}${files > 2 ? 's' : ''} too` : ''
}

/**
 * The one notice for a site whose links leave out `.html`, with what a host needs to serve them:
 * one line, its parts joined by `; `, since an annotation and a log line carry no line break.
 */
export function extensionlessNotice(use: ExtensionlessUse): string {
  return [
    `The site links to pages without their .html extension (${use.references} references in ${use.files} files, such as ${JSON.stringify(use.exampleReference)} in ${use.exampleFile}, served by ${use.servedBy}).`,
    ' GitHub Pages, Netlify and Cloudflare Pages serve /x from x.html on their own; a plain static host answers 404 unless it is told to.',
    ' nginx: location / { try_files $uri $uri.html $uri/ =404; }.',
    " CloudFront in front of S3: a viewer-request CloudFront Function, function handler(event) { var request = event.request; var last = request.uri.slice(request.uri.lastIndexOf('/') + 1); if (last === '') request.uri += 'index.html'; else if (last.indexOf('.') === -1) request.uri += '.html'; return request }.",
    ' S3 static website hosting serves x/ from x/index.html, never x from x.html: publish-to puts each page under its route too (publish-routes: copies, the default), so nothing else is needed there.'
  ].join('')
}
