import { describe, expect, it } from 'vitest'
import { scanCss, type CssReference } from '../../src/site/css.js'

function references(css: string): CssReference[] {
  const found: CssReference[] = []
  scanCss(css, (reference) => found.push(reference))
  return found
}

const urls = (css: string): string[] => references(css).map((reference) => reference.url)

describe('scanCss', () => {
  it('reads url() unquoted, in single and double quotes, with spaces inside the parentheses', () => {
    expect(
      urls(`a{background:url(a.png)} b{background:url( 'b.png' )} c{background:URL("c.png")} d{mask:url(  d.svg  )}`)
    ).toEqual(['a.png', 'b.png', 'c.png', 'd.svg'])
  })

  it('decodes escapes in url() and in strings', () => {
    expect(urls('a{background:url(a\\)b.png)} b{background:url("c\\"d.png")} c{background:url(\\2f e.png)}')).toEqual([
      'a)b.png',
      'c"d.png',
      '/e.png'
    ])
  })

  it('skips comments and strings: a url( inside either is no reference', () => {
    expect(
      urls(
        '/* url(commented.png) */ a{content:"url(quoted.png)"} b{content:\'url(single.png)\'} c{background:url(real.png)}'
      )
    ).toEqual(['real.png'])
  })

  it('reads @import with a string or url(), whatever follows', () => {
    expect(
      references('@import "a.css"; @IMPORT url(b.css) print; @import \'c.css\' layer(base) supports(display:grid);')
    ).toEqual([
      { url: 'a.css', kind: 'import' },
      { url: 'b.css', kind: 'import' },
      { url: 'c.css', kind: 'import' }
    ])
  })

  it('tells fonts from images: inside @font-face, or by the file extension', () => {
    const css = `@font-face{font-family:X;src:url(x.bin) format("woff2"),url("x.woff")}
      .a{background:url(bg.png)} .b{src:url(late.woff2?v=1)} @media print{.c{background:url(print.svg)}}`
    expect(references(css)).toEqual([
      { url: 'x.bin', kind: 'font' },
      { url: 'x.woff', kind: 'font' },
      { url: 'bg.png', kind: 'image' },
      { url: 'late.woff2?v=1', kind: 'font' },
      { url: 'print.svg', kind: 'image' }
    ])
  })

  it('reads the strings of image-set() and -webkit-image-set() as URLs, and nothing else in strings', () => {
    expect(
      urls(
        'a{background:image-set("a.png" 1x,\'b.png\' 2x)} b{background:-webkit-image-set(url(c.png) 1x)} c{font-family:"Not A Url"}'
      )
    ).toEqual(['a.png', 'b.png', 'c.png'])
  })

  it('does not take a function that merely ends in url for url()', () => {
    expect(urls('a{background:my-url(a.png);--x:rl(b.png)}')).toEqual([])
  })

  it('returns data: URLs as they are (the resolver ignores them) and skips an empty url()', () => {
    expect(urls('a{mask:url(data:image/svg+xml;base64,PHN2Zy8+)} b{background:url()} c{background:url("")}')).toEqual([
      'data:image/svg+xml;base64,PHN2Zy8+'
    ])
  })

  it('ends cleanly on an unclosed comment, string or url()', () => {
    expect(urls('a{background:url(a.png)} /* never closed')).toEqual(['a.png'])
    expect(urls('a{content:"never closed')).toEqual([])
    expect(urls('a{background:url(cut.png')).toEqual(['cut.png'])
    expect(urls('@import "cut.css')).toEqual(['cut.css'])
  })
})
