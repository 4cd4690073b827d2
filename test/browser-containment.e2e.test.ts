import { spawn } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { expect, it } from 'vitest'
import { passPorts, runContained, strayPackets, type NamespaceResult } from './support/containment.ts'
import { expectEveryPathReported, expectNothingHeard } from './support/paths-reported.ts'
import { browsersByKind, describeWhere, missingNamespace, missingNobody, nobody } from './support/requirements.ts'
import { ROOT } from './support/run-action.ts'

/**
 * Every way out of the browser that a page can try (test/site/browser/paths/, one file each),
 * closed and reported: on this machine's network, where loopback canaries must hear nothing, and
 * in a network namespace with only loopback, where no packet may go anywhere but to the emulator
 * and the action's own servers.
 */

/** Secrets of the runner and the workflow that the browser must never see. */
const PLANTED = {
  GITHUB_TOKEN: 'ghs_plantedtoken',
  ACTIONS_ID_TOKEN_REQUEST_TOKEN: 'planted-oidc',
  ACTIONS_ID_TOKEN_REQUEST_URL: 'https://planted.invalid/oidc',
  ACTIONS_RUNTIME_TOKEN: 'planted-runtime',
  ACTIONS_CACHE_URL: 'https://planted.invalid/cache',
  MINTLIFY_ADMIN_KEY: 'mint_planted',
  HTTPS_PROXY: 'http://planted.invalid:3128'
}

for (const browser of browsersByKind) {
  describeWhere(browser.missing, `browser containment (${browser.kind}), on this machine`, () => {
    it('closes and reports every path; the canaries hear nothing, the browser sees no secret and leaves no download', async () => {
      let environment: Record<string, string> | undefined
      let watching: Promise<void> | undefined
      const done = new AbortController()
      const run = await runContained({
        env: { ...PLANTED, CHROME_PATH: browser.executable ?? '' },
        onSpawn: (action) => {
          if (action.pid) watching = watchBrowser(action.pid, done.signal, (found) => (environment = found))
        }
      }).finally(() => done.abort())
      await watching
      expect(run.run.exitCode).toBe(0)
      expect(run.report.browser?.executable).toBe(browser.executable)
      expectNothingHeard(run)
      expectEveryPathReported(run)

      // The browser's environment: an allowlist, with its home and temporary folders its own. (A
      // wrapper script, as Debian's /usr/bin/chromium, may add variables of its own.)
      expect(environment, 'the browser was seen running').toBeDefined()
      const names = Object.keys(environment ?? {})
      expect(names.filter((name) => name in PLANTED || /^(INPUT|GITHUB|ACTIONS|RUNNER)_/.test(name))).toEqual([])
      expect(Object.values(environment ?? {}).join('\n')).not.toMatch(/planted|ghs_/)
      expect(environment?.HOME).toMatch(new RegExp(`^${escape(run.run.runnerTemp)}/browser-profile-[^/]+/home$`))
      expect(environment?.TMPDIR).toMatch(/\/browser-(profile|tmp)-[^/]+(\/tmp)?$/)

      // Nothing downloaded, anywhere: the file is only where the site has it.
      expect(await filesNamed(run.run.home, ['report.csv', 'made-by-a-script.txt'])).toEqual([
        path.join(run.report.site, 'paths/files/report.csv')
      ])
      expect(await readdir(run.run.runnerTemp)).not.toContainEqual(expect.stringMatching(/^browser-/))
    })
  })

  describeWhere(
    browser.missing ?? missingNamespace() ?? missingNobody,
    `browser containment (${browser.kind}), in a network namespace with only loopback`,
    () => {
      it('sends no packet anywhere but to its own servers, and reports every path, as nobody with the sandbox on', async () => {
        const result = await inNetworkNamespace(browser.executable ?? '', nobody())
        expect(result.run.exitCode, result.run.stdout).toBe(0)
        expect(result.report.browser?.sandbox).toBe(true)
        expect(result.report.browser?.executable).toBe(browser.executable)
        const allowed = [...result.emulatorPorts, ...passPorts(result.run.stdout)]
        // The emulator's three servers and the browser's proxy.
        expect(allowed).toHaveLength(3 + 1)
        expect(strayPackets(result.packets, allowed)).toEqual([])
        expectNothingHeard(result)
        expectEveryPathReported(result)
      })
    }
  )
}

/** Runs test/support/containment.ts in a network namespace of its own, as `user`, with `browser`. */
async function inNetworkNamespace(browser: string, user: { uid: number; gid: number }): Promise<NamespaceResult> {
  const resultFile = path.join(os.tmpdir(), `containment-${process.pid}.json`)
  const child = spawn(
    'unshare',
    [
      '-n',
      '--',
      path.join(ROOT, 'node_modules/.bin/node'),
      path.join(ROOT, 'test/support/containment.ts'),
      resultFile,
      browser,
      String(user.uid),
      String(user.gid)
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  if (code !== 0) throw new Error(`the run in a network namespace failed (exit ${code}):\n${output}`)
  return JSON.parse(await readFile(resultFile, 'utf8')) as NamespaceResult
}

/**
 * Watches the processes until the browser that the action `parent` started shows up, and hands
 * its environment to `found`; stops when `signal` says the run is over.
 */
async function watchBrowser(
  parent: number,
  signal: AbortSignal,
  found: (environment: Record<string, string>) => void
): Promise<void> {
  while (!signal.aborted) {
    for (const pid of await readdir('/proc').catch(() => [])) {
      if (!/^\d+$/.test(pid)) continue
      const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
      if (!new RegExp(`^PPid:\\s+${parent}$`, 'm').test(status)) continue
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')
      const raw = await readFile(`/proc/${pid}/environ`, 'utf8').catch(() => undefined)
      if (!command.includes('--remote-debugging-pipe') || raw === undefined) continue
      found(
        Object.fromEntries(
          raw
            .split('\0')
            .filter(Boolean)
            .map((entry) => entry.split(/=(.*)/s, 2) as [string, string])
        )
      )
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function filesNamed(folder: string, names: string[]): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && names.includes(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
