import { describe, expect, it } from 'vitest'
import type { PassResult } from '../../../src/site/browser/pass.js'
import { browserSection, skippedSection, withBrowserSection } from '../../../src/site/browser/report.js'
import {
  Tally,
  type AddressProblem,
  type BrokenFragment,
  type BrokenReference,
  type ConnectionHint,
  type ExternalOrigin,
  type OutboundOrigin
} from '../../../src/site/findings.js'
import { buildReport, type SiteCheckReport } from '../../../src/site/report.js'

/** A static report that already lists cdn.segment.com and the missing /images/gone.png. */
function staticReport(): SiteCheckReport {
  const external = new Tally<ExternalOrigin>()
  external.add('https://cdn.segment.com', 'index.html', () => ({
    origin: 'https://cdn.segment.com',
    kinds: ['script'],
    exampleUrl: 'https://cdn.segment.com/a.js',
    reference: 'https://cdn.segment.com/a.js',
    source: 'script[src]',
    files: 0,
    examples: []
  }))
  const broken = new Tally<BrokenReference>()
  broken.add('/images/gone.png', 'index.html', () => ({
    target: '/images/gone.png',
    reference: '/images/gone.png',
    source: 'img[src]',
    files: 0,
    examples: []
  }))
  return buildReport({
    root: '/runner/temp/site',
    domain: 'docs.acme.dev',
    expectedPages: 2,
    durationMs: 5,
    threads: 1,
    files: 4,
    htmlPages: 2,
    styleSheets: 0,
    indexHtml: true,
    internalReferences: 6,
    broken,
    external,
    hints: new Tally<ConnectionHint>(),
    outbound: new Tally<OutboundOrigin>(),
    addresses: new Tally<AddressProblem>(),
    fragments: new Tally<BrokenFragment>(),
    listing: { files: [], linkedFolders: false }
  })
}

function pass(): PassResult {
  const load = (page: string, url: string, type: string, initiator: string) => ({ page, url, type, initiator })
  return {
    product: 'HeadlessChrome/131.0.6778.85',
    startupMs: 400,
    sandbox: true,
    durationMs: 2500,
    pages: ['index.html', 'guides/a.html'],
    notLoaded: ['guides/b.html'],
    visits: new Map([
      [
        'index.html',
        {
          loads: [
            load('index.html', 'https://api.search.example/q?x=1', 'Fetch', 'script /js/search.js:1:5'),
            load('index.html', 'https://api.search.example/q?x=2', 'XHR', 'script /js/search.js:9:1'),
            load('index.html', 'https://cdn.segment.com/a.js', 'Script', 'parser /index.html:3'),
            load('index.html', 'stun:stun.example.org:3478', 'WebRTC', 'script (RTCPeerConnection)'),
            load('index.html', 'turn:127.0.0.1:3478?transport=tcp', 'WebRTC', 'script (RTCPeerConnection)')
          ],
          missing: [load('index.html', '/images/gone.png', 'Image', 'parser /index.html:7')],
          renderedMissing: [
            load('index.html', '/images/gone.png', 'img[src]', 'rendered page'),
            load('index.html', '/guides/added', 'a[href]', 'rendered page')
          ],
          errors: [],
          durationMs: 900
        }
      ],
      [
        'guides/a.html',
        {
          loads: [load('guides/a.html', 'https://api.search.example/q?x=3', 'Fetch', 'script /js/search.js:1:5')],
          missing: [load('guides/a.html', '/_next/static/chunks/caf%C3%A9.js', 'Script', 'script /guides/a.html:1:20')],
          renderedMissing: [load('guides/a.html', '/guides/added', 'a[href]', 'rendered page')],
          errors: [
            { page: 'guides/a.html', kind: 'exception', message: 'Uncaught Error: boom', source: '/js/app.js:4:2' }
          ],
          durationMs: 700
        }
      ]
    ])
  }
}

