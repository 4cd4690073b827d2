import { isAscii, isUtf8 } from 'node:buffer'
import { readSync } from 'node:fs'
import { crc32 } from 'node:zlib'
import { damaged, quote, refuse, refuseNotUtf8, unsupported, type EntryType } from './policy.js'

/**
 * A zip's end records and central directory: where the entries are, what they are and how they
 * are named. zip.ts checks every entry's local header and data against what this reads.
 */

export const LOCAL = 0x04034b50
export const DESCRIPTOR = 0x08074b50
const CENTRAL = 0x02014b50
const END = 0x06054b50
const END64 = 0x06064b50
const LOCATOR64 = 0x07064b50
const SATURATED32 = 0xffffffff
const SATURATED16 = 0xffff

const FLAG_ENCRYPTED = 0x0001
export const FLAG_DESCRIPTOR = 0x0008
const FLAG_STRONG_ENCRYPTION = 0x0040
const FLAG_UTF8 = 0x0800
const FLAG_MASKED_HEADERS = 0x2000
/** The flags a local header must share with the central directory. */
export const FLAGS_COMPARED = FLAG_ENCRYPTED | FLAG_DESCRIPTOR | FLAG_UTF8

export const STORED = 0
const DEFLATED = 8
export const EXTRA_ZIP64 = 0x0001
const EXTRA_UNICODE_PATH = 0x7075
const HOST_UNIX = 3
const HOST_MACOS = 19

export interface ZipEntry {
  rawName: Buffer
  name: string
  /** The name was read as UTF-8; a link target is read alike. */
  utf8: boolean
  flags: number
  method: number
  crc: number
  compressedSize: number
  size: number
  offset: number
  type: EntryType
  mode: number
}

/**
 * The entries, and where the central directory starts (where the last entry must end). Zeros may
 * follow the end record: bsdtar pads a zip it writes to a pipe to its 10,240-byte block, as tar.gz
 * is padded; anything else after it is refused.
 */
export function readCentralDirectory(fd: number, size: number): { entries: ZipEntry[]; start: number } {
  const dataEnd = endOfNonZero(fd, size)
  // The end record ends at dataEnd or in the zeros after it, and is at most 22 + 65,535 bytes long.
  const tailStart = Math.max(0, dataEnd - 22 - SATURATED16)
  const tail = readAt(fd, tailStart, Math.min(size, dataEnd + 22 + SATURATED16) - tailStart)
  let found = -1
  for (let i = Math.min(tail.length, dataEnd - tailStart) - 4; i >= 0 && found < 0; i--) {
    if (i + 22 > tail.length || tail.readUInt32LE(i) !== END) continue
    const recordEnd = tailStart + i + 22 + tail.readUInt16LE(i + 20)
    if (recordEnd >= dataEnd && recordEnd <= size) found = i
  }
  if (found < 0) {
    const misplaced = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
    throw damaged(
      misplaced >= 0
        ? 'it has bytes after the end of the zip'
        : 'it has no end-of-central-directory record (cut short?)'
    )
  }
  const endAt = tailStart + found
  const end = tail.subarray(found, found + 22)
  let count = end.readUInt16LE(10)
  let directorySize = end.readUInt32LE(12)
  let directoryStart = end.readUInt32LE(16)
  let directoryEnd = endAt
  if (end.readUInt16LE(8) !== count)
    throw damaged(`its end record counts ${end.readUInt16LE(8)} entries on this disk and ${count} in all`)
  const disks = [end.readUInt16LE(4), end.readUInt16LE(6)]
  const locator = endAt >= 20 ? readAt(fd, endAt - 20, 20) : undefined
  if (locator?.readUInt32LE(0) === LOCATOR64) {
    const recordAt = safeNumber(locator.readBigUInt64LE(8), 'the zip64 end record offset')
    const record = readAt(fd, recordAt, 56)
    if (record.readUInt32LE(0) !== END64) throw damaged('its zip64 end record is not where the locator says')
    if (recordAt + 12 + safeNumber(record.readBigUInt64LE(4), 'the zip64 end record size') !== endAt - 20) {
      throw damaged('its zip64 end record does not end where the locator starts')
    }
    const onDisk = safeNumber(record.readBigUInt64LE(24), 'the entry count')
    const total = safeNumber(record.readBigUInt64LE(32), 'the entry count')
    if (onDisk !== total)
      throw damaged(`its zip64 end record counts ${onDisk} entries on this disk and ${total} in all`)
    // The end record repeats each value, or says "in the zip64 record" with all bits set.
    const repeats = (value: number, saturated: number, zip64: number): boolean => value === saturated || value === zip64
    const zip64Size = safeNumber(record.readBigUInt64LE(40), 'the central directory size')
    const zip64Start = safeNumber(record.readBigUInt64LE(48), 'the central directory offset')
    if (
      !repeats(count, SATURATED16, total) ||
      !repeats(directorySize, SATURATED32, zip64Size) ||
      !repeats(directoryStart, SATURATED32, zip64Start)
    ) {
      throw damaged('its end record and its zip64 end record disagree on the entry count or the central directory')
    }
    count = total
    directorySize = zip64Size
    directoryStart = zip64Start
    directoryEnd = recordAt
    disks.push(record.readUInt32LE(16), record.readUInt32LE(20), locator.readUInt32LE(4))
  } else if (
    count === SATURATED16 ||
    directorySize === SATURATED32 ||
    directoryStart === SATURATED32 ||
    disks.includes(SATURATED16)
  ) {
    throw damaged('its end record says zip64 but there is no zip64 end record')
  }
  if (disks.some((disk) => disk !== 0 && disk !== SATURATED16)) throw unsupported('it spans several disks')
  if (directoryStart + directorySize !== directoryEnd) {
    throw damaged(
      `its central directory (${directorySize} bytes at byte ${directoryStart}) does not end where the end record is`
    )
  }
  return { entries: readCentralEntries(readAt(fd, directoryStart, directorySize), count), start: directoryStart }
}

