import type { AgentJob } from '../api/schemas.js'
import { formatBytes, formatSeconds } from '../core/format.js'
import type { Host } from '../core/host.js'
import type { Inline } from '../core/markup.js'
import type { AgentSettings } from '../settings/index.js'
import { writeSummary } from '../core/summary.js'
import { shownGitHubPage, shownPullRequest } from './github-links.js'
import type { AgentReport, ExportReport } from './report.js'

/** A summary row: a label and its value, raw. */
type Row = [string, Inline]

function writeFields(host: Host, heading: string, rows: Row[]): Promise<void> {
  return writeSummary(host, 'the job summary', (summary) => summary.heading(heading, 2).table(['Field', 'Value'], rows))
}

/**
 * The export's job summary: what was exported, how long it took, and what the archive is.
 * The link appears only when `showLink` (mask-bundle-url: false): a summary is as public as the run's page.
 */
export async function writeExportSummary(host: Host, report: ExportReport, showLink: boolean): Promise<void> {
  const { job, bundle, archive } = report
  const rows: Row[] = [
    ['Job', report.jobId === undefined ? '(not started)' : { code: report.jobId }],
    ['Status', job?.status || 'unknown'],
    ['Duration', formatSeconds((report.finishedAt ?? Date.now()) - report.startedAt)]
  ]
  if (job?.pageCount !== undefined) rows.push(['Pages', job.pageCount])
  if (bundle) {
    rows.push(['Link expires', bundle.expiresAt ?? 'not given'])
    if (showLink) rows.push(['Bundle link', { code: bundle.bundleUrl }])
  }
  if (archive) {
    rows.push(['Archive', `${archive.kind}, ${formatBytes(archive.sizeBytes)}`], ['SHA-256', { code: archive.sha256 }])
  }
  if (report.sitePath) rows.push(['Site', { code: report.sitePath }])
  await writeFields(host, 'Static export', rows)
}

/**
 * The agent job's summary: the job, where it worked, how long it took, and its pull request; after
 * a failure or a timeout, what was last seen of it. `serverUrl` is the workflow's GitHub, the only
 * host whose pull requests are shown as links.
 */
export async function writeAgentSummary(
  host: Host,
  settings: Pick<AgentSettings, 'agentJobId'>,
  report: AgentReport,
  serverUrl: string
): Promise<void> {
  const job = report.outcome ?? report.job
  const id = job?.id ?? report.agentJobId ?? settings.agentJobId
  const rows: Row[] = [
    ['Job', id === undefined ? '(not started)' : { code: id }],
    ['Status', job?.status || 'unknown']
  ]
  if (report.prompt !== undefined) rows.push(['Prompt', report.prompt])
  if (job?.repository) rows.push(['Repository', { code: job.repository }])
  if (job?.ref) rows.push(['Ref', { code: job.ref }])
  if (job?.model) rows.push(['Model', job.model])
  const since = job?.createdAt ? Date.parse(job.createdAt) : report.startedAt
  rows.push(['Duration', formatSeconds(Math.max(0, Date.now() - since))])
  if (report.outcome) rows.push(['Pull request', pullRequest(report.outcome, serverUrl)])
  if (report.commentUrl) rows.push(['Comment', shownGitHubPage(report.commentUrl, serverUrl)])
  await writeFields(host, 'Agent job', rows)
}

function pullRequest(job: AgentJob, serverUrl: string): Inline {
  if (job.prLink) return shownPullRequest(job.prLink, serverUrl)
  return job.status === 'completed' ? 'none (no files changed)' : 'none'
}
