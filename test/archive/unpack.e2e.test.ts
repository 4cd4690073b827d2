import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync, zstdCompressSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_SITE, tar } from '../emulator/archives.ts'
import { Emulator } from '../emulator/server.ts'
import { itWith, runTool } from '../support/archive-tools.ts'
import { tarArchive, zerosTar, zipArchive, type TarMember } from '../support/craft.ts'
import { exportInputs } from '../support/export-inputs.ts'
import { describeWhere, missingNobody, nobody } from '../support/requirements.ts'
import { chownTree, runAction, type ActionRun } from '../support/run-action.ts'

/**
 * The unpacker through the built action (dist/index.js), as a runner starts it: an environment
 * without LANG or LC_*, the archive served by the emulator, the outcome read from the exit code,
 * the error line and the output folder.
 */

let emulator: Emulator | undefined

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

async function exportArchive(
  bytes: Buffer,
  options: { path?: string; user?: { uid: number; gid: number } } = {}
): Promise<ActionRun> {
  emulator = await new Emulator({ archive: { bytes, name: 'bundle.tar.gz' } }).start()
  const inputs = exportInputs(emulator, { extract: 'true', ...(options.path ? { path: options.path } : {}) })
  // runAction gives the action the runner's variables only: no LANG, LANGUAGE or LC_*.
  return runAction(inputs, { user: options.user })
}

/**
 * A refused run: exit 1, one error naming the archive, the rule and the detail; the archive alone in
 * its folder, kept for inspection, and nothing handed on that points at it (no Helm values either).
 */
async function expectRefused(run: ActionRun, rule: string, detail: RegExp): Promise<void> {
  expect(run.exitCode).toBe(1)
  expect(run.errors).toHaveLength(1)
  const [error = ''] = run.errors
  expect(error).toMatch(/^Export job se_\w+: The (tar\.gz|tar\.zst|tar|zip) archive \S+ (is damaged|was refused): /)
  expect(error).toMatch(detail)
  expect(error).toContain(`[rule: ${rule}]. Nothing was unpacked; the archive is kept for inspection.`)
  const archive = keptArchive(run)
  expect(path.basename(archive)).toMatch(/^bundle-se_\w+\.(tar\.gz|tar\.zst|tar|zip)$/)
  expect(await readdir(path.dirname(archive))).toEqual([path.basename(archive)])
  expect(run.outputs['bundle-path']).toBeUndefined()
  expect(run.outputs['site-path']).toBeUndefined()
}

const site = (...members: TarMember[]): Buffer =>
  gzipSync(tarArchive([{ name: 'index.html', data: '<h1>Acme Docs</h1>' }, ...members]))

describe('unpacking through the action', () => {
  it('refuses the link chain self -> ., u1 -> self/.., … passwd -> u12/etc/passwd', async () => {
    const chain: TarMember[] = [
      { name: 'self', type: '2', linkname: '.' },
      { name: 'u1', type: '2', linkname: 'self/..' }
    ]
    for (let i = 2; i <= 12; i++) chain.push({ name: `u${i}`, type: '2', linkname: `u${i - 1}/..` })
    chain.push({ name: 'passwd', type: '2', linkname: 'u12/etc/passwd' })
    const run = await exportArchive(site(...chain))
    await expectRefused(run, 'link-target', /was refused: link "u1" resolves to \/\S+, outside the site/)
  })

  it('refuses a FIFO', async () => {
    await expectRefused(
      await exportArchive(site({ name: 'pipe', type: '6' })),
      'entry-type',
      /entry "pipe" is a FIFO; only files, folders and links are unpacked/
    )
  })

  it('refuses a tar.gz whose tar stops at a member boundary inside a whole gzip stream', async () => {
    const cut = gzipSync(
      tarArchive(
        [
          { name: 'index.html', data: 'x' },
          { name: 'a.html', data: 'a' }
        ],
        { end: false }
      )
    )
    await expectRefused(
      await exportArchive(cut),
      'complete',
      /is damaged: it ends after "a\.html" without the end-of-archive blocks \(cut short\?\)/
    )
  })

  it('stops a 1 GiB bomb before writing it', async () => {
    const run = await exportArchive(zerosTar('zeros.bin', 1024 * 1024 * 1024))
    await expectRefused(
      run,
      'size',
      /was refused: entry "zeros\.bin" \(1\.0 GiB\) brings the unpacked size to 1\.0 GiB, more than the [\d.]+ MiB allowed/
    )
  })

  it('unpacks a zip whose name is CP437 (no UTF-8 flag), without a locale', async () => {
    const bytes = zipArchive([
      { name: 'index.html', data: '<h1>Acme Docs</h1>' },
      { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), utf8: false, data: 'menu' }
    ])
    const run = await exportArchive(bytes)
    expect(run.errors).toEqual([])
    expect(await readFile(path.join(run.outputs['site-path'] ?? '', 'café.html'), 'utf8')).toBe('menu')
  })

  it('unpacks a tar.zst', async () => {
    const run = await exportArchive(zstdCompressSync(tar(SAMPLE_SITE)))
    expect(run.errors).toEqual([])
    expect(run.stdout).toContain('(tar.zst)')
    expect(await readFile(path.join(run.outputs['site-path'] ?? '', 'guides/getting-started.html'), 'utf8')).toContain(
      'Getting started'
    )
  })

  itWith(['xz'], 'refuses an xz archive by name, keeping it', async () => {
    const run = await exportArchive(runTool('xz', ['-c'], { input: tar(SAMPLE_SITE) }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /The downloaded bundle is an xz archive, which is not supported \(supported: tar\.gz, tar\.zst, tar, zip\); it was kept at \S+ for inspection$/
      )
    ])
  })
})

