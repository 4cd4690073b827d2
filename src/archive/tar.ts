import { isUtf8 } from 'node:buffer'
import { formatBytes } from '../core/format.js'
import {
  damaged,
  quote,
  refuse,
  refuseDataOnEmptyType,
  refuseNotUtf8,
  refuseSize,
  unsupported,
  type EntryType,
  type SizeBound
} from './policy.js'
import type { Entry, EntrySink } from './writer.js'

/**
 * A streaming tar reader: push() takes the decompressed bytes as they come, end() says the stream
 * is over. It reads ustar, pax (extended and global headers: `path`, `linkpath`, `size`), GNU
 * (long names and links) and v7 archives, and refuses an incomplete one: no end-of-archive
 * blocks, a member cut short, a damaged header, anything but zeros after the end. Hand-written
 * because a stream per entry (tar-stream, node-tar) costs far more than the parsing on a site of
 * many small files (docs/decisions/archive-readers.md).
 */

const BLOCK = 512
/** A pax header or a GNU long name larger than this is not a name: refused. */
const MAX_META_BYTES = 1024 * 1024
const ZEROS = Buffer.alloc(64 * 1024)

type Meta = 'pax' | 'global' | 'long-name' | 'long-link'

const META_TYPES: Record<string, Meta> = { x: 'pax', g: 'global', L: 'long-name', K: 'long-link' }
const ENTRY_TYPES: Record<string, EntryType> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '1': 'hardlink',
  '2': 'symlink',
  '3': 'character device',
  '4': 'block device',
  '5': 'directory',
  '6': 'fifo'
}

/** True when `block` is a tar header: its checksum matches (the only mark a v7 header has). */
export function isTarHeader(block: Buffer): boolean {
  return block.length >= BLOCK && checksumMatches(block) && !isZero(block, 0, BLOCK)
}

export class TarReader {
  private readonly block = Buffer.alloc(BLOCK)
  private blockFill = 0
  /** Where the next byte is in the tar stream. */
  private position = 0
  /** What the bytes of the current member are for. */
  private member: 'file' | 'skip' | Meta = 'skip'
  private size = 0
  private remaining = 0
  private padding = 0
  private name = ''
  private metaParts: Buffer[] = []
  /** Names and sizes from pax headers and GNU long names, for the entry that follows them. */
  private pending: { path?: string; linkpath?: string; size?: number; pax?: true } = {}
  private zeroBlocks = 0
  private ended = false

  constructor(
    private readonly sink: EntrySink,
    private readonly bound: SizeBound
  ) {}

  push(chunk: Buffer): void {
    if (this.position + chunk.length > this.bound.bytes) {
      refuseSize(this.bound, `the tar inside reaches ${formatBytes(this.position + chunk.length)}`)
    }
    let offset = 0
    while (offset < chunk.length) {
      if (this.ended) {
        if (!isZero(chunk, offset, chunk.length)) {
          throw damaged(
            `it has bytes other than zeros after the end of the tar (at byte ${this.position + firstNonZero(chunk, offset)})`
          )
        }
        this.position += chunk.length - offset
        return
      }
      if (this.remaining > 0) {
        const length = Math.min(this.remaining, chunk.length - offset)
        if (this.member === 'file') this.sink.write(chunk, offset, length)
        else if (this.member !== 'skip') this.metaParts.push(Buffer.from(chunk.subarray(offset, offset + length)))
        offset += length
        this.position += length
        this.remaining -= length
        if (this.remaining === 0) this.endMember()
        continue
      }
      if (this.padding > 0) {
        const length = Math.min(this.padding, chunk.length - offset)
        offset += length
        this.position += length
        this.padding -= length
        continue
      }
      if (this.blockFill === 0 && chunk.length - offset >= BLOCK) {
        this.position += BLOCK
        this.header(chunk.subarray(offset, offset + BLOCK))
        offset += BLOCK
        continue
      }
      const length = Math.min(BLOCK - this.blockFill, chunk.length - offset)
      chunk.copy(this.block, this.blockFill, offset, offset + length)
      this.blockFill += length
      offset += length
      this.position += length
      if (this.blockFill === BLOCK) {
        this.blockFill = 0
        this.header(this.block)
      }
    }
  }

