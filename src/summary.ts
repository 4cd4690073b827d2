import type { AgentJob } from './api/schemas.js'
import { formatBytes, formatSeconds } from './format.js'
import { host, type Host, type SummaryBuilder as Summary } from './host.js'
import type { AgentReport, ExportReport } from './report.js'

/** A summary row: a label and its value as HTML. */
type Row = [string, string]

/** Adds to the job summary and writes it, when the front end (the installed one, or `to`) has one. */
export async function writeSummary(
  what: string,
  add: (summary: Summary) => Summary,
  to: Pick<Host, 'summary' | 'warning'> = host
): Promise<void> {
  const { summary } = to
  if (!summary) return
  try {
    await summary(add)
  } catch (error) {
    // The summary is a courtesy: it must not hide the run's own outcome or error.
    to.warning(`Could not write ${what}: ${(error as Error).message}`)
  }
}

/** A table with a header row; every cell is HTML (see escapeHtml). */
export function addTable(summary: Summary, header: string[], rows: string[][]): Summary {
  return summary.addTable([header.map((data) => ({ data, header: true })), ...rows])
}

/** Table cells are HTML: API values such as a link's query string must not be read as markup. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export function code(value: string): string {
  return `<code>${escapeHtml(value)}</code>`
}

function link(url: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
}

function writeFields(heading: string, rows: Row[]): Promise<void> {
  return writeSummary('the job summary', (summary) =>
    addTable(summary.addHeading(heading, 2), ['Field', 'Value'], rows)
  )
}

/**
 * The export's job summary: what was exported, how long it took, and what the archive is.
 * The link appears only when `showLink` (mask-bundle-url: false): a summary is as public as the run's page.
 */
export async function writeExportSummary(report: ExportReport, showLink: boolean): Promise<void> {
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
  await writeFields('Static export', rows)
}

/** The agent job's summary: the job, where it worked, how long it took, and its pull request. */
export async function writeAgentSummary(job: AgentJob, report: AgentReport): Promise<void> {
  const rows: Row[] = [
    ['Job', code(job.id)],
    ['Status', escapeHtml(job.status)]
  ]
  if (job.repository) rows.push(['Repository', escapeHtml(job.repository)])
  if (job.ref) rows.push(['Ref', code(job.ref)])
  if (job.model) rows.push(['Model', escapeHtml(job.model)])
  const since = job.createdAt ? Date.parse(job.createdAt) : report.startedAt
  rows.push(['Duration', formatSeconds(Math.max(0, Date.now() - since))])
  rows.push([
    'Pull request',
    job.prLink ? link(job.prLink) : job.status === 'completed' ? 'none (no files changed)' : 'none'
  ])
  if (report.commentUrl) rows.push(['Comment', link(report.commentUrl)])
  await writeFields('Agent job', rows)
}
