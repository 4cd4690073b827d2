import { countOf, formatDuration } from '../core/format.js'
import { bounded, type Inline } from '../core/markup.js'
import { shownPath, type SummarySection } from '../core/summary.js'
import type { DeploymentReport, ServedStatus } from './report.js'

/** Files and routes listed that do not match; the report has them all. */
const LISTED = 10
/** Longest path or detail shown: the report has them whole. */
const LONGEST = 200

/** What each kind of mismatch is, counted: "3 files with other content". */
const KINDS: Record<Exclude<ServedStatus, 'match'>, string> = {
  differs: 'with other content',
  missing: 'missing',
  error: 'answered with an error',
  unreachable: 'not answered'
}

/**
 * The check's outcome in a few words, for the verdict: "current, 100 of 100 files matching, 12 s",
 * with the routes a visitor follows that do not answer, when some do not.
 */
export function deploymentInBrief(report: DeploymentReport): string {
  const { filesCompared, filesMatching, routesTried, routesAnswering } = report.counts
  const routes =
    routesAnswering < routesTried
      ? `, ${routesTried - routesAnswering} of ${countOf(routesTried, 'route')} not answering`
      : ''
  return `${report.status}, ${filesMatching} of ${countOf(filesCompared, 'file')} matching${routes}, ${formatDuration(report.durationMs)}`
}

/** The deployment check's section of the job summary: the mismatches by kind, then the counts, folded. */
export function addDeploymentSection(
  summary: SummarySection,
  report: DeploymentReport,
  reportPath: string | undefined,
  workspace: string | undefined
): void {
  const { counts, manifest } = report
  const reportShown = reportPath ? shownPath(reportPath, 'deployment-report-path', workspace) : undefined
  const groups = new Map<string, { said: (count: number) => string; items: Inline[] }>()
  const mismatch = (noun: string, status: ServedStatus, shown: string, detail: string | null): void => {
    if (status === 'match') return
    const key = `${noun} ${status}`
    const group = groups.get(key) ?? {
      said: (count: number) => `${count} ${noun}${count === 1 ? '' : 's'} ${KINDS[status]}`,
      items: []
    }
    groups.set(key, group)
    group.items.push([{ code: bounded(shown, LONGEST) }, detail ? `: ${bounded(detail, LONGEST)}` : ''])
  }
  for (const file of report.files) mismatch('file', file.status, file.path, file.detail)
  for (const route of report.routes) mismatch('route', route.status, `/${route.route}`, route.detail)
  let listed = 0
  if (groups.size > 0) {
    summary.groups(
      [...groups.values()].map(({ said, items }) => {
        const shown = items.slice(0, Math.max(0, LISTED - listed))
        listed += shown.length
        return { head: { strong: said(items.length) }, items: shown }
      })
    )
  }
  const total = [...groups.values()].reduce((sum, group) => sum + group.items.length, 0)
  if (total > listed && reportShown) {
    summary.paragraph([`The first ${listed} of ${total} are listed; the report has them all: `, reportShown, '.'])
  }
  const rows: Inline[][] = [
    ['Site', { code: report.url }],
    [
      'Export',
      [
        { code: manifest.jobId },
        `${manifest.exportVersion === null ? '' : ` (${manifest.exportVersion})`}, ${countOf(manifest.files, 'file')}`
      ]
    ],
    ['Files matching', `${counts.filesMatching} of ${counts.filesCompared}`],
    ['Routes without .html answering', `${counts.routesAnswering} of ${counts.routesTried}`],
    ['Time', `${formatDuration(report.durationMs)}, ${report.rounds} ${report.rounds === 1 ? 'round' : 'rounds'}`]
  ]
  if (reportShown) rows.push(['Report', reportShown])
  summary.detailTable('Deployment check', ['Check', 'Result'], rows)
}
