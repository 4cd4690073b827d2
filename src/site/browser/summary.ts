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
 * run; otherwise what ran and a table each of the origins reached, what was missing and the script
 * errors, folded, since the problems above say each of them already. `staticOrigins` are those the
 * static check found loaded from elsewhere, which the count of origins reached is set against.
 */
export function addBrowserSection(
  summary: SummarySection,
  section: BrowserSection,
  staticOrigins: readonly string[]
): void {
  const title = { strong: 'Browser pass' }
  if (section.skipped !== null) {
    summary.paragraph([title, `: not run (${section.skipped}).`])
    return
  }
  const browser = `${section.browser ?? ''} ${section.version ?? ''}`.trim()
  const pages = `${section.pages.length} page${section.pages.length === 1 ? '' : 's'}`
  const time = formatDuration(section.durationMs ?? 0)
  const found = section.runtimeOrigins.length + section.missing.length + section.scriptErrors.length
  if (found === 0 && section.notLoaded.length === 0 && staticOrigins.length === 0) {
    summary.paragraph([
      title,
      `: ${pages} loaded in ${browser} in ${time}; no origin reached at run time, nothing missing, no script errors.`
    ])
    return
  }
  summary.folded(`Browser pass: ${pages} loaded in ${browser} in ${time}`, (folded) => {
    folded.table(
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
        ['Origins reached at run time', originsReached(section, staticOrigins)],
        ['Missing at run time', missingCount(section)],
        ['Script errors', section.scriptErrors.length],
        ['Time', `${time}, of which ${formatDuration(section.startupMs ?? 0)} to start the browser`]
      ]
    )
    if (section.runtimeOrigins.length > 0) {
      folded.heading(listedOf('Reached at run time', section.runtimeOrigins.length), 4).table(
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
      folded.heading(listedOf('Missing at run time', section.missing.length), 4).table(
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
      folded.heading(listedOf('Script errors', section.scriptErrors.length), 4).table(
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
  })
}

/** The paths missing at run time, and how many of them the static check found broken too: those are no new problem. */
function missingCount({ missing }: BrowserSection): Inline {
  const also = missing.filter((resource) => resource.inStaticCheck).length
  return also === 0 ? missing.length : `${missing.length} (${also} the static check found too)`
}

/**
 * The origins reached at run time, set against those the static check found, where the two
 * differ: which it found too, which only scripts reach (problems of their own), and which the
 * pages loaded never asked for (a font no page uses, a load that a blocked one would have made).
 */
function originsReached(section: BrowserSection, staticOrigins: readonly string[]): Inline {
  const reached = section.runtimeOrigins
  const also = reached.filter((origin) => origin.inStaticCheck).length
  const only = reached.length - also
  const reachedNames = new Set(reached.map((origin) => origin.origin))
  const unreached = staticOrigins.filter((origin) => !reachedNames.has(origin))
  // Said only where the counts could be misread: some of each kind, or some the pages never reached.
  if ((also === 0 || only === 0) && unreached.length === 0) return reached.length
  const split = [also > 0 ? `${also} the static check found too` : '', only > 0 ? `${only} only at run time` : '']
  const parts: Inline[] = [
    reached.length > 0 ? `${reached.length} (${split.filter(Boolean).join(', ')})` : `${reached.length}`
  ]
  if (unreached.length > 0) {
    const them = unreached.length === 1 ? 'it' : 'them'
    parts.push(
      `; not reached: ${unreached.length} of the ${staticOrigins.length} the static check found, `,
      unreached.length === 1 ? '' : 'such as ',
      { code: cell(unreached[0] ?? '') },
      `: the files name ${them}, but no page loaded asked for ${them}`
    )
  }
  return parts
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
