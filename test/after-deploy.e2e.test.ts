import type { ChildProcess } from 'node:child_process'
import { cpSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ArchiveEntry } from './emulator/archives.ts'
import { Emulator } from './emulator/server.ts'
import { brokenSite, type ExportedSite } from './emulator/sites.ts'
import { exportInputs } from './support/export-inputs.ts'
import { findNginx, freePort, siteServer, startNginx, type StaticHost } from './support/nginx.ts'
import { runAction, type ActionRun } from './support/run-action.ts'
import { runCli } from './support/run-cli.ts'

/**
 * After the deploy, through dist/index.js: two runs of the export on two versions of a site make
 * the manifests and reports that compare-to and verify-baseline read; check-deployment then
 * checks what a real web server (nginx on 127.0.0.1) serves against a manifest.
 */

const NGINX = findNginx()
const nginxMissing = !NGINX && Boolean(process.env.CI)

/** The first version: one broken link. */
const V1 = brokenSite('missing-page')

/**
 * The second version: every page and style sheet rebuilt (one page with a second broken link), a
 * file added, a file removed; images and scripts unchanged.
 */
const V2: ExportedSite = {
  pageCount: V1.pageCount,
  entries: [
    ...V1.entries
      .filter((entry) => entry.name !== 'guides/deploy.txt')
      .map((entry): ArchiveEntry => {
        if (typeof entry.content !== 'string' || !/\.(html|css)$/.test(entry.name)) return entry
        const content =
          entry.name === 'guides/getting-started.html'
            ? entry.content.replace('</main>', '<a href="/guides/removed">Removed</a></main>')
            : entry.content
        return { ...entry, content: `${content}\n<!-- v2 -->\n` }
      }),
    { name: 'guides/whats-new.txt', content: 'What is new in v2' }
  ]
}
/** The files the second version changed. */
const CHANGED = V1.entries
  .filter((entry) => typeof entry.content === 'string' && /\.(html|css)$/.test(entry.name))
  .map((entry) => entry.name)

interface Export {
  run: ActionRun
  folder: string
  manifest: string
  report: string
  site: string
}

let work: string
let v1: Export
let v2: Export

/** Exports `site` with the action into a folder of its own, with `inputs` added. */
async function exportVersion(name: string, site: ExportedSite, inputs: Record<string, string> = {}): Promise<Export> {
  const emulator = await new Emulator({ site }).start()
  try {
    const folder = path.join(work, name)
    const run = await runAction(exportInputs(emulator, { extract: 'true', path: folder, ...inputs }))
    return {
      run,
      folder,
      manifest: path.join(folder, 'manifest.json'),
      report: path.join(folder, 'verify-report.json'),
      site: path.join(folder, 'site')
    }
  } finally {
    await emulator.stop()
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'after-deploy-test-'))
  v1 = await exportVersion('v1', V1)
  v2 = await exportVersion('v2', V2)
}, 60_000)

afterAll(async () => rm(work, { recursive: true, force: true }))

describe('the manifest', () => {
  it('lists every file of the site with its size and SHA-256, beside the site, and is an output', async () => {
    expect(v1.run.exitCode).toBe(0)
    expect(v1.run.outputs['manifest-path']).toBe(v1.manifest)
    const manifest = JSON.parse(await readFile(v1.manifest, 'utf8')) as {
      version: number
      jobId: string
      domain: string
      bundleSha256: string
      files: { path: string; size: number; sha256: string }[]
    }
    expect(manifest).toMatchObject({
      version: 1,
      jobId: v1.run.outputs['job-id'],
      domain: 'docs.acme.dev',
      bundleSha256: v1.run.outputs['bundle-sha256']
    })
    const paths = manifest.files.map((file) => file.path)
    expect(paths).toEqual(
      [...V1.entries.map((entry) => entry.name)].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
    )
    const index = manifest.files.find((file) => file.path === 'index.html')
    const onDisk = await readFile(path.join(v1.site, 'index.html'))
    expect(index?.size).toBe(onDisk.length)
  })
})

