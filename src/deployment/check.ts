import { setTimeout as sleep } from 'node:timers/promises'
import type { Dispatcher } from 'undici'
import { forEachAtOnce } from '../core/at-once.js'
import { ActionError } from '../core/errors.js'
import { countOf, formatSeconds } from '../core/format.js'
import { oneLine } from '../core/log-text.js'
import type { Host } from '../core/host.js'
import { exportOf, type Manifest } from '../manifest/schema.js'
import { redactUrl } from '../core/net.js'
import { fetchServed, type Served } from './fetch.js'
import {
  DEPLOYMENT_REPORT_VERSION,
  deploymentStatus,
  describeStatus,
  type ComparedFile,
  type DeploymentReport,
  type ServedStatus,
  type TriedRoute
} from './report.js'
import { chooseFiles, routesOf, servedFiles, type ExpectedFile } from './sample.js'

export interface CheckDeploymentOptions {
  /** The deployed site's URL (http or https): where its index.html is served. */
  url: string
  /** The export that should be live. */
  manifest: Manifest
  /** How many files to compare (check-files): a number, or `all`; 100 by default. */
  checkFiles?: number | 'all'
  /** Paths compared besides the sample (the files a publish uploaded), with their routes. */
  compareAlso?: ReadonlySet<string>
  /** Also ask for each compared page without `.html` (`guides/x` for `guides/x.html`); true by default. */
  extensionlessRoutes?: boolean
  /**
   * What is worth asking for again each poll interval: everything that did not match by default
   * (a rollout takes time). A publish, whose bytes are in the bucket already, waits only for other
   * content (a cache that still holds the older bytes); a file missing or refused ends the check.
   */
  askAgainAbout?: ReadonlySet<ServedStatus>
  /** Epoch milliseconds at which the wait ends (timeout-seconds). */
  deadline: number
  /** Time between two rounds over what did not match yet. */
  pollIntervalMs: number
  signal: AbortSignal
  host: Pick<Host, 'info' | 'debug'>
  /** First backoff of a request's retries; by default a second, or the poll interval when shorter. */
  retryBaseDelayMs?: number
  /** The run's connection pool, which refuses what its network does not allow. */
  dispatcher: Dispatcher
}

/** Requests in flight at once: enough to hide the round trips, few enough for any host. */
const CONCURRENCY = 8
const DEFAULT_CHECK_FILES = 100

interface Item {
  kind: 'file' | 'route'
  /** Relative to the site's URL. */
  path: string
  url: URL
  expected: ExpectedFile
  served: Pick<ComparedFile, 'servedSha256' | 'servedSize' | 'httpStatus' | 'status' | 'detail'>
}

/**
 * Compares what the site at `url` serves with the manifest: index.html and a spread of files (each
 * one's SHA-256, after any content encoding is decoded), and the extensionless form of the pages
 * among them. While something differs it waits `pollIntervalMs` and asks again for what did not
 * match yet, until everything matches or the deadline comes; a rollout takes time. Returns the
 * report; its `status` says whether the deployment is current (deploymentError() is the step's
 * error when it is not).
 */
export async function checkDeployment(options: CheckDeploymentOptions): Promise<DeploymentReport> {
  const { manifest, host } = options
  const base = siteUrl(options.url)
  const startedAt = Date.now()
  const served = servedFiles(manifest)
  const also = options.compareAlso ?? new Set<string>()
  // The sample is the one check-deployment takes with the same check-files, whatever is compared
  // besides it: a read-back then asks for everything check-deployment would, and never disagrees.
  const sample = chooseFiles(served, options.checkFiles ?? DEFAULT_CHECK_FILES)
  const sampled = new Set(sample.map((file) => file.path))
  const files = [...served.filter((file) => also.has(file.path) && !sampled.has(file.path)), ...sample]
  const routes = options.extensionlessRoutes === false ? [] : routesOf(files)
  const items: Item[] = [
    ...files.map((file) => item('file', file.path, base, file)),
    ...routes.map((route) => item('route', route.route, base, route.page))
  ]
  host.info(
    `Comparing ${files.length} of the ${countOf(manifest.files.length, 'file')} of export job ${oneLine(manifest.jobId)}` +
      `${routes.length > 0 ? ` and ${countOf(routes.length, 'route')} a visitor follows` : ''} with ${base.href}`
  )
  const fetchOptions = {
    origin: base.origin,
    deadline: options.deadline,
    signal: options.signal,
    retryBaseDelayMs: options.retryBaseDelayMs ?? Math.min(1000, options.pollIntervalMs),
    dispatcher: options.dispatcher,
    host
  }
  let pending = items
  let rounds = 0
  for (;;) {
    rounds++
    await forEachAtOnce(pending, CONCURRENCY, async (entry) => {
      entry.served = judge(entry, await fetchServed(entry.url, entry.expected.size, fetchOptions))
    })
    pending = pending.filter((entry) => entry.served.status !== 'match')
    const waitMs = Math.min(options.pollIntervalMs, Math.max(0, options.deadline - Date.now()))
    const worthAsking = pending.every((entry) => options.askAgainAbout?.has(entry.served.status) ?? true)
    const again = pending.length > 0 && worthAsking && Date.now() + options.pollIntervalMs < options.deadline
    host.info(
      `Round ${rounds}: ${progress(items)}${again ? `; asking again for ${pending.length} in ${formatSeconds(waitMs)}` : ''}`
    )
    if (!again) break
    await sleep(waitMs, undefined, { signal: options.signal })
  }
  const report = buildReport(options, base, items, startedAt, rounds)
  host.info(`The deployment at ${report.url} is ${describeStatus(report)}`)
  return report
}

