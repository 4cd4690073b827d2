import { execFileSync, type ChildProcess } from 'node:child_process'
import { chmod, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteCheckReport } from '../src/site/report.ts'
import type { ArchiveEntry } from './emulator/archives.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { exportPage, exportShapedSite, type ExportedSite } from './emulator/sites.ts'
import { exportInputs } from './support/export-inputs.ts'
import { browserExecutable, describeWhere, missingBrowser, missingNobody, nobody } from './support/requirements.ts'
import { runAction, type ActionRun, type RunOptions } from './support/run-action.ts'

/** The browser pass through the built action, with the machine's Chrome or Chromium, on sites that reach out at run time. */

/** Matchers typed as what they stand for, so that they sit in typed objects. */
const like = (pattern: RegExp): unknown => expect.stringMatching(pattern)
const containing = (text: string): unknown => expect.stringContaining(text)

let emulator: Emulator | undefined

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

async function exportSite(
  setup: EmulatorSetup,
  inputs: Record<string, string> = {},
  env: Record<string, string> = {},
  options: RunOptions = {}
): Promise<ActionRun> {
  emulator = await new Emulator(setup).start()
  return runAction(exportInputs(emulator, { extract: 'true', 'verify-browser': 'auto', ...inputs }), {
    env,
    timeoutMs: 90_000,
    ...options
  })
}

const lines = (run: ActionRun, command: string): string[] =>
  run.stdout.split('\n').filter((line) => line.startsWith(`::${command}`))
const warnings = (run: ActionRun): string[] =>
  lines(run, 'warning').map((line) => line.replace(/^::warning[^:]*::/, ''))

