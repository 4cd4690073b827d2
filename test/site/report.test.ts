import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  Tally,
  type AddressProblem,
  type BrokenFragment,
  type BrokenReference,
  type ConnectionHint,
  type ExternalOrigin,
  type OutboundOrigin,
  type SiteFindings
} from '../../src/site/findings.js'
import { buildReport, extensionlessNotice, REPORT_VERSION, writeReport } from '../../src/site/report.js'

function cleanFindings(overrides: Partial<SiteFindings> = {}): SiteFindings {
  return {
    root: '/runner/temp/site',
    domain: 'docs.acme.dev',
    expectedPages: 3,
    durationMs: 12,
    threads: 1,
    files: 10,
    htmlPages: 3,
    styleSheets: 1,
    indexHtml: true,
    internalReferences: 40,
    broken: new Tally<BrokenReference>(),
    external: new Tally<ExternalOrigin>(),
    hints: new Tally<ConnectionHint>(),
    outbound: new Tally<OutboundOrigin>(),
    addresses: new Tally<AddressProblem>(),
    fragments: new Tally<BrokenFragment>(),
    sitemap: { files: ['sitemap.xml'], urls: 3, offDomain: [], unresolved: [], unresolvedCount: 0 },
    listing: { files: [], linkedFolders: false },
    ...overrides
  }
}

/** Findings with one problem of every kind, two files holding the broken reference. */
function brokenFindings(): SiteFindings {
  const findings = cleanFindings({ indexHtml: false, htmlPages: 2 })
  for (const file of ['a.html', 'b.html']) {
    findings.broken.add('/gone', file, () => ({
      target: '/gone',
      reference: '../gone',
      source: 'a[href]',
      files: 0,
      examples: []
    }))
  }
  findings.external.add('https://cdn.example', 'a.html', () => ({
    origin: 'https://cdn.example',
    kinds: ['script', 'font'],
    exampleUrl: 'https://cdn.example/x.js',
    reference: 'https://cdn.example/x.js',
    source: 'script[src]',
    files: 0,
    examples: []
  }))
  findings.addresses.add('canonical undefined.mintlify.app', 'a.html', () => ({
    source: 'canonical',
    host: 'undefined.mintlify.app',
    exampleUrl: 'https://undefined.mintlify.app/a',
    files: 0,
    examples: []
  }))
  findings.sitemap = {
    files: ['sitemap.xml'],
    urls: 30,
    offDomain: [{ file: 'sitemap.xml', host: 'acme.mintlify.app', urls: 2, examples: ['https://acme.mintlify.app/a'] }],
    unresolved: [{ url: 'https://docs.acme.dev/old', file: 'sitemap.xml' }],
    unresolvedCount: 25
  }
  return findings
}