  /** The stream is over: the archive must have ended properly. */
  end(): void {
    if (this.ended) return
    if (this.remaining > 0) {
      const what = this.member === 'file' || this.member === 'skip' ? `entry ${quote(this.name)}` : 'an extended header'
      throw damaged(`it is cut short: ${what} has ${this.size - this.remaining} of its ${this.size} bytes`)
    }
    if (this.blockFill > 0) throw damaged(`it is cut short inside a header, at byte ${this.position}`)
    if (this.position === 0) throw damaged('it is empty')
    if (this.padding > 0) throw damaged(`it is cut short after entry ${quote(this.name)}`)
    throw damaged(
      this.zeroBlocks === 1
        ? 'it ends after one zero block: the second end-of-archive block is missing (cut short?)'
        : `it ends after ${quote(this.name)} without the end-of-archive blocks (cut short?)`
    )
  }

  private header(block: Buffer): void {
    const at = this.position - BLOCK
    // A header's name starts at byte 0, so only a block starting with zero can be all zeros.
    if (block[0] === 0 && isZero(block, 0, BLOCK)) {
      if (++this.zeroBlocks === 2) {
        if (Object.keys(this.pending).length > 0)
          throw damaged('it ends right after an extended header, without the entry it describes')
        this.ended = true
      }
      return
    }
    if (this.zeroBlocks > 0)
      throw damaged(`it has a lone zero block at byte ${at - BLOCK}, in the middle of the archive`)
    if (!checksumMatches(block)) throw damaged(`the tar header at byte ${at} fails its checksum`)

    const typeflag = String.fromCharCode(block[156])
    const headerSize = readNumber(block, 124, 12, 'size', at)
    checkNumbers(block, at)
    const meta = META_TYPES[typeflag]
    if (meta) {
      if (headerSize > MAX_META_BYTES) throw damaged(`it has an extended header of ${headerSize} bytes at byte ${at}`)
      this.startMember(meta, headerSize)
      return
    }

    const pending = this.pending
    this.pending = {}
    // Only POSIX ustar and pax headers have a prefix field; GNU uses those bytes for other things.
    const prefix = isPosixHeader(block) ? field(block, 345, 155) : undefined
    this.name =
      pending.path ??
      (prefix && prefix.length > 0 ? `${decode(prefix)}/${decode(field(block, 0, 100))}` : decode(field(block, 0, 100)))
    refuseGnuSparseMap(block, this.name)
    const size = pending.size ?? headerSize
    let type = ENTRY_TYPES[typeflag] ?? 'unknown'
    // Old archives mark a folder with a trailing slash only.
    if (type === 'file' && this.name.endsWith('/')) type = 'directory'
    const entry: Entry = { name: this.name, type, mode: readNumber(block, 100, 8, 'mode', at) }
    if (type === 'symlink' || type === 'hardlink') entry.linkTarget = pending.linkpath ?? decode(field(block, 157, 100))
    if (type === 'unknown') entry.typeDetail = `tar type ${quote(typeflag)}`
    if (type === 'file') entry.size = size
    // Other tools read the next header right after such an entry, whatever its size says.
    if (size !== 0 && (type === 'directory' || type === 'symlink' || type === 'hardlink'))
      refuseDataOnEmptyType(this.name, type, size)

    if (type === 'file' && this.position + size > this.bound.bytes) {
      refuseSize(
        this.bound,
        `entry ${quote(this.name)} (${formatBytes(size)}) brings the unpacked size to ${formatBytes(this.position + size)}`
      )
    }
    const isFile = this.sink.begin(entry)
    this.startMember(isFile ? 'file' : 'skip', size)
  }

  private startMember(member: TarReader['member'], size: number): void {
    this.member = member
    this.size = size
    this.remaining = size
    this.padding = (BLOCK - (size % BLOCK)) % BLOCK
    if (member !== 'file' && member !== 'skip') this.metaParts = []
    if (size === 0) this.endMember()
  }

  private endMember(): void {
    if (this.member === 'file') this.sink.finish()
    else if (this.member !== 'skip') this.readMeta(this.member, Buffer.concat(this.metaParts))
    this.member = 'skip'
  }

