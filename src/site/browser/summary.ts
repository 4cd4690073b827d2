import { formatDuration } from '../../core/format.js'
import { bounded, type Inline } from '../../core/markup.js'
import type { SummarySection } from '../../core/summary.js'
import type { BrowserSection } from './types.js'

/** Rows of each table in the job summary; the report has them all. */
const LISTED = 10
/**
 * Longest value in a table's cell: a table wider than the page hides its last columns. Addresses
 * and initiators are cut; the report has them whole.
 */
const LONGEST_CELL = 48
/** Longest error message in its cell, which wraps at spaces. */
const LONGEST_MESSAGE = 200

/**
 * The browser pass's section of the job summary: one line when it ran and found nothing, or did not
 * run; otherwise what ran, folded, and a table each of the origins reached, what was missing and
 * the script errors.
 */
export function addBrowserSection(summary: SummarySection, section: BrowserSection): void {
  const title = { strong: 'Browser pass' }
  if (section.skipped !== null) {
    summary.paragraph([title, `: not run (${section.skipped}).`])
    return
  }
  const browser = `${section.browser ?? ''} ${section.version ?? ''}`.trim()
  const pages = `${section.pages.length} page${section.pages.length === 1 ? '' : 's'}`
  const time = formatDuration(section.durationMs ?? 0)
  const found = section.runtimeOrigins.length + section.missing.length + section.scriptErrors.length
  if (found === 0 && section.notLoaded.length === 0) {
    summary.paragraph([
      title,
      `: ${pages} loaded in ${browser} in ${time}; no origin reached at run time, nothing missing, no script errors.`
    ])
    return
  }
  summary.detailTable(
    `Browser pass: ${pages} loaded in ${browser} in ${time}`,
    ['Browser pass', 'Result'],
    [
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
      ['Time', `${time}, of which ${formatDuration(section.startupMs ?? 0)} to start the browser`]
    ]
  )
  if (section.runtimeOrigins.length > 0) {
    summary.detailTable(
      listedOf('Reached at run time', section.runtimeOrigins.length),
      ['Origin', 'Types', 'Pages', 'Such as'],
      section.runtimeOrigins
        .slice(0, LISTED)
        .map((origin) => [
          { code: cell(origin.origin) },
          origin.types.join(', '),
          origin.pages.length,
          { code: cell(pathOf(origin.examples[0]?.url ?? origin.exampleUrl)) }
        ])
    )
  }
  if (section.missing.length > 0) {
    summary.detailTable(
      listedOf('Missing at run time', section.missing.length),
      ['Path', 'Pages', 'Started by'],
      section.missing
        .slice(0, LISTED)
        .map((resource) => [
          { code: cell(resource.path) },
          resource.pages.length,
          shownCell(resource.examples[0]?.initiator)
        ])
    )
  }
  if (section.scriptErrors.length > 0) {
    summary.detailTable(
      listedOf('Script errors', section.scriptErrors.length),
      ['Page', 'Error', 'At'],
      section.scriptErrors
        .slice(0, LISTED)
        .map((error): Inline[] => [
          { code: cell(error.page) },
          bounded(error.message, LONGEST_MESSAGE),
          shownCell(error.source)
        ])
    )
  }
}

/** An address without its origin, which the row names already: `/v1/query?q=x`. */
function pathOf(url: string): string {
  const parsed = URL.parse(url)
  return parsed ? `${parsed.pathname}${parsed.search}` : url
}

/** A table's title, saying when it shows only the first rows. */
function listedOf(title: string, total: number): string {
  return total > LISTED ? `${title}: ${LISTED} of ${total}; the report has them all` : title
}

function cell(value: string): string {
  return bounded(value, LONGEST_CELL)
}

/** A value that may be absent, as code; nothing when it is. */
function shownCell(value: string | null | undefined): Inline {
  return value ? { code: cell(value) } : ''
}
