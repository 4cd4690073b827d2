import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { crc32, createInflateRaw, inflateRawSync } from 'node:zlib'
import { formatBytes } from '../core/format.js'
import { damaged, quote, refuseSize, type ArchiveError, type SizeBound } from './policy.js'
import {
  decodeName,
  DESCRIPTOR,
  EXTRA_ZIP64,
  FLAG_DESCRIPTOR,
  FLAGS_COMPARED,
  LOCAL,
  readAt,
  readCentralDirectory,
  readExtras,
  STORED,
  zip64Sizes,
  type ZipEntry
} from './zip-directory.js'
import type { EntrySink } from './writer.js'

/**
 * A zip reader that trusts nothing it has not checked twice: the central directory is read
 * first, then each local header is compared with it, entries must follow one another with no
 * gap or overlap up to the central directory, and every entry's CRC-32 and sizes (and its data
 * descriptor's) must agree. Stored and deflated entries, zip64 and data descriptors are read.
 * Hand-written because yauzl, with a stream per entry, is many times slower than `unzip` on a site
 * of many small files (docs/decisions/archive-readers.md).
 */

const WINDOW_BYTES = 1024 * 1024
/** Entries this small inflate in one synchronous call; larger ones stream. */
const INFLATE_AT_ONCE_BYTES = 4 * 1024 * 1024
/** A link's target is a path, never this long. */
const MAX_LINK_BYTES = 4096
/** The event loop is given a turn this often, so a signal can be heard during a long unpack. */
const YIELD_EVERY_BYTES = 32 * 1024 * 1024

/** Reads the zip at `file` into `sink`. */
export async function readZip(file: string, sink: EntrySink, bound: SizeBound): Promise<void> {
  const fd = openSync(file, 'r')
  try {
    const reader = new ZipFile(fd)
    const { entries, start } = readCentralDirectory(fd, fstatSync(fd).size)
    const total = entries.reduce((sum, entry) => sum + entry.size, 0)
    if (total > bound.bytes) refuseSize(bound, `its ${entries.length} entries add up to ${formatBytes(total)}`)
    let expected = 0
    let sinceYield = 0
    for (const entry of entries.sort((a, b) => a.offset - b.offset)) {
      if (entry.offset !== expected) {
        const where = expected === 0 ? 'the archive starts' : 'the entry before it ends'
        throw damaged(
          `entry ${quote(entry.name)} starts at byte ${entry.offset}, not at byte ${expected} where ${where} (${entry.offset < expected ? 'overlap' : 'gap'})`
        )
      }
      expected = await reader.unpack(entry, sink)
      sinceYield += entry.compressedSize
      if (sinceYield > YIELD_EVERY_BYTES) {
        sinceYield = 0
        await nextTurn()
      }
    }
    if (expected !== start)
      throw damaged(`it has ${start - expected} bytes between its last entry and the central directory`)
  } finally {
    closeSync(fd)
  }
}

class ZipFile {
  private readonly window = Buffer.allocUnsafe(WINDOW_BYTES)
  private windowStart = 0
  private windowEnd = 0

  constructor(private readonly fd: number) {}

