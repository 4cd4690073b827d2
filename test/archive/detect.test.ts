import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync, zstdCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { detectArchiveKind, supportedKind, type ArchiveKind, type UnsupportedKind } from '../../src/archive/detect.js'
import { ArchiveError } from '../../src/archive/policy.js'
import { itWith, runTool } from '../support/archive-tools.ts'
import { tarArchive, zipArchive } from '../support/craft.ts'

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'detect-test-'))
  await writeFile(path.join(folder, 'index.html'), '<h1>Docs</h1>')
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function kindOf(bytes: Buffer | string): Promise<ArchiveKind | UnsupportedKind | undefined> {
  const file = path.join(folder, 'bundle.bin')
  await writeFile(file, bytes)
  return detectArchiveKind(file)
}

const tar = tarArchive([{ name: 'index.html', data: '<h1>Docs</h1>' }])

describe('detectArchiveKind', () => {
  it.each([
    ['tar.gz', gzipSync(tar)],
    ['tar.zst', zstdCompressSync(tar)],
    ['tar', tar],
    ['tar', tarArchive([{ name: 'index.html', data: 'v7', format: 'v7' }])],
    ['tar', tarArchive([{ name: 'index.html', data: 'gnu', format: 'gnu' }])],
    ['zip', zipArchive([{ name: 'index.html', data: 'x' }])],
    ['zip', zipArchive([])]
  ] as const)('recognises %s from its first bytes, whatever the name', async (kind, bytes) => {
    expect(await kindOf(bytes)).toBe(kind)
  })

  for (const [kind, tool] of [
    ['xz', 'xz'],
    ['bzip2', 'bzip2']
  ] as const) {
    itWith([tool], `recognises ${kind}, made by ${tool}, to refuse it by name`, async () => {
      expect(await kindOf(runTool(tool, ['-c'], { input: tar }))).toBe(kind)
    })
  }

  itWith(['7z'], 'recognises a 7z archive, made by 7z, to refuse it by name', async () => {
    const archive = path.join(folder, 'site.7z')
    runTool('7z', ['a', archive, 'index.html'], { cwd: folder })
    expect(await kindOf(await readFile(archive))).toBe('7z')
  })

  it.each([
    ['an HTML page', '<!doctype html><html><body>Access denied</body></html>'],
    ['S3 XML', '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>'],
    ['an empty file', ''],
    ['a single byte', '\x1f'],
    [
      'a v7 header whose checksum fails',
      tarArchive([{ name: 'index.html', data: 'v7', format: 'v7', checksumError: 1 }])
    ],
    ['512 zero bytes', Buffer.alloc(512)]
  ])('gives undefined for %s', async (_what, content) => {
    expect(await kindOf(content)).toBeUndefined()
  })
})

describe('supportedKind', () => {
  it('passes a supported kind', () => {
    expect(supportedKind('tar.zst', '/x')).toBe('tar.zst')
  })

  it.each([
    [
      'an xz archive',
      'xz',
      'The downloaded bundle is an xz archive, which is not supported (supported: tar.gz, tar.zst, tar, zip); it was kept at /runner/bundle for inspection'
    ],
    [
      'a bzip2 archive',
      'bzip2',
      'The downloaded bundle is a bzip2 archive, which is not supported (supported: tar.gz, tar.zst, tar, zip); it was kept at /runner/bundle for inspection'
    ],
    [
      'a 7z archive',
      '7z',
      'The downloaded bundle is a 7z archive, which is not supported (supported: tar.gz, tar.zst, tar, zip); it was kept at /runner/bundle for inspection'
    ],
    [
      'anything else',
      undefined,
      'The downloaded bundle is not an archive (supported: tar.gz, tar.zst, tar, zip); it was kept at /runner/bundle for inspection'
    ]
  ] as const)('refuses %s by name, listing what is supported', (_what, kind, message) => {
    expect(() => supportedKind(kind, '/runner/bundle')).toThrow(new ArchiveError(message))
  })
})
