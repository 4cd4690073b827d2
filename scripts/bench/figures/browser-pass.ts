import { mkdtemp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { findBrowser, findEachKind, type BrowserKind } from '../../../src/site/browser/find.ts'
import { browserSwitches } from '../../../src/site/browser/switches.ts'
import type { SiteCheckReport } from '../../../src/site/report.ts'
import { Emulator } from '../../../test/emulator/server.ts'
import { API_KEY, inputs, lineAt, progress, scenario, settle, type BenchContext, type Figure } from '../context.ts'
import { EXPORT_SITE_DOMAIN, writeExportSite } from '../export-site.ts'
import type { FigureText } from '../report.ts'
import { removeRun, runCommand, startAction } from '../run.ts'
import { formatStat, ms, stat as summarise, type Stat } from '../stats.ts'

/**
 * 8. The browser pass on the export-shaped site: 25 pages loaded in each kind of browser the
 * machine has (a headless shell, a full browser), the whole "Load the site in a browser" step and
 * the browser's start-up, against the browser started and ended alone.
 */

const PAGES_LOADED = 25
const SITE_PAGES = 2_000
/** Time the pass may take a page, on average, its start-up included. */
export const BROWSER_TARGET_PER_PAGE_MS = 100

const TEXT: FigureText = {
  number: '8',
  title: `Browser pass: ${PAGES_LOADED} pages of an export-shaped site`,
  measures: `The "Load the site in a browser" step with its default of ${PAGES_LOADED} pages, the browser's start and end included, in each kind of browser the machine has: what \`verify-browser\` adds to a run.`,
  peer: "The same browser started with the pass's switches on a fresh profile, loading nothing (`--dump-dom about:blank`), from spawn to exit.",
  target: `≤ ${BROWSER_TARGET_PER_PAGE_MS} ms a page on average, start-up included, in each browser. How the pass spends its time: [docs/decisions/browser-pass-pace.md](docs/decisions/browser-pass-pace.md).`,
  whenMissed:
    "When the target was last met, the browser's processes spent ~125 ms of CPU a page (the renderers more than half of it) and the pass itself ~15 ms: ~70 ms a page on two cores before anything waits, so a busy machine misses it with the same code. Compare with the last build that met it (`npm run bench:compare -- --only=browser`); a page that now waits its whole 500 ms window points at the page hook's answer (`page-timers.ts`). Next step for more room: less work a page in the browser (fewer frames drawn for a page nobody sees).",
  needs:
    "Chrome or Chromium, or Chrome's headless shell (`CHROME_PATH`, else the usual names on the PATH); each kind found is measured, and without one the figure is not."
}

export const browserPass: Figure = { name: 'browser-pass', texts: [TEXT], run }

/** What one kind of browser did: the step's times, its start-up, the browser alone. */
interface Measured {
  kind: BrowserKind
  executable: string
  product: string
  pass: number[]
  startup: number[]
  alone: number[]
}

async function run({ workDir, smoke, tables, info }: BenchContext): Promise<void> {
  // The pass takes a headless shell when there is one; both kinds are measured.
  const browsers = findEachKind(process.env).flatMap(({ kind, search }) =>
    search.executable === undefined ? [] : [{ kind, executable: search.executable }]
  )
  progress(
    `\n8. Browser pass: ${PAGES_LOADED} pages of an export-shaped site in ${browsers.map((browser) => browser.executable).join(' and ') || 'no browser'}`
  )
  if (browsers.length === 0) {
    const search = findBrowser(process.env)
    info.push(`Figure 8 did not run: ${search.executable === undefined ? search.reason : 'no browser'}.`)
    return
  }
  const runs = smoke ? 1 : 5
  const file = path.join(workDir, 'export-site-browser.tar.gz')
  const archive = await writeExportSite(file, smoke ? 300 : SITE_PAGES)
  settle()
  const emulator = await new Emulator({
    apiKey: API_KEY,
    export: { ...scenario(0), pages: SITE_PAGES },
    archive: { file, name: 'bundle.tar.gz' }
  }).start()
  const measured: Measured[] = browsers.map((browser) => ({
    ...browser,
    product: '',
    pass: [],
    startup: [],
    alone: []
  }))
  try {
    // The kinds alternate run by run, so that the machine's noise falls on both alike.
    for (let i = -1; i < runs; i++) {
      for (const browser of measured) await measure(browser, i, workDir, emulator)
    }
  } finally {
    await emulator.stop()
    await rm(file, { force: true })
  }
  const perPage = (browser: Measured): Stat => summarise(browser.pass.map((took) => took / PAGES_LOADED))
  tables.push({
    figure: TEXT.number,
    columns: [
      'browser',
      'action: "Load the site in a browser" step',
      'of which browser start-up',
      'per page (the step / pages)',
      'browser alone: start → exit',
      'target'
    ],
    rows: measured.map((browser) => ({
      cells: [
        `${browser.kind}: ${browser.product}`,
        formatStat(summarise(browser.pass), ms),
        formatStat(summarise(browser.startup), ms),
        formatStat(perPage(browser), ms),
        formatStat(summarise(browser.alone), ms),
        `≤ ${BROWSER_TARGET_PER_PAGE_MS} ms a page`
      ],
      pass: perPage(browser).median <= BROWSER_TARGET_PER_PAGE_MS,
      headline: {
        case: `${browser.kind}, ${PAGES_LOADED} pages`,
        today: `${formatStat(perPage(browser), ms)} a page`,
        peer: `the browser alone: ${formatStat(summarise(browser.alone), ms)}`,
        target: `≤ ${BROWSER_TARGET_PER_PAGE_MS} ms a page`
      }
    })),
    method: [
      `The site is scripts/bench/export-site.ts's, ${smoke ? 300 : SITE_PAGES} pages (${archive.files} files); the pass loads ${PAGES_LOADED} of them (index.html, then a page of each distinct set of scripts, iframes and embeds, then a spread over the site's top folders) in each kind of browser the machine has (${measured.map((browser) => browser.executable).join(', ')}; CHROME_PATH set to it; the pass takes a headless shell first when it is not set), eight tabs at a time, each page straight after the tab's page before, scrolled to its end once it has loaded and no request is open, then until no request has been open for 500 ms (100 ms when the page says it has nothing due within the 500 ms: docs/site-check.md), and its rendered links read. The step's time is between the \`::group::Load the site in a browser\` and \`::endgroup::\` lines of the action's log, as they arrive on the pipe: the listing, the refusing proxy, the browser's start and end, the pages, the profile's removal. The start-up is the report's \`browser.startupMs\`: from the spawn to the browser's first answer over the DevTools pipe. "Browser alone" is the same executable with the pass's switches and a fresh profile, \`--dump-dom about:blank\`, from spawn to exit. ${runs} runs of each after one unmeasured run, the browsers alternated.`
    ]
  })
}

/** One run of the action with `browser`, checked, and its times added (run -1 is not counted). */
async function measure(browser: Measured, i: number, workDir: string, emulator: Emulator): Promise<void> {
  const action = await startAction(
    workDir,
    inputs(emulator, { extract: 'true', verify: 'warn', 'verify-browser': 'on' }),
    { timeoutMs: 300_000, env: { CHROME_PATH: browser.executable } }
  )
  const begin = lineAt(action, '::group::Load the site in a browser')
  const end = lineAt(action, '::endgroup::', begin)
  const report = JSON.parse(await readFile(action.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
  const section = report.browser
  if (report.domain !== EXPORT_SITE_DOMAIN || section?.pages.length !== PAGES_LOADED || section.startupMs === null) {
    throw new Error(
      `the browser pass loaded ${section?.pages.length ?? 0} pages (${section?.skipped ?? 'not skipped'}), not ${PAGES_LOADED}`
    )
  }
  if (section.executable !== browser.executable)
    throw new Error(`the pass ran ${section.executable ?? 'no browser'}, not ${browser.executable}`)
  const problems = report.problems.filter((problem) =>
    ['runtime-origin', 'runtime-missing', 'script-error'].includes(problem.check)
  )
  if (problems.length > 0)
    throw new Error(`the clean site gave browser problems: ${problems.map((problem) => problem.message).join('; ')}`)
  browser.product = `${section.browser ?? ''}/${section.version ?? ''}`
  await removeRun(action)
  const bare = await browserAlone(browser.executable, workDir)
  if (i < 0) return
  const took = (action.lines[end]?.at ?? 0) - (action.lines[begin]?.at ?? 0)
  browser.pass.push(took)
  browser.startup.push(section.startupMs)
  browser.alone.push(bare)
  progress(
    `  ${browser.kind}, run ${i + 1}: pass ${took} ms (browser start-up ${section.startupMs} ms), browser alone ${bare} ms`
  )
}

/** The browser started with the pass's switches on a fresh profile, loading nothing, from spawn to exit. */
async function browserAlone(executable: string, workDir: string): Promise<number> {
  const profile = await mkdtemp(path.join(workDir, 'browser-alone-'))
  // Nothing listens at the proxy's address: the browser loads nothing that would need it.
  const switches = browserSwitches({ profile, proxy: 'http://127.0.0.1:9', sandbox: process.getuid?.() !== 0 })
  const args = switches.filter((arg) => arg !== '--remote-debugging-pipe' && arg !== 'about:blank')
  const bare = await runCommand(executable, [...args, '--dump-dom', 'about:blank'])
  await rm(profile, { recursive: true, force: true })
  return bare.exitAt - bare.spawnAt
}
