/** Result tables, printed to the terminal and written as markdown. */

export interface Row {
  cells: string[]
  /** true: target met; false: missed; undefined: shown for information, no target. */
  pass?: boolean
}

export interface Table {
  title: string
  columns: string[]
  rows: Row[]
  /** Paragraphs under the table (method, caveats). */
  notes?: string[]
}

const verdict = (row: Row): string => (row.pass === undefined ? 'info' : row.pass ? 'PASS' : 'MISS')

export function printTable(table: Table): void {
  const header = [...table.columns, 'result']
  const body = table.rows.map((row) => [...row.cells, verdict(row)])
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => (cells[i] ?? '').length)))
  const line = (cells: string[]): string => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')
  console.log(`\n${table.title}`)
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const cells of body) console.log(line(cells))
}

export function markdownTable(table: Table): string {
  const header = [...table.columns, 'result']
  const escape = (cell: string): string => cell.replace(/\|/g, '\\|')
  const lines = [
    `| ${header.map(escape).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...table.rows.map(
      (row) =>
        `| ${[...row.cells, row.pass === undefined ? 'info' : row.pass ? '**PASS**' : '**MISS**'].map(escape).join(' | ')} |`
    )
  ]
  return lines.join('\n')
}