describe('compare-to and verify-baseline, with the manifest and report of the run before', () => {
  let run: ActionRun

  beforeAll(async () => {
    run = (
      await exportVersion('v2-compared', V2, {
        'compare-to': v1.manifest,
        'verify-baseline': v1.report,
        verify: 'error'
      })
    ).run
  }, 30_000)

  it('counts the files added, removed and changed, and writes changes.json', async () => {
    expect(run.outputs).toMatchObject({
      'files-added': '1',
      'files-removed': '1',
      'files-changed': String(CHANGED.length)
    })
    const changes = JSON.parse(await readFile(run.outputs['changes-path'] ?? '', 'utf8')) as {
      added: { path: string }[]
      removed: { path: string }[]
      changed: { path: string }[]
    }
    expect(changes.added.map((file) => file.path)).toEqual(['guides/whats-new.txt'])
    expect(changes.removed.map((file) => file.path)).toEqual(['guides/deploy.txt'])
    expect(changes.changed.map((file) => file.path).sort()).toEqual([...CHANGED].sort())
    expect(run.summary).toContain('<h3>Changes</h3>')
  })

  it('fails verify: error on the new problem only, listing the known one as known', async () => {
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /The site check found 1 new problem in .* \(verify: error; 1 more the baseline has\): guides\/getting-started\.html: a\[href\] "\/guides\/removed"/
      )
    ])
    const report = JSON.parse(await readFile(run.outputs['verify-report-path'] ?? '', 'utf8')) as {
      problems: { target: string; known: boolean }[]
    }
    expect(report.problems.map((problem) => [problem.target, problem.known]).sort()).toEqual([
      ['/guides/removed', false],
      ['/guides/upgrade', true]
    ])
  })

  it('gives one warning and no comparison for a compare-to that cannot be read, and does not fail for it', async () => {
    const missing = path.join(work, 'nowhere', 'manifest.json')
    const { run: plain } = await exportVersion('v2-missing', V2, { 'compare-to': missing })
    expect(plain.exitCode).toBe(0)
    expect(plain.outputs['files-added']).toBeUndefined()
    expect(
      plain.stdout.split('\n').filter((line) => line.startsWith('::warning') && line.includes(missing))
    ).toHaveLength(1)
  })
})

