import fc from 'fast-check'
import { gzipSync, zstdCompressSync } from 'node:zlib'
import { gnuLong, paxRecord, tarMember } from '../../support/craft.ts'
import type { Seed } from './seeds.ts'

/**
 * Mutations of real archives that reach the parsers: tar header fields with the checksum
 * recomputed, pax records, zip local headers, central directory and end record, inserted and
 * removed members, then compression, truncation and appended bytes. Each edit is a few numbers
 * that pick its target and value, so that fast-check can shrink a failure to a small one.
 */

interface Edit {
  op: (typeof OPS)[number]
  a: number
  b: number
  c: number
  bytes: Uint8Array
}

export interface FuzzCase {
  seed: number
  compression: 'none' | 'gzip' | 'zstd'
  edits: Edit[]
  tail?: { op: 'truncate' | 'zeros' | 'bytes' | 'repeat'; at: number; bytes: Uint8Array }
}

const OPS = [
  'tar-field',
  'tar-pax',
  'tar-insert',
  'tar-delete',
  'tar-flip',
  'zip-local',
  'zip-central',
  'zip-end',
  'zip-rename',
  'zip-flip'
] as const

const edit: fc.Arbitrary<Edit> = fc.record({
  op: fc.constantFrom(...OPS),
  a: fc.nat(),
  b: fc.nat(),
  c: fc.nat(),
  bytes: fc.uint8Array({ minLength: 1, maxLength: 12 })
})

export const fuzzCase: fc.Arbitrary<FuzzCase> = fc.record(
  {
    seed: fc.nat(),
    compression: fc.constantFrom('none', 'none', 'gzip', 'zstd'),
    edits: fc.array(edit, { minLength: 1, maxLength: 3 }),
    tail: fc.record({
      op: fc.constantFrom('truncate', 'zeros', 'bytes', 'repeat'),
      at: fc.nat(),
      bytes: fc.uint8Array({ maxLength: 64 })
    })
  },
  { requiredKeys: ['seed', 'compression', 'edits'] }
)

/** The archive a case describes, and the kind to unpack it as. */
export function buildCase(
  seeds: Seed[],
  fuzz: FuzzCase
): { kind: 'tar' | 'tar.gz' | 'tar.zst' | 'zip'; bytes: Buffer } {
  const seed = seeds[fuzz.seed % seeds.length]
  let bytes: Buffer = Buffer.from(seed.bytes)
  for (const change of fuzz.edits) {
    if (change.op.startsWith('tar-') === (seed.format === 'tar')) bytes = apply(bytes, change)
  }
  let kind: 'tar' | 'tar.gz' | 'tar.zst' | 'zip' = seed.format
  if (seed.format === 'tar' && fuzz.compression === 'gzip') {
    bytes = gzipSync(bytes)
    kind = 'tar.gz'
  } else if (seed.format === 'tar' && fuzz.compression === 'zstd') {
    bytes = zstdCompressSync(bytes)
    kind = 'tar.zst'
  }
  return { kind, bytes: fuzz.tail ? applyTail(bytes, fuzz.tail) : bytes }
}

function apply(bytes: Buffer, change: Edit): Buffer {
  switch (change.op) {
    case 'tar-field':
      return tarField(bytes, change)
    case 'tar-pax':
      return tarPax(bytes, change)
    case 'tar-insert':
      return tarInsert(bytes, change)
    case 'tar-delete':
      return tarDelete(bytes, change)
    case 'tar-flip':
      return tarFlip(bytes, change)
    case 'zip-rename':
      return zipRename(bytes, change)
    case 'zip-flip':
      return flip(bytes, change.a % bytes.length, change.bytes)
    default:
      return zipField(bytes, change)
  }
}

function applyTail(bytes: Buffer, tail: NonNullable<FuzzCase['tail']>): Buffer {
  switch (tail.op) {
    case 'truncate':
      return bytes.subarray(0, tail.at % bytes.length)
    case 'zeros':
      return Buffer.concat([bytes, Buffer.alloc(tail.at % 12_000)])
    case 'bytes':
      return Buffer.concat([bytes, tail.bytes])
    case 'repeat':
      return Buffer.concat([bytes, bytes.subarray(tail.at % bytes.length)])
  }
}

