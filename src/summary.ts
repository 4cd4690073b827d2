import * as core from '@actions/core'
import type { ExportReport } from './export.js'
import { formatBytes, formatSeconds } from './format.js'

/** A summary row: a label and its value as HTML. */
type Row = [string, string]

/**
 * The export's job summary: what was exported, how long it took, and what the archive is.
 * The link appears only when `showLink` (mask-bundle-url: false): a summary is as public as the run's page.
 */
export async function writeExportSummary(report: ExportReport, showLink: boolean): Promise<void> {
  const { job, bundle, archive } = report
  const rows: Row[] = [
    ['Job', text(report.jobId ?? '(not started)')],
    ['Status', text(job?.status || 'unknown')],
    ['Duration', formatSeconds((report.finishedAt ?? Date.now()) - report.startedAt)]
  ]
  if (job?.pageCount !== undefined) rows.push(['Pages', String(job.pageCount)])
  if (bundle) {
    rows.push(['Link expires', text(bundle.expiresAt ?? 'not given')])
    if (showLink) rows.push(['Bundle link', text(bundle.bundleUrl)])
  }
  if (archive) {
    rows.push(['Archive', `${archive.kind}, ${formatBytes(archive.sizeBytes)}`], ['SHA-256', code(archive.sha256)])
  }
  if (report.sitePath) rows.push(['Site', code(report.sitePath)])
  await writeSummary('Static export', rows)
}

/** Writes a heading and a two-column table, when the runner offers a summary file. */
export async function writeSummary(heading: string, rows: Row[]): Promise<void> {
  if (!process.env.GITHUB_STEP_SUMMARY) return
  try {
    await core.summary
      .addHeading(heading, 2)
      .addTable([
        [
          { data: 'Field', header: true },
          { data: 'Value', header: true }
        ],
        ...rows
      ])
      .write()
  } catch (error) {
    // The summary is a courtesy: it must not hide the run's own outcome or error.
    core.warning(`Could not write the job summary: ${(error as Error).message}`)
  }
}

/** Table cells are HTML: API values such as a link's query string must not be read as markup. */
export function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

export function code(value: string): string {
  return `<code>${text(value)}</code>`
}
