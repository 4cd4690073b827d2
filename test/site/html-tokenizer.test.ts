import { Tokenizer } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { HtmlTokenizer, type TokenizerCallbacks } from '../../src/site/html-tokenizer.js'
import { brokenSite, exportPage, exportShapedSite, type Breakage } from '../emulator/sites.js'
import { networkPaths } from '../support/containment.js'
import { seededRandom } from '../support/seeded-random.js'

/**
 * The tokenizer is held to htmlparser2's, which the site check read pages with before: for any
 * text, the same callbacks with the same arguments in the same order. The cases are the markup
 * htmlparser2 treats specially, the test sites' pages, and random markup made of the pieces that
 * move its state machine.
 */

type Event = [string, ...number[]]

function recorder(events: Event[]): TokenizerCallbacks {
  const record =
    (name: string) =>
    (...args: number[]): void => {
      events.push([name, ...args])
    }
  return {
    ontext: record('text'),
    onopentagname: record('opentagname'),
    onattribname: record('attribname'),
    onattribdata: record('attribdata'),
    onattribend: record('attribend'),
    onopentagend: record('opentagend'),
    onselfclosingtag: record('selfclosingtag'),
    onclosetag: record('closetag'),
    oncomment: record('comment'),
    oncdata: record('cdata'),
    ondeclaration: record('declaration'),
    onend: record('end')
  }
}

const ours: Event[] = []
const theirs: Event[] = []
const tokenizer = new HtmlTokenizer(recorder(ours))
const reference = new Tokenizer(
  { decodeEntities: false },
  {
    ...recorder(theirs),
    onattribentity: () => theirs.push(['attribentity']),
    ontextentity: () => theirs.push(['textentity']),
    onprocessinginstruction: () => theirs.push(['processinginstruction'])
  }
)

function events(html: string): { ours: Event[]; theirs: Event[] } {
  ours.length = 0
  theirs.length = 0
  tokenizer.tokenize(html)
  reference.reset()
  reference.write(html)
  reference.end()
  return { ours: [...ours], theirs: [...theirs] }
}

function expectSame(html: string): void {
  const { ours, theirs } = events(html)
  expect(ours, JSON.stringify(html)).toEqual(theirs)
}

/** Markup htmlparser2 reads in a way of its own: each is checked alone, and at the end of a page, where it is cut short. */
const CASES = [
  '',
  'text only',
  '<a href="/x" id=y name=\'z\'>link</a>',
  '<a href=/x>unquoted</a><a href=>empty</a><a href >spaced</a><a href = "/y" >',
  '<a =x>',
  '<a href="/x"/><br/><img src=/i.png/>',
  '<a/href="/x">',
  '<A HREF="/X">UPPER</A>',
  '<a href="/x" href="/y">',
  '<a href="&amp;&#47;&lt;">',
  '<!DOCTYPE html><!doctype html>',
  '<!doctypex><!doc><!d>',
  '<!-- comment --><!----><!--><!---><!-- a --!><!-- b ---><!-- c -- -->',
  '<!--<a href="/in-comment">-->',
  '<![CDATA[<a href="/in-cdata">]]><![CDATA[x]]]>',
  '<![CDAT<a href="/bogus">',
  '<?xml version="1.0"?><a href="/after-pi">',
  '<!bogus comment><a href="/after">',
  '</><a href="/after-empty-end">',
  '</ a><a href="/after-bogus-end">',
  '</1><a href="/after-digit">',
  '<1a href="/not-a-tag">',
  '<<a href="/double">',
  '< a href="/spaced">',
  '<script>var a = "<a href=\\"/in-script\\">"</script><a href="/after-script">',
  '<script src="/s.js"/><a href="/in-self-closed-script">',
  '<SCRIPT>x</ScRiPt ><a href="/after">',
  '<script>a</scriptx><a href="/still-script"></script>',
  '<script>a<</script><a href="/after">',
  '<script>a</script',
  '<style>@import "/a.css"; a { background: url(/b.png) }</style><a href="/after-style">',
  '<style>a{}</style x><style/>b{}</style>',
  '<title><a href="/in-title"></title><textarea><a href="/in-textarea"></textarea>',
  '<title>\u001c\u000ftitle><a href="/after-control-title">',
  '<script>\u001c\u000fscript><a href="/after-control-script">',
  '<iframe><a href="/in-iframe"></iframe><noembed><a></noembed><noframes><a></noframes><xmp><a></xmp>',
  '<noscript><a href="/in-noscript"></noscript>',
  '<plaintext><a href="/in-plaintext"></plaintext>',
  '<scrip><styl><titl><textare><noem><nofr><ifr><pla><xm>',
  '<scripts><a href="/after-scripts">',
  '<svg><script>x</script><style>a{}</style><a href="/in-svg"></svg>',
  '<a href="/x"\n\ttitle=\'t\'\fdata-x\r>',
  '<a href="unterminated',
  "<a href='unterminated",
  '<a href=unterminated',
  '<a href',
  '<a href=',
  '<a ',
  '<a',
  '<',
  '</a',
  '</',
  '<!',
  '<!-',
  '<!--',
  '<!-- x -',
  '<!-- x --',
  '<![CDA',
  '<![CDATA[x',
  '<![CDATA[x]]',
  '<!DOCTYP',
  '<!DOCTYPE',
  '<!DOCTYPE html',
  '<?x',
  '<title>x',
  '<style>a{}',
  '<plaintext>',
  'a\u0000b<a\u0000 href="\u0000">é😀<p title="é😀">'
]