async function readReport(run: ActionRun): Promise<SiteCheckReport> {
  return JSON.parse(await readFile(run.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
}

/** A page of the export's shape with `script` run in it, and the script files it names. */
function planted(route: string, script: string, files: ArchiveEntry[] = []): ArchiveEntry[] {
  return [
    { name: `${route}.html`, content: exportPage(route, { nav: [''], body: `<p>${route}</p>`, head: script }) },
    ...files
  ]
}

/** Each page does one thing a static check cannot see; `index.html` and the assets are the clean site's. */
function runTimeSite(): ExportedSite {
  // The clean site's assets, and an index.html that links only to the planted pages.
  const assets = exportShapedSite().entries.filter((entry) => !/\.(html|txt|xml)$/.test(entry.name))
  const clean = [...assets, ...planted('index', '')]
  const entries = [
    ...clean,
    ...planted('guides/search', '<script src="/js/search.js"></script>', [
      { name: 'js/search.js', content: "fetch('https://api.search.example/v1/query?q=deploy').catch(() => {})\n" }
    ]),
    ...planted(
      'guides/widget',
      "<script>const s = document.createElement('script'); s.src = 'https://cdn.widget.example/embed.js'; document.head.append(s)</script>"
    ),
    ...planted(
      'guides/beacon',
      "<script>navigator.sendBeacon('https://collect.analytics.example/event', 'view')</script>"
    ),
    ...planted('guides/pixel', "<script>new Image().src = 'https://pixel.tracker.example/p.gif'</script>"),
    ...planted('guides/module', '<script type="module">import(\'https://esm.cdn.example/lib.mjs\')</script>'),
    ...planted('guides/throws', "<script>throw new Error('planted failure')</script>"),
    ...planted(
      'guides/chunk',
      "<script>const c = document.createElement('script'); c.src = '/_next/static/chunks/lazy-4f5e6d.js'; document.head.append(c)</script>"
    ),
    ...planted('guides/busy', "<script>setInterval(() => fetch('/busy.json').catch(() => {}), 100)</script>", [
      { name: 'busy.json', content: '{}' }
    ]),
    ...planted('guides/spin', '<script>for (;;) {}</script>'),
    // Quiet once loaded, but with a timer due: the page is waited for until the timer has run.
    ...planted(
      'guides/late',
      "<script>addEventListener('load', () => setTimeout(() => fetch('https://late.example/after-load').catch(() => {}), 300))</script>"
    )
  ]
  return { entries, pageCount: 11 }
}

describeWhere(missingBrowser, 'browser pass, end to end', () => {
  it('reports each run-time load with its page and initiator, missing chunks and script errors, and a page that never settles', async () => {
    const run = await exportSite({ site: runTimeSite() })
    expect(run.exitCode).toBe(0)
    expect(run.errors).toEqual([])
    expect(run.stdout).toContain('::group::Load the site in a browser')
    const report = await readReport(run)
    const browser = report.browser
    expect(browser).toMatchObject({ skipped: null, executable: browserExecutable })
    expect(browser?.browser).toMatch(/Chrome/)
    expect(browser?.version).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
    expect(browser?.pages[0]).toBe('index.html')
    expect([...(browser?.pages ?? [])].sort()).toEqual(
      [
        'index.html',
        ...['beacon', 'busy', 'chunk', 'late', 'module', 'pixel', 'search', 'spin', 'throws', 'widget'].map(
          (page) => `guides/${page}.html`
        )
      ].sort()
    )

    const origins = Object.fromEntries((browser?.runtimeOrigins ?? []).map((origin) => [origin.origin, origin]))
    expect(Object.keys(origins).sort()).toEqual([
      'https://api.search.example',
      'https://cdn.widget.example',
      'https://collect.analytics.example',
      'https://esm.cdn.example',
      'https://late.example',
      'https://pixel.tracker.example'
    ])
    expect(origins['https://api.search.example']).toMatchObject({
      types: ['Fetch'],
      exampleUrl: 'https://api.search.example/v1/query?q=deploy',
      pages: ['guides/search.html'],
      inStaticCheck: false,
      examples: [{ page: 'guides/search.html', type: 'Fetch', initiator: like(/^script \/js\/search\.js:1:\d+$/) }]
    })
    expect(origins['https://cdn.widget.example']?.examples).toEqual([
      {
        page: 'guides/widget.html',
        url: 'https://cdn.widget.example/embed.js',
        type: 'Script',
        initiator: like(/^script \/guides\/widget\.html:1:\d+$/)
      }
    ])
    expect(origins['https://collect.analytics.example']?.examples[0]).toMatchObject({
      page: 'guides/beacon.html',
      type: 'Ping',
      initiator: like(/^script /)
    })
    expect(origins['https://late.example']?.examples[0]).toMatchObject({
      page: 'guides/late.html',
      url: 'https://late.example/after-load',
      type: 'Fetch'
    })
    expect(origins['https://pixel.tracker.example']?.examples[0]).toMatchObject({
      page: 'guides/pixel.html',
      type: 'Image',
      initiator: like(/^(script|parser) \/guides\/pixel\.html:1/)
    })
    expect(origins['https://esm.cdn.example']?.examples[0]).toMatchObject({
      page: 'guides/module.html',
      type: 'Script',
      initiator: like(/^script /)
    })

    expect(browser?.missing).toEqual([
      {
        path: '/_next/static/chunks/lazy-4f5e6d.js',
        pages: ['guides/chunk.html'],
        // Asked for, and a script element of the rendered page.
        foundBy: ['rendered-page', 'request'],
        inStaticCheck: false,
        examples: [
          {
            page: 'guides/chunk.html',
            url: '/_next/static/chunks/lazy-4f5e6d.js',
            type: 'Script',
            initiator: like(/^script \/guides\/chunk\.html:1:\d+$/)
          }
        ]
      }
    ])
    const errors = Object.fromEntries((browser?.scriptErrors ?? []).map((error) => [error.page, error]))
    expect(Object.keys(errors).sort()).toEqual([
      'guides/busy.html',
      'guides/module.html',
      'guides/spin.html',
      'guides/throws.html'
    ])
    expect(errors['guides/throws.html']).toMatchObject({
      kind: 'exception',
      message: 'Uncaught Error: planted failure',
      source: like(/^\/guides\/throws\.html:1:\d+$/)
    })
    expect(errors['guides/module.html']).toMatchObject({
      kind: 'module',
      message: containing('https://esm.cdn.example/lib.mjs')
    })
    expect(errors['guides/busy.html']).toMatchObject({
      kind: 'timeout',
      message: like(/^the page never settled within 10 s/)
    })

    // Each becomes a problem and a warning naming the page, as the static check's problems do.
    const problems = report.problems.filter((problem) =>
      ['runtime-origin', 'runtime-missing', 'script-error'].includes(problem.check)
    )
    expect(errors['guides/spin.html']).toMatchObject({
      kind: 'timeout',
      message: like(/^the page never finished loading within 10 s/)
    })
    expect(problems).toHaveLength(11)
    expect(report.counts.problems).toBe(report.problems.length)
    expect(warnings(run)).toContainEqual(
      like(
        /^guides\/search\.html: reaches https:\/\/api\.search\.example at run time \(Fetch, such as https:\/\/api\.search\.example\/v1\/query\?q=deploy, started by script \/js\/search\.js:1:\d+\); that fails without internet access$/
      )
    )
    expect(run.summary).toContain('<details><summary>Browser pass: 11 pages loaded in ')
    expect(run.summary).toContain('<td><code>https://api.search.example</code></td>')
  })

  it('fails the step under verify: error with the run-time problems', async () => {
    const site = exportShapedSite()
    const entries = site.entries.map((entry) =>
      entry.name === 'guides/deploy.html'
        ? {
            ...entry,
            content: String(entry.content).replace(
              '</head>',
              "<script>fetch('https://api.search.example/q').catch(() => {})</script></head>"
            )
          }
        : entry
    )
    const run = await exportSite({ site: { ...site, entries } }, { verify: 'error' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('The site check found 1 problem')
    expect(run.errors[0]).toMatch(
      /\(verify: error\): guides\/deploy\.html: reaches https:\/\/api\.search\.example at run time \(Fetch, such as https:\/\/api\.search\.example\/q, started by script \/guides\/deploy\.html:1:\d+\)/
    )
  })

  it('stays silent on the clean site, and says which pages it loaded: the page with a frame among the first', async () => {
    const run = await exportSite({ site: exportShapedSite() }, { 'verify-browser-pages': '4' })
    expect(run.exitCode).toBe(0)
    expect(warnings(run)).toEqual([])
    expect(lines(run, 'notice')).toHaveLength(1)
    const report = await readReport(run)
    expect(report.problems).toEqual([])
    expect(report.browser).toMatchObject({
      skipped: null,
      // guides/deploy.html frames the API reference: the one page of its set, loaded before the spread.
      pages: ['index.html', 'guides/deploy.html', 'api-reference/index.html', 'guides/café.html'],
      scriptSets: { distinct: 2, loaded: 2 },
      notLoaded: [],
      runtimeOrigins: [],
      missing: [],
      scriptErrors: []
    })
    expect(run.stdout).toMatch(
      /Loaded 4 pages in \S*Chrome\/[\d.]+ \(started in [\d.]+ m?s(, without its sandbox as root)?\) in [\d.]+ m?s: 0 origins reached at run time, 0 missing, 0 script errors; 2 of the 2 distinct sets of scripts, iframes and embeds loaded/
    )
    expect(run.summaryText).toMatch(
      /\nBrowser pass: 4 pages loaded in \S*Chrome [\d.]+ in [\d.]+ m?s; no origin reached at run time, nothing missing, no script errors\.\n/
    )
  })

  it('loads a page of every set of scripts, iframes and embeds before the spread reaches it', async () => {
    const site = exportShapedSite()
    const deep = (route: string, head: string): ArchiveEntry => ({
      name: `${route}.html`,
      content: exportPage(route, { nav: [''], body: '<p>deep</p>', head })
    })
    const entries = [
      ...site.entries,
      ...['a', 'b', 'c', 'd'].map((name) => deep(`guides/more/${name}`, '')),
      deep('guides/more/zz-video', '<script src="/js/player.js"></script>'),
      { name: 'js/player.js', content: "document.body.dataset.player = 'ready'\n" }
    ]
    const run = await exportSite({ site: { entries, pageCount: site.pageCount + 5 } }, { 'verify-browser-pages': '3' })
    expect(run.exitCode).toBe(0)
    const report = await readReport(run)
    expect(report.browser?.pages).toEqual(['index.html', 'guides/deploy.html', 'guides/more/zz-video.html'])
    expect(report.browser?.scriptSets).toEqual({ distinct: 3, loaded: 3 })
  })

  it('leaves no browser and no profile behind when the run is cancelled during the pass', async () => {
    emulator = await new Emulator({ site: runTimeSite() }).start()
    let child: ChildProcess | undefined
    let signalled = false
    const run = await runAction(exportInputs(emulator, { extract: 'true', 'verify-browser': 'on' }), {
      timeoutMs: 60_000,
      onStdout: (text) => {
        if (!signalled && text.includes('Loading ')) {
          signalled = true
          setTimeout(() => child?.kill('SIGINT'), 1500)
        }
      },
      onSpawn: (spawned) => (child = spawned)
    })
    expect(signalled).toBe(true)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([containing('The run was cancelled while export job')])
    expect(run.signal).toBeNull()
    expect((await readdir(run.runnerTemp)).filter((name) => name.startsWith('browser-profile-'))).toEqual([])
    expect(browsersUsing(run.runnerTemp)).toEqual([])
  })
})

/** Processes whose command line names a folder of this run: a browser left running would. */
function browsersUsing(folder: string): string[] {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
  return out.split('\n').filter((line) => line.includes(folder) && !line.startsWith('ps '))
}

describeWhere(missingBrowser ?? missingNobody, 'browser pass, end to end: as an unprivileged user', () => {
  it('runs the browser with its sandbox as nobody', async () => {
    const run = await exportSite(
      { site: exportShapedSite() },
      { 'verify-browser': 'on', 'verify-browser-pages': '2' },
      {},
      { user: nobody() }
    )
    expect(run.exitCode, run.stdout).toBe(0)
    expect(warnings(run)).toEqual([])
    expect((await readReport(run)).browser).toMatchObject({
      skipped: null,
      sandbox: true,
      pages: ['index.html', 'guides/deploy.html']
    })
  })

  /** The machine's browser started in a user namespace it cannot nest another in: its sandbox cannot start, as on a runner whose AppArmor forbids it. */
  async function browserWithoutSandbox(): Promise<string> {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'no-sandbox-'))
    await chmod(folder, 0o755)
    const wrapper = path.join(folder, 'chrome')
    await writeFile(wrapper, `#!/bin/sh\nexec unshare --user -- ${browserExecutable ?? ''} "$@"\n`, { mode: 0o755 })
    return wrapper
  }

  it('auto: a browser whose sandbox cannot start is one warning that says why and what to do, and the step succeeds', async () => {
    const chrome = await browserWithoutSandbox()
    const run = await exportSite({ site: exportShapedSite() }, {}, { CHROME_PATH: chrome }, { user: nobody() })
    expect(run.exitCode).toBe(0)
    expect(warnings(run)).toEqual([
      like(
        /^The site was not loaded in a browser: the browser could not start its sandbox \(it said "No usable sandbox"\) and exited \([\w ]+\)\. Ubuntu 23\.10 and later .*use Google Chrome.*AppArmor profile.*; or set verify-browser: off$/
      )
    ])
    expect((await readReport(run)).browser).toMatchObject({
      executable: chrome,
      skipped: containing('No usable sandbox')
    })
  })

  it('on: the same browser fails the step, saying why and what to do', async () => {
    const chrome = await browserWithoutSandbox()
    const run = await exportSite(
      { site: exportShapedSite() },
      { 'verify-browser': 'on' },
      { CHROME_PATH: chrome },
      { user: nobody() }
    )
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      like(
        /The site check's browser pass did not run \(verify-browser: on\): the browser could not start its sandbox .*Google Chrome/
      )
    ])
  })
})