function flip(bytes: Buffer, at: number, mask: Uint8Array): Buffer {
  for (let i = 0; i < mask.length && at + i < bytes.length; i++) bytes[at + i] ^= mask[i] || 0xff
  return bytes
}

// ── tar ───────────────────────────────────────────────────────────────────────────────────────

interface Member {
  offset: number
  end: number
}

/** The members of a tar: header offset and the end of its padded data, read leniently. */
function tarMembers(bytes: Buffer): Member[] {
  const members: Member[] = []
  for (let at = 0; at + 512 <= bytes.length;) {
    if (bytes.subarray(at, at + 512).every((byte) => byte === 0)) break
    const size =
      bytes[at + 124] & 0x80
        ? 0
        : parseInt(bytes.toString('latin1', at + 124, at + 136).replace(/[^0-7]/g, '') || '0', 8)
    const end = at + 512 + Math.ceil(size / 512) * 512
    members.push({ offset: at, end: Math.min(end, bytes.length) })
    if (end > bytes.length) break
    at = end
  }
  return members
}

/** The header's checksum, as every tar writes it. */
function fixChecksum(bytes: Buffer, offset: number): void {
  bytes.fill(0x20, offset + 148, offset + 156)
  let sum = 0
  for (let i = offset; i < offset + 512; i++) sum += bytes[i]
  bytes.write(`${sum.toString(8).padStart(6, '0')}\0 `, offset + 148, 'latin1')
}

const octal = (value: number, width: number): string => `${value.toString(8).padStart(width - 1, '0')}\0`

const TAR_FIELDS: { offset: number; length: number; values: (string | Buffer)[] }[] = [
  {
    offset: 0,
    length: 100,
    values: [
      'index.html',
      'guides/',
      'guides/start.html',
      '../escape.html',
      '/etc/passwd',
      'latest/x.html',
      'Index.HTML',
      'CON',
      'a:b',
      'a.html.',
      'x\\y',
      Buffer.from([0xc3, 0x28]),
      '',
      './',
      'café/ペ.html'
    ]
  },
  { offset: 100, length: 8, values: [octal(0o4755, 8), octal(0o7777, 8), octal(0, 8), 'zzzzzzz\0', octal(0o755, 8)] },
  {
    offset: 124,
    length: 12,
    values: [
      octal(0, 12),
      octal(1, 12),
      octal(511, 12),
      octal(512, 12),
      octal(1024, 12),
      octal(0o77777777777, 12),
      ' 12 \0',
      'zz\0',
      Buffer.from([0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 0]),
      Buffer.from([0xff, 0xff])
    ]
  },
  {
    offset: 156,
    length: 1,
    values: ['0', '1', '2', '3', '4', '5', '6', '7', 'x', 'g', 'L', 'K', 'D', 'S', 'V', 'M', '\0', 'A']
  },
  {
    offset: 157,
    length: 100,
    values: [
      'index.html',
      'guides',
      '../../etc/passwd',
      '/etc/passwd',
      'latest',
      '',
      'missing.html',
      'guides/../..',
      'NUL'
    ]
  },
  { offset: 257, length: 8, values: ['ustar\x0000', 'ustar  \0', '\0\0\0\0\0\0\0\0', 'USTAR\x0000'] },
  { offset: 345, length: 155, values: ['guides', '../..', '', '/abs', 'a'.repeat(155)] }
]

function tarField(bytes: Buffer, change: Edit): Buffer {
  const members = tarMembers(bytes)
  if (members.length === 0) return bytes
  const { offset } = members[change.a % members.length]
  const target = TAR_FIELDS[change.b % TAR_FIELDS.length]
  const picked = change.c % (target.values.length + 1)
  const value = picked === target.values.length ? Buffer.from(change.bytes) : target.values[picked]
  const raw = typeof value === 'string' ? Buffer.from(value, value.startsWith('café') ? 'utf8' : 'latin1') : value
  bytes.fill(0, offset + target.offset, offset + target.offset + target.length)
  raw.copy(bytes, offset + target.offset, 0, Math.min(raw.length, target.length))
  fixChecksum(bytes, offset)
  return bytes
}