describe('browserSection', () => {
  it('groups loads by origin and missing files by path, in page order, and marks what the static check already reports', () => {
    const section = browserSection(pass(), '/usr/bin/chromium', staticReport(), { distinct: 3, loaded: 2 })
    expect(section).toMatchObject({
      browser: 'HeadlessChrome',
      version: '131.0.6778.85',
      executable: '/usr/bin/chromium',
      startupMs: 400,
      sandbox: true,
      durationMs: 2500,
      pages: ['index.html', 'guides/a.html'],
      scriptSets: { distinct: 3, loaded: 2 },
      notLoaded: ['guides/b.html'],
      skipped: null
    })
    expect(section.runtimeOrigins).toEqual([
      {
        origin: 'https://api.search.example',
        types: ['Fetch', 'XHR'],
        exampleUrl: 'https://api.search.example/q?x=1',
        pages: ['index.html', 'guides/a.html'],
        examples: [
          {
            page: 'index.html',
            url: 'https://api.search.example/q?x=1',
            type: 'Fetch',
            initiator: 'script /js/search.js:1:5'
          },
          {
            page: 'index.html',
            url: 'https://api.search.example/q?x=2',
            type: 'XHR',
            initiator: 'script /js/search.js:9:1'
          },
          {
            page: 'guides/a.html',
            url: 'https://api.search.example/q?x=3',
            type: 'Fetch',
            initiator: 'script /js/search.js:1:5'
          }
        ],
        inStaticCheck: false
      },
      expect.objectContaining({ origin: 'https://cdn.segment.com', types: ['Script'], inStaticCheck: true }),
      // What has no origin (an ICE server) stands for itself, without its query.
      expect.objectContaining({ origin: 'stun:stun.example.org:3478', types: ['WebRTC'] }),
      expect.objectContaining({ origin: 'turn:127.0.0.1:3478', exampleUrl: 'turn:127.0.0.1:3478?transport=tcp' })
    ])
    expect(
      section.missing.map((missing) => [missing.path, missing.foundBy, missing.pages, missing.inStaticCheck])
    ).toEqual([
      ['/images/gone.png', ['rendered-page', 'request'], ['index.html'], true],
      ['/guides/added', ['rendered-page'], ['index.html', 'guides/a.html'], false],
      ['/_next/static/chunks/café.js', ['request'], ['guides/a.html'], false]
    ])
    expect(section.scriptErrors).toHaveLength(1)
  })
})

describe('withBrowserSection', () => {
  it('adds one problem for each finding the static check does not report, and counts them', () => {
    const checked = staticReport()
    const before = checked.problems.length
    const { report, added } = withBrowserSection(
      checked,
      browserSection(pass(), '/usr/bin/chromium', checked, { distinct: 2, loaded: 2 })
    )
    expect(added).toEqual([
      {
        check: 'runtime-origin',
        kind: 'load',
        target: 'https://api.search.example',
        file: 'index.html',
        message:
          'index.html: reaches https://api.search.example at run time (Fetch, XHR, such as https://api.search.example/q?x=1, started by script /js/search.js:1:5); 1 other page too; that fails without internet access'
      },
      {
        check: 'runtime-origin',
        kind: 'load',
        target: 'stun:stun.example.org:3478',
        file: 'index.html',
        message:
          'index.html: reaches stun:stun.example.org:3478 at run time (WebRTC, such as stun:stun.example.org:3478, started by script (RTCPeerConnection)); that fails without internet access'
      },
      {
        check: 'runtime-origin',
        kind: 'load',
        target: 'turn:127.0.0.1:3478',
        file: 'index.html',
        message:
          'index.html: reaches turn:127.0.0.1:3478 at run time (WebRTC, such as turn:127.0.0.1:3478?transport=tcp, started by script (RTCPeerConnection)); that fails without internet access'
      },
      {
        check: 'runtime-missing',
        kind: 'missing',
        target: '/guides/added',
        file: 'index.html',
        message:
          'index.html: a[href] /guides/added is not in the site (linked from the page as its scripts left it, not from its HTML); 1 other page too'
      },
      {
        check: 'runtime-missing',
        kind: 'missing',
        target: '/_next/static/chunks/café.js',
        file: 'guides/a.html',
        message:
          'guides/a.html: Script /_next/static/chunks/café.js is not in the site (asked for at run time, started by script /guides/a.html:1:20)'
      },
      {
        check: 'script-error',
        kind: 'exception',
        target: 'guides/a.html',
        file: 'guides/a.html',
        message: 'guides/a.html: Uncaught Error: boom (at /js/app.js:4:2)'
      }
    ])
    expect(report.problems.slice(before)).toEqual(added)
    expect(report.counts.problems).toBe(before + 6)
    expect(report.browser?.runtimeOrigins).toHaveLength(4)
  })

  it('adds a skipped section and no problem when the pass did not run', () => {
    const checked = staticReport()
    const before = checked.counts.problems
    const { report, added } = withBrowserSection(checked, skippedSection('verify-browser: off'))
    expect(added).toEqual([])
    expect(report.counts.problems).toBe(before)
    expect(report.browser).toEqual({
      browser: null,
      version: null,
      executable: null,
      startupMs: null,
      sandbox: null,
      durationMs: null,
      pages: [],
      scriptSets: null,
      notLoaded: [],
      runtimeOrigins: [],
      missing: [],
      scriptErrors: [],
      skipped: 'verify-browser: off'
    })
  })
})
