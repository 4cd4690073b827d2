import { addTable, code, escapeHtml, writeSummary } from '../../summary.js'
import { formatDuration } from '../../format.js'
import type { BrowserSection } from './types.js'

/** Rows of each table in the job summary; the report has them all. */
const LISTED = 10

/** The browser pass's section of the job summary: what ran, the origins reached, what was missing or failed. */
export async function writeBrowserSummary(section: BrowserSection): Promise<void> {
  await writeSummary('the browser pass to the job summary', (summary) => {
    summary.addHeading('Browser pass', 3)
    if (section.skipped !== null) return summary.addRaw(`<p>Not run: ${escapeHtml(section.skipped)}</p>`, true)
    const rows: string[][] = [
      ['Browser', escapeHtml(`${section.browser ?? ''} ${section.version ?? ''}`.trim())],
      [
        'Pages loaded',
        `${section.pages.length}${section.notLoaded.length > 0 ? ` (${section.notLoaded.length} not loaded: the run's time was up)` : ''}`
      ],
      [
        'Sets of scripts, iframes and embeds',
        section.scriptSets
          ? `${section.scriptSets.loaded} of the site's ${section.scriptSets.distinct} distinct sets loaded`
          : ''
      ],
      ['Origins reached at run time', String(section.runtimeOrigins.length)],
      ['Missing at run time', String(section.missing.length)],
      ['Script errors', String(section.scriptErrors.length)],
      [
        'Time',
        `${formatDuration(section.durationMs ?? 0)}, of which ${formatDuration(section.startupMs ?? 0)} to start the browser`
      ]
    ]
    addTable(summary, ['Browser pass', 'Result'], rows)
    if (section.runtimeOrigins.length > 0) {
      addTable(
        summary.addHeading(cut('Reached at run time', section.runtimeOrigins.length), 4),
        ['Origin', 'Types', 'Pages', 'Such as', 'Started by'],
        section.runtimeOrigins.slice(0, LISTED).map((origin) => {
          const [first] = origin.examples
          return [
            code(origin.origin),
            escapeHtml(origin.types.join(', ')),
            String(origin.pages.length),
            code(first?.url ?? ''),
            code(first?.initiator ?? '')
          ]
        })
      )
    }
    if (section.missing.length > 0) {
      addTable(
        summary.addHeading(cut('Missing at run time', section.missing.length), 4),
        ['Path', 'Pages', 'Started by'],
        section.missing
          .slice(0, LISTED)
          .map((resource) => [
            code(resource.path),
            String(resource.pages.length),
            code(resource.examples[0]?.initiator ?? '')
          ])
      )
    }
    if (section.scriptErrors.length > 0) {
      addTable(
        summary.addHeading(cut('Script errors', section.scriptErrors.length), 4),
        ['Page', 'Error', 'At'],
        section.scriptErrors
          .slice(0, LISTED)
          .map((error) => [code(error.page), escapeHtml(error.message), code(error.source ?? '')])
      )
    }
    return summary
  })
}

/** A table's heading, saying when it shows only the first rows. */
function cut(heading: string, total: number): string {
  return total > LISTED ? `${heading}: ${LISTED} of ${total}; all are in the report` : heading
}
