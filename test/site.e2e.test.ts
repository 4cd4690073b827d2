import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteCheckReport } from '../src/site/report.js'
import type { ArchiveEntry } from './emulator/archives.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { brokenSite, exportPage, exportShapedSite, siteWithConnectionHints, type Breakage } from './emulator/sites.ts'
import { exportInputs as quickExportInputs } from './support/export-inputs.ts'
import { runAction, type ActionRun } from './support/run-action.ts'

/** The site check through the built action: each check with a clean site and a broken one, under warn, error and off. */

let emulator: Emulator

async function exportSite(setup: EmulatorSetup, inputs: Record<string, string> = {}): Promise<ActionRun> {
  emulator = await new Emulator(setup).start()
  return runAction(quickExportInputs(emulator, { extract: 'true', ...inputs }))
}

afterEach(async () => emulator?.stop())

const lines = (run: ActionRun, command: string): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith(`::${command}`))
const warnings = (run: ActionRun): string[] =>
  lines(run, 'warning').map((line) => line.replace(/^::warning[^:]*::/, ''))

async function readReport(run: ActionRun): Promise<SiteCheckReport> {
  return JSON.parse(await readFile(run.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
}

/** Each breakage and the problems the check reports for it, in order. */
const BREAKAGES: [Breakage, string[]][] = [
  [
    'missing-page',
    ['guides/deploy.html: a[href] "/guides/upgrade" points at /guides/upgrade, which is not in the site']
  ],
  [
    'css-asset',
    [
      '_next/static/css/app-5e1f0a.css: url() "../media/cover.webp" points at /_next/static/media/cover.webp, which is not in the site'
    ]
  ],
  [
    'srcset-asset',
    [
      'guides/getting-started.html: img[srcset] "/images/hero@3x.png" points at /images/hero@3x.png, which is not in the site'
    ]
  ],
  [
    'external-loads',
    [
      'guides/deploy.html: loads script from https://cdn.segment.com (such as https://cdn.segment.com/analytics.js/v1/key/analytics.min.js); that fails without internet access',
      '_next/static/css/app-5e1f0a.css: loads style from https://fonts.googleapis.com (such as https://fonts.googleapis.com/css2?family=Inter); that fails without internet access',
      '_next/static/css/app-5e1f0a.css: loads font from https://fonts.gstatic.com (such as https://fonts.gstatic.com/s/brand/v1/brand.woff2); that fails without internet access',
      'guides/deploy.html: loads frame from https://www.youtube.com (such as https://www.youtube.com/embed/dQw4w9WgXcQ); that fails without internet access'
    ]
  ],
  [
    'canonical-host',
    [
      'index.html: canonical "https://undefined.mintlify.app/" is on undefined.mintlify.app, not docs.acme.dev; 6 other pages too',
      'index.html: og:url "https://undefined.mintlify.app/" is on undefined.mintlify.app, not docs.acme.dev; 6 other pages too'
    ]
  ],
  [
    'sitemap-host',
    ['sitemap.xml: 1 URL is on acme.mintlify.app, not docs.acme.dev (such as https://acme.mintlify.app/guides/deploy)']
  ],
  ['sitemap-unresolved', ['sitemap.xml: https://docs.acme.dev/guides/removed is not in the site']],
  [
    'no-index',
    [
      'The site has no index.html at its top: a host would serve nothing at /',
      'api-reference/endpoints/list-pages.html: a[href] "/" points at /, which is not in the site; 6 other files too',
      'sitemap.xml: https://docs.acme.dev/ is not in the site'
    ]
  ],
  ['fewer-pages', ['8 HTML pages arrived, 2 fewer than the 10 the export job counted']],
  [
    'svg-references',
    [
      'guides/deploy.html: use[href] "/icons/sprite.svg#search" points at /icons/sprite.svg, which is not in the site',
      'guides/deploy.html: loads image from https://diagrams.example (such as https://diagrams.example/flow.png); that fails without internet access'
    ]
  ],
  [
    'fragment',
    [
      'guides/deploy.html: a[href] "#options": guides/deploy.html has no id or name "options"',
      'guides/deploy.html: a[href] "/guides/getting-started#setup": guides/getting-started.html has no id or name "setup"'
    ]
  ],
  ['sitemap-index', ['sitemap-0.xml: https://docs.acme.dev/guides/removed is not in the site']]
]

describe('site check, end to end: clean sites', () => {
  it('passes the clean export-shaped site without a warning, with one notice about links without .html', async () => {
    const run = await exportSite({ site: exportShapedSite() })
    expect(run.exitCode).toBe(0)
    expect(run.errors).toEqual([])
    expect(lines(run, 'warning')).toEqual([])
    expect(lines(run, 'notice')).toEqual([
      expect.stringContaining(
        '::notice title=Site check%3A links without .html::The site links to pages without their .html extension'
      )
    ])
    expect(lines(run, 'notice')[0]).toContain('try_files $uri $uri.html $uri/ =404;')
    expect(run.stdout).toContain('::group::Check the site')
    expect(run.stdout).toMatch(
      /Checked 33 files \(8 pages, 2 style sheets, \d+ internal references\) in \d+ ms: no problems/
    )

    const reportPath = run.outputs['verify-report-path'] ?? ''
    expect(reportPath).toBe(path.join(path.dirname(run.outputs['site-path'] ?? ''), 'verify-report.json'))
    const report = await readReport(run)
    expect(report).toMatchObject({
      version: 1,
      site: run.outputs['site-path'],
      domain: 'docs.acme.dev',
      problems: [],
      indexHtml: true
    })
    expect(report.counts).toMatchObject({
      htmlPages: 8,
      expectedPages: 7,
      brokenReferences: 0,
      externalOrigins: 0,
      addressProblems: 0,
      sitemapUrls: 7,
      problems: 0
    })
    expect(report.outboundLinks.map((link) => link.origin)).toEqual(['https://github.com'])

    expect(run.summaryText).toMatch(/^✅ Exported docs\.acme\.dev: 7 pages, no problems, [\d.]+ s\n/)
    expect(run.summaryText).toMatch(
      /\nSite check: no problems in \d+ files .+\. Report: the output verify-report-path\.\n/
    )
    expect(run.summaryText).not.toContain(reportPath)
    expect(run.summary).not.toContain('Loaded from other origins')
  })

  it('lists preconnect and dns-prefetch hints apart, as no problem, even under verify: error', async () => {
    const run = await exportSite({ site: siteWithConnectionHints() }, { verify: 'error' })
    expect(run.exitCode).toBe(0)
    expect(run.errors).toEqual([])
    expect(lines(run, 'warning')).toEqual([])
    const report = await readReport(run)
    expect(report.problems).toEqual([])
    expect(report.externalOrigins).toEqual([])
    expect(
      report.connectionHints.map(({ origin, reference, source, files }) => ({ origin, reference, source, files }))
    ).toEqual([
      {
        origin: 'https://api.segment.io',
        reference: 'https://api.segment.io',
        source: 'link[rel=preconnect]',
        files: 7
      },
      { origin: 'https://cdn.segment.com', reference: '//cdn.segment.com', source: 'link[rel=dns-prefetch]', files: 7 }
    ])
    expect(report.connectionHints[0]?.examples[0]).toBe('index.html')
    expect(report.counts).toMatchObject({ connectionHints: 2, externalOrigins: 0, problems: 0 })
    expect(run.summary).toContain(
      '<p><strong>Connection hints</strong> (preconnect, dns-prefetch): 2 origins, such as <code>https://api.segment.io</code>: not problems, but scripts will likely reach them at run time.</p>'
    )
  })

  it('passes the emulator’s default site without any annotation', async () => {
    const run = await exportSite({})
    expect(run.exitCode).toBe(0)
    expect(lines(run, 'warning')).toEqual([])
    expect(lines(run, 'notice')).toEqual([])
    expect((await readReport(run)).counts).toMatchObject({ problems: 0, htmlPages: 3, expectedPages: 3 })
  })
})

describe.each(BREAKAGES)('site check, end to end: %s', (breakage, problems) => {
  it('warn: a warning per problem naming the page, the step succeeds, the report and the summary list them', async () => {
    const run = await exportSite({ site: brokenSite(breakage) })
    expect(run.exitCode).toBe(0)
    expect(run.errors).toEqual([])
    expect(warnings(run)).toEqual(problems)
    const report = await readReport(run)
    expect(report.problems.map((problem) => problem.message)).toEqual(problems)
    expect(report.counts.problems).toBe(problems.length)
    expect(run.summaryText).toMatch(
      new RegExp(`^⚠️ Exported docs\\.acme\\.dev: \\d+ pages, ${problems.length} problems? \\(.+\\), [\\d.]+ s\n`)
    )
    expect(run.summaryText).toContain(problems[0])
  })

  it('error: one error naming the problems and their total, exit code 1, the report still written', async () => {
    const run = await exportSite({ site: brokenSite(breakage) }, { verify: 'error' })
    expect(run.exitCode).toBe(1)
    expect(lines(run, 'warning').filter((line) => line.includes('Site check'))).toEqual([])
    const jobId = run.outputs['job-id'] ?? ''
    const reportPath = run.outputs['verify-report-path'] ?? ''
    const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`
    expect(run.errors).toEqual([
      `Export job ${jobId}: The site check found ${count} in ${path.join(path.dirname(reportPath), 'site')} (verify: error): ${problems.join('; ')}. Report: ${reportPath}`
    ])
    expect((await readReport(run)).counts.problems).toBe(problems.length)
    // A site that failed its check is not handed on; the report is.
    expect(run.outputs['site-path']).toBeUndefined()
    expect(run.summaryText).toMatch(
      new RegExp(`^❌ Exported docs\\.acme\\.dev: \\d+ pages, ${count} \\(.+\\), failing under verify: error, `)
    )
    // The summary says what failed and points at its list of problems, each said there once.
    expect(run.summaryText).toContain(
      `\nError: Export job ${jobId}: The site check found ${count} (verify: error): each is listed below\n`
    )
    expect(run.summaryText).not.toContain(reportPath)
    // The failure carries its code, from which the command line's exit code follows.
    expect(run.stdout).toContain('::debug::Failure code: site-problems')
  })
})

describe('site check, end to end: off, limits and inputs', () => {
  it('off: no check, no report, no output, whatever the site', async () => {
    const run = await exportSite({ site: brokenSite('missing-page') }, { verify: 'off' })
    expect(run.exitCode).toBe(0)
    expect(lines(run, 'warning')).toEqual([])
    expect(lines(run, 'notice')).toEqual([])
    expect(run.stdout).not.toContain('Check the site')
    expect(run.outputs['verify-report-path']).toBeUndefined()
    expect(existsSync(path.join(path.dirname(run.outputs['site-path'] ?? ''), 'verify-report.json'))).toBe(false)
    expect(run.summary).not.toContain('Site check')
  })

  it('checks nothing without extract', async () => {
    const run = await exportSite({ site: brokenSite('missing-page') }, { extract: 'false', verify: 'error' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['verify-report-path']).toBeUndefined()
    expect(run.stdout).not.toContain('Check the site')
  })

  it('stays within GitHub’s 10 warnings and says how many more problems there are', async () => {
    const site = exportShapedSite()
    const links = Array.from({ length: 25 }, (_, i) => `<a href="/gone/page-${String(i).padStart(2, '0')}">x</a>`).join(
      ''
    )
    const entries = site.entries.map((entry) =>
      entry.name === 'guides/deploy.html'
        ? { ...entry, content: String(entry.content).replace('</main>', `${links}</main>`) }
        : entry
    )
    const run = await exportSite({ site: { ...site, entries } })
    expect(run.exitCode).toBe(0)
    const shown = warnings(run)
    expect(shown).toHaveLength(10)
    expect(shown[0]).toBe(
      'guides/deploy.html: a[href] "/gone/page-00" points at /gone/page-00, which is not in the site'
    )
    expect(shown[9]).toBe(
      `…and 16 more site check problems: every one is in ${run.outputs['verify-report-path']} and the job summary lists the first`
    )
    expect((await readReport(run)).brokenReferences).toHaveLength(25)
    expect(run.summaryText).toContain('The first 10 of 25 are listed; the report has them all')
  })

  it('with export-job-id and no domain, skips the host checks and says so', async () => {
    emulator = await new Emulator({ site: brokenSite('canonical-host') }).start()
    const first = await runAction(quickExportInputs(emulator, { download: 'false' }))
    const run = await runAction(
      quickExportInputs(emulator, {
        domain: '',
        'export-job-id': first.outputs['job-id'] ?? '',
        extract: 'true',
        verify: 'error'
      })
    )
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(
      "Not checked: canonical, og:url and sitemap hosts: the export's domain is not known (export-job-id without domain)"
    )
    const report = await readReport(run)
    expect(report).toMatchObject({ domain: null, problems: [] })
    expect(report.skipped).toHaveLength(1)
    expect(run.summary).toContain('Not checked: canonical, og:url and sitemap hosts')
  })

  it('rejects a malformed verify before any request, naming the input', async () => {
    const run = await exportSite({}, { verify: 'strict' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([`Input 'verify' must be warn, error or off, got "strict"`])
    expect(emulator.requests).toEqual([])
  })

  it('reads a large site on worker threads and finds the same problems', async () => {
    const pages: ArchiveEntry[] = Array.from({ length: 1200 }, (_, i) => ({
      name: `section-${Math.floor(i / 100)}/page-${i}.html`,
      content: exportPage(`section-${Math.floor(i / 100)}/page-${i}`, {
        nav: ['section-0/page-0', `section-${Math.floor(i / 100)}/page-${i}`]
      })
    }))
    pages[1100] = {
      ...pages[1100],
      name: pages[1100]?.name ?? '',
      content: String(pages[1100]?.content).replace('</main>', '<a href="/section-11/page-9999">x</a></main>')
    }
    const site = exportShapedSite()
    const run = await exportSite({
      site: { entries: [...site.entries, ...pages], pageCount: site.pageCount + pages.length }
    })
    expect(run.exitCode).toBe(0)
    expect(warnings(run)).toEqual([
      'section-11/page-1100.html: a[href] "/section-11/page-9999" points at /section-11/page-9999, which is not in the site'
    ])
    const threads = Math.min(os.availableParallelism(), 2)
    if (threads > 1) expect(run.stdout).toMatch(new RegExp(`Checked 1233 files .* on ${threads} threads: 1 problem`))
    expect((await readReport(run)).threads).toBe(threads)
  })

  it('never lets a reference or a sitemap address from the site forge a workflow command in the log', async () => {
    const site = exportShapedSite()
    const forged = '::error::forged by the site'
    const entries = site.entries.map((entry) =>
      entry.name === 'index.html'
        ? {
            ...entry,
            content: String(entry.content).replace(
              '</main>',
              '<a href="/x%0A%3A%3Aerror%3A%3Aforged%20by%20the%20site">x</a></main>'
            )
          }
        : entry.name === 'sitemap.xml'
          ? {
              ...entry,
              content: String(entry.content).replace(
                '</urlset>',
                `<url><loc>https://docs.acme.dev/y\n${forged}</loc></url>\n</urlset>`
              )
            }
          : entry
    )
    const run = await exportSite({ site: { ...site, entries } })
    expect(run.exitCode).toBe(0)
    expect(
      run.stdout.split('\n').filter((line) => line.includes('forged by the site') && line.startsWith('::error'))
    ).toEqual([])
    expect(run.stdout).toContain('\\n::error::forged by the site')
    expect(warnings(run).length).toBeGreaterThan(0)
  })
})