  private readMeta(meta: Meta, data: Buffer): void {
    if (meta === 'long-name' || meta === 'long-link') {
      const key = meta === 'long-name' ? 'path' : 'linkpath'
      this.refuseSecond(key)
      this.pending[key] = decode(trimNuls(data))
      return
    }
    const records = readPaxRecords(data, this.position)
    if (meta === 'global') {
      for (const key of ['path', 'linkpath', 'size']) {
        if (records.has(key)) throw unsupported(`the pax global header sets ${quote(key)} for every entry that follows`)
      }
      return
    }
    for (const key of records.keys()) {
      if (key.startsWith('GNU.sparse.')) throw unsupported(`the entry after byte ${this.position} is a sparse file`)
    }
    // bsdtar keeps the last of two pax headers, the action and Python merge them.
    if (this.pending.pax) {
      throw refuse(
        'format',
        `the entry after byte ${this.position} has two pax extended headers; tools disagree on which one counts`
      )
    }
    this.pending.pax = true
    const path = records.get('path')
    const linkpath = records.get('linkpath')
    const size = records.get('size')
    if (path !== undefined) this.refuseSecond('path')
    if (linkpath !== undefined) this.refuseSecond('linkpath')
    if (size !== undefined) this.refuseSecond('size')
    if (path !== undefined) this.pending.path = decode(path)
    if (linkpath !== undefined) this.pending.linkpath = decode(linkpath)
    if (size !== undefined) {
      const text = size.toString('latin1')
      if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(Number(text)))
        throw damaged(`it has a pax size ${quote(text)} that is not a size`)
      this.pending.size = Number(text)
    }
  }

  /**
   * A name, link target or size given twice for one entry (a pax header and a GNU long name, or two
   * of either): tools differ on which one wins, so the entry would be another for each.
   */
  private refuseSecond(key: 'path' | 'linkpath' | 'size'): void {
    if (this.pending[key] === undefined) return
    throw refuse(
      'format',
      `the entry after byte ${this.position} is given its ${key} twice, by two extended headers; tools disagree on which one counts`
    )
  }
}

const POSIX_MAGIC = Buffer.from('ustar\0', 'latin1')

/** POSIX ustar and pax headers have `ustar\0` at byte 257; GNU's have `ustar  \0`, v7's nothing. */
function isPosixHeader(block: Buffer): boolean {
  return hasMagic(block, POSIX_MAGIC)
}

/**
 * Whether the header's magic (from byte 257) is `magic`. Byte by byte: Buffer.compare with
 * offsets costs more in checking its arguments than the comparison itself, several times a header.
 */
function hasMagic(block: Buffer, magic: Buffer): boolean {
  for (let i = 0; i < magic.length; i++) if (block[257 + i] !== magic[i]) return false
  return true
}

/**
 * The numeric fields the action does not use must still be numbers, as Python and bsdtar read
 * them: a header with garbage there is damaged. (GNU's atime and ctime are left alone: GNU tar and
 * Python ignore them, and old GNU-style writers left other bytes there.)
 */
const NUMERIC_FIELDS: [offset: number, length: number, name: string][] = [
  [108, 8, 'uid'],
  [116, 8, 'gid'],
  [136, 12, 'mtime']
]
/** ustar, pax and GNU headers have device numbers; v7's have nothing there. */
const DEVICE_FIELDS: typeof NUMERIC_FIELDS = [
  [329, 8, 'device major number'],
  [337, 8, 'device minor number']
]

const NUMERIC_AND_DEVICE_FIELDS = [...NUMERIC_FIELDS, ...DEVICE_FIELDS]

function checkNumbers(block: Buffer, at: number): void {
  const fields = isPosixHeader(block) || isGnuHeader(block) ? NUMERIC_AND_DEVICE_FIELDS : NUMERIC_FIELDS
  // An index rather than for…of with destructuring: less for the compiler to make of it, in a loop
  // that runs for every header while the process is still compiling the reader.
  for (let i = 0; i < fields.length; i++) readNumber(block, fields[i][0], fields[i][1], fields[i][2], at)
}

const GNU_MAGIC = Buffer.from('ustar  \0', 'latin1')

function isGnuHeader(block: Buffer): boolean {
  return hasMagic(block, GNU_MAGIC)
}
/** GNU's old sparse map, its continuation flag and the real size: bytes 386 to 495 of a GNU header. */
const GNU_SPARSE_START = 386
const GNU_SPARSE_END = 495

/**
 * bsdtar reads a GNU header's old sparse map whatever its type says, so a regular file with one
 * would be another file there; GNU tools leave it zero but for sparse files, which are refused.
 */
function refuseGnuSparseMap(block: Buffer, name: string): void {
  if (!isGnuHeader(block) || isZero(block, GNU_SPARSE_START, GNU_SPARSE_END)) return
  throw unsupported(`entry ${quote(name)} carries a GNU sparse map`)
}

