import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bounded, code, LONGEST_VALUE, renderInline, renderTable, text } from '../src/core/markup.js'
import { filterTargets, hostileText, renderGfm, shown } from './support/gfm.js'

describe('text', () => {
  it('writes line breaks, markup and Markdown punctuation as character references', () => {
    expect(text('a\n\nb\rc')).toBe('a&#10;&#10;b&#13;c')
    expect(text('<img src=x> & "q" \'s\'')).toBe('&lt;img src=x&gt; &amp; &quot;q&quot; &#39;s&#39;')
    expect(text('[l](u) `c` | *e* _u_ ~s~ !i \\')).toBe(
      '&#91;l&#93;(u) &#96;c&#96; &#124; &#42;e&#42; &#95;u&#95; &#126;s&#126; &#33;i &#92;'
    )
  })

  it('puts a word GitHub would make a mention, a reference or a link of in a code span, and adds nothing invisible', () => {
    expect(text('@org/team')).toBe('<code>@org/team</code>')
    expect(text('see #12')).toBe('see <code>&#35;12</code>')
    expect(text('https://evil.example and WWW.evil.example')).toBe(
      '<code>https://evil.example</code> and <code>WWW.evil.example</code>'
    )
    expect(text('a\n@b')).toBe('a&#10;<code>@b</code>')
    // The punctuation around it stays outside.
    expect(text('at (https://x.example/a): partial')).toBe('at (<code>https://x.example/a</code>): partial')
  })

  it('shows NUL as U+FFFD, as every reader would', () => {
    expect(text('a\0b')).toBe('a\ufffdb')
  })
})

describe('code', () => {
  it('keeps the value exact but for references: no invisible break in what a reader copies', () => {
    expect(code('@org https://x.example/#1')).toBe('@org https://x.example/&#35;1')
    expect(code('a\nb')).toBe('a&#10;b')
  })
})

describe('renderInline', () => {
  it('renders code, strong text and numbers', () => {
    expect(renderInline(['Job ', { code: 'se_<1>' }, ': ', { strong: 'failed' }, ' after ', 3])).toBe(
      'Job <code>se&#95;&lt;1&gt;</code>: <strong>failed</strong> after 3'
    )
  })

  it('links only an http or https address, escaped in the attribute', () => {
    expect(renderInline({ link: 'https://github.com/a/b/pull/1?x="y"' })).toBe(
      '<a href="https://github.com/a/b/pull/1?x=&quot;y&quot;">https://github.com/a/b/pull/1?x=&quot;y&quot;</a>'
    )
    expect(renderInline({ link: 'javascript:alert(1)' })).toBe('<code>javascript:alert(1)</code>')
  })

  it('cuts a value longer than LONGEST_VALUE', () => {
    const rendered = renderInline('x'.repeat(LONGEST_VALUE * 3))
    expect(rendered).toBe(`${'x'.repeat(LONGEST_VALUE - 1)}…`)
    expect(bounded('short')).toBe('short')
    // Never half of a character outside the Basic Multilingual Plane.
    expect(bounded(`${'x'.repeat(8)}😀😀`, 10)).toBe(`${'x'.repeat(8)}…`)
    expect(bounded(`${'x'.repeat(7)}😀😀`, 10)).toBe(`${'x'.repeat(7)}😀…`)
  })
})

describe('escaped values, rendered as GitHub renders them', () => {
  /** A template with every context: a heading's text, a paragraph, a table's cells, code and a link. */
  const template = (value: string): string =>
    [
      `<h3>Check</h3>`,
      `<p>${renderInline(['Said: ', value])}</p>`,
      renderTable(
        [
          ['Text', value],
          ['Code', { code: value }],
          ['Both', [value, ' ', { code: value }]]
        ],
        ['Field', 'Value']
      ),
      `<ul><li>${renderInline(value)}</li></ul>`,
      `<p>${renderInline({ link: 'https://github.com/acme/docs/pull/1' })}</p>`
    ].join('\n')
  const plain = renderGfm(template('x'))

  it('keep the template’s elements, and only them (but for code spans), whatever the value', () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        const rendered = renderGfm(template(value))
        expect(rendered.layout).toBe(plain.layout)
        // A code span the value adds holds nothing but text.
        expect(rendered.skeleton).not.toMatch(/code\(/)
      }),
      { numRuns: 500 }
    )
  })

  it('show each value as it was, character for character: nothing invisible added, nothing left out', () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        const rendered = renderGfm(template(value))
        // Six times: the paragraph, three cells (one with two), and the list item.
        expect(rendered.text.split(shown(value)).length - 1).toBeGreaterThanOrEqual(value ? 6 : 0)
        // No U+200B but those of the value itself, shown six times.
        const invisible = (text: string): number => text.match(/\u200b/g)?.length ?? 0
        expect(invisible(rendered.text)).toBe(6 * invisible(value))
      }),
      { numRuns: 500 }
    )
  })

  it('leave GitHub’s filters nothing to turn into a mention, a reference or a link', () => {
    fc.assert(
      fc.property(hostileText(), (value) => {
        expect(filterTargets(renderGfm(template(value)))).toEqual([])
      }),
      { numRuns: 500 }
    )
  })

  it('hold an HTML block together even after a blank line and a heading, the review’s example', () => {
    const value = '/nope\n\n# Heading [login](https://evil.example)'
    const rendered = renderGfm(template(value))
    expect(rendered.layout).toBe(plain.layout)
    expect(rendered.html).not.toContain('<h1>')
    expect(rendered.text).toContain(value)
  })
})
