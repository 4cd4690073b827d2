import type { Annotation, Host, SummaryBuilder } from '../../src/host.js'

/**
 * A front end for engine modules that take their host as a parameter: it keeps every line and
 * the summary as text, and lets a test act on a line as it is logged.
 */
export class RecordingHost implements Pick<Host, 'info' | 'debug' | 'notice' | 'warning' | 'summary'> {
  readonly lines: string[] = []
  readonly warnings: { message: string; annotation?: Annotation }[] = []
  summaryText = ''
  /** Rejects every summary write, as a front end whose summary file cannot be written does. */
  failSummary = false

  constructor(private readonly onInfo?: (line: string) => void) {}

  info(message: string): void {
    this.lines.push(message)
    this.onInfo?.(message)
  }

  debug(message: string): void {
    this.lines.push(`debug: ${message}`)
  }

  notice(message: string): void {
    this.lines.push(`notice: ${message}`)
  }

  warning(message: string, annotation?: Annotation): void {
    this.warnings.push({ message, annotation })
    this.lines.push(`warning: ${message}`)
  }

  readonly summary = async (add: (summary: SummaryBuilder) => SummaryBuilder): Promise<void> => {
    if (this.failSummary) throw new Error('EACCES: permission denied, open summary.md')
    const builder = new TextSummary()
    add(builder)
    this.summaryText += builder.text
  }
}

/** A summary rendered the way @actions/core renders it, as HTML. */
export class TextSummary implements SummaryBuilder {
  text = ''

  addHeading(text: string, level: number | string = 1): SummaryBuilder {
    this.text += `<h${level}>${text}</h${level}>\n`
    return this
  }

  addTable(rows: (string | { data: string; header?: boolean })[][]): SummaryBuilder {
    const cell = (value: string | { data: string; header?: boolean }): string =>
      typeof value === 'string'
        ? `<td>${value}</td>`
        : value.header
          ? `<th>${value.data}</th>`
          : `<td>${value.data}</td>`
    this.text += `<table>${rows.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</table>\n`
    return this
  }

  addList(items: string[], ordered = false): SummaryBuilder {
    const tag = ordered ? 'ol' : 'ul'
    this.text += `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>\n`
    return this
  }

  addDetails(label: string, content: string): SummaryBuilder {
    this.text += `<details><summary>${label}</summary>${content}</details>\n`
    return this
  }

  addRaw(text: string, addEOL = false): SummaryBuilder {
    this.text += addEOL ? `${text}\n` : text
    return this
  }
}