function readCentralEntries(directory: Buffer, count: number): ZipEntry[] {
  const entries: ZipEntry[] = []
  let at = 0
  for (let index = 0; index < count; index++) {
    if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL)
      throw damaged(`its central directory is damaged at entry ${index + 1}`)
    const nameStart = at + 46
    const extraStart = nameStart + directory.readUInt16LE(at + 28)
    const commentStart = extraStart + directory.readUInt16LE(at + 30)
    const next = commentStart + directory.readUInt16LE(at + 32)
    if (next > directory.length) throw damaged(`its central directory is damaged at entry ${index + 1}`)
    const rawName = directory.subarray(nameStart, extraStart)
    const flags = directory.readUInt16LE(at + 8)
    const extras = readExtras(directory.subarray(extraStart, commentStart), rawName)
    const host = directory.readUInt16LE(at + 4) >> 8
    const { name, utf8 } = entryName(rawName, flags, extras, host === HOST_UNIX || host === HOST_MACOS)
    if (flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION | FLAG_MASKED_HEADERS))
      throw unsupported(`entry ${quote(name)} is encrypted`)
    const method = directory.readUInt16LE(at + 10)
    if (method !== STORED && method !== DEFLATED)
      throw unsupported(`entry ${quote(name)} is compressed with method ${method}`)
    if (directory.readUInt16LE(at + 34) !== 0 && directory.readUInt16LE(at + 34) !== SATURATED16)
      throw unsupported('it spans several disks')
    const zip64 = zip64Sizes(
      extras.get(EXTRA_ZIP64),
      directory.readUInt32LE(at + 24),
      directory.readUInt32LE(at + 20),
      name,
      directory.readUInt32LE(at + 42)
    )
    entries.push({
      rawName,
      name,
      utf8,
      flags,
      method,
      crc: directory.readUInt32LE(at + 16),
      compressedSize: zip64.compressedSize,
      size: zip64.size,
      offset: zip64.offset,
      ...typeAndMode(host, directory.readUInt32LE(at + 38), name)
    })
    at = next
  }
  if (at !== directory.length)
    throw damaged(`its central directory has ${directory.length - at} bytes more than its ${count} entries`)
  return entries
}

/** What an entry is: the Unix mode when a Unix system made it, else a trailing slash or the MS-DOS folder bit. */
function typeAndMode(host: number, attributes: number, name: string): { type: EntryType; mode: number } {
  const unixMode = host === HOST_UNIX || host === HOST_MACOS ? attributes >>> 16 : 0
  const mode = unixMode ? unixMode & 0o7777 : 0o644
  switch (unixMode & 0o170000) {
    case 0o120000:
      return { type: 'symlink', mode }
    case 0o010000:
      return { type: 'fifo', mode }
    case 0o020000:
      return { type: 'character device', mode }
    case 0o060000:
      return { type: 'block device', mode }
    case 0o140000:
      return { type: 'socket', mode }
    case 0o040000:
      return { type: 'directory', mode }
    case 0o100000:
    case 0:
      return { type: name.endsWith('/') || (!unixMode && attributes & 0x10) ? 'directory' : 'file', mode }
    default:
      return { type: 'unknown', mode }
  }
}