/** The site's URL as a folder to resolve paths against; refused when it is not http(s) or carries credentials. */
function siteUrl(url: string): URL {
  const parsed = URL.parse(url)
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    throw new ActionError(`The site's URL ${oneLine(redactUrl(url))} is not an http or https URL`, { code: 'bad-url' })
  if (parsed.username || parsed.password)
    throw new ActionError(
      `The site's URL ${parsed.host} holds a user name or password, which the check does not send`,
      {
        code: 'bad-url'
      }
    )
  parsed.search = ''
  parsed.hash = ''
  if (!parsed.pathname.endsWith('/')) parsed.pathname += '/'
  return parsed
}

function item(kind: Item['kind'], path: string, base: URL, expected: ExpectedFile): Item {
  const url = new URL(path.split('/').map(encodeURIComponent).join('/'), base)
  return {
    kind,
    path,
    url,
    expected,
    served: {
      servedSha256: null,
      servedSize: null,
      httpStatus: null,
      status: 'unreachable',
      detail: 'not asked for yet'
    }
  }
}

/** What an answer means for one file or route. */
function judge(entry: Item, served: Served): Item['served'] {
  const none = { servedSha256: null, servedSize: null }
  if (served.kind === 'unreachable') return { ...none, httpStatus: null, status: 'unreachable', detail: served.reason }
  if (served.kind === 'unreadable')
    return { ...none, httpStatus: served.status, status: 'error', detail: served.reason }
  const { status: httpStatus, sha256, size } = served
  if (httpStatus === 404 || httpStatus === 410) {
    const unmapped = entry.kind === 'route' ? `: the host does not serve ${entry.expected.path} for /${entry.path}` : ''
    return { ...none, httpStatus, status: 'missing', detail: `HTTP ${httpStatus}${unmapped}` }
  }
  if (httpStatus < 200 || httpStatus >= 300)
    return { ...none, httpStatus, status: 'error', detail: `HTTP ${httpStatus}` }
  if (served.tooLarge)
    return {
      ...none,
      httpStatus,
      status: 'differs',
      detail: `more than the ${entry.expected.size} bytes of the export's file`
    }
  const result = { servedSha256: sha256 ?? null, servedSize: size ?? null, httpStatus }
  if (sha256 === entry.expected.sha256) return { ...result, status: 'match', detail: null }
  return {
    ...result,
    status: 'differs',
    detail: `other content: ${size ?? 0} bytes, SHA-256 ${sha256?.slice(0, 12) ?? ''}…`
  }
}

/** "37 of 100 files match, 12 of 40 routes answer". */
function progress(items: readonly Item[]): string {
  const count = (kind: Item['kind'], status?: ServedStatus): number =>
    items.filter((entry) => entry.kind === kind && (status === undefined || entry.served.status === status)).length
  const routes = count('route')
  return `${count('file', 'match')} of ${countOf(count('file'), 'file')} match${routes > 0 ? `, ${count('route', 'match')} of ${countOf(routes, 'route')} answer` : ''}`
}

function buildReport(
  options: CheckDeploymentOptions,
  base: URL,
  items: readonly Item[],
  startedAt: number,
  rounds: number
): DeploymentReport {
  const files: ComparedFile[] = []
  const routes: TriedRoute[] = []
  for (const entry of items) {
    if (entry.kind === 'file') {
      files.push({
        path: entry.path,
        url: entry.url.href,
        expectedSha256: entry.expected.sha256,
        expectedSize: entry.expected.size,
        ...entry.served
      })
    } else {
      const { servedSha256, httpStatus, status, detail } = entry.served
      routes.push({
        route: entry.path,
        url: entry.url.href,
        page: entry.expected.path,
        expectedSha256: entry.expected.sha256,
        servedSha256,
        httpStatus,
        status,
        detail
      })
    }
  }
  return {
    version: DEPLOYMENT_REPORT_VERSION,
    url: base.href,
    manifest: exportOf(options.manifest),
    status: deploymentStatus(files, routes),
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Date.now() - startedAt,
    rounds,
    counts: {
      filesCompared: files.length,
      filesMatching: files.filter((file) => file.status === 'match').length,
      routesTried: routes.length,
      routesAnswering: routes.filter((route) => route.status === 'match').length
    },
    files,
    routes
  }
}
