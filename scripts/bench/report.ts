/** What a figure says in BENCHMARKS.md, and its result tables, printed to the terminal and written as markdown. */

/**
 * A figure's own text, kept in its module beside the code that measures it, so that BENCHMARKS.md
 * is written whole by `npm run bench`.
 */
export interface FigureText {
  /** Orders the sections ('3' before '3b' before '4') and names the figure elsewhere. */
  number: string
  title: string
  /** What the figure measures, and why it matters to a user. */
  measures: string
  /** The tool measured in the same run, alternated with the action. */
  peer: string
  /** The target, and where its reason is written when it is not obvious. */
  target: string
  /** The next step when a target of the figure is missed: listed under "What is left". */
  whenMissed: string
  /** What the figure needs on the machine beyond Node, `curl`, `tar` and `sync`. */
  needs?: string
}

/** A case of a figure as the summary at the top of BENCHMARKS.md states it. */
interface Headline {
  case: string
  /** Today's value: the median, with the smallest and largest run. */
  today: string
  /** The peer's value in the same runs. */
  peer: string
  target: string
}

export interface Row {
  cells: string[]
  /** true: target met; false: missed; undefined: shown for information, no target. */
  pass?: boolean
  /** Set on every row with a target: its line in the summary. */
  headline?: Headline
}

/** What one figure's run measured. */
export interface Table {
  /** The `number` of the figure's text this table belongs to. */
  figure: string
  columns: string[]
  rows: Row[]
  /** How it was measured, with this run's counts and sizes: paragraphs under the table. */
  method: string[]
}

export const verdict = (row: Row): string => (row.pass === undefined ? 'info' : row.pass ? 'PASS' : 'MISS')

export function printTable(table: Table, text: FigureText | undefined): void {
  const header = [...table.columns, 'result']
  const body = table.rows.map((row) => [...row.cells, verdict(row)])
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)))
  const line = (cells: string[]): string => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')
  console.log(`\n${table.figure}. ${text?.title ?? ''}`)
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const cells of body) console.log(line(cells))
}

export function markdownTable(columns: string[], rows: string[][]): string {
  const escape = (cell: string): string => cell.replace(/\|/g, '\\|')
  return [columns, columns.map(() => '---'), ...rows].map((cells) => `| ${cells.map(escape).join(' | ')} |`).join('\n')
}

/** '3' < '3b' < '4' < '10'. */
export function byFigureNumber(a: string, b: string): number {
  return Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b)
}