/**
 * pax records: `<length> <key>=<value>\n`, the length in decimal digits counting the whole record.
 * Read strictly, as GNU tar and bsdtar read them: a length in any other form (`0x17`, `+23`,
 * ` 23`), a record that does not end in a newline where its length says, an empty key or no `=`
 * is damage, never a record read another way.
 */
function readPaxRecords(data: Buffer, position: number): Map<string, Buffer> {
  const records = new Map<string, Buffer>()
  let offset = 0
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset)
    const digits = space > offset ? data.toString('latin1', offset, space) : ''
    const end = offset + (/^[0-9]{1,16}$/.test(digits) ? Number(digits) : NaN)
    const equals = space < 0 ? -1 : data.indexOf(0x3d, space + 1)
    if (!(end > space + 2 && end <= data.length && data[end - 1] === 0x0a && equals > space + 1 && equals < end)) {
      throw damaged(`it has a damaged pax header before byte ${position}`)
    }
    records.set(data.toString('utf8', space + 1, equals), data.subarray(equals + 1, end - 1))
    offset = end
  }
  return records
}

/** The bytes of a header field up to its first NUL. */
function field(block: Buffer, offset: number, length: number): Buffer {
  let end = offset
  while (end < offset + length && block[end] !== 0) end++
  return block.subarray(offset, end)
}

function trimNuls(data: Buffer): Buffer {
  let end = data.length
  while (end > 0 && data[end - 1] === 0) end--
  return data.subarray(0, end)
}

function decode(bytes: Buffer): string {
  if (!isUtf8(bytes)) refuseNotUtf8('tar entry name', bytes)
  return bytes.toString('utf8')
}

/** Octal text ended by a space or NUL, or GNU's base-256 (first byte 0x80) for values too large for it. */
function readNumber(block: Buffer, offset: number, length: number, name: string, at: number): number {
  const first = block[offset]
  if (first & 0x80) {
    if (first !== 0x80) throw damaged(`the ${name} of the tar header at byte ${at} is negative`)
    let value = 0
    for (let i = offset + 1; i < offset + length; i++) value = value * 256 + block[i]
    if (!Number.isSafeInteger(value)) throw damaged(`the ${name} of the tar header at byte ${at} is too large`)
    return value
  }
  let value = 0
  let i = offset
  const end = offset + length
  while (i < end && block[i] === 0x20) i++
  for (; i < end; i++) {
    const byte = block[i]
    if (byte === 0x20 || byte === 0) break
    if (byte < 0x30 || byte > 0x37) throw damaged(`the ${name} of the tar header at byte ${at} is not an octal number`)
    value = value * 8 + (byte - 0x30)
  }
  if (!endsField(block, i, end)) throw damaged(`the ${name} of the tar header at byte ${at} is not an octal number`)
  return value
}

/**
 * After a number, only spaces up to a NUL or the end of its field, as Python reads a field (up to
 * its NUL, then stripped) and bsdtar recognises a header: `12 x` is no number.
 */
function endsField(block: Buffer, from: number, end: number): boolean {
  let i = from
  while (i < end && block[i] === 0x20) i++
  return i === end || block[i] === 0
}

/** The sum of the header's bytes, its checksum field counted as spaces; some old tars summed signed bytes. */
function checksumMatches(block: Buffer): boolean {
  let stored = 0
  let digits = 0
  let i = 148
  for (; i < 156; i++) {
    const byte = block[i]
    if (byte === 0x20 && digits === 0) continue
    if (byte < 0x30 || byte > 0x37) break
    stored = stored * 8 + (byte - 0x30)
    digits++
  }
  if (digits === 0 || !endsField(block, i, 156)) return false
  if (stored === byteSum(block, false)) return true
  return stored === byteSum(block, true)
}

function byteSum(block: Buffer, signed: boolean): number {
  let sum = 8 * 0x20
  for (let i = 0; i < 148; i++) sum += block[i]
  for (let i = 156; i < BLOCK; i++) sum += block[i]
  if (!signed) return sum
  for (let i = 0; i < BLOCK; i++) if (block[i] > 127 && (i < 148 || i >= 156)) sum -= 256
  return sum
}

function isZero(buffer: Buffer, start: number, end: number): boolean {
  for (let offset = start; offset < end; offset += ZEROS.length) {
    const length = Math.min(ZEROS.length, end - offset)
    if (buffer.compare(ZEROS, 0, length, offset, offset + length) !== 0) return false
  }
  return true
}

function firstNonZero(buffer: Buffer, start: number): number {
  let offset = start
  while (offset < buffer.length && buffer[offset] === 0) offset++
  return offset - start
}
