import { describe, expect, it } from 'vitest'
import { ActionError } from '../../src/core/errors.js'
import { cacheControl, contentTypeOf, parseCacheRules } from '../../src/publish/headers.js'
import { actionText } from '../support/recording-host.js'

/** The headers each object is published with: its type from the extension, its caching by rule or by kind. */

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['guides/a.txt', 'text/plain; charset=utf-8'],
    ['_next/static/css/app.css', 'text/css; charset=utf-8'],
    ['_next/static/chunks/app.js', 'text/javascript; charset=utf-8'],
    ['data/search.json', 'application/json; charset=utf-8'],
    ['sitemap.xml', 'application/xml'],
    ['images/logo.svg', 'image/svg+xml'],
    ['images/logo.png', 'image/png'],
    ['fonts/inter.woff2', 'font/woff2'],
    ['LICENSE', 'application/octet-stream'],
    ['file.unknown-extension', 'application/octet-stream']
  ])('%s is %s', (path, type) => {
    expect(contentTypeOf(path)).toBe(type)
  })
})

describe('cacheControl', () => {
  const byDefault = cacheControl([])

  it('has a cache ask again each time for pages and the sitemap', () => {
    for (const path of ['index.html', 'guides/a.html', 'old/page.htm', 'sitemap.xml', 'sitemap-0.xml'])
      expect(byDefault(path), path).toBe('no-cache')
  })

  it('lets a cache keep a name with a content hash for good', () => {
    for (const path of [
      '_next/static/chunks/app.js',
      '_next/static/media/inter.woff2',
      'assets/app.3f9a0c1d.css',
      'img/logo.0123456789abcdef.png'
    ])
      expect(byDefault(path), path).toBe('public, max-age=31536000, immutable')
  })

  it('keeps anything else five minutes', () => {
    for (const path of ['images/logo.png', 'favicon.svg', 'guides/a.txt', 'app.3f9a0c.css', 'robots.txt'])
      expect(byDefault(path), path).toBe('public, max-age=300')
  })

  it('applies the first rule that matches before the defaults; a glob without / matches at any depth', () => {
    const rules = cacheControl(
      parseCacheRules([
        '# the downloads change rarely',
        '*.pdf = public, max-age=86400',
        'guides/** = no-store',
        '*.pdf=private'
      ])
    )
    expect(rules('files/deep/manual.pdf')).toBe('public, max-age=86400')
    expect(rules('guides/a.html')).toBe('no-store')
    expect(rules('guides/a.pdf')).toBe('public, max-age=86400')
    expect(rules('index.html')).toBe('no-cache')
  })
})

describe('parseCacheRules', () => {
  it.each(['*.pdf', '=no-cache', '*.pdf=', '*.pdf=max-age=1\u0007'])(
    'refuses %j, naming the input and the line',
    (line) => {
      try {
        parseCacheRules([line])
      } catch (error) {
        expect(error).toBeInstanceOf(ActionError)
        expect((error as ActionError).code).toBe('input')
        expect(actionText((error as ActionError).text)).toMatch(
          /^Input 'publish-cache-control' has a line \(".*"\) that /
        )
        return
      }
      throw new Error(`accepted ${line}`)
    }
  )

  it('splits at the first =, so a value may hold one', () => {
    expect(parseCacheRules(['*.js=public, max-age=60'])).toEqual([{ glob: '*.js', value: 'public, max-age=60' }])
  })
})
