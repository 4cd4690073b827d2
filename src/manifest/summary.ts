import { shownPath, type SummarySection } from '../core/summary.js'
import type { Changes } from './compare.js'
import { CHANGE_KINDS, cutNote, describeExport, shownPaths, type ChangeKind } from './report.js'

const HEADINGS: Record<ChangeKind, string> = { added: 'Added', removed: 'Removed', changed: 'Changed' }

/** The "Changes" section: what the site gained, lost and changed since the export compared with. */
export function addChangesSection(
  summary: SummarySection,
  changes: Changes,
  changesPath: string,
  workspace: string | undefined
): void {
  const { counts, pages } = changes
  summary
    .heading('Changes', 3)
    .paragraph(`Since ${describeExport(changes.previous)}.`)
    .table(
      ['', 'Files', 'of which pages'],
      [
        ['Added', counts.added, pages.added],
        ['Removed', counts.removed, pages.removed],
        ['Changed', counts.changed, pages.changed],
        ['Unchanged', counts.unchanged, pages.unchanged]
      ]
    )
  for (const kind of CHANGE_KINDS) {
    const shown = shownPaths(changes, kind)
    if (shown.length === 0) continue
    summary.heading(HEADINGS[kind], 4).list(shown.map((file) => ({ code: file })))
    const note = cutNote(changes, kind, changesPath)
    if (note) summary.paragraph(`${note}.`)
  }
  summary.paragraph(['All changes: ', shownPath(changesPath, 'changes-path', workspace), '.'])
}
