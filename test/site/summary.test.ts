import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { actionHost } from '../../src/action/host.js'
import { readRunnerFacts } from '../../src/core/runner.js'
import { writeSummary } from '../../src/core/summary.js'
import type { Problem, SiteCheckReport } from '../../src/site/report.js'
import { addProblemsSection, addSiteCheckSection, problemsInBrief } from '../../src/site/summary.js'
import type { SiteCheck } from '../../src/site/verify.js'

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

/** The problems and the site check's section, as the export's summary writes them, to the summary file. */
async function writeSiteCheckSummary(host: ReturnType<typeof actionHost>, check: SiteCheck): Promise<void> {
  await writeSummary(host, 'the site check', (section) => {
    addProblemsSection(section, check, '/runner/work/docs')
    addSiteCheckSection(section, check, '/runner/work/docs')
  })
}

describe('the site check in the job summary', () => {
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
    // The problems first, by kind with the count, then the check's counts, folded.
    expect(summary.indexOf('<li><strong>1 broken reference</strong>')).toBeLessThan(summary.indexOf('<details>'))
    expect(summary).toContain(
      '<ul><li>a.html: a&#91;href&#93; &quot;/&lt;gone&gt;&quot; points at /&lt;gone&gt;, which is not in the site</li></ul>'
    )
    expect(summary).toContain(
      '<details><summary>Site check: 1 problem in 120 files (40 HTML pages, 900 internal references) in 1.5 s</summary>'
    )
    expect(summary).toContain('<tr><td>HTML pages</td><td>40 (the export job counted 41: 1 missing)</td></tr>')
    expect(summary).toContain(
      '<tr><td><code>https://cdn.example</code></td><td>font, script</td><td>4</td><td><code>a.html</code></td></tr>'
    )
    // The runner's temporary folder is gone after the job: the output that holds the path is named.
    expect(summary).toContain('<tr><td>Report</td><td>the output <code>verify-report-path</code></td></tr>')
    expect(summary).not.toContain('/runner/temp')
  })

  it('names the report by its path in the workspace, and says a clean check in one line', async () => {
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/runner/work/docs/export/verify-report.json',
      report: report([])
    })
    expect(await readFile(summaryFile, 'utf8')).toBe(
      '<p><strong>Site check</strong>: no problems in 120 files (40 HTML pages, 900 internal references) in 1.5 s. Report: <code>export/verify-report.json</code>.</p>\n'
    )
  })

  it('says the problems in brief, the largest kinds first', () => {
    const problem = (check: Problem['check']): Problem => ({ check, kind: 'missing', target: 't', message: 'm' })
    expect(problemsInBrief(report([]))).toBe('no problems')
    expect(
      problemsInBrief(
        report([
          problem('broken-reference'),
          ...Array.from({ length: 4 }, () => problem('external-origin')),
          problem('script-error'),
          problem('script-error')
        ])
      )
    ).toBe('7 problems (4 origins that fail without internet access, 2 script errors, …)')
    expect(problemsInBrief(report([problem('index')]))).toBe('1 problem (no index.html)')
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
    expect(summary).toContain('<li><strong>no index.html</strong><ul><li>No index.html</li></ul></li>')
    expect(summary).toContain('<li>a.html: /gone is missing (known: the baseline has it)</li>')
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
    expect(summary).toContain('<li><strong>1000 broken references</strong>')
    expect(summary).toContain(
      '<p>The first 10 of 1000 are listed; the report has them all: the output <code>verify-report-path</code>.</p>'
    )
    // The group's head and its first ten.
    expect(summary.match(/<li>/g)).toHaveLength(11)
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
    const base = report(
      externalOrigins.map((origin) => ({
        check: 'external-origin' as const,
        kind: 'load' as const,
        target: origin.origin,
        message: `index.html: loads script from ${origin.origin}`
      }))
    )
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
    expect(summary).toContain('<h4>Loaded from other origins: 10 of 23; the report has them all</h4>')
    expect(summary).toContain(
      '<p><strong>Connection hints</strong> (preconnect, dns-prefetch): 1 origin, such as <code>https://api.segment.io</code>: not problems, but scripts will likely reach them at run time.</p>'
    )
  })

  it('writes nothing without a summary file', async () => {
    await writeSiteCheckSummary(actionHost(readRunnerFacts({})), { reportPath: '/r.json', report: report([]) })
    expect(await readFile(summaryFile, 'utf8')).toBe('')
  })

  it('says why its page count differs from the job’s, and links without .html as a tip unless the site brings its host’s rules', async () => {
    const extensionless = {
      references: 47,
      files: 8,
      exampleReference: '/guides/start',
      exampleFile: 'index.html',
      servedBy: 'guides/start.html'
    }
    const problem: Problem = {
      check: 'broken-reference',
      kind: 'missing',
      target: '/x',
      message: 'a.html: /x is missing'
    }
    const base = report([problem])
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/r.json',
      report: {
        ...base,
        counts: { ...base.counts, htmlPages: 42 },
        extensionless: { ...extensionless, hostRules: null }
      }
    })
    const summary = await readFile(summaryFile, 'utf8')
    expect(summary).toContain(
      '<tr><td>HTML pages</td><td>42 (the export job counted 41: it leaves out HTML files that are no page of the docs, such as a 404.html)</td></tr>'
    )
    // A tip, not a finding: after the folded details, in a line of its own.
    expect(summary).toMatch(
      /<\/details>\n<p>Tip: 47 references in 8 files leave out \.html, such as <code>\/guides\/start<\/code>/
    )

    await writeFile(summaryFile, '')
    await writeSiteCheckSummary(actionHost(readRunnerFacts({ GITHUB_STEP_SUMMARY: summaryFile })), {
      reportPath: '/r.json',
      report: { ...report([]), extensionless: { ...extensionless, hostRules: '_redirects' } }
    })
    expect(await readFile(summaryFile, 'utf8')).not.toContain('.html')
  })
})
