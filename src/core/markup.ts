/**
 * Outside text made inert where GitHub renders it: the job summary and the agent comment. Both are
 * HTML elements in a Markdown file (the way @actions/core's summary writes them), which GitHub
 * renders as GitHub Flavored Markdown, sanitises, and then runs its mention, reference and
 * autolink filters over, on the text of the page outside `code`, `pre` and `a`. A value from
 * outside must therefore neither
 * - end the HTML block it sits in: a blank line does (CommonMark, "HTML blocks"), and Markdown
 *   takes over from there, so CR and LF are written as character references and every element
 *   stays on one line;
 * - open or close an element, or leave an attribute: `<`, `>`, `&`, `"` and `'` as references;
 * - be read as Markdown should the block have ended all the same (a step before left the file in
 *   the middle of a paragraph): the punctuation Markdown acts on (`[`, `]`, `` ` ``, `|`, `*`, `_`,
 *   `~`, `!`, `#`, `\`) as references too, which Markdown and HTML both show as the character;
 * - nor become a mention, a reference or a link through GitHub's filters: in text, a word that holds
 *   `@`, `#`, `://` or `www.` is put in `<code>`, where the filters do not look. An invisible
 *   character would do it too, but then what a reader copies is not the value: a link copied from
 *   the page would fail. In code the word is shown, and copied, as it is.
 *
 * Three contexts, one function each: `text` (the content of a table cell, a list item, a
 * paragraph or a heading), `code` (in `<code>` or `<pre>`, where GitHub's filters do not look, so
 * the value stays exact for copying) and `attribute` (an `href`). Callers never escape: they hand
 * `renderInline` raw values, shaped as `Inline`, and it picks the context.
 */

/** What a piece of a summary or a comment is made of; every string in it is raw text. */
export type Inline =
  | string
  | number
  | { code: string }
  | { strong: Inline }
  /** A link, shown as its address unless it has a label of the engine's own. */
  | { link: string; label?: string }
  | Inline[]

/**
 * The longest value shown, in characters; a longer one is cut, ending with `…`. It keeps the
 * comment far below GitHub's 65,536-character limit and the summary below its 1 MiB, whatever the
 * API or the site sends.
 */
export const LONGEST_VALUE = 1000

const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\n': '&#10;',
  '\r': '&#13;',
  '[': '&#91;',
  ']': '&#93;',
  '`': '&#96;',
  '|': '&#124;',
  '*': '&#42;',
  _: '&#95;',
  '~': '&#126;',
  '!': '&#33;',
  '#': '&#35;',
  '\\': '&#92;',
  // Invisible, and written so that a reader of the file sees it.
  '\u200b': '&#8203;',
  // CommonMark and HTML both replace NUL with U+FFFD; said here, it is the same on every reader.
  '\0': '\ufffd'
}
// eslint-disable-next-line no-control-regex
const SPECIAL = /[&<>"'\n\r[\]`|*_~!#\\\u200b\u0000]/g
/** What in a word GitHub's filters would make a mention, an issue reference or a link of. */
const FILTERED = /[@#]|:\/\/|www\./i

function references(value: string): string {
  return value.replace(SPECIAL, (character) => REFERENCES[character] ?? character)
}

/** A value cut to `longest` characters, ending with `…` when it was; never between the halves of a character. */
export function bounded(value: string, longest = LONGEST_VALUE): string {
  if (value.length <= longest) return value
  const end = /[\ud800-\udbff]/.test(value.charAt(longest - 2)) ? longest - 2 : longest - 1
  return `${value.slice(0, end)}…`
}

/** Outside text as the content of an element, shown as it is and acted on by nothing. */
export function text(value: string): string {
  // Split at white space, which the words keep between them (at odd indexes).
  return value
    .split(/(\s+)/)
    .map((word) => {
      if (!FILTERED.test(word)) return references(word)
      // The punctuation around a link, "(https://x.example):", stays outside its code span.
      const [, before = '', inner = '', after = ''] = /^([("'[]*)(.*?)([)"'\].,:;!?]*)$/s.exec(word) ?? []
      return `${references(before)}<code>${code(inner)}</code>${references(after)}`
    })
    .join('')
}

/** Outside text inside `<code>` or `<pre>`: exact, on one line of the file. */
export function code(value: string): string {
  return references(value)
}

/** Outside text as a double-quoted attribute's value. */
function attribute(value: string): string {
  return references(value)
}

/** An address that may be a link: http or https, and short enough to be shown whole. */
function linkable(address: string): boolean {
  const url = URL.parse(address)
  return url !== null && (url.protocol === 'https:' || url.protocol === 'http:') && address.length <= LONGEST_VALUE
}

/** The HTML of `content`, each raw value escaped for where it lands and cut to LONGEST_VALUE. */
export function renderInline(content: Inline): string {
  if (typeof content === 'number') return String(content)
  if (typeof content === 'string') return text(bounded(content))
  if (Array.isArray(content)) return content.map(renderInline).join('')
  if ('code' in content) return `<code>${code(bounded(content.code))}</code>`
  if ('strong' in content) return `<strong>${renderInline(content.strong)}</strong>`
  // The address is its own text; inside `a`, GitHub's filters do not look.
  if (linkable(content.link)) {
    return `<a href="${attribute(content.link)}">${content.label === undefined ? code(content.link) : text(content.label)}</a>`
  }
  return renderInline({ code: content.link })
}

/** An HTML table on one line, the first row of header cells when `header` is given. */
export function renderTable(rows: Inline[][], header?: string[]): string {
  const row = (cells: string[]): string => `<tr>${cells.join('')}</tr>`
  const head = header ? [row(header.map((cell) => `<th>${text(cell)}</th>`))] : []
  return `<table>${[...head, ...rows.map((cells) => row(cells.map((cell) => `<td>${renderInline(cell)}</td>`)))].join('')}</table>`
}
