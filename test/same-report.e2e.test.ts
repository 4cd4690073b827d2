import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import type { SiteCheckReport } from '../src/site/report.js'
import type { ArchiveEntry } from './emulator/archives.ts'
import { Emulator } from './emulator/server.ts'
import { exportPage, exportShapedSite, sitemapXml, SITE_DOMAIN, type ExportedSite } from './emulator/sites.ts'
import { runContained } from './support/containment.ts'
import { exportInputs } from './support/export-inputs.ts'
import { expectEveryPathReported, expectNothingHeard, reportByPage } from './support/paths-reported.ts'
import { browsersByKind, describeWhere, missingBrowser } from './support/requirements.ts'
import { runAction } from './support/run-action.ts'
import { seededRandom } from './support/seeded-random.ts'

/**
 * The same site gives the same report, run after run. The static check's is the same byte for
 * byte, but for its times and the run's own folder, however its worker threads shared the pages.
 * The browser pass's says the same of every page while other work keeps the machine's cores busy
 * (two busy loops beside the action), as on a runner that shares its cores: which page settles
 * when, and which tab gets to a worker first, change nothing in it.
 */

describe('the static check, run twice on one site', () => {
  it('writes the same report, byte for byte apart from its times and its folder, for a site read on worker threads with more findings than a list holds', async () => {
    const emulator = await new Emulator({ site: siteOfProblems() }).start()
    try {
      const reports: string[] = []
      for (let i = 0; i < 2; i++) {
        const run = await runAction(exportInputs(emulator, { extract: 'true', 'timeout-seconds': '120' }))
        expect(run.exitCode, run.stdout).toBe(0)
        const file = run.outputs['verify-report-path'] ?? ''
        const text = await readFile(file, 'utf8')
        const report = JSON.parse(text) as SiteCheckReport
        expect(report.threads).toBeGreaterThan(1)
        expect(report.omitted.brokenReferences).toBeGreaterThan(0)
        reports.push(
          text
            .replaceAll(JSON.stringify(report.site), '"<site>"')
            .replace(/"checkedAt": "[^"]*"/, '"checkedAt": "<time>"')
            .replace(/"durationMs": \d+/g, '"durationMs": 0')
        )
      }
      expect(reports[1]).toBe(reports[0])
    } finally {
      await emulator.stop()
    }
  })
})

/** Runs of the containment site, the kinds of browser the machine has taking turns. */
const RUNS = 3

describeWhere(missingBrowser, 'the browser pass, run after run on a busy machine', () => {
  it(`reports the same of every page in ${RUNS} runs beside two busy loops, each run what every page of the containment site expects`, async () => {
    const browsers = browsersByKind.flatMap(({ executable }) => (executable ? [executable] : []))
    const loops = [busyLoop(), busyLoop()]
    try {
      const reports: Record<string, string[]>[] = []
      for (let i = 0; i < RUNS; i++) {
        const run = await runContained({ env: { CHROME_PATH: browsers[i % browsers.length] ?? '' } })
        expect(run.run.exitCode, run.run.stdout).toBe(0)
        expect(run.report.browser?.notLoaded).toEqual([])
        expectNothingHeard(run)
        expectEveryPathReported(run)
        reports.push(reportByPage(run))
      }
      for (const report of reports.slice(1)) expect(report).toEqual(reports[0])
    } finally {
      await Promise.all(loops.map(stop))
    }
  }, 900_000)
})

/** A process that keeps one core busy until it is killed. */
function busyLoop(): ChildProcess {
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' })
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

/**
 * The export-shaped site with 1,500 pages more, enough for the check to share them among worker
 * threads, each with problems of every kind the static check reports: links to pages and
 * fragments the site does not have (more distinct ones than a list holds), loads from other
 * origins, canonical addresses on another host, links out, and a sitemap with URLs the site does
 * not serve. The same pages every time (a seeded generator).
 */
function siteOfProblems(): ExportedSite {
  const random = seededRandom(47)
  const site = exportShapedSite()
  const routes = Array.from({ length: 1500 }, (_, i) => `section-${i % 15}/page-${i}`)
  const pages: ArchiveEntry[] = routes.map((route, i) => {
    const links = [
      `<a href="/missing/${i}">gone</a>`,
      `<a href="/missing/shared-${random(40)}">gone too</a>`,
      `<a href="/${routes[random(routes.length)] ?? ''}#no-such-${random(5)}">a part</a>`,
      `<img src="https://images-${random(30)}.example/${i}.png" alt=""/>`,
      `<a href="https://outside-${random(20)}.example/">out</a>`
    ]
    const head = random(4) === 0 ? `<script src="https://scripts-${random(10)}.example/a.js"></script>` : ''
    const html = exportPage(route, { nav: [routes[0] ?? '', route], body: links.join(''), head })
    return {
      name: `${route}.html`,
      content: random(7) === 0 ? html.replaceAll(`https://${SITE_DOMAIN}/`, 'https://elsewhere.example/') : html
    }
  })
  const listed = [...routes, ...Array.from({ length: 50 }, (_, i) => `removed/${i}`)]
  const sitemap = sitemapXml(listed.map((route) => `https://${SITE_DOMAIN}/${route}`))
  return {
    entries: [
      ...site.entries.filter((entry) => entry.name !== 'sitemap.xml'),
      ...pages,
      { name: 'sitemap.xml', content: sitemap }
    ],
    pageCount: site.pageCount + pages.length
  }
}
