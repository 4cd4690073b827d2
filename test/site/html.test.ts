import { describe, expect, it } from 'vitest'
import { HtmlScanner, refreshUrl, srcsetUrls, type HtmlReference, type PageAddress } from '../../src/site/html.js'

interface Scanned {
  references: HtmlReference[]
  addresses: PageAddress[]
  bases: string[]
  ids: string[]
}

const scanner = new HtmlScanner()

function scan(html: string): Scanned {
  const scanned: Scanned = { references: [], addresses: [], bases: [], ids: [] }
  scanner.scan(html, {
    reference: (reference) => scanned.references.push(reference),
    address: (address) => scanned.addresses.push(address),
    base: (url) => scanned.bases.push(url),
    id: (id) => scanned.ids.push(id)
  })
  return scanned
}

const references = (html: string): HtmlReference[] => scan(html).references
const urls = (html: string): string[] => references(html).map((reference) => reference.url)

describe('HtmlScanner', () => {
  it('reads every element that references something, with its source and what the browser does with it', () => {
    const html = `<!doctype html><html><head>
      <link rel="stylesheet" href="/s.css"><link rel="icon" href="/i.svg"><link rel="preload" as="font" href="/f.woff2">
      <link rel="modulepreload" href="/m.js"><link rel="preconnect" href="https://cdn.example"><link rel="dns-prefetch" href="//dns.example">
      <link rel="alternate" hreflang="fr" href="/fr/"><link rel="preload" as="fetch" href="/data.json"><link rel="manifest" href="/site.webmanifest">
      <script src="/app.js"></script><meta http-equiv="refresh" content="0; url=/moved">
      </head><body>
      <a href="/page">a</a><map><area href="/area" alt=""></map>
      <img src="/img.png" srcset="/img-1x.png 1x, /img-2x.png 2x">
      <picture><source srcset="/p.webp" type="image/webp"><img src="/p.png"></picture>
      <video src="/v.mp4" poster="/poster.png"><source src="/v.webm"><track src="/v.vtt"></video><audio src="/a.mp3"></audio>
      <iframe src="/frame.html"></iframe><embed src="/e.swf"><object data="/o.pdf"></object><input type="IMAGE" src="/submit.png">
      </body></html>`
    expect(references(html).map(({ url, source, use }) => `${source} ${url} ${use}`)).toEqual([
      'link[rel=stylesheet] /s.css style',
      'link[rel=icon] /i.svg image',
      'link[rel=preload] /f.woff2 font',
      'link[rel=modulepreload] /m.js script',
      'link[rel=preconnect] https://cdn.example connect',
      'link[rel=dns-prefetch] //dns.example connect',
      'link[rel=alternate] /fr/ navigate',
      'link[rel=preload] /data.json other',
      'link[rel=manifest] /site.webmanifest other',
      'script[src] /app.js script',
      'meta[http-equiv=refresh] /moved navigate',
      'a[href] /page navigate',
      'area[href] /area navigate',
      'img[src] /img.png image',
      'img[srcset] /img-1x.png image',
      'img[srcset] /img-2x.png image',
      'source[srcset] /p.webp image',
      'img[src] /p.png image',
      'video[poster] /poster.png image',
      'video[src] /v.mp4 media',
      'source[src] /v.webm media',
      'track[src] /v.vtt media',
      'audio[src] /a.mp3 media',
      'iframe[src] /frame.html frame',
      'embed[src] /e.swf frame',
      'object[data] /o.pdf frame',
      'input[src] /submit.png image'
    ])
  })

  it('reports canonical and og:url as the page’s address, the canonical also as a reference to check', () => {
    const scanned = scan(
      '<link rel="canonical" href="https://docs.acme.dev/x"><meta property="og:url" content="https://docs.acme.dev/x"><meta name="og:url" content="/y"><meta property="og:image" content="/og.png">'
    )
    expect(scanned.addresses).toEqual([
      { url: 'https://docs.acme.dev/x', source: 'canonical' },
      { url: 'https://docs.acme.dev/x', source: 'og:url' },
      { url: '/y', source: 'og:url' }
    ])
    expect(scanned.references).toEqual([
      { url: 'https://docs.acme.dev/x', source: 'link[rel=canonical]', use: 'address' }
    ])
  })

  it('decodes entities in attribute values, and reads any case and any quoting', () => {
    expect(
      urls(
        '<A HREF="/a?x=1&amp;y=2">x</A><a href=\'/caf&eacute;\'>y</a><IMG SrC=/unquoted.png><a href="/&#x2F;slash">z</a>'
      )
    ).toEqual(['/a?x=1&y=2', '/café', '/unquoted.png', '//slash'])
  })

  it('reads url() in <style> and in style attributes, entities in the attribute decoded', () => {
    expect(
      references(
        '<style>.a{background:url(/a.png)}@import "/b.css";</style><div style="background:url(&quot;/c.png&quot;)"></div>'
      )
    ).toEqual([
      { url: '/a.png', source: 'style', use: 'image' },
      { url: '/b.css', source: 'style', use: 'style' },
      { url: '/c.png', source: 'div[style]', use: 'image' }
    ])
  })

  it('finds nothing in scripts, comments, titles and text areas', () => {
    const html = `<script>document.write('<a href="/in-script">x</a>')</script><!-- <a href="/in-comment"> -->
      <title><a href="/in-title"></title><textarea><img src="/in-textarea.png"></textarea><p>&lt;a href="/escaped"&gt;</p><a href="/real">r</a>`
    expect(urls(html)).toEqual(['/real'])
  })

  it('keeps the first of two attributes of the same name, as browsers do', () => {
    expect(urls('<a href="/first" HREF="/second">x</a>')).toEqual(['/first'])
  })

  it('reports <base href> in document order', () => {
    const scanned = scan('<head><base href="/docs/"></head><a href="page">x</a>')
    expect(scanned.bases).toEqual(['/docs/'])
    expect(scanned.references.map((reference) => reference.url)).toEqual(['page'])
  })

  it('reads a <style> left open at the end of the page, as a browser closes and applies it there, and starts the next page afresh', () => {
    expect(urls('<style>.a{background:url(/cut.png)')).toEqual(['/cut.png'])
    expect(urls('<a href="/next-page">x</a>')).toEqual(['/next-page'])
    expect(urls('<style>.a{background:url(/closed.png)}</style>')).toEqual(['/closed.png'])
  })

  it('reads SVG references that load with the page: use and image, by href or the older xlink:href', () => {
    const html = `<svg><use href="/icons/sprite.svg#search"/><use xlink:href="/icons/old.svg#menu"></use>
      <image href="https://diagrams.example/flow.png"/><IMAGE XLINK:HREF="/img/chart.png"/><use href="/new.svg#a" xlink:href="/old.svg#a"/><use href="#local"/></svg>`
    expect(references(html).map(({ url, source, use }) => `${source} ${url} ${use}`)).toEqual([
      'use[href] /icons/sprite.svg#search image',
      'use[xlink:href] /icons/old.svg#menu image',
      'image[href] https://diagrams.example/flow.png image',
      'image[xlink:href] /img/chart.png image',
      'use[href] /new.svg#a image',
      'use[href] #local image'
    ])
  })

  it('tells connection hints from loads: a rel that loads wins over a hint beside it', () => {
    const html = `<link rel="preconnect" href="https://a.example"><link rel="DNS-Prefetch" href="//b.example">
      <link rel="preconnect dns-prefetch" href="https://c.example"><link rel="dns-prefetch stylesheet" href="https://d.example/s.css">
      <link rel="prefetch" as="script" href="https://e.example/x.js">`
    expect(references(html).map(({ url, use }) => `${url} ${use}`)).toEqual([
      'https://a.example connect',
      '//b.example connect',
      'https://c.example connect',
      'https://d.example/s.css style',
      'https://e.example/x.js script'
    ])
  })

  it('reports the id of any element and the name of an <a>, as written, entities decoded', () => {
    const scanned =
      scan(`<h2 id="setup">Setup</h2><DIV ID="Mixed-Case"></DIV><a name="legacy"></a><a id="both" name="other"></a>
      <svg><symbol id="icon"/></svg><span id="a&amp;b"></span><p name="not-an-anchor" id=""></p><script>var s = '<h2 id="in-script">'</script>`)
    expect(scanned.ids).toEqual(['setup', 'Mixed-Case', 'legacy', 'other', 'both', 'icon', 'a&b'])
  })

  it('reads link imagesrcset and skips elements without the attribute', () => {
    expect(
      urls('<link rel="preload" as="image" imagesrcset="/a.png 1x, /b.png 2x"><a name="anchor">x</a><img alt="">')
    ).toEqual(['/a.png', '/b.png'])
  })
})

describe('srcsetUrls', () => {
  it.each([
    ['/a.png 1x, /b.png 2x', ['/a.png', '/b.png']],
    ['  /a.png  ,  /b.png  ', ['/a.png', '/b.png']],
    ['/a.png 100w,/b.png 200w', ['/a.png', '/b.png']],
    ['/a,b.png 1x', ['/a,b.png']],
    ['/a.png,, /b.png', ['/a.png', '/b.png']],
    ['data:image/png;base64,AAAA 1x, /b.png 2x', ['data:image/png;base64,AAAA', '/b.png']],
    ['/a.png (max-width: 10px, 5px) 1x, /b.png', ['/a.png', '/b.png']],
    ['', []]
  ])('%j → %j', (srcset, expected) => {
    expect(srcsetUrls(srcset)).toEqual(expected)
  })
})

describe('refreshUrl', () => {
  it.each([
    ['0; url=/next', '/next'],
    ["5;URL='/quoted'", '/quoted'],
    ['0, url="/double"', '/double'],
    ['3; /bare', '/bare'],
    ['10', undefined],
    ['', undefined]
  ])('%j → %j', (content, expected) => {
    expect(refreshUrl(content)).toBe(expected)
  })
})
