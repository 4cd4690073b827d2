import { textOf } from './errors.js'
import type { Host, SummaryBuilder } from './host.js'
import { message } from './message.js'
import { bounded, code, renderInline, renderTable, text, type Inline } from './markup.js'

/**
 * A section of the job summary as the engine writes it: raw values only, which src/core/markup.ts
 * escapes for where each lands. Nothing else in the engine writes to the front end's summary.
 */
export interface SummarySection {
  heading(title: string, level: 2 | 3 | 4): SummarySection
  /** A table with a header row. */
  table(header: string[], rows: Inline[][]): SummarySection
  list(items: Inline[]): SummarySection
  paragraph(content: Inline): SummarySection
  /** A folded block of preformatted text (several lines), under `label`. */
  details(label: string, preformatted: string): SummarySection
}

/** The longest preformatted block, in characters: a summary stays far below GitHub's 1 MiB per step. */
const LONGEST_BLOCK = 8000

/** Adds a section to the job summary and writes it, when the front end has one. */
export async function writeSummary(
  host: Pick<Host, 'summary' | 'warning'>,
  what: string,
  write: (section: SummarySection) => void
): Promise<void> {
  const { summary } = host
  if (!summary) return
  try {
    await summary((builder) => {
      write(sectionOf(builder))
      return builder
    })
  } catch (error) {
    // The summary is a courtesy: it must not hide the run's own outcome or error.
    host.warning(message`Could not write ${what}: ${textOf(error)}`)
  }
}

/** Each element on a line of its own, as @actions/core writes them: no blank line ever ends the HTML block. */
function sectionOf(builder: SummaryBuilder): SummarySection {
  const add = (html: string): SummarySection => {
    builder.addRaw(html, true)
    return section
  }
  const section: SummarySection = {
    heading: (title, level) => add(`<h${level}>${text(title)}</h${level}>`),
    table: (header, rows) => add(renderTable(rows, header)),
    list: (items) => add(`<ul>${items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</ul>`),
    paragraph: (content) => add(`<p>${renderInline(content)}</p>`),
    details: (label, preformatted) =>
      add(
        // A line break right after <pre> is dropped by HTML parsers: this one, and not the text's first.
        `<details><summary>${text(label)}</summary><pre>&#10;${code(bounded(preformatted, LONGEST_BLOCK))}</pre></details>`
      )
  }
  return section
}
