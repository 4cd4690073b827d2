import path from 'node:path'
import { textOf } from './errors.js'
import type { Host, SummaryBuilder } from './host.js'
import { message } from './message.js'
import { bounded, renderInline, renderTable, text, type Inline } from './markup.js'

/**
 * A section of the job summary as the engine writes it: raw values only, which src/core/markup.ts
 * escapes for where each lands. Nothing else in the engine writes to the front end's summary.
 */
export interface SummarySection {
  heading(title: string, level: 2 | 3 | 4): SummarySection
  /** A table with a header row. */
  table(header: string[], rows: Inline[][]): SummarySection
  /** A table under its title, folded under it once it has more than OPEN_ROWS rows. */
  detailTable(title: string, header: string[], rows: Inline[][]): SummarySection
  list(items: Inline[]): SummarySection
  /** A list of groups, each its head and a list of its items. */
  groups(groups: readonly { head: Inline; items: readonly Inline[] }[]): SummarySection
  paragraph(content: Inline): SummarySection
  /** Why the step failed: its error's message, whole (but for a bound far above any message's length). */
  error(message: string): SummarySection
  /** What `write` adds, folded under `label`: `<details>`. */
  folded(label: Inline, write: (section: SummarySection) => void): SummarySection
}

/** The longest error shown, in characters: a summary stays far below GitHub's 1 MiB per step. */
const LONGEST_ERROR = 8000

/** Rows of a table shown open; a longer one is folded, so that what follows stays in sight. */
const OPEN_ROWS = 6

/**
 * A file the run wrote, as the summary names it: relative to the workspace when it lies there;
 * otherwise (the runner's temporary folder, emptied after the job) by the output that holds its path.
 */
export function shownPath(file: string, output: string, workspace: string | undefined): Inline {
  const relative = workspace === undefined ? '..' : path.relative(workspace, file)
  if (relative && !relative.startsWith('..') && !path.isAbsolute(relative)) return { code: relative }
  return ['the output ', { code: output }]
}

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
  const list = (items: readonly Inline[]): string =>
    `<ul>${items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</ul>`
  const section: SummarySection = {
    heading: (title, level) => add(`<h${level}>${text(bounded(title))}</h${level}>`),
    table: (header, rows) => add(renderTable(rows, header)),
    detailTable: (title, header, rows) =>
      rows.length > OPEN_ROWS
        ? section.folded(title, (folded) => folded.table(header, rows))
        : section.heading(title, 4).table(header, rows),
    list: (items) => add(list(items)),
    groups: (groups) =>
      add(
        `<ul>${groups.map(({ head, items }) => `<li>${renderInline(head)}${items.length > 0 ? list(items) : ''}</li>`).join('')}</ul>`
      ),
    paragraph: (content) => add(`<p>${renderInline(content)}</p>`),
    error: (message) => add(`<p><strong>Error:</strong> ${text(bounded(message, LONGEST_ERROR))}</p>`),
    folded: (label, write) => {
      // Each on a line of its own, with no blank line between: the folded part stays in the HTML block.
      add(`<details><summary>${renderInline(label)}</summary>`)
      write(section)
      return add('</details>')
    }
  }
  return section
}
