import { mkdtemp, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { findBrowser } from '../../../src/site/browser/find.ts'
import { browserSwitches } from '../../../src/site/browser/switches.ts'
import type { SiteCheckReport } from '../../../src/site/report.ts'
import { Emulator } from '../../../test/emulator/server.ts'
import { API_KEY, inputs, lineAt, progress, scenario, settle, type BenchContext, type Figure } from '../context.ts'
import { EXPORT_SITE_DOMAIN, writeExportSite } from '../export-site.ts'
import { removeRun, runCommand, startAction } from '../run.ts'
import { formatStat, ms, stat as summarise } from '../stats.ts'

/**
 * 8. The browser pass on the export-shaped site: 25 pages loaded in the machine's Chrome/Chromium,
 * the whole "Load the site in a browser" step and the browser's start-up, against the browser
 * started and ended alone.
 */

const PAGES_LOADED = 25
const SITE_PAGES = 2_000
/** Time the pass may take a page, on average, its start-up included. */
const TARGET_PER_PAGE_MS = 100

export const browserPass: Figure = { name: 'browser-pass', run }

async function run({ workDir, smoke, tables, info, headlines }: BenchContext): Promise<void> {
  const found = findBrowser(process.env)
  progress(`\n8. Browser pass: ${PAGES_LOADED} pages of an export-shaped site in ${found.executable ?? 'no browser'}`)
  if (found.executable === undefined) {
    info.push(`Figure 8 did not run: ${found.reason}.`)
    return
  }
  const { executable } = found
  const runs = smoke ? 1 : 5
  const file = path.join(workDir, 'export-site-browser.tar.gz')
  const archive = await writeExportSite(file, smoke ? 300 : SITE_PAGES)
  settle()
  const emulator = await new Emulator({
    apiKey: API_KEY,
    export: { ...scenario(0), pages: SITE_PAGES },
    archive: { file, name: 'bundle.tar.gz' }
  }).start()
  const pass: number[] = []
  const startup: number[] = []
  const alone: number[] = []
  let product = ''
  try {
    for (let i = -1; i < runs; i++) {
      const action = await startAction(
        workDir,
        inputs(emulator, { extract: 'true', verify: 'warn', 'verify-browser': 'on' }),
        { timeoutMs: 300_000 }
      )
      const begin = lineAt(action, '::group::Load the site in a browser')
      const end = lineAt(action, '::endgroup::', begin)
      const report = JSON.parse(await readFile(action.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
      const section = report.browser
      if (
        report.domain !== EXPORT_SITE_DOMAIN ||
        section?.pages.length !== PAGES_LOADED ||
        section.startupMs === null
      ) {
        throw new Error(
          `the browser pass loaded ${section?.pages.length ?? 0} pages (${section?.skipped ?? 'not skipped'}), not ${PAGES_LOADED}`
        )
      }
      const problems = report.problems.filter((problem) =>
        ['runtime-origin', 'runtime-missing', 'script-error'].includes(problem.check)
      )
      if (problems.length > 0)
        throw new Error(
          `the clean site gave browser problems: ${problems.map((problem) => problem.message).join('; ')}`
        )
      product = `${section.browser ?? ''}/${section.version ?? ''}`
      await removeRun(action)
      const bare = await browserAlone(executable, workDir)
      if (i < 0) continue
      const took = (action.lines[end]?.at ?? 0) - (action.lines[begin]?.at ?? 0)
      pass.push(took)
      startup.push(section.startupMs)
      alone.push(bare)
      progress(`  run ${i + 1}: pass ${took} ms (browser start-up ${section.startupMs} ms), browser alone ${bare} ms`)
    }
  } finally {
    await emulator.stop()
    await rm(file, { force: true })
  }
  const all = summarise(pass)
  const perPage = summarise(pass.map((took) => took / PAGES_LOADED))
  headlines.push(
    `Browser pass, ${PAGES_LOADED} pages (figure 8, the whole step, start-up included): ${ms(perPage.median)} a page, target ≤ ${TARGET_PER_PAGE_MS} ms: ${perPage.median <= TARGET_PER_PAGE_MS ? 'met' : '**missed**'}`
  )
  tables.push({
    title: `8. Browser pass: ${PAGES_LOADED} pages of an export-shaped site`,
    columns: [
      'pages loaded',
      'action: "Load the site in a browser" step',
      'of which browser start-up',
      'per page (the step / pages)',
      'browser alone: start → exit',
      'target'
    ],
    rows: [
      {
        cells: [
          String(PAGES_LOADED),
          formatStat(all, ms),
          formatStat(summarise(startup), ms),
          formatStat(perPage, ms),
          formatStat(summarise(alone), ms),
          `≤ ${TARGET_PER_PAGE_MS} ms a page`
        ],
        pass: perPage.median <= TARGET_PER_PAGE_MS
      }
    ],
    notes: [
      `The site is scripts/bench/export-site.ts's, ${smoke ? 300 : SITE_PAGES} pages (${archive.files} files); the pass loads ${PAGES_LOADED} of them (index.html, then a page of each distinct set of scripts, iframes and embeds, then a spread over the site's top folders) in ${product} (${executable}), eight tabs at a time, each page after about:blank, scrolled to its end once it has loaded and no request is open, then until no request has been open for 500 ms, and its rendered links read. The step's time is between the \`::group::Load the site in a browser\` and \`::endgroup::\` lines of the action's log, as they arrive on the pipe: the listing, the loopback server, the browser's start and end, the pages, the profile's removal. The start-up is the report's \`browser.startupMs\`: from the spawn to the browser's first answer over the DevTools pipe. "Browser alone" is the same executable with the pass's switches and a fresh profile, \`--dump-dom about:blank\`, from spawn to exit. ${runs} runs after one unmeasured run.`
    ]
  })
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
