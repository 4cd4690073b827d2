import { ActionError, sentences } from '../core/errors.js'
import { writeOwnFile } from '../core/own-files.js'
import { countOf, formatDuration } from '../core/format.js'
import { oneLine } from '../core/log-text.js'
import type { ExportOf } from '../manifest/schema.js'

/**
 * The deployment check's outcome and its JSON report (docs/after-the-deploy.md documents it):
 * every file compared and every route tried, with what the host served.
 */

export const DEPLOYMENT_REPORT_VERSION = 1

/**
 * `current`: every file compared matches and every route answers with its page. `partial`: some
 * match (a rollout under way, or routes the host does not map). `stale`: none match (the host
 * serves another export). `unreachable`: the host never answered.
 */
export type DeploymentStatus = 'current' | 'partial' | 'stale' | 'unreachable'

/**
 * `match`: the manifest's content. `differs`: other content (or more bytes than the manifest
 * has). `missing`: 404 or 410. `error`: another status, a redirect elsewhere, an encoding that
 * cannot be read. `unreachable`: no answer.
 */
export type ServedStatus = 'match' | 'differs' | 'missing' | 'error' | 'unreachable'

export interface ComparedFile {
  path: string
  url: string
  expectedSha256: string
  expectedSize: number
  /** null when no body was read (an error status, no answer, or more bytes than expected). */
  servedSha256: string | null
  servedSize: number | null
  /** The last answer's status; null without one. */
  httpStatus: number | null
  status: ServedStatus
  /** Why, for anything but a match. */
  detail: string | null
}

export interface TriedRoute {
  /** The path asked for, relative to the site's URL: `guides/x`, or `` for the front page. */
  route: string
  url: string
  /** The page it must answer with. */
  page: string
  expectedSha256: string
  servedSha256: string | null
  httpStatus: number | null
  status: ServedStatus
  detail: string | null
}

export interface DeploymentReport {
  version: typeof DEPLOYMENT_REPORT_VERSION
  /** The site's URL, without credentials, query or fragment. */
  url: string
  /** The export that should be live. */
  manifest: ExportOf
  status: DeploymentStatus
  startedAt: string
  durationMs: number
  /** Passes over what did not match yet; the first asks for everything. */
  rounds: number
  counts: {
    filesCompared: number
    filesMatching: number
    routesTried: number
    routesAnswering: number
  }
  /** In the order they were chosen: index.html first. */
  files: ComparedFile[]
  routes: TriedRoute[]
}

/** Mismatches of each kind named in the step's error. */
const EXAMPLES = 3

export function deploymentStatus(files: readonly ComparedFile[], routes: readonly TriedRoute[]): DeploymentStatus {
  const matching = files.filter((file) => file.status === 'match').length
  if (matching === files.length && routes.every((route) => route.status === 'match')) return 'current'
  if ([...files, ...routes].every((item) => item.status === 'unreachable')) return 'unreachable'
  return matching === 0 ? 'stale' : 'partial'
}

/** How the status reads in the log and the error: "partly rolled out (37 of 100 match)". */
export function describeStatus(report: DeploymentReport): string {
  const { filesCompared, filesMatching, routesTried, routesAnswering } = report.counts
  const routes =
    routesAnswering < routesTried
      ? `; ${routesTried - routesAnswering} of ${countOf(routesTried, 'route')} ${routesTried - routesAnswering === 1 ? 'does' : 'do'} not answer`
      : ''
  switch (report.status) {
    case 'current':
      return `current (${filesMatching} of ${countOf(filesCompared, 'file')} match${routesTried > 0 ? `, ${countOf(routesTried, 'route')} answer` : ''})`
    case 'partial':
      return `partly rolled out (${filesMatching} of ${filesCompared} match${routes})`
    case 'stale':
      return report.files.some((file) => file.status === 'differs')
        ? `stale: it serves another export (none of ${countOf(filesCompared, 'file')} match${routes})`
        : `not serving the export: none of ${countOf(filesCompared, 'file')} is served (${answersOf(report.files)})${routes}`
    case 'unreachable':
      return 'unreachable: the host did not answer'
  }
}

/** What the host answered instead of the files: `HTTP 401`, `HTTP 403 and HTTP 404`. */
function answersOf(files: readonly ComparedFile[]): string {
  const answers = [
    ...new Set(files.map((file) => (file.httpStatus === null ? 'no answer' : `HTTP ${file.httpStatus}`)))
  ]
  return answers.length > 3 ? `${answers.slice(0, 3).join(', ')}, …` : answers.join(' and ')
}

/**
 * The step's one error when the deployment is not current: the status, then examples of each kind
 * of mismatch, then where the report is.
 */
export function deploymentError(report: DeploymentReport, reportPath?: string): ActionError {
  const lines = [
    `The deployment at ${report.url} is ${describeStatus(report)}, after ${formatDuration(report.durationMs)} (${report.rounds} ${report.rounds === 1 ? 'round' : 'rounds'}); it should serve export job ${oneLine(report.manifest.jobId)}`,
    ...mismatches(report)
  ]
  if (reportPath) lines.push(`Report: ${reportPath}`)
  return new ActionError(sentences(...lines), {
    code: 'deployment-not-current',
    inSummary: `The deployment at ${report.url} is ${describeStatus(report)}; it should serve export job ${oneLine(report.manifest.jobId)}. What differs is listed below`
  })
}

/** What did not match, a line for each kind of mismatch with a few examples. */
export function mismatches(report: DeploymentReport): string[] {
  const lines: string[] = []
  for (const status of ['differs', 'missing', 'error', 'unreachable'] as const) {
    const files = report.files.filter((file) => file.status === status)
    if (files.length > 0) lines.push(`${heading(status, files.length, 'file')}: ${examples(files.map(describeFile))}`)
  }
  const routes = report.routes.filter((route) => route.status !== 'match')
  if (routes.length > 0)
    lines.push(`${routes.length} ${routes.length === 1 ? 'route' : 'routes'}: ${examples(routes.map(describeRoute))}`)
  return lines
}

function heading(status: Exclude<ServedStatus, 'match'>, count: number, noun: string): string {
  const words = { differs: 'Other content', missing: 'Missing', error: 'Errors', unreachable: 'No answer' }
  return `${words[status]}, ${count} ${noun}${count === 1 ? '' : 's'}`
}

function examples(items: string[]): string {
  const shown = items.slice(0, EXAMPLES).join('; ')
  return items.length > EXAMPLES ? `${shown}; …and ${items.length - EXAMPLES} more` : shown
}

function describeFile(file: ComparedFile): string {
  return `${oneLine(file.path)} (${file.detail ?? file.status})`
}

function describeRoute(route: TriedRoute): string {
  return `/${oneLine(route.route)} (${route.detail ?? route.status})`
}

/** Writes the report to the action's own file `file` (deployment-report.json in the output folder). */
export async function writeDeploymentReport(report: DeploymentReport, file: string): Promise<void> {
  await writeOwnFile(file, `${JSON.stringify(report, null, 2)}\n`)
}