const PAX_KEYS = ['path', 'linkpath', 'size', 'GNU.sparse.size', 'mtime', 'uid', '', 'path']
const PAX_VALUES = [
  'index.html',
  'guides/pax.html',
  '../escape.html',
  '1024',
  '0',
  '-1',
  '0x10',
  'latest/x.html',
  'a'.repeat(300),
  ''
]
const LENGTH_FORMS: ((length: number) => string)[] = [
  String,
  String,
  String,
  (n) => `0x${n.toString(16)}`,
  (n) => `+${n}`,
  (n) => ` ${n}`,
  (n) => `${n + 1}`,
  (n) => `${n - 1}`,
  (n) => `0${n}`
]

/** A pax header of one or two records, some with their length written wrongly. */
function paxData(change: Edit): Buffer {
  const records: Buffer[] = []
  for (let i = 0; i <= (change.b & 1); i++) {
    const key = PAX_KEYS[(change.b >> (1 + i * 3)) % PAX_KEYS.length]
    const value = PAX_VALUES[(change.c >> (i * 4)) % PAX_VALUES.length]
    const record = paxRecord(key, value)
    const length = parseInt(record.toString('latin1'), 10)
    const form = LENGTH_FORMS[(change.c >> (8 + i * 4)) % LENGTH_FORMS.length]
    records.push(Buffer.concat([Buffer.from(form(length), 'latin1'), record.subarray(String(length).length)]))
  }
  return Buffer.concat(records)
}

function tarPax(bytes: Buffer, change: Edit): Buffer {
  const members = tarMembers(bytes)
  if (members.length === 0) return bytes
  const member = members[change.a % members.length]
  const pax = tarMember({ name: 'PaxHeaders/fuzz', type: change.c % 7 === 0 ? 'g' : 'x', data: paxData(change) })
  const replaces = bytes[member.offset + 156] === 0x78
  return Buffer.concat([bytes.subarray(0, member.offset), pax, bytes.subarray(replaces ? member.end : member.offset)])
}

const INSERTS: Buffer[] = [
  tarMember({ name: 'latest', type: '2', linkname: 'guides' }),
  tarMember({ name: 'escape', type: '2', linkname: '../../outside' }),
  tarMember({ name: 'copy.html', type: '1', linkname: 'index.html' }),
  tarMember({ name: 'index.html', data: 'again' }),
  tarMember({ name: 'guides/', type: '5' }),
  tarMember({ name: 'fifo', type: '6' }),
  tarMember({ name: 'latest/through.html', data: 'through a link' }),
  gnuLong('guides/gnu-long-name.html'),
  gnuLong('index.html', 'K'),
  tarMember({ name: 'sized-link', type: '2', linkname: 'index.html', size: 512 })
]

function tarInsert(bytes: Buffer, change: Edit): Buffer {
  const members = tarMembers(bytes)
  const at = members.length === 0 ? 0 : members[change.a % members.length].offset
  return Buffer.concat([bytes.subarray(0, at), INSERTS[change.b % INSERTS.length], bytes.subarray(at)])
}

function tarDelete(bytes: Buffer, change: Edit): Buffer {
  const members = tarMembers(bytes)
  if (members.length === 0) return bytes
  const member = members[change.a % members.length]
  return Buffer.concat([bytes.subarray(0, member.offset), bytes.subarray(member.end)])
}

function tarFlip(bytes: Buffer, change: Edit): Buffer {
  const members = tarMembers(bytes)
  if (members.length === 0) return flip(bytes, change.a % bytes.length, change.bytes)
  const { offset } = members[change.a % members.length]
  flip(bytes, offset + (change.b % 512), change.bytes)
  if (change.c % 4 !== 0) fixChecksum(bytes, offset)
  return bytes
}

