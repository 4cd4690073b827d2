import fc from 'fast-check'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5'

/**
 * Markdown rendered the way GitHub renders a job summary or a comment, for tests to look at what a
 * reader would get: micromark (CommonMark, with the GFM extensions: tables, autolink literals,
 * strikethrough, task lists, footnotes, the tag filter) with raw HTML let through, as GitHub lets it
 * through its sanitiser, then parsed by parse5 as a browser parses HTML. GitHub's own last pass, its
 * filters for mentions, issue references and bare links on the text outside `code`, `pre` and `a`,
 * is `filterTargets`.
 */

type Node = DefaultTreeAdapterTypes.ChildNode | DefaultTreeAdapterTypes.DocumentFragment

export interface Rendered {
  /** The HTML that the Markdown became. */
  html: string
  /** The elements, nested, by tag name only: `table(tbody(tr(td(code))))`. */
  skeleton: string
  /**
   * The skeleton without `code` elements: the escaping puts a word that GitHub's filters would act
   * on in a code span of its own, so outside text may add those, and only those, to a template.
   */
  layout: string
  /** All text, as a reader sees it (character references decoded). */
  text: string
  /** The text of the nodes outside `code`, `pre` and `a`, where GitHub's filters act. */
  filteredText: string[]
  /** The HTML comments, each one's text. */
  comments: string[]
  /** The address of each link. */
  links: string[]
}

/** Renders GitHub Flavored Markdown, raw HTML included, into what a reader's browser builds. */
export function renderGfm(markdown: string): Rendered {
  const html = micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] })
  const root = parseFragment(html)
  const filteredText: string[] = []
  const comments: string[] = []
  const links: string[] = []
  const walk = (node: Node, shielded: boolean): string => {
    if (node.nodeName === '#text') {
      const { value } = node as DefaultTreeAdapterTypes.TextNode
      if (!shielded) filteredText.push(value)
      return ''
    }
    if (node.nodeName === '#comment') {
      comments.push((node as DefaultTreeAdapterTypes.CommentNode).data)
      return ''
    }
    const parent = node as DefaultTreeAdapterTypes.Element | DefaultTreeAdapterTypes.DocumentFragment
    if ('attrs' in parent && parent.nodeName === 'a')
      links.push(parent.attrs.find((attribute) => attribute.name === 'href')?.value ?? '')
    const inner = children(parent)
      .map((child) => walk(child, shielded || SHIELDING.has(node.nodeName)))
      .filter(Boolean)
      .join(',')
    if (node.nodeName === '#document-fragment') return inner
    return inner ? `${node.nodeName}(${inner})` : node.nodeName
  }
  const skeleton = walk(root, false)
  return { html, skeleton, layout: layoutOf(root), text: textOf(root), filteredText, comments, links }
}

/** The elements, nested, by tag name, `code` left out (its text is its parent's). */
function layoutOf(node: Node): string {
  const inner = children(node)
    .filter((child) => !child.nodeName.startsWith('#'))
    .map(layoutOf)
    .filter(Boolean)
    .join(',')
  if (node.nodeName === '#document-fragment' || node.nodeName === 'code') return inner
  return inner ? `${node.nodeName}(${inner})` : node.nodeName
}

/**
 * A summary as a terminal can show it: each heading, paragraph, list item and table row on a line
 * of its own (the cells separated by ` | `, a nested item indented), every folded part open; or,
 * with `folded`, as a reader first sees it: each `<details>` by its summary line alone.
 */
export function plainText(markdown: string, { folded = false } = {}): string {
  const lines: string[] = []
  const inline = (node: Node): string =>
    node.nodeName === '#text'
      ? (node as DefaultTreeAdapterTypes.TextNode).value
      : children(node)
          .filter((child) => !['ul', 'table'].includes(child.nodeName))
          .map(inline)
          .join('')
  const block = (node: Node, depth: number): void => {
    const name = node.nodeName
    if (/^h\d$/.test(name)) lines.push('', `${'#'.repeat(Number(name.slice(1)))} ${inline(node)}`)
    else if (name === 'p') lines.push(inline(node))
    else if (name === 'summary') lines.push(`▸ ${inline(node)}`)
    else if (name === 'details' && folded) {
      const label = children(node).find((child) => child.nodeName === 'summary')
      if (label) block(label, depth)
    } else if (name === 'li') {
      lines.push(`${'  '.repeat(depth)}- ${inline(node)}`)
      for (const child of children(node)) if (child.nodeName === 'ul') block(child, depth + 1)
    } else if (name === 'tr') lines.push(children(node).map(inline).filter(Boolean).join(' | '))
    else for (const child of children(node)) block(child, depth)
  }
  block(parseFragment(renderGfm(markdown).html), 0)
  return lines.join('\n').trim()
}

/** Elements whose text GitHub's mention, reference and autolink filters leave alone. */
const SHIELDING = new Set(['code', 'pre', 'a'])

function textOf(node: Node): string {
  if (node.nodeName === '#text') return (node as DefaultTreeAdapterTypes.TextNode).value
  return children(node).map(textOf).join('')
}

function children(node: Node): DefaultTreeAdapterTypes.ChildNode[] {
  if (node.nodeName === 'template') return (node as DefaultTreeAdapterTypes.Template).content.childNodes
  return 'childNodes' in node ? node.childNodes : []
}

/**
 * What GitHub's filters would turn into a mention, an issue reference or a link, in the text they
 * look at: `@name` (and so `@org/team`, and e-mail addresses), `#12`, and bare addresses
 * (`https://…`, `www.…`).
 */
export function filterTargets(rendered: Rendered): string[] {
  const pattern = /(?<![A-Za-z0-9_`])@[A-Za-z0-9]|#\d|[a-z][a-z0-9+.-]*:\/\/|www\./gi
  return rendered.filteredText.flatMap((text) => text.match(pattern) ?? [])
}

/** Text as a reader sees it once escaped and rendered: NUL as U+FFFD, which CommonMark and HTML both make of it. */
export function shown(text: string): string {
  return text.replace(/\0/g, '\ufffd')
}

/** Pieces that mean something to Markdown, to HTML or to GitHub's filters. */
const DANGEROUS = [
  '\n',
  '\r',
  '\r\n',
  '\n\n',
  '\u2028',
  '\0',
  '\t',
  '    ',
  '|',
  '<',
  '>',
  '> ',
  '[',
  ']',
  '`',
  '```',
  '~~~',
  '*',
  '_',
  '~',
  '!',
  '\\',
  '&',
  '&amp;',
  '&#10;',
  '"',
  "'",
  '#',
  '# ',
  '## Heading',
  '- ',
  '1. ',
  '#12',
  '@',
  '@octocat',
  '@org/team',
  'a@b.example',
  'https://evil.example',
  'www.evil.example',
  '[login](https://evil.example)',
  '![x](https://evil.example/p.png)',
  '<https://evil.example>',
  '](javascript:alert(1))',
  '<img src=x onerror=alert(1)>',
  '<a href="https://evil.example">',
  '</td></tr></table>',
  '<!--',
  '-->',
  '<!-- docs-export-action agent-job 0 -->',
  '<script>',
  '<details>',
  '::error::forged',
  '##[error]forged',
  '\u001b[31m',
  'é',
  '😀'
]

/** Outside text at its worst: the pieces above in any order, with ordinary text between. */
export const hostileText = (maxPieces = 12): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...DANGEROUS),
        fc.string({ maxLength: 4, unit: 'binary-ascii' }),
        fc.string({ maxLength: 4, unit: 'grapheme' })
      ),
      { maxLength: maxPieces }
    )
    .map((pieces) => pieces.join(''))