  /** Checks an entry's local header, data and descriptor, writes it, and returns where the next entry must start. */
  async unpack(entry: ZipEntry, sink: EntrySink): Promise<number> {
    const local = this.read(entry.offset, 30)
    if (local.readUInt32LE(0) !== LOCAL)
      throw damaged(`entry ${quote(entry.name)} has no local header at byte ${entry.offset}`)
    const flags = local.readUInt16LE(6)
    const method = local.readUInt16LE(8)
    const crc = local.readUInt32LE(14)
    const compressedSize32 = local.readUInt32LE(18)
    const size32 = local.readUInt32LE(22)
    const nameLength = local.readUInt16LE(26)
    const extraLength = local.readUInt16LE(28)
    const rest = this.read(entry.offset + 30, nameLength + extraLength)
    if (!rest.subarray(0, nameLength).equals(entry.rawName)) throw disagreement(entry, 'the name')
    if (method !== entry.method) throw disagreement(entry, 'the compression method')
    if ((flags & FLAGS_COMPARED) !== (entry.flags & FLAGS_COMPARED)) throw disagreement(entry, 'the flags')
    const extras = readExtras(rest.subarray(nameLength), entry.name)
    const zip64 = extras.has(EXTRA_ZIP64)
    const sizes = zip64Sizes(extras.get(EXTRA_ZIP64), size32, compressedSize32, entry.name)
    const hasDescriptor = (flags & FLAG_DESCRIPTOR) !== 0
    // With a data descriptor, the local header may leave the CRC and sizes at zero.
    const agrees = (local: number, central: number): boolean => local === central || (hasDescriptor && local === 0)
    if (
      !agrees(crc, entry.crc) ||
      !agrees(sizes.size, entry.size) ||
      !agrees(sizes.compressedSize, entry.compressedSize)
    ) {
      throw disagreement(entry, 'the CRC-32 or the sizes')
    }

    const dataStart = entry.offset + 30 + nameLength + extraLength
    const dataEnd = dataStart + entry.compressedSize
    if (entry.type === 'file') {
      sink.begin({ name: entry.name, type: 'file', mode: entry.mode, size: entry.size })
      await this.inflate(entry, dataStart, (chunk) => sink.write(chunk))
      sink.finish()
    } else if (entry.type === 'directory' || entry.type === 'symlink') {
      const limit = entry.type === 'symlink' ? MAX_LINK_BYTES : 0
      if (entry.size > limit)
        throw damaged(`entry ${quote(entry.name)} (a ${entry.type}) has ${entry.size} bytes of data`)
      const data: Buffer[] = []
      await this.inflate(entry, dataStart, (chunk) => data.push(Buffer.from(chunk)))
      const target =
        entry.type === 'symlink' ? decodeName(Buffer.concat(data), entry.utf8, 'zip link target') : undefined
      sink.begin({ name: entry.name, type: entry.type, mode: entry.mode, linkTarget: target })
    } else {
      // Devices, FIFOs, sockets: the policy refuses them.
      sink.begin({ name: entry.name, type: entry.type, mode: entry.mode })
    }
    return hasDescriptor ? this.checkDescriptor(entry, dataEnd, zip64) : dataEnd
  }