describe('buildReport', () => {
  it('reports a clean site with no problem and no notice', () => {
    const report = buildReport(cleanFindings(), new Date('2026-11-22T10:00:00Z'))
    expect(report).toMatchObject({
      version: REPORT_VERSION,
      site: '/runner/temp/site',
      domain: 'docs.acme.dev',
      checkedAt: '2026-11-22T10:00:00.000Z',
      durationMs: 12,
      skipped: [],
      indexHtml: true,
      problems: [],
      notices: [],
      extensionless: null
    })
    expect(report.counts).toEqual({
      files: 10,
      htmlPages: 3,
      styleSheets: 1,
      expectedPages: 3,
      internalReferences: 40,
      brokenReferences: 0,
      brokenFragments: 0,
      externalOrigins: 0,
      connectionHints: 0,
      outboundOrigins: 0,
      addressProblems: 0,
      sitemapUrls: 3,
      sitemapProblems: 0,
      extensionlessReferences: 0,
      problems: 0
    })
  })

  it('lists the problems from the most fundamental, each naming its file, and counts the unlisted ones', () => {
    const report = buildReport(brokenFindings())
    expect(report.problems).toEqual([
      {
        check: 'index',
        kind: 'missing',
        target: 'index.html',
        message: 'The site has no index.html at its top: a host would serve nothing at /'
      },
      {
        check: 'pages',
        kind: 'fewer',
        target: '/',
        message: '2 HTML pages arrived, 1 fewer than the 3 the export job counted'
      },
      {
        check: 'broken-reference',
        kind: 'missing',
        target: '/gone',
        file: 'a.html',
        message: 'a.html: a[href] "../gone" points at /gone, which is not in the site; 1 other file too'
      },
      {
        check: 'address',
        kind: 'canonical',
        target: 'undefined.mintlify.app',
        file: 'a.html',
        message: 'a.html: canonical "https://undefined.mintlify.app/a" is on undefined.mintlify.app, not docs.acme.dev'
      },
      {
        check: 'sitemap',
        kind: 'other-host',
        target: 'acme.mintlify.app',
        file: 'sitemap.xml',
        message: 'sitemap.xml: 2 URLs are on acme.mintlify.app, not docs.acme.dev (such as https://acme.mintlify.app/a)'
      },
      {
        check: 'sitemap',
        kind: 'missing',
        target: 'https://docs.acme.dev/old',
        file: 'sitemap.xml',
        message: 'sitemap.xml: https://docs.acme.dev/old is not in the site'
      },
      {
        check: 'external-origin',
        kind: 'load',
        target: 'https://cdn.example',
        file: 'a.html',
        message:
          'a.html: loads font, script from https://cdn.example (such as https://cdn.example/x.js); that fails without internet access'
      }
    ])
    // 24 unresolved sitemap URLs are counted, not listed.
    expect(report.counts.problems).toBe(7 + 24)
    expect(report.counts).toMatchObject({
      brokenReferences: 1,
      externalOrigins: 1,
      addressProblems: 1,
      sitemapProblems: 27
    })
    expect(report.externalOrigins[0]?.kinds).toEqual(['font', 'script'])
  })

  it('does not count more pages than the job exported as a problem, nor a job without a page count', () => {
    expect(buildReport(cleanFindings({ htmlPages: 9 })).problems).toEqual([])
    expect(buildReport(cleanFindings({ expectedPages: undefined, htmlPages: 0 })).counts.expectedPages).toBeNull()
    expect(buildReport(cleanFindings({ expectedPages: undefined, htmlPages: 0 })).problems).toEqual([])
  })

  it('says which checks were skipped without the domain', () => {
    const report = buildReport(cleanFindings({ domain: undefined }))
    expect(report.domain).toBeNull()
    expect(report.skipped).toEqual([
      expect.stringContaining("canonical, og:url and sitemap hosts: the export's domain is not known")
    ])
  })

  it('gives one notice, with the rules for the usual hosts, when the site relies on links without .html', () => {
    const extensionless = {
      references: 40,
      files: 3,
      exampleReference: '/guides/x',
      exampleFile: 'index.html',
      servedBy: 'guides/x.html'
    }
    const report = buildReport(cleanFindings({ extensionless }))
    expect(report.problems).toEqual([])
    expect(report.notices).toEqual([extensionlessNotice(extensionless)])
    expect(report.notices[0]).toContain(
      '40 references in 3 files, such as "/guides/x" in index.html, served by guides/x.html'
    )
    expect(report.notices[0]).toContain('try_files $uri $uri.html $uri/ =404;')
    expect(report.notices[0]).toContain("else if (last.indexOf('.') === -1) request.uri += '.html'")
    expect(report.notices[0]).toContain('publish-to puts each page under its route too')
    // One line: an annotation and a log line carry no line break.
    expect(report.notices[0]).not.toMatch(/[\r\n]/)
  })
})

