import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ActionError } from '../../src/core/errors.js'
import type { Changes } from '../../src/manifest/compare.js'
import { readManifest } from '../../src/manifest/read.js'
import { Manifest } from '../../src/manifest/schema.js'
import { buildManifest, writeChanges, writeManifest } from '../../src/manifest/write.js'
import { RecordingHost } from '../support/recording-host.ts'
import { Network } from '../../src/core/net.js'

/** Links to this machine over plain http, as the tests' servers are. */
const LOOPBACK = new Network(true)

const SHA = (digit: string): string => digit.repeat(64)

let directory: string

beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'manifest-write-test-'))
})

afterEach(async () => rm(directory, { recursive: true, force: true }))

const fields = {
  jobId: 'job_42',
  domain: 'docs.acme.dev',
  exportVersion: '2026-11-22',
  bundleSha256: SHA('b'),
  createdAt: new Date('2026-11-22T09:00:00.000Z'),
  files: [
    { path: 'z.html', size: 1, sha256: SHA('1') },
    { path: 'é.html', size: 2, sha256: SHA('2') },
    { path: 'Z.html', size: 3, sha256: SHA('3') },
    { path: '😀.html', size: 4, sha256: SHA('4') },
    { path: '\uff5e.html', size: 5, sha256: SHA('5') },
    { path: 'a/b.html', size: 6, sha256: SHA('6') },
    { path: 'a-b.html', size: 7, sha256: SHA('7'), link: 'z.html' }
  ]
}

describe('buildManifest', () => {
  it('sorts the files by their UTF-8 bytes, not by the locale or by UTF-16 code units', () => {
    const manifest = buildManifest(fields)
    // UTF-16 puts the emoji's surrogates (D83D) before U+FF5E; UTF-8 puts F0 after EF.
    expect(manifest.files.map((file) => file.path)).toEqual([
      'Z.html',
      'a-b.html',
      'a/b.html',
      'z.html',
      'é.html',
      '\uff5e.html',
      '😀.html'
    ])
    expect(manifest).toMatchObject({
      version: 1,
      jobId: 'job_42',
      domain: 'docs.acme.dev',
      exportVersion: '2026-11-22',
      bundleSha256: SHA('b'),
      createdAt: '2026-11-22T09:00:00.000Z'
    })
    expect(manifest.files.find((file) => file.path === 'a-b.html')).toEqual({
      path: 'a-b.html',
      size: 7,
      sha256: SHA('7'),
      link: 'z.html'
    })
  })

  it('writes null for a domain and a label that are not known', () => {
    const manifest = buildManifest({ jobId: 'job_1', bundleSha256: SHA('b'), files: [] })
    expect(manifest.domain).toBeNull()
    expect(manifest.exportVersion).toBeNull()
    expect(Manifest.safeParse(manifest).success).toBe(true)
  })
})

describe('writeManifest', () => {
  it('writes manifest.json into the folder, one file a line, and it reads back as it was built', async () => {
    const file = path.join(directory, 'manifest.json')
    const manifest = await writeManifest(file, fields)
    const text = await readFile(file, 'utf8')
    expect(text.split('\n').filter((line) => line.startsWith('    {"path":'))).toHaveLength(7)
    expect(JSON.parse(text)).toEqual(manifest)
    expect(await readManifest(file, { host: new RecordingHost(), network: LOOPBACK })).toEqual(manifest)
    expect(await readdir(directory)).toEqual(['manifest.json'])
  })

  it('replaces the manifest an earlier run wrote there', async () => {
    await writeManifest(path.join(directory, 'manifest.json'), { ...fields, jobId: 'job_earlier' })
    await writeManifest(path.join(directory, 'manifest.json'), fields)
    const manifest = JSON.parse(await readFile(path.join(directory, 'manifest.json'), 'utf8')) as Manifest
    expect(manifest.jobId).toBe('job_42')
    expect(await readdir(directory)).toEqual(['manifest.json'])
  })

  it('leaves a link at manifest.json as it is and writes nothing through it', async () => {
    const elsewhere = path.join(directory, 'elsewhere.json')
    await writeFile(elsewhere, 'keep')
    await symlink(elsewhere, path.join(directory, 'manifest.json'))
    const error = await writeManifest(path.join(directory, 'manifest.json'), fields).catch((error: unknown) => error)
    expect(error).toBeInstanceOf(ActionError)
    expect((error as ActionError).message).toMatch(
      new RegExp(`^${path.join(directory, 'manifest.json')} is a symbolic link, which the action did not write`)
    )
    expect(await readFile(elsewhere, 'utf8')).toBe('keep')
    expect((await lstat(path.join(directory, 'manifest.json'))).isSymbolicLink()).toBe(true)
    expect((await readdir(directory)).sort()).toEqual(['elsewhere.json', 'manifest.json'])
  })

  it.each([
    [
      'a file it did not write',
      async (file: string) => writeFile(file, '{"name":"my-package"}'),
      'a file of other content, which the action did not write'
    ],
    ['a folder', async (file: string) => mkdir(file), 'a folder, which the action did not write']
  ])('leaves %s at manifest.json as it is', async (_what, make, described) => {
    const file = path.join(directory, 'manifest.json')
    await make(file)
    await expect(writeManifest(path.join(directory, 'manifest.json'), fields)).rejects.toThrow(`is ${described}`)
    expect(await readdir(directory)).toEqual(['manifest.json'])
  })
})

describe('writeChanges', () => {
  const changes: Changes = {
    version: 1,
    previous: { jobId: 'a', domain: null, exportVersion: null, bundleSha256: SHA('a'), createdAt: 'x', files: 1 },
    current: { jobId: 'b', domain: null, exportVersion: null, bundleSha256: SHA('b'), createdAt: 'y', files: 1 },
    counts: { added: 1, removed: 0, changed: 0, unchanged: 0 },
    pages: { added: 1, removed: 0, changed: 0, unchanged: 0 },
    added: [{ path: 'new.html', size: 1, sha256: SHA('1'), page: true }],
    removed: [],
    changed: []
  }

  it('writes changes.json, replaces its own, and refuses anything else', async () => {
    const file = await writeChanges(path.join(directory, 'changes.json'), changes)
    expect(file).toBe(path.join(directory, 'changes.json'))
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(changes)
    await writeChanges(path.join(directory, 'changes.json'), { ...changes, added: [] })
    expect((JSON.parse(await readFile(file, 'utf8')) as Changes).added).toEqual([])
    await writeFile(file, '[]')
    await expect(writeChanges(path.join(directory, 'changes.json'), changes)).rejects.toThrow(
      'is a file of other content, which the action did not write'
    )
  })
})
