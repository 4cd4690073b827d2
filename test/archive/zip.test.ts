import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { deflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArchiveError, type SizeBound } from '../../src/archive/policy.js'
import { readZip } from '../../src/archive/zip.js'
import { unicodePathExtra, zipArchive, type ZipMember, type ZipOptions } from '../support/craft.ts'
import { Recorder } from '../support/recorder.ts'

const UNBOUNDED: SizeBound = { bytes: Number.MAX_SAFE_INTEGER, reason: 'no bound' }

let folder: string
let count = 0

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'zip-test-'))
})

afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function read(bytes: Buffer, bound = UNBOUNDED): Promise<Recorder> {
  const file = path.join(folder, `${++count}.zip`)
  await writeFile(file, bytes)
  const recorder = new Recorder()
  await readZip(file, recorder, bound)
  return recorder
}

async function refusal(bytes: Buffer, bound = UNBOUNDED): Promise<ArchiveError> {
  const error = await read(bytes, bound).then(
    () => undefined,
    (error: unknown) => error
  )
  expect(error).toBeInstanceOf(ArchiveError)
  return error as ArchiveError
}

const SITE: ZipMember[] = [
  { name: 'guides/', unixMode: 0o40755 },
  { name: 'guides/a.html', data: 'a'.repeat(3000), unixMode: 0o100644 },
  { name: 'index.html', data: '<h1>Docs</h1>', method: 0, unixMode: 0o100644 }
]

describe('readZip: what it reads', () => {
  it('reads stored and deflated entries, folders and Unix modes', async () => {
    const recorder = await read(
      zipArchive([
        ...SITE,
        { name: 'run.sh', data: 'x', unixMode: 0o100755 },
        { name: 'up', data: 'guides', unixMode: 0o120777 }
      ])
    )
    expect(recorder.summary()).toEqual([
      'directory guides/',
      `file guides/a.html ${'a'.repeat(3000)}`,
      'file index.html <h1>Docs</h1>',
      'file run.sh x',
      'symlink up -> guides'
    ])
    expect(recorder.entries[3]?.mode).toBe(0o755)
  })

  it.each([
    ['signed', true],
    ['unsigned', 'unsigned']
  ] as const)('reads entries with %s data descriptors', async (_what, descriptor) => {
    const recorder = await read(zipArchive(SITE.map((member) => ({ ...member, descriptor }))))
    expect(recorder.summary()).toHaveLength(3)
    expect(recorder.entries[1]?.data?.length).toBe(3000)
  })

  it('reads zip64 sizes and offsets, with a zip64 end record, and zip64 data descriptors', async () => {
    const members = SITE.map((member, i) => ({ ...member, zip64: true, descriptor: i === 1 }))
    expect((await read(zipArchive(members, { zip64End: true }))).summary()).toHaveLength(3)
  })

  it('reads an entry larger than what is inflated at once, streaming', async () => {
    const large = Buffer.alloc(9 * 1024 * 1024, 'ab')
    const recorder = await read(
      zipArchive([{ name: 'big.txt', data: large, compressed: deflateRawSync(large, { level: 0 }) }])
    )
    expect(recorder.entries[0]?.data?.equals(large)).toBe(true)
  })

  it('reads an empty zip', async () => {
    expect((await read(zipArchive([]))).entries).toEqual([])
  })

  it.each([
    ['the UTF-8 flag', { name: 'café/ページ.html', utf8: true }, 'café/ページ.html'],
    [
      'CP437 without the flag, from MS-DOS or Windows',
      { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x68, 0x74, 0x6d]), utf8: false },
      'café.htm'
    ],
    ['CP437 box drawing and Greek', { name: Buffer.from([0xc9, 0xcd, 0xbb, 0xe0, 0xe1]), utf8: false }, '╔═╗αß'],
    [
      'raw UTF-8 from a Unix system (Info-ZIP, bsdtar)',
      { name: Buffer.from('café.html'), utf8: false, unixMode: 0o100644 },
      'café.html'
    ],
    [
      "Info-ZIP's unicode path field",
      { name: Buffer.from('caf?.html'), utf8: false, extra: unicodePathExtra(Buffer.from('caf?.html'), 'café.html') },
      'café.html'
    ],
    [
      'the header name when the unicode path field is stale (its CRC does not match)',
      { name: Buffer.from('new.html'), utf8: false, extra: unicodePathExtra(Buffer.from('old.html'), 'old-café.html') },
      'new.html'
    ]
  ] as const)('decodes names by %s', async (_what, member, expected) => {
    expect((await read(zipArchive([{ ...member, data: 'x' }]))).entries[0]?.name).toBe(expected)
  })

  it('refuses a name flagged UTF-8 that is not', async () => {
    const error = await refusal(zipArchive([{ name: Buffer.from([0x61, 0xff, 0x62]), utf8: true, data: 'x' }]))
    expect(error.rule).toBe('name')
    expect(error.message).toBe('zip entry name "a\u00ffb" is not valid UTF-8')
  })

  it.each([
    ['a FIFO', 0o010644, 'fifo'],
    ['a character device', 0o020644, 'character device'],
    ['a block device', 0o060644, 'block device'],
    ['a socket', 0o140755, 'socket'],
    ['of an unknown type', 0o170644, 'unknown']
  ])('passes %s on to the policy', async (_what, unixMode, type) => {
    expect((await read(zipArchive([{ name: 'special', unixMode }]))).entries[0]?.type).toBe(type)
  })

  it('takes the MS-DOS folder attribute when no Unix mode is given', async () => {
    expect((await read(zipArchive([{ name: 'folder', dosAttributes: 0x10 }]))).summary()).toEqual(['directory folder'])
  })

  it.each([
    ['encrypted', { flags: 0x0001 }, 'entry "a.html" is encrypted, which is not supported'],
    ['compressed with bzip2', { method: 12 }, 'entry "a.html" is compressed with method 12, which is not supported']
  ])('refuses an entry %s', async (_what, change, message) => {
    const error = await refusal(zipArchive([{ name: 'a.html', data: 'a', ...change }]))
    expect(error.rule).toBe('format')
    expect(error.message).toBe(message)
  })
})