describe('HtmlTokenizer', () => {
  it('calls back as htmlparser2 does on the markup it treats specially', () => {
    for (const html of CASES) {
      expectSame(html)
      expectSame(`<p id=before>${html}`)
      expectSame(`${html}<a href="/after">after</a>`)
    }
  })

  it('calls back as htmlparser2 does on the test sites and the pages of the browser containment test, whole and cut at every 97th character', async () => {
    const breakages: Breakage[] = [
      'missing-page',
      'css-asset',
      'srcset-asset',
      'external-loads',
      'canonical-host',
      'sitemap-host',
      'sitemap-unresolved',
      'no-index',
      'fewer-pages',
      'svg-references',
      'fragment',
      'sitemap-index'
    ]
    const sites = [exportShapedSite(), ...breakages.map((breakage) => brokenSite(breakage))]
    const pages = sites
      .flatMap((site) => site.entries)
      .filter((entry) => entry.name.endsWith('.html'))
      .map((entry) => String(entry.content))
    for (const { path } of await networkPaths())
      pages.push(exportPage(path.route, { nav: [], head: path.head({ tcp: 1, udp: 2 }) }))
    pages.push(exportPage('guides/x', { nav: ['a', 'b'], payload: 'x'.repeat(5000), body: '<p>é😀</p>' }))
    expect(pages.length).toBeGreaterThan(100)
    for (const page of pages) {
      expectSame(page)
      for (let cut = 0; cut < page.length; cut += 97) expectSame(page.slice(0, cut))
    }
  })

  it('calls back as htmlparser2 does on long runs of what starts a tag, a comment or a value, without recursing', () => {
    for (const piece of ['<', '<<a', '</', '<!', '<!--', '<a ', '<a x=', '<a x="', '<script><', '<title>\u001c', '--!'])
      expectSame(piece.repeat(20_000))
  })

  it('calls back as htmlparser2 does on random markup', () => {
    // The pieces that move the state machine, and text around them; a fixed seed keeps a failure reproducible.
    const pieces = [
      '<',
      '>',
      '/',
      '!',
      '?',
      '-',
      '--',
      '=',
      '"',
      "'",
      ' ',
      '\n',
      '\t',
      '\f',
      '\r',
      '[',
      ']',
      '&',
      '&amp;',
      '\u001c',
      '\u000f',
      '\u0000',
      'é',
      '😀',
      'a',
      'A',
      'x',
      'b',
      'p',
      'href',
      'src',
      'id',
      'style',
      'script',
      'SCRIPT',
      'style',
      'title',
      'textarea',
      'iframe',
      'noembed',
      'noframes',
      'xmp',
      'plaintext',
      'doctype',
      'DOCTYPE',
      'CDATA[',
      '<!--',
      '-->',
      '--!>',
      '<!',
      '<?',
      ']]>',
      '<![CDATA[',
      '</',
      '</script',
      '</style',
      '</title',
      '</textarea',
      '<a ',
      '<a href="',
      '<script>',
      '<style>',
      '<title>',
      '<textarea>',
      '<plaintext>',
      '<img src=',
      '/>',
      '" ',
      "' "
    ]
    const next = seededRandom(0x2545f491)
    let differing = 0
    let first = ''
    for (let document = 0; document < 20_000; document++) {
      let html = ''
      const length = next(40)
      for (let piece = 0; piece < length; piece++) html += pieces[next(pieces.length)]
      const { ours, theirs } = events(html)
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
        differing++
        first ||= html
      }
    }
    expect(first, `${differing} documents differ; the first: ${JSON.stringify(first)}`).toBe('')
  })

  it('reads a tag, its attributes and raw text with the positions of the page', () => {
    const html = '<a href="/x" hidden>t</a><script>1<2</script>'
    expect(events(html).ours).toEqual([
      ['opentagname', 1, 2],
      ['attribname', 3, 7],
      ['attribdata', 9, 11],
      ['attribend', 3, 12],
      ['attribname', 13, 19],
      ['attribend', 0, 19],
      ['opentagend', 19],
      ['text', 20, 21],
      ['closetag', 23, 24],
      ['opentagname', 26, 32],
      ['opentagend', 32],
      ['text', 33, 36],
      ['closetag', 38, 44],
      ['end']
    ])
  })
})
