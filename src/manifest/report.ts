import path from 'node:path'
import { oneLine } from '../core/log-text.js'
import type { Host } from '../core/host.js'
import type { AddedOrRemoved, ChangeCounts, Changed, Changes } from './compare.js'
import type { ExportOf } from './schema.js'

/** Paths listed of each kind (added, removed, changed) in the log and the summary; changes.json has them all. */
const LISTED = 10

export type ChangeKind = 'added' | 'removed' | 'changed'
export const CHANGE_KINDS: ChangeKind[] = ['added', 'removed', 'changed']

/** The first paths of one kind to show, pages before other files. */
export function shownPaths(changes: Changes, kind: ChangeKind): string[] {
  const list: (AddedOrRemoved | Changed)[] = changes[kind]
  return [...list.filter((file) => file.page), ...list.filter((file) => !file.page)]
    .slice(0, LISTED)
    .map((file) => file.path)
}

/** Said under a list that shows only its first paths: "10 of 412; all are in changes.json". */
export function cutNote(changes: Changes, kind: ChangeKind, changesPath: string): string | undefined {
  const total = changes[kind].length
  return total > LISTED ? `${LISTED} of ${total}; all are in ${path.basename(changesPath)}` : undefined
}

/** "export job job_1 (2026-11-22, created 2026-11-22T09:00:00.000Z)". */
export function describeExport(of: ExportOf): string {
  const details = [of.exportVersion, `created ${of.createdAt}`].filter((detail) => detail !== null)
  return `export job ${of.jobId} (${details.join(', ')})`
}

/** "3 added (2 pages), 1 removed, 12 changed (10 pages), 400 unchanged". */
function countsLine(counts: ChangeCounts, pages: ChangeCounts): string {
  const part = (kind: keyof ChangeCounts): string => {
    const ofPages =
      kind !== 'unchanged' && pages[kind] > 0 ? ` (${pages[kind]} page${pages[kind] === 1 ? '' : 's'})` : ''
    return `${counts[kind]} ${kind}${ofPages}`
  }
  return (['added', 'removed', 'changed', 'unchanged'] as const).map(part).join(', ')
}

/** The changes in the run's log: the counts, and the first paths of each kind. */
export function logChanges(changes: Changes, changesPath: string, host: Pick<Host, 'info'>): void {
  host.info(`Changes since ${oneLine(describeExport(changes.previous))}: ${countsLine(changes.counts, changes.pages)}`)
  for (const kind of CHANGE_KINDS) {
    for (const shown of shownPaths(changes, kind)) host.info(`  ${kind}: ${oneLine(shown)}`)
    const note = cutNote(changes, kind, changesPath)
    if (note) host.info(`  …${kind}: ${note}`)
  }
  host.info(`Changes: ${changesPath}`)
}