describeWhere(missingNobody, 'unpacking as an unprivileged user', () => {
  it('unpacks, refuses and replaces an earlier site with read-only folders as nobody (needs root to switch user)', async () => {
    const user = nobody()
    const shared = await mkdtemp(path.join(os.tmpdir(), 'unpack-nobody-'))
    try {
      const out = path.join(shared, 'out')
      await mkdir(path.join(out, 'site/old/locked'), { recursive: true })
      await writeFile(path.join(out, 'site/old/locked/page.html'), 'stale')
      await chownTree(shared, user.uid, user.gid)
      await chmod(path.join(out, 'site/old/locked/page.html'), 0o444)
      await chmod(path.join(out, 'site/old/locked'), 0o555)
      await chmod(path.join(out, 'site/old'), 0o555)

      // A refusal leaves the earlier site and nothing else.
      const refused = await exportArchive(site({ name: 'pipe', type: '6' }), { path: out, user })
      await expectRefusedKeepingSite(refused, out)

      // Success replaces it, read-only folders included, and everything belongs to nobody.
      const run = await exportArchive(
        site(
          { name: 'setuid.sh', data: '#!/bin/sh\n', mode: 0o4755, uid: 0, gid: 0 },
          { name: 'ro/', type: '5', mode: 0o555 }
        ),
        {
          path: out,
          user
        }
      )
      expect(run.errors).toEqual([])
      expect((await readdir(path.join(out, 'site'))).sort()).toEqual(['index.html', 'ro', 'setuid.sh'])
      // Beside the site, its manifest and the site check's report (verify: warn by default).
      expect((await readdir(out)).sort()).toEqual(
        // Each job's archive under its own name: the refused one is kept for inspection.
        [
          path.basename(keptArchive(refused)),
          path.basename(run.outputs['bundle-path'] ?? ''),
          'helm-values.yaml',
          'manifest.json',
          'site',
          'verify-report.json'
        ].sort()
      )
      const script = await stat(path.join(out, 'site/setuid.sh'))
      expect([script.uid, script.gid, script.mode & 0o7777]).toEqual([user.uid, user.gid, 0o755])
      expect((await lstat(path.join(out, 'site/ro'))).mode & 0o7777).toBe(0o755)
    } finally {
      await rm(shared, { recursive: true, force: true })
    }
  })
})

async function expectRefusedKeepingSite(run: ActionRun, out: string): Promise<void> {
  expect(run.exitCode).toBe(1)
  expect(run.errors).toEqual([expect.stringContaining('entry "pipe" is a FIFO')])
  expect((await readdir(out)).sort()).toEqual([path.basename(keptArchive(run)), 'site'].sort())
  expect(await readFile(path.join(out, 'site/old/locked/page.html'), 'utf8')).toBe('stale')
}

/** The refused archive, kept where the error says: after a failure no output points at it. */
function keptArchive(run: ActionRun): string {
  return /archive (\S+) (?:is damaged|was refused)/.exec(run.errors[0] ?? '')?.[1] ?? ''
}
