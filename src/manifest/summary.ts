import type { Host, SummaryBuilder } from '../core/host.js'
import { addTable, code, escapeHtml, writeSummary } from '../core/summary.js'
import type { Changes } from './compare.js'
import { CHANGE_KINDS, cutNote, describeExport, shownPaths, type ChangeKind } from './report.js'

const HEADINGS: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' }

/** The "Changes" section: what the site gained, lost and changed since the export compared with. */
export function addChangesSection(summary: SummaryBuilder, changes: Changes, changesPath: string): SummaryBuilder {
  const { counts, pages } = changes
  summary.addHeading('Changes', 3).addRaw(`<p>Since ${escapeHtml(describeExport(changes.previous))}.</p>`, true)
  addTable(
    summary,
    ['', 'Files', 'of which pages'],
    [
      ['Added', String(counts.added), String(pages.added)],
      ['Removed', String(counts.removed), String(pages.removed)],
      ['Changed', String(counts.changed), String(pages.changed)],
      ['Unchanged', String(counts.unchanged), String(pages.unchanged)]
    ]
  )
  for (const kind of CHANGE_KINDS) {
    const shown = shownPaths(changes, kind)
    if (shown.length === 0) continue
    summary.addHeading(HEADINGS[kind], 4).addList(shown.map(code))
    const note = cutNote(changes, kind, changesPath)
    if (note) summary.addRaw(`<p>${escapeHtml(note)}.</p>`, true)
  }
  return summary.addRaw(`<p>All changes: ${code(changesPath)}</p>`, true)
}

/** Writes the section to the job summary, when the front end has one; a failure is a warning. */
export async function writeChangesSummary(
  changes: Changes,
  changesPath: string,
  host: Pick<Host, 'summary' | 'warning'>
): Promise<void> {
  await writeSummary(host, 'the changes to the job summary', (summary) =>
    addChangesSection(summary, changes, changesPath)
  )
}
