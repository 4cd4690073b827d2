import { formatDuration } from '../core/format.js'
import type { Host } from '../core/host.js'
import type { Inline } from '../core/markup.js'
import { writeSummary, type SummarySection } from '../core/summary.js'
import { describeStatus, type DeploymentReport } from './report.js'

/** Files and routes listed that do not match; the report has them all. */
const LISTED = 10

/** The deployment check's section of the job summary: the outcome, the counts, the first mismatches. */
function addDeploymentSection(summary: SummarySection, report: DeploymentReport, reportPath: string): void {
  const { counts, manifest } = report
  const rows: Inline[][] = [
    ['Status', [{ strong: report.status }, `: ${describeStatus(report)}`]],
    ['Site', { code: report.url }],
    [
      'Export',
      [
        { code: manifest.jobId },
        `${manifest.exportVersion === null ? '' : ` (${manifest.exportVersion})`}, ${manifest.files} files`
      ]
    ],
    ['Files matching', `${counts.filesMatching} of ${counts.filesCompared}`],
    ['Routes without .html answering', `${counts.routesAnswering} of ${counts.routesTried}`],
    ['Time', `${formatDuration(report.durationMs)}, ${report.rounds} ${report.rounds === 1 ? 'round' : 'rounds'}`],
    ['Report', { code: reportPath }]
  ]
  summary.heading('Deployment', 3).table(['Check', 'Result'], rows)
  const mismatches: Inline[][] = [
    ...report.files
      .filter((file) => file.status !== 'match')
      .map((file) => [{ code: file.path }, file.status, file.detail ?? '']),
    ...report.routes
      .filter((route) => route.status !== 'match')
      .map((route) => [{ code: `/${route.route}` }, `route ${route.status}`, route.detail ?? ''])
  ]
  if (mismatches.length > 0) {
    const heading =
      mismatches.length > LISTED
        ? `Not matching: ${LISTED} of ${mismatches.length}; all are in the report`
        : 'Not matching'
    summary.heading(heading, 4).table(['Path', 'Status', 'Detail'], mismatches.slice(0, LISTED))
  }
}

/** Writes the section to the job summary, when the front end has one; a failure is a warning. */
export async function writeDeploymentSummary(
  report: DeploymentReport,
  reportPath: string,
  host: Pick<Host, 'summary' | 'warning'>
): Promise<void> {
  await writeSummary(host, 'the deployment check to the job summary', (summary) =>
    addDeploymentSection(summary, report, reportPath)
  )
}