describe('readZip: completeness', () => {
  const good = zipArchive(SITE)

  const cases: [string, ZipMember[], ZipOptions, RegExp][] = [
    ['a wrong CRC-32', [SITE[0], { ...SITE[1], crc: 1234 }], {}, /^entry "guides\/a\.html" fails its CRC-32 check$/],
    [
      'a size larger than the data',
      [{ ...SITE[1], size: 5000 }],
      {},
      /^entry "guides\/a\.html" has 3000 bytes, where the central directory gives 5000$/
    ],
    [
      'a size smaller than the data',
      [{ ...SITE[1], size: 10 }],
      {},
      /^entry "guides\/a\.html" inflates to more than the 10 B the central directory gives$/
    ],
    [
      'a stored entry whose sizes differ',
      [{ ...SITE[2], size: 5 }],
      {},
      /^entry "index\.html" is stored, yet its sizes differ \(13 and 5\)$/
    ],
    [
      'a compressed size longer than the deflate stream',
      [{ ...SITE[1], compressed: Buffer.concat([deflateRawSync('a'.repeat(3000)), Buffer.from('hidden')]) }],
      {},
      /^entry "guides\/a\.html" ends after \d+ of its \d+ compressed bytes$/
    ],
    [
      'a cut deflate stream',
      [{ ...SITE[1], compressed: deflateRawSync('a'.repeat(3000)).subarray(0, 5) }],
      {},
      /^entry "guides\/a\.html" has damaged compressed data \(unexpected end of file\)$/
    ],
    [
      'a local name that differs',
      [{ ...SITE[2], localName: Buffer.from('other.html') }],
      {},
      /local header and the central directory disagree on the name$/
    ],
    [
      'a local CRC-32 that differs',
      [{ ...SITE[2], localCrc: 7 }],
      {},
      /local header and the central directory disagree on the CRC-32 or the sizes$/
    ],
    [
      'a local method that differs',
      [{ ...SITE[2], localMethod: 8 }],
      {},
      /local header and the central directory disagree on the compression method$/
    ],
    ['a data descriptor that differs', [{ ...SITE[1], descriptor: true, crc: 99 }], {}, /fails its CRC-32 check$/],
    [
      'two entries at the same offset (overlap)',
      [SITE[2], { ...SITE[2], name: 'again.html', offset: 0 }],
      {},
      /starts at byte 0, not at byte \d+ where the entry before it ends \(overlap\)$/
    ],
    [
      'bytes before the first entry',
      SITE,
      { leading: Buffer.from('MZ self-extractor') },
      /starts at byte \d+, not at byte 0 where the archive starts \(gap\)$/
    ],
    [
      'bytes between the last entry and the central directory',
      SITE,
      { gap: Buffer.from('hidden') },
      /^it has 6 bytes between its last entry and the central directory$/
    ],
    [
      'bytes after the end record',
      SITE,
      { trailing: Buffer.from('garbage') },
      /^it has bytes after the end of the zip$/
    ],
    [
      'a central directory offset that lies',
      SITE,
      { directoryOffset: 10 },
      /^its central directory \(\d+ bytes at byte 10\) does not end where the end record is$/
    ]
  ]

  it.each(cases)('refuses %s', async (_what, members, options, message) => {
    const error = await refusal(zipArchive(members, options))
    expect(error.rule).toBe('complete')
    expect(error.message).toMatch(message)
  })

  it('refuses a zip cut short (no end record)', async () => {
    const error = await refusal(good.subarray(0, good.length - 30))
    expect(error.message).toBe('it has no end-of-central-directory record (cut short?)')
  })

  it('refuses a zip with its first half cut away', async () => {
    const error = await refusal(good.subarray(100))
    expect(error.rule).toBe('complete')
  })
})

describe('readZip: size', () => {
  it('refuses entries that add up to more than the bound before writing anything', async () => {
    const bound: SizeBound = { bytes: 1024 * 1024, reason: 'a test bound' }
    const recorder = new Recorder()
    const file = path.join(folder, 'bomb.zip')
    // Declared sizes only: the bound is judged on the central directory before any data is read.
    await writeFile(file, zipArchive([SITE[2], { name: 'bomb.bin', data: 'x', size: 1024 * 1024 * 1024 }]))
    const error = await readZip(file, recorder, bound).catch((error: unknown) => error as ArchiveError)
    expect(error).toBeInstanceOf(ArchiveError)
    expect((error as ArchiveError).rule).toBe('size')
    expect((error as ArchiveError).message).toBe(
      'its 2 entries add up to 1.0 GiB, more than the 1.0 MiB allowed (a test bound); a decompression bomb?'
    )
    expect(recorder.entries).toEqual([])
  })
})
