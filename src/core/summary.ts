import type { Host, SummaryBuilder as Summary } from './host.js'

/** Adds to the job summary and writes it, when the front end has one. */
export async function writeSummary(
  host: Pick<Host, 'summary' | 'warning'>,
  what: string,
  add: (summary: Summary) => Summary
): Promise<void> {
  const { summary } = host
  if (!summary) return
  try {
    await summary(add)
  } catch (error) {
    // The summary is a courtesy: it must not hide the run's own outcome or error.
    host.warning(`Could not write ${what}: ${(error as Error).message}`)
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

export function link(url: string): string {
  return `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`
}