describe('buildReport: fragments, connection hints, sitemaps', () => {
  it('lists missing fragments apart from broken references, after them, each naming the page that lacks the id', () => {
    const findings = cleanFindings()
    for (const file of ['index.html', 'guides/a.html']) {
      findings.fragments.add('guides/intro.html#setup', file, () => ({
        page: 'guides/intro.html',
        fragment: 'setup',
        reference: '/guides/intro#setup',
        source: 'a[href]',
        files: 0,
        examples: []
      }))
    }
    findings.broken.add('/gone', 'guides/a.html', () => ({
      target: '/gone',
      reference: '/gone',
      source: 'a[href]',
      files: 0,
      examples: []
    }))
    const report = buildReport(findings)
    expect(report.problems.map((problem) => [problem.check, problem.file, problem.message])).toEqual([
      ['broken-reference', 'guides/a.html', 'guides/a.html: a[href] "/gone" points at /gone, which is not in the site'],
      [
        'fragment',
        'index.html',
        'index.html: a[href] "/guides/intro#setup": guides/intro.html has no id or name "setup"; 1 other file too'
      ]
    ])
    expect(report.brokenFragments).toEqual([
      {
        page: 'guides/intro.html',
        fragment: 'setup',
        reference: '/guides/intro#setup',
        source: 'a[href]',
        files: 2,
        examples: ['index.html', 'guides/a.html']
      }
    ])
    expect(report.problems.map((problem) => [problem.kind, problem.target])).toEqual([
      ['missing', '/gone'],
      ['missing', 'guides/intro.html#setup']
    ])
    expect(report.brokenReferences).toHaveLength(1)
    expect(report.counts).toMatchObject({ brokenReferences: 1, brokenFragments: 1, problems: 2 })
  })

  it('lists connection hints apart, as no problem', () => {
    const findings = cleanFindings()
    findings.hints.add('https://api.segment.io', 'index.html', () => ({
      origin: 'https://api.segment.io',
      reference: 'https://api.segment.io',
      source: 'link[rel=preconnect]',
      files: 0,
      examples: []
    }))
    const report = buildReport(findings)
    expect(report.problems).toEqual([])
    expect(report.externalOrigins).toEqual([])
    expect(report.connectionHints).toEqual([
      {
        origin: 'https://api.segment.io',
        reference: 'https://api.segment.io',
        source: 'link[rel=preconnect]',
        files: 1,
        examples: ['index.html']
      }
    ])
    expect(report.counts).toMatchObject({ connectionHints: 1, externalOrigins: 0, problems: 0 })
  })

  it('names the sitemap that holds each bad URL, and lists the URLs alone in the sitemap section', () => {
    const findings = cleanFindings()
    findings.sitemap = {
      files: ['sitemap.xml', 'sitemap-0.xml', 'sitemap-1.xml'],
      urls: 40,
      offDomain: [
        { file: 'sitemap-1.xml', host: 'acme.mintlify.app', urls: 1, examples: ['https://acme.mintlify.app/a'] }
      ],
      unresolved: [{ url: 'https://docs.acme.dev/old', file: 'sitemap-0.xml' }],
      unresolvedCount: 1
    }
    const report = buildReport(findings)
    expect(report.problems).toEqual([
      {
        check: 'sitemap',
        kind: 'other-host',
        target: 'acme.mintlify.app',
        file: 'sitemap-1.xml',
        message: 'sitemap-1.xml: 1 URL is on acme.mintlify.app, not docs.acme.dev (such as https://acme.mintlify.app/a)'
      },
      {
        check: 'sitemap',
        kind: 'missing',
        target: 'https://docs.acme.dev/old',
        file: 'sitemap-0.xml',
        message: 'sitemap-0.xml: https://docs.acme.dev/old is not in the site'
      }
    ])
    expect(report.sitemap?.unresolved).toEqual(['https://docs.acme.dev/old'])
  })
})

describe('writeReport', () => {
  it('writes the report as JSON that reads back the same', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'report-test-'))
    try {
      const report = buildReport(brokenFindings())
      const file = path.join(folder, 'verify-report.json')
      await writeReport(report, file)
      expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(report)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})
