import type { AgentJob } from '../api/schemas.js'
import { formatBytes, formatSeconds } from '../core/format.js'
import type { Host } from '../core/host.js'
import type { AgentSettings } from '../core/settings.js'
import { addTable, code, escapeHtml, link, writeSummary } from '../core/summary.js'
import type { AgentReport, ExportReport } from './report.js'

/** A summary row: a label and its value as HTML. */
type Row = [string, string]

function writeFields(host: Host, heading: string, rows: Row[]): Promise<void> {
  return writeSummary(host, 'the job summary', (summary) =>
    addTable(summary.addHeading(heading, 2), ['Field', 'Value'], rows)
  )
}

/**
 * The export's job summary: what was exported, how long it took, and what the archive is.
 * The link appears only when `showLink` (mask-bundle-url: false): a summary is as public as the run's page.
 */
export async function writeExportSummary(host: Host, report: ExportReport, showLink: boolean): Promise<void> {
  const { job, bundle, archive } = report
  const rows: Row[] = [
    ['Job', escapeHtml(report.jobId ?? '(not started)')],
    ['Status', escapeHtml(job?.status || 'unknown')],
    ['Duration', formatSeconds((report.finishedAt ?? Date.now()) - report.startedAt)]
  ]
  if (job?.pageCount !== undefined) rows.push(['Pages', String(job.pageCount)])
  if (bundle) {
    rows.push(['Link expires', escapeHtml(bundle.expiresAt ?? 'not given')])
    if (showLink) rows.push(['Bundle link', escapeHtml(bundle.bundleUrl)])
  }
  if (archive) {
    rows.push(['Archive', `${archive.kind}, ${formatBytes(archive.sizeBytes)}`], ['SHA-256', code(archive.sha256)])
  }
  if (report.sitePath) rows.push(['Site', code(report.sitePath)])
  await writeFields(host, 'Static export', rows)
}

/**
 * The agent job's summary: the job, where it worked, how long it took, and its pull request; after
 * a failure or a timeout, what was last seen of it.
 */
export async function writeAgentSummary(
  host: Host,
  settings: Pick<AgentSettings, 'agentJobId'>,
  report: AgentReport
): Promise<void> {
  const job = report.outcome ?? report.job
  const rows: Row[] = [
    ['Job', code(job?.id ?? settings.agentJobId)],
    ['Status', escapeHtml(job?.status || 'unknown')]
  ]
  if (job?.repository) rows.push(['Repository', escapeHtml(job.repository)])
  if (job?.ref) rows.push(['Ref', code(job.ref)])
  if (job?.model) rows.push(['Model', escapeHtml(job.model)])
  const since = job?.createdAt ? Date.parse(job.createdAt) : report.startedAt
  rows.push(['Duration', formatSeconds(Math.max(0, Date.now() - since))])
  if (report.outcome) rows.push(['Pull request', pullRequest(report.outcome)])
  if (report.commentUrl) rows.push(['Comment', link(report.commentUrl)])
  await writeFields(host, 'Agent job', rows)
}

function pullRequest(job: AgentJob): string {
  if (job.prLink) return link(job.prLink)
  return job.status === 'completed' ? 'none (no files changed)' : 'none'
}