describe.skipIf(!NGINX && !nginxMissing)('check-deployment against nginx', () => {
  let nginx: StaticHost | undefined
  /** The folder nginx serves: a link switched from one site to another. */
  let served: string

  afterEach(async () => {
    await nginx?.stop()
    nginx = undefined
  })

  /** Serves `site` at the root of a new nginx, with or without extensionless routes. */
  async function serve(site: string, extensionless = true): Promise<string> {
    if (!NGINX) throw new Error('nginx is not installed: CI installs it (.ci/run)')
    served = path.join(work, `served-${Date.now()}`)
    symlinkSync(site, served)
    nginx = await startNginx(NGINX, siteServer({ root: served, extensionless }), work)
    return nginx.baseUrl
  }

  /** Points the served link at `site`, in one step. */
  function switchTo(site: string): void {
    const next = `${served}.next`
    symlinkSync(site, next)
    renameSync(next, served)
  }

  function check(
    url: string,
    manifest: string,
    inputs: Record<string, string> = {},
    onStdout?: (text: string) => void,
    onSpawn?: (child: ChildProcess) => void
  ): Promise<ActionRun> {
    return runAction(
      {
        command: 'check-deployment',
        url,
        manifest,
        'check-files': 'all',
        'timeout-seconds': '20',
        'poll-interval-seconds': '0.3',
        ...inputs
      },
      { onStdout, onSpawn }
    )
  }

  it('finds the export served current, with a report and a summary', async () => {
    const url = await serve(v2.site)
    const run = await check(url, v2.manifest)
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs['deployment-status']).toBe('current')
    expect(run.outputs['files-matching']).toBe(run.outputs['files-compared'])
    expect(Number(run.outputs['files-compared'])).toBeGreaterThan(5)
    const report = JSON.parse(await readFile(run.outputs['deployment-report-path'] ?? '', 'utf8')) as {
      files: { path: string; expectedSha256: string; servedSha256: string; status: string }[]
    }
    expect(report.files.every((file) => file.status === 'match' && file.servedSha256 === file.expectedSha256)).toBe(
      true
    )
    expect(run.summaryText).toMatch(
      /^✅ Deployment at http:\/\/127\.0\.0\.1:\d+\/: current, \d+ of \d+ files matching, /
    )
    // http is allowed, with a notice that nothing secret is sent.
    expect(run.stdout).toMatch(/::notice::Input 'url' is plain http/)
  })

  it('waits while the older export is served, and finds the new one current once it is switched in', async () => {
    const url = await serve(v1.site)
    let switched = false
    const run = await check(url, v2.manifest, {}, (text) => {
      if (!switched && text.includes('Round 1:')) {
        switched = true
        switchTo(v2.site)
      }
    })
    expect(switched).toBe(true)
    expect(run.exitCode).toBe(0)
    expect(run.outputs['deployment-status']).toBe('current')
    const report = JSON.parse(await readFile(run.outputs['deployment-report-path'] ?? '', 'utf8')) as { rounds: number }
    expect(report.rounds).toBeGreaterThanOrEqual(2)
  })

  it('fails at the deadline on a half-copied tree as partly rolled out, naming the files that differ', async () => {
    const half = path.join(work, `half-${Date.now()}`)
    cpSync(v1.site, half, { recursive: true })
    cpSync(path.join(v2.site, 'index.html'), path.join(half, 'index.html'))
    rmSync(path.join(half, 'guides'), { recursive: true })
    cpSync(path.join(v2.site, 'guides'), path.join(half, 'guides'), { recursive: true })
    const url = await serve(half)
    const run = await check(url, v2.manifest, { 'timeout-seconds': '3' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['deployment-status']).toBe('partial')
    const [matching, compared] = [Number(run.outputs['files-matching']), Number(run.outputs['files-compared'])]
    expect(matching).toBeGreaterThan(0)
    expect(matching).toBeLessThan(compared)
    expect(run.errors).toEqual([expect.stringMatching(new RegExp(`partly rolled out \\(${matching} of ${compared}`))])
    // The files not copied yet are named: the pages of the old export outside guides/.
    expect(run.errors[0]).toMatch(/api-reference\/|404\.html/)
  })

  it('reports the pages a server without extensionless routes does not serve as route problems', async () => {
    const url = await serve(v2.site, false)
    const run = await check(url, v2.manifest, { 'timeout-seconds': '3' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['files-matching']).toBe(run.outputs['files-compared'])
    const report = JSON.parse(await readFile(run.outputs['deployment-report-path'] ?? '', 'utf8')) as {
      routes: { route: string; status: string; httpStatus: number | null }[]
    }
    const failing = report.routes.filter((route) => route.status !== 'match')
    expect(failing.length).toBeGreaterThan(0)
    expect(failing.every((route) => route.httpStatus === 404)).toBe(true)
    expect(run.errors[0]).toMatch(/route/)
  })

  it('runs the same from the command line: exit code 0 when current, 5 when not, the outputs in --json', async () => {
    const url = await serve(v2.site)
    const args = ['check-deployment', '--url', url, '--manifest', v2.manifest, '--json', '--timeout-seconds', '3']
    const current = await runCli([...args, '--out', path.join(work, `cli-${Date.now()}`)])
    expect(current.exitCode).toBe(0)
    const result = JSON.parse(current.stdout) as {
      deploymentStatus: string
      filesMatching: unknown
      filesCompared: unknown
    }
    expect(result.deploymentStatus).toBe('current')
    expect(typeof result.filesMatching).toBe('number')
    expect(result.filesMatching).toBe(result.filesCompared)
    const stale = await runCli([
      'check-deployment',
      '--url',
      url,
      '--manifest',
      v1.manifest,
      '--json',
      '--timeout-seconds',
      '2',
      '--poll-interval-seconds',
      '0.5',
      '--out',
      path.join(work, `cli-stale-${Date.now()}`)
    ])
    expect(stale.exitCode).toBe(5)
    const failed = JSON.parse(stale.stdout) as { deploymentStatus: string; error: { code: string; message: string } }
    expect(failed.deploymentStatus).toBe('partial')
    expect(failed.error.code).toBe('deployment-not-current')
    expect(failed.error.message).toMatch(/partly rolled out/)
  })

  it('says the deployment is unreachable when nothing answers', async () => {
    const url = `http://127.0.0.1:${await freePort()}/`
    const run = await check(url, v2.manifest, { 'timeout-seconds': '2' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['deployment-status']).toBe('unreachable')
    expect(run.errors).toEqual([expect.stringMatching(/unreachable/)])
  })
})