export function readExtras(extra: Buffer, name: Buffer | string): Map<number, Buffer> {
  const extras = new Map<number, Buffer>()
  let at = 0
  while (at + 4 <= extra.length) {
    const end = at + 4 + extra.readUInt16LE(at + 2)
    if (end > extra.length) break
    extras.set(extra.readUInt16LE(at), extra.subarray(at + 4, end))
    at = end
  }
  // Some writers pad the extra field with a few zero bytes; anything else left over is damage.
  if (at < extra.length && extra.subarray(at).some((byte) => byte !== 0)) {
    throw damaged(`entry ${quote(typeof name === 'string' ? name : name.toString('latin1'))} has a damaged extra field`)
  }
  return extras
}

/** The sizes (and offset) that do not fit 32 bits are in the zip64 extra field, in this order. */
export function zip64Sizes(
  field: Buffer | undefined,
  size: number,
  compressedSize: number,
  name: string,
  offset = 0
): { size: number; compressedSize: number; offset: number } {
  let at = 0
  const next = (): number => {
    if (!field || at + 8 > field.length) throw damaged(`entry ${quote(name)} lacks the zip64 field its sizes call for`)
    const value = safeNumber(field.readBigUInt64LE(at), `the zip64 sizes of ${quote(name)}`)
    at += 8
    return value
  }
  return {
    size: size === SATURATED32 ? next() : size,
    compressedSize: compressedSize === SATURATED32 ? next() : compressedSize,
    offset: offset === SATURATED32 ? next() : offset
  }
}

/**
 * Names are UTF-8 when the entry says so: the UTF-8 flag, or Info-ZIP's unicode path field
 * (version 1, the CRC-32 of the header's name, so a stale field is ignored). Info-ZIP's zip and
 * bsdtar on Linux and macOS write UTF-8 names without saying so; a name from a Unix system that
 * is valid UTF-8 is read as such (CP437 text above 0x7f is hardly ever valid UTF-8). A name from
 * another system that is valid UTF-8 is refused: tools read it either way. Anything else is CP437,
 * the format's original encoding.
 */
function entryName(
  raw: Buffer,
  flags: number,
  extras: Map<number, Buffer>,
  fromUnix: boolean
): { name: string; utf8: boolean } {
  if (flags & FLAG_UTF8) return { name: decodeName(raw, true, 'zip entry name'), utf8: true }
  const unicode = extras.get(EXTRA_UNICODE_PATH)
  if (unicode && unicode.length > 5 && unicode[0] === 1 && unicode.readUInt32LE(1) === crc32(raw)) {
    return { name: decodeName(unicode.subarray(5), true, 'zip entry name'), utf8: true }
  }
  const utf8 = fromUnix && isUtf8(raw)
  // CP437 to Python and 7-Zip, UTF-8 to bsdtar and unzip in a UTF-8 locale: one entry, two names.
  if (!fromUnix && !isAscii(raw) && isUtf8(raw)) {
    throw refuse(
      'name',
      `entry ${quote(raw.toString('utf8'))} has a name that some tools read as CP437 (${quote(decodeName(raw, false, 'zip entry name'))}) and others as UTF-8: its zip does not say which (no UTF-8 flag, not made on a Unix system)`
    )
  }
  return { name: decodeName(raw, utf8, 'zip entry name'), utf8 }
}

/** UTF-8, or CP437 (what MS-DOS wrote, and the zip format's default). */
export function decodeName(raw: Buffer, utf8: boolean, what: string): string {
  if (utf8) {
    if (!isUtf8(raw)) refuseNotUtf8(what, raw)
    return raw.toString('utf8')
  }
  if (isAscii(raw)) return raw.toString('latin1')
  let text = ''
  for (const byte of raw) text += byte < 0x80 ? String.fromCharCode(byte) : CP437_HIGH[byte - 0x80]
  return text
}

const CP437_HIGH = [
  ...'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0'
]

function safeNumber(value: bigint, what: string): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged(`${what} is too large`)
  return Number(value)
}

/** Where the zeros at the end of the file start (the file's size when it does not end in a zero). */
function endOfNonZero(fd: number, size: number): number {
  const chunk = Buffer.allocUnsafe(64 * 1024)
  for (let end = size; end > 0;) {
    const start = Math.max(0, end - chunk.length)
    const read = readSync(fd, chunk, 0, end - start, start)
    for (let i = read - 1; i >= 0; i--) if (chunk[i] !== 0) return start + i + 1
    end = start
  }
  return 0
}

/** `length` bytes at `position`; a file that ends before is cut short. */
export function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length)
  let filled = 0
  while (filled < length) {
    const read = readSync(fd, buffer, filled, length - filled, position + filled)
    if (read === 0) throw damaged(`it is cut short at byte ${position + filled}`)
    filled += read
  }
  return buffer
}
