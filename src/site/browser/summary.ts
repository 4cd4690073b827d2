import { formatDuration } from '../../core/format.js'
import type { Host } from '../../core/host.js'
import type { Inline } from '../../core/markup.js'
import { writeSummary } from '../../core/summary.js'
import type { BrowserSection } from './types.js'

/** Rows of each table in the job summary; the report has them all. */
const LISTED = 10

/** The browser pass's section of the job summary: what ran, the origins reached, what was missing or failed. */
export async function writeBrowserSummary(host: Host, section: BrowserSection): Promise<void> {
  await writeSummary(host, 'the browser pass to the job summary', (summary) => {
    summary.heading('Browser pass', 3)
    if (section.skipped !== null) {
      summary.paragraph(`Not run: ${section.skipped}`)
      return
    }
    const rows: Inline[][] = [
      ['Browser', `${section.browser ?? ''} ${section.version ?? ''}`.trim()],
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
      ['Origins reached at run time', section.runtimeOrigins.length],
      ['Missing at run time', section.missing.length],
      ['Script errors', section.scriptErrors.length],
      [
        'Time',
        `${formatDuration(section.durationMs ?? 0)}, of which ${formatDuration(section.startupMs ?? 0)} to start the browser`
      ]
    ]
    summary.table(['Browser pass', 'Result'], rows)
    if (section.runtimeOrigins.length > 0) {
      summary.heading(cut('Reached at run time', section.runtimeOrigins.length), 4).table(
        ['Origin', 'Types', 'Pages', 'Such as', 'Started by'],
        section.runtimeOrigins.slice(0, LISTED).map((origin) => {
          const [first] = origin.examples
          return [
            { code: origin.origin },
            origin.types.join(', '),
            origin.pages.length,
            { code: first?.url ?? '' },
            { code: first?.initiator ?? '' }
          ]
        })
      )
    }
    if (section.missing.length > 0) {
      summary.heading(cut('Missing at run time', section.missing.length), 4).table(
        ['Path', 'Pages', 'Started by'],
        section.missing
          .slice(0, LISTED)
          .map((resource) => [
            { code: resource.path },
            resource.pages.length,
            { code: resource.examples[0]?.initiator ?? '' }
          ])
      )
    }
    if (section.scriptErrors.length > 0) {
      summary.heading(cut('Script errors', section.scriptErrors.length), 4).table(
        ['Page', 'Error', 'At'],
        section.scriptErrors
          .slice(0, LISTED)
          .map((error) => [{ code: error.page }, error.message, { code: error.source ?? '' }])
      )
    }
  })
}

/** A table's heading, saying when it shows only the first rows. */
function cut(heading: string, total: number): string {
  return total > LISTED ? `${heading}: ${LISTED} of ${total}; all are in the report` : heading
}
