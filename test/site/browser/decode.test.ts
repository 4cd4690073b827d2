import { describe, expect, it } from 'vitest'
import { describeInitiator, scriptError, speculationUrls } from '../../../src/site/browser/decode.js'

const short = (url: string): string => url.replace('https://docs.acme.dev', '')

describe('speculationUrls', () => {
  it('reads the URLs of list rules, resolved against the page, with what each asks for', () => {
    const rules = JSON.stringify({
      prefetch: [{ source: 'list', urls: ['/next', 'https://prefetch.example/a'] }],
      prefetch_with_subresources: [{ urls: ['other.html'] }],
      prerender: [{ source: 'list', urls: ['http://127.0.0.1:9/x'] }, { where: { href_matches: '/*' } }]
    })
    expect(speculationUrls(rules, 'https://docs.acme.dev/guides/page.html')).toEqual([
      { url: 'https://docs.acme.dev/next', type: 'Prefetch' },
      { url: 'https://prefetch.example/a', type: 'Prefetch' },
      { url: 'https://docs.acme.dev/guides/other.html', type: 'Prefetch' },
      { url: 'http://127.0.0.1:9/x', type: 'Prerender' }
    ])
  })

  it('reads nothing from what is not a rule set, and no more than a hundred URLs', () => {
    const base = 'https://docs.acme.dev/'
    expect(speculationUrls('not json', base)).toEqual([])
    expect(speculationUrls('null', base)).toEqual([])
    expect(speculationUrls('{"prefetch": {"urls": ["/a"]}}', base)).toEqual([])
    expect(speculationUrls('{"prefetch": [{"urls": [1, null, "/a"]}]}', base)).toEqual([
      { url: 'https://docs.acme.dev/a', type: 'Prefetch' }
    ])
    const many = JSON.stringify({ prefetch: [{ urls: Array.from({ length: 500 }, (_, i) => `/p${i}`) }] })
    expect(speculationUrls(many, base)).toHaveLength(100)
  })
})

describe('describeInitiator and scriptError', () => {
  it('names the first frame with an address, through async parents, the site as paths', () => {
    const initiator = {
      type: 'script',
      stack: {
        callFrames: [{ url: '', lineNumber: 0, columnNumber: 0 }],
        parent: { callFrames: [{ url: 'https://docs.acme.dev/js/app.js', lineNumber: 0, columnNumber: 190 }] }
      }
    }
    expect(describeInitiator(initiator, short)).toBe('script /js/app.js:1:191')
    expect(describeInitiator({ type: 'parser', url: 'https://docs.acme.dev/guides/x', lineNumber: 11 }, short)).toBe(
      'parser /guides/x:12'
    )
    expect(describeInitiator(undefined, short)).toBe('other')
  })

  it('tells a module that failed to load from an exception', () => {
    const failed = scriptError(
      'index.html',
      {
        text: 'Uncaught (in promise) TypeError: Failed to fetch dynamically imported module: https://esm.example/x.mjs'
      },
      short
    )
    expect(failed).toEqual({
      page: 'index.html',
      kind: 'module',
      message:
        'Uncaught (in promise) TypeError: Failed to fetch dynamically imported module: https://esm.example/x.mjs',
      source: null
    })
    const thrown = scriptError(
      'index.html',
      {
        text: 'Uncaught',
        url: 'https://docs.acme.dev/index.html',
        lineNumber: 2,
        columnNumber: 4,
        exception: { description: 'Error: boom\n    at x' }
      },
      short
    )
    expect(thrown).toEqual({
      page: 'index.html',
      kind: 'exception',
      message: 'Uncaught Error: boom',
      source: '/index.html:3:5'
    })
  })
})
