import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { actionHost } from '../../src/action/host.js'
import { readRunnerFacts } from '../../src/core/runner.js'
import type { Problem, SiteCheckReport } from '../../src/site/report.js'
import { writeSiteCheckSummary } from '../../src/site/summary.js'

// @actions/core keeps the summary file's path once it has found it: one file serves every test.
let work: string
let summaryFile: string

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'site-summary-test-'))
  summaryFile = path.join(work, 'summary.md')
})

afterAll(async () => rm(work, { recursive: true, force: true }))

beforeEach(async () => {
  await writeFile(summaryFile, '')
  vi.stubEnv('GITHUB_STEP_SUMMARY', summaryFile)
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

afterEach(() => {
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

function report(problems: Problem[], overrides: Partial<SiteCheckReport> = {}): SiteCheckReport {
  return {
    site: '/runner/temp/site',
    durationMs: 1500,
    indexHtml: true,
    sitemap: null,
    externalOrigins: [],
    connectionHints: [],
    problems,
    notices: [],
    skipped: [],
    counts: {
      files: 120,
      htmlPages: 40,
      styleSheets: 2,
      expectedPages: 41,
      internalReferences: 900,
      brokenReferences: 3,
      brokenFragments: 0,
      externalOrigins: 0,
      connectionHints: 0,
      outboundOrigins: 0,
      addressProblems: 0,
      sitemapUrls: 0,
      sitemapProblems: 0,
      extensionlessReferences: 0,
      problems: problems.length
    },
    ...overrides
  } as SiteCheckReport
}

describe('writeSiteCheckSummary', () => {
  it('writes the counts, the origins, the first problems (escaped) and where the report is', async () => {
    const problems: Problem[] = [
      {
        check: 'broken-reference',
        kind: 'missing',
        target: '/<gone>',
        file: 'a.html',
        message: 'a.html: a[href] "/<gone>" points at /<gone>, which is not in the site'
      }
    ]
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/runner/temp/verify-report.json',
      report: report(problems, {
        externalOrigins: [
          {
            origin: 'https://cdn.example',
            kinds: ['font', 'script'],
            exampleUrl: 'https://cdn.example/x.js',
            reference: 'https://cdn.example/x.js',
            source: 'script[src]',
            files: 4,
            examples: ['a.html']
          }
        ]
      })
    })
    const summary = await readFile(summaryFile, 'utf8')
    expect(summary).toContain('<h3>Site check</h3>')
    expect(summary).toContain('<tr><td>Problems</td><td>1</td></tr>')
    expect(summary).toContain('<tr><td>HTML pages</td><td>40 (the export job counted 41)</td></tr>')
    expect(summary).toContain('<tr><td>Checked</td><td>120 files in 1.5 s</td></tr>')
    expect(summary).toContain(
      '<tr><td><code>https://cdn.example</code></td><td>font, script</td><td>4</td><td><code>a.html</code></td></tr>'
    )
    expect(summary).toContain(
      '<li>a.html: a&#91;href&#93; &quot;/&lt;gone&gt;&quot; points at /&lt;gone&gt;, which is not in the site</li>'
    )
    expect(summary).toContain('<code>/runner/temp/verify-report.json</code>')
  })

  it('with a baseline, counts the known problems and marks them in the list', async () => {
    const problems: Problem[] = [
      { check: 'index', kind: 'missing', target: 'index.html', message: 'No index.html', known: false },
      { check: 'broken-reference', kind: 'missing', target: '/gone', message: 'a.html: /gone is missing', known: true }
    ]
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/r.json',
      report: report(problems, {
        baseline: { source: 'https://ci.example/verify-report.json', checkedAt: null, known: 1, new: 1 }
      })
    })
    const summary = await readFile(summaryFile, 'utf8')
    expect(summary).toContain(
      '<tr><td>Known problems</td><td>1, in the baseline <code>https://ci.example/verify-report.json</code>; 1 new</td></tr>'
    )
    expect(summary).toContain('<li>No index.html</li><li>a.html: /gone is missing (known: the baseline has it)</li>')
  })

  it('lists the first ten of many long problems and stays small', async () => {
    const problems: Problem[] = Array.from({ length: 1000 }, (_, i) => ({
      check: 'broken-reference',
      kind: 'missing',
      target: `/gone-${i}`,
      message: `${'x'.repeat(5000)} ${i}`
    }))
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/r.json',
      report: report(problems)
    })
    const summary = await readFile(summaryFile, 'utf8')
    expect(summary).toContain('<h4>The first 10 of 1000 problems</h4>')
    expect(summary.match(/<li>/g)).toHaveLength(10)
    expect(Buffer.byteLength(summary)).toBeLessThan(16 * 1024)
  })

  it('says when a table is cut, and lists connection hints as no problem', async () => {
    const externalOrigins = Array.from({ length: 23 }, (_, i) => ({
      origin: `https://cdn-${i}.example`,
      kinds: ['script' as const],
      exampleUrl: `https://cdn-${i}.example/x.js`,
      reference: `https://cdn-${i}.example/x.js`,
      source: 'script[src]',
      files: 1,
      examples: ['index.html']
    }))
    const connectionHints = [
      {
        origin: 'https://api.segment.io',
        reference: 'https://api.segment.io',
        source: 'link[rel=preconnect]',
        files: 3,
        examples: ['index.html']
      }
    ]
    const base = report([])
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/r.json',
      report: {
        ...base,
        externalOrigins,
        connectionHints,
        counts: { ...base.counts, externalOrigins: 23, connectionHints: 1 }
      }
    })
    const summary = await readFile(summaryFile, 'utf8')
    expect(summary.match(/<td><code>https:\/\/cdn-/g)).toHaveLength(10)
    expect(summary).toContain('<p>10 of 23; all are in the report.</p>')
    expect(summary).toContain(
      '<tr><td>Connection hints (preconnect, dns-prefetch)</td><td>1 origin, such as <code>https://api.segment.io</code>: not problems, but scripts will likely reach them at run time</td></tr>'
    )
  })

  it('writes nothing without a summary file', async () => {
    await writeSiteCheckSummary(actionHost(readRunnerFacts({})), { reportPath: '/r.json', report: report([]) })
    expect(await readFile(summaryFile, 'utf8')).toBe('')
  })
})