describe('browser pass, end to end: without a browser', () => {
  const noBrowser = { CHROME_PATH: '/nonexistent/chrome' }

  it('auto: one notice, no warning, the outcome unchanged', async () => {
    const run = await exportSite({ site: exportShapedSite() }, {}, noBrowser)
    expect(run.exitCode).toBe(0)
    expect(warnings(run)).toEqual([])
    const notices = lines(run, 'notice').filter((line) => line.includes('browser'))
    expect(notices).toEqual([
      '::notice title=Site check%3A no browser::The site was not loaded in a browser: CHROME_PATH (/nonexistent/chrome) is not an executable file. Run-time loads are not checked (verify-browser: auto)'
    ])
    expect((await readReport(run)).browser).toMatchObject({
      skipped: 'CHROME_PATH (/nonexistent/chrome) is not an executable file',
      pages: []
    })
  })

  it('on: fails the step, naming the input, with the report written', async () => {
    const run = await exportSite({ site: exportShapedSite() }, { 'verify-browser': 'on' }, noBrowser)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      `Export job ${run.outputs['job-id']}: The site check's browser pass did not run (verify-browser: on): CHROME_PATH (/nonexistent/chrome) is not an executable file`
    ])
    expect((await readReport(run)).browser?.skipped).toContain('CHROME_PATH')
  })

  it('off: no pass, no notice, the section says why', async () => {
    const run = await exportSite({ site: exportShapedSite() }, { 'verify-browser': 'off' }, noBrowser)
    expect(run.exitCode).toBe(0)
    expect(run.stdout).not.toContain('Load the site in a browser')
    expect((await readReport(run)).browser).toMatchObject({ skipped: 'verify-browser: off' })
  })
})
