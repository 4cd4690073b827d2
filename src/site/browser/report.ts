import type { Problem, SiteCheckReport } from '../report.js'
import { decodePath } from '../resolve.js'
import type { PassResult } from './pass.js'
import { RENDERED_PAGE } from './rendered.js'
import type {
  BrowserSection,
  MissingFoundBy,
  MissingResource,
  PageLoad,
  RuntimeOrigin,
  ScriptError,
  ScriptSets
} from './types.js'

/** Loads kept as examples of one origin or one missing path; the report counts the pages of all. */
const EXAMPLES = 5

/** The section of a pass that did not run, and why. */
export function skippedSection(reason: string, executable: string | null = null): BrowserSection {
  return {
    browser: null,
    version: null,
    executable,
    startupMs: null,
    sandbox: null,
    durationMs: null,
    pages: [],
    scriptSets: null,
    notLoaded: [],
    runtimeOrigins: [],
    missing: [],
    scriptErrors: [],
    skipped: reason
  }
}

/**
 * The report's `browser` section from a pass: loads grouped by origin and missing paths by path,
 * in the order the pages were loaded, each marked when the static check already reports it.
 */
export function browserSection(
  result: PassResult,
  executable: string,
  report: SiteCheckReport,
  scriptSets: ScriptSets
): BrowserSection {
  const [browser = result.product, version = null] = result.product.split('/')
  const visits = result.pages.map((page) => result.visits.get(page)).filter((visit) => visit !== undefined)
  const staticOrigins = new Set(report.externalOrigins.map((origin) => origin.origin))
  const staticTargets = new Set(report.brokenReferences.map((reference) => reference.target))
  const origins = new Map<string, RuntimeOrigin>()
  for (const load of visits.flatMap((visit) => visit.loads)) {
    const origin = originOf(load.url)
    const entry = origins.get(origin) ?? {
      origin,
      types: [],
      exampleUrl: load.url,
      pages: [],
      examples: [],
      inStaticCheck: staticOrigins.has(origin)
    }
    origins.set(origin, entry)
    addLoad(entry, load)
    if (!entry.types.includes(load.type)) entry.types = [...entry.types, load.type].sort()
  }
  const missing = new Map<string, MissingResource>()
  const found: [MissingFoundBy, PageLoad][] = visits.flatMap((visit) => [
    ...visit.missing.map((load): [MissingFoundBy, PageLoad] => ['request', load]),
    ...visit.renderedMissing.map((load): [MissingFoundBy, PageLoad] => ['rendered-page', load])
  ])
  for (const [by, load] of found) {
    const path = by === 'request' ? decodePath(URL.parse(load.url, 'http://site')?.pathname ?? load.url) : load.url
    const entry = missing.get(path) ?? {
      path,
      pages: [],
      examples: [],
      foundBy: [],
      inStaticCheck: staticTargets.has(path)
    }
    missing.set(path, entry)
    addLoad(entry, load)
    if (!entry.foundBy.includes(by)) entry.foundBy = [...entry.foundBy, by].sort()
  }
  return {
    browser,
    version,
    executable,
    startupMs: result.startupMs,
    sandbox: result.sandbox,
    durationMs: result.durationMs,
    pages: result.pages,
    scriptSets,
    notLoaded: result.notLoaded,
    runtimeOrigins: [...origins.values()],
    missing: [...missing.values()],
    scriptErrors: visits.flatMap((visit) => visit.errors),
    skipped: null
  }
}

/** The origin of a URL; what has none (an ICE server) stands for itself, without its query. */
function originOf(url: string): string {
  const origin = URL.parse(url)?.origin
  return origin && origin !== 'null' ? origin : url.replace(/[?#].*$/s, '')
}

function addLoad(entry: { pages: string[]; examples: PageLoad[] }, load: PageLoad): void {
  if (!entry.pages.includes(load.page)) entry.pages.push(load.page)
  if (
    entry.examples.length < EXAMPLES &&
    !entry.examples.some((example) => example.page === load.page && example.url === load.url)
  ) {
    entry.examples.push(load)
  }
}

/**
 * The pass's problems: origins and missing paths the static check does not already report (one
 * problem for each, not two), and every script error.
 */
function browserProblems(section: BrowserSection): Problem[] {
  const problems: Problem[] = []
  for (const origin of section.runtimeOrigins) {
    if (origin.inStaticCheck) continue
    const [first] = origin.examples
    if (!first) continue
    problems.push({
      check: 'runtime-origin',
      kind: 'load',
      target: origin.origin,
      file: first.page,
      message: `${first.page}: reaches ${origin.origin} at run time (${origin.types.join(', ')}, such as ${first.url}, started by ${first.initiator})${others(origin.pages)}; that fails without internet access`
    })
  }
  for (const resource of section.missing) {
    if (resource.inStaticCheck) continue
    const [first] = resource.examples
    if (!first) continue
    const how =
      first.initiator === RENDERED_PAGE
        ? 'linked from the page as its scripts left it, not from its HTML'
        : `asked for at run time, started by ${first.initiator}`
    problems.push({
      check: 'runtime-missing',
      kind: 'missing',
      target: resource.path,
      file: first.page,
      message: `${first.page}: ${first.type} ${resource.path} is not in the site (${how})${others(resource.pages)}`
    })
  }
  for (const error of section.scriptErrors) {
    problems.push({
      check: 'script-error',
      kind: error.kind,
      target: error.page,
      file: error.page,
      message: scriptErrorMessage(error)
    })
  }
  return problems
}

function scriptErrorMessage(error: ScriptError): string {
  return `${error.page}: ${error.message}${error.source ? ` (at ${error.source})` : ''}`
}

function others(pages: string[]): string {
  return pages.length > 1 ? `; ${pages.length - 1} other page${pages.length > 2 ? 's' : ''} too` : ''
}

/** The site check's report with the section and its problems, and the problems it adds. */
export function withBrowserSection(
  report: SiteCheckReport,
  section: BrowserSection
): { report: SiteCheckReport; added: Problem[] } {
  const added = browserProblems(section)
  return {
    report: {
      ...report,
      browser: section,
      problems: [...report.problems, ...added],
      counts: { ...report.counts, problems: report.counts.problems + added.length }
    },
    added
  }
}