// ── zip ───────────────────────────────────────────────────────────────────────────────────────

interface ZipLayout {
  end: number
  centrals: number[]
  locals: number[]
}

/** Where a zip's end record, central directory records and local headers are, read leniently. */
function zipLayout(bytes: Buffer): ZipLayout | undefined {
  const end = bytes.lastIndexOf(Buffer.from('PK\x05\x06', 'latin1'))
  if (end < 0 || end + 22 > bytes.length) return undefined
  const centrals: number[] = []
  const locals: number[] = []
  let at = bytes.readUInt32LE(end + 16)
  for (
    let i = 0;
    i < bytes.readUInt16LE(end + 10) && at + 46 <= bytes.length && bytes.readUInt32LE(at) === 0x02014b50;
    i++
  ) {
    centrals.push(at)
    const local = bytes.readUInt32LE(at + 42)
    if (local + 30 <= bytes.length) locals.push(local)
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32)
  }
  return { end, centrals, locals }
}

/** Fields as [offset, width]: local header, central record, end record. */
const ZIP_FIELDS = {
  'zip-local': [
    [4, 2],
    [6, 2],
    [8, 2],
    [14, 4],
    [18, 4],
    [22, 4],
    [26, 2],
    [28, 2]
  ],
  'zip-central': [
    [4, 2],
    [8, 2],
    [10, 2],
    [16, 4],
    [20, 4],
    [24, 4],
    [28, 2],
    [30, 2],
    [32, 2],
    [34, 2],
    [38, 4],
    [42, 4]
  ],
  'zip-end': [
    [4, 2],
    [6, 2],
    [8, 2],
    [10, 2],
    [12, 4],
    [16, 4],
    [20, 2]
  ]
} as const

const ZIP_VALUES = [
  0, 1, 2, 8, 9, 0x7f, 0x800, 0xffff, 0xffffffff, 0x41ed0000, 0xa1ff0000, 0x11a40000, 0x89ed0000, 0x81ed0000
]

function zipField(bytes: Buffer, change: Edit): Buffer {
  const layout = zipLayout(bytes)
  if (!layout) return flip(bytes, change.a % bytes.length, change.bytes)
  const op = change.op as keyof typeof ZIP_FIELDS
  const places = op === 'zip-local' ? layout.locals : op === 'zip-central' ? layout.centrals : [layout.end]
  if (places.length === 0) return bytes
  const place = places[change.a % places.length]
  const [offset, width] = ZIP_FIELDS[op][change.b % ZIP_FIELDS[op].length]
  if (place + offset + width > bytes.length) return bytes
  const current = width === 2 ? bytes.readUInt16LE(place + offset) : bytes.readUInt32LE(place + offset)
  const choices = [...ZIP_VALUES, current + 1, current - 1, change.c]
  const value = choices[change.c % choices.length] % (width === 2 ? 0x10000 : 0x100000000)
  if (width === 2) bytes.writeUInt16LE(Math.max(0, value), place + offset)
  else bytes.writeUInt32LE(Math.max(0, value) >>> 0, place + offset)
  return bytes
}

const ZIP_NAMES = ['index.html', '../x', '/abs', 'Index.html', 'CON', 'a:b', 'x\\y', 'latest/x', 'guides/']

/** A new name of the same length in an entry's local header and central record alike. */
function zipRename(bytes: Buffer, change: Edit): Buffer {
  const layout = zipLayout(bytes)
  if (!layout || layout.centrals.length === 0) return bytes
  const index = change.a % layout.centrals.length
  const central = layout.centrals[index]
  const length = bytes.readUInt16LE(central + 28)
  const name = Buffer.alloc(length, 0x78)
  Buffer.from(ZIP_NAMES[change.b % ZIP_NAMES.length]).copy(name)
  name.copy(bytes, central + 46)
  const local = bytes.readUInt32LE(central + 42)
  if (local + 30 + length <= bytes.length && bytes.readUInt16LE(local + 26) === length) name.copy(bytes, local + 30)
  return bytes
}