  /** Inflates (or copies) an entry's data to `write`, checking its sizes and CRC-32 on the way. */
  private async inflate(entry: ZipEntry, start: number, write: (chunk: Buffer) => void): Promise<void> {
    const { compressedSize, size } = entry
    let crc = 0
    let produced = 0
    const take = (chunk: Buffer): void => {
      produced += chunk.length
      if (produced > size) throw tooLarge(entry)
      crc = crc32(chunk, crc)
      write(chunk)
    }
    if (entry.method === STORED) {
      if (compressedSize !== size)
        throw damaged(`entry ${quote(entry.name)} is stored, yet its sizes differ (${compressedSize} and ${size})`)
      for (let at = start; at < start + size; at += WINDOW_BYTES)
        take(this.read(at, Math.min(WINDOW_BYTES, start + size - at)))
    } else if (compressedSize <= INFLATE_AT_ONCE_BYTES && size <= INFLATE_AT_ONCE_BYTES) {
      const { buffer, engine } = inflateAtOnce(this.read(start, compressedSize), entry)
      if (engine.bytesWritten !== compressedSize)
        throw damaged(
          `entry ${quote(entry.name)} ends after ${engine.bytesWritten} of its ${compressedSize} compressed bytes`
        )
      take(buffer)
    } else {
      const inflater = createInflateRaw({ chunkSize: 256 * 1024 })
      await pipeline(this.chunks(start, compressedSize), inflater, async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) take(chunk)
      }).catch((error: unknown) => {
        throw inflateError(error, entry)
      })
      if (inflater.bytesWritten !== compressedSize)
        throw damaged(
          `entry ${quote(entry.name)} ends after ${inflater.bytesWritten} of its ${compressedSize} compressed bytes`
        )
    }
    if (produced !== size)
      throw damaged(`entry ${quote(entry.name)} has ${produced} bytes, where the central directory gives ${size}`)
    if (crc >>> 0 !== entry.crc) throw damaged(`entry ${quote(entry.name)} fails its CRC-32 check`)
  }

  /**
   * `length` bytes from `start`, a window at a time. Read here rather than by a file stream on the
   * shared descriptor: a failed pipeline destroys its streams, and a file stream's destruction
   * closes the descriptor under the reader.
   */
  private *chunks(start: number, length: number): Generator<Buffer> {
    for (let at = start; at < start + length; at += WINDOW_BYTES) {
      yield this.readFresh(at, Math.min(WINDOW_BYTES, start + length - at))
    }
  }

  /** A data descriptor after the data (its signature optional): CRC-32 and sizes, 8 bytes each with zip64. */
  private checkDescriptor(entry: ZipEntry, at: number, zip64: boolean): number {
    const head = this.read(at, 4)
    const signed = head.readUInt32LE(0) === DESCRIPTOR
    const length = (signed ? 4 : 0) + 4 + (zip64 ? 16 : 8)
    const descriptor = this.read(at, length).subarray(signed ? 4 : 0)
    const crc = descriptor.readUInt32LE(0)
    const compressedSize = zip64 ? Number(descriptor.readBigUInt64LE(4)) : descriptor.readUInt32LE(4)
    const size = zip64 ? Number(descriptor.readBigUInt64LE(12)) : descriptor.readUInt32LE(8)
    if (crc !== entry.crc || compressedSize !== entry.compressedSize || size !== entry.size) {
      throw damaged(
        `entry ${quote(entry.name)}: its data descriptor and the central directory disagree on the CRC-32 or the sizes`
      )
    }
    return at + length
  }

  /** `length` bytes at `position`, through a window kept for the next small read: valid until the next read. */
  private read(position: number, length: number): Buffer {
    if (position >= this.windowStart && position + length <= this.windowEnd) {
      return this.window.subarray(position - this.windowStart, position - this.windowStart + length)
    }
    if (length > WINDOW_BYTES) return this.readFresh(position, length)
    this.windowStart = position
    this.windowEnd = position + readSync(this.fd, this.window, 0, WINDOW_BYTES, position)
    if (this.windowEnd < position + length) throw damaged(`it is cut short at byte ${this.windowEnd} (cut short?)`)
    return this.window.subarray(0, length)
  }

  private readFresh(position: number, length: number): Buffer {
    return readAt(this.fd, position, length)
  }
}

interface InflateResult {
  buffer: Buffer
  engine: { bytesWritten: number }
}

/** One synchronous inflate, at most the entry's size out; `info` reports how much input it used. */
function inflateAtOnce(input: Buffer, entry: ZipEntry): InflateResult {
  try {
    // One output buffer of the right size (a byte more, so that a full buffer does not make zlib
    // allocate another to find the end): no 16 KiB chunk per entry for the collector.
    const chunkSize = Math.max(entry.size + 1, 64)
    return inflateRawSync(input, {
      info: true,
      maxOutputLength: Math.max(entry.size, 1),
      chunkSize
    }) as unknown as InflateResult
  } catch (error) {
    throw inflateError(error, entry)
  }
}

function inflateError(error: unknown, entry: ZipEntry): unknown {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ERR_BUFFER_TOO_LARGE') return tooLarge(entry)
  if (typeof code === 'string' && code.startsWith('Z_'))
    return damaged(`entry ${quote(entry.name)} has damaged compressed data (${(error as Error).message})`)
  return error
}

function disagreement(entry: ZipEntry, what: string): ArchiveError {
  return damaged(`entry ${quote(entry.name)}: its local header and the central directory disagree on ${what}`)
}

function tooLarge(entry: ZipEntry): ArchiveError {
  return damaged(
    `entry ${quote(entry.name)} inflates to more than the ${formatBytes(entry.size)} the central directory gives`
  )
}
