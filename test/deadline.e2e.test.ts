import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { writeExportSite } from '../scripts/bench/export-site.ts'
import { Emulator } from './emulator/server.ts'
import { exportInputs } from './support/export-inputs.ts'
import { runAction, type ActionRun } from './support/run-action.ts'

/**
 * timeout-seconds bounds the stages that make no request too: unpacking and the static check.
 * A site too big for the time left is simulated without depending on the machine's speed: when
 * the stage begins, the action is paused (SIGSTOP) until its deadline has surely passed, then
 * resumed (SIGCONT), as a machine too slow for the site would leave it. The stage must then stop
 * at once, say why, and leave nothing half-written.
 */

/** Time enough for the stages before, on a loaded machine; the pause waits it out. */
const TIMEOUT_SECONDS = 12
const PAGES = 4000

let folder: string
let archive: string
let emulator: Emulator | undefined

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'deadline-test-'))
  archive = path.join(folder, 'bundle.tar.gz')
  await writeExportSite(archive, PAGES)
}, 120_000)

afterAll(async () => rm(folder, { recursive: true, force: true }))

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

/** Runs an export that is paused when `stage` begins until its deadline has passed. */
async function exportPausedAt(stage: string): Promise<ActionRun & { paused: boolean }> {
  emulator = await new Emulator({
    archive: { file: archive, name: 'bundle.tar.gz' },
    export: { pages: PAGES, queuedMs: 0, runningMs: 0 }
  }).start()
  let child: ChildProcess | undefined
  let deadlinePassedAt: number | undefined
  let paused = false
  const run = await runAction(
    exportInputs(emulator, { extract: 'true', domain: 'docs.bench.dev', 'timeout-seconds': String(TIMEOUT_SECONDS) }),
    {
      timeoutMs: 120_000,
      onSpawn: (spawned) => (child = spawned),
      onStdout: (text) => {
        // The deadline is set just before the first phase begins: it lies no later than this.
        if (deadlinePassedAt === undefined && text.includes('::group::Start the export'))
          deadlinePassedAt = Date.now() + TIMEOUT_SECONDS * 1000
        if (paused || !text.includes(`::group::${stage}`) || deadlinePassedAt === undefined) return
        paused = true
        child?.kill('SIGSTOP')
        setTimeout(() => child?.kill('SIGCONT'), deadlinePassedAt - Date.now() + 250)
      }
    }
  )
  return { ...run, paused }
}

describe('the deadline, in the stages that make no request', () => {
  it('stops unpacking, leaving no site and no staging folder, and keeps the archive', async () => {
    const run = await exportPausedAt('Unpack the site')
    expect(run.paused).toBe(true)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Export job se_\w+: Unpacking the tar\.gz archive \S+ stopped: timeout-seconds ran out\. Nothing was unpacked; the archive is kept\. The export is done: run again with export-job-id: se_\w+ to go on without starting a new one$/
      )
    ])
    expect(run.stdout).toContain('::debug::Failure code: out-of-time')
    expect(run.outputs['job-id']).toMatch(/^se_/)
    // After a failure nothing that hands the export on is set; the error names the archive it keeps.
    expect(run.outputs['site-path']).toBeUndefined()
    expect(run.outputs['bundle-path']).toBeUndefined()
    const bundlePath = /archive (\S+) stopped/.exec(run.errors[0] ?? '')?.[1] ?? ''
    expect(existsSync(bundlePath)).toBe(true)
    expect((await readdir(path.dirname(bundlePath))).filter((name) => name.includes('site'))).toEqual([])
    expect(run.summaryText).toMatch(/^❌ docs\.bench\.dev was not exported: timeout-seconds ran out \(/)
  })

  it('stops the static check, writing no report', async () => {
    const run = await exportPausedAt('Check the site')
    expect(run.paused).toBe(true)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Export job se_\w+: The site check stopped: timeout-seconds ran out before it finished\. The export is done: run again with export-job-id: se_\w+ to go on without starting a new one$/
      )
    ])
    expect(run.stdout).toContain('::debug::Failure code: out-of-time')
    expect(run.outputs['site-path']).toBeUndefined()
    const sitePath = /Unpacked the site into (\S+)/.exec(run.stdout)?.[1] ?? ''
    expect(existsSync(path.join(sitePath, 'index.html'))).toBe(true)
    expect(run.outputs['verify-report-path']).toBeUndefined()
    expect(existsSync(path.join(path.dirname(sitePath), 'verify-report.json'))).toBe(false)
  })
})
