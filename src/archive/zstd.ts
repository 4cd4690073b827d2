import { readSync } from 'node:fs'
import { damaged } from './policy.js'

/**
 * Where the frames of a zstd file are. A file may hold several frames one after another (pzstd
 * writes one per block, `zstd` output concatenated), with skippable frames anywhere (pzstd starts
 * with one). Node's decompressor stops after one frame, so each is handed to a decompressor of
 * its own; walking the block headers finds where a frame ends without decompressing it, and the
 * decompressor then checks that it used exactly those bytes.
 */

const FRAME_MAGIC = 0xfd2fb528
/** 0x184D2A50 to 0x184D2A5F: frames whose content readers skip. */
const SKIPPABLE_MAGIC = 0x184d2a50
const SKIPPABLE_MASK = 0xfffffff0
const BLOCK_HEADER_BYTES = 3
const CHECKSUM_BYTES = 4
const RLE_BLOCK = 1
const RESERVED_BLOCK = 3
const CUT_SHORT = 'its zstd stream is cut short'

export type ZstdPart = { kind: 'frame'; start: number; end: number } | { kind: 'other'; start: number }

/** True for the magic number of a skippable frame. */
export function isSkippableMagic(magic: number): boolean {
  return (magic & SKIPPABLE_MASK) >>> 0 === SKIPPABLE_MAGIC
}

/** The offset after the skippable frames that start at `at`. */
export function skipSkippableFrames(fd: number, at: number, size: number): number {
  while (at + 8 <= size) {
    const header = readBytes(fd, at, 8)
    if (!isSkippableMagic(header.readUInt32LE(0))) return at
    const end = at + 8 + header.readUInt32LE(4)
    if (end > size) throw damaged(CUT_SHORT)
    at = end
  }
  return at
}

/**
 * The zstd frames from the start of the file, skipping skippable frames, then where something
 * else starts (zeros for padding, or data that is not zstd), if anything does.
 */
export function* zstdParts(fd: number, size: number): Generator<ZstdPart> {
  let at = 0
  while (at < size) {
    at = skipSkippableFrames(fd, at, size)
    if (at >= size) return
    if (at + 4 > size || readBytes(fd, at, 4).readUInt32LE(0) !== FRAME_MAGIC) {
      yield { kind: 'other', start: at }
      return
    }
    const end = frameEnd(fd, at, size)
    yield { kind: 'frame', start: at, end }
    at = end
  }
}

/** Where the frame starting at `start` ends: its header, its blocks up to the last, its checksum. */
function frameEnd(fd: number, start: number, size: number): number {
  const cutShort = (): never => {
    throw damaged(CUT_SHORT)
  }
  if (start + 5 > size) cutShort()
  const descriptor = readBytes(fd, start + 4, 1)[0]
  if (descriptor & 0x08) throw damaged(`its zstd stream is damaged (the frame at byte ${start} sets a reserved bit)`)
  const singleSegment = (descriptor >> 5) & 1
  const contentSizeBytes = [singleSegment, 2, 4, 8][descriptor >> 6]
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 0x03]
  const hasChecksum = (descriptor >> 2) & 1
  let at = start + 5 + (singleSegment ? 0 : 1) + dictionaryBytes + contentSizeBytes
  for (let last = false; !last;) {
    if (at + BLOCK_HEADER_BYTES > size) cutShort()
    const header = readBytes(fd, at, BLOCK_HEADER_BYTES).readUIntLE(0, BLOCK_HEADER_BYTES)
    last = (header & 1) === 1
    const type = (header >> 1) & 0x03
    if (type === RESERVED_BLOCK) throw damaged(`its zstd stream is damaged (a block of a reserved type at byte ${at})`)
    at += BLOCK_HEADER_BYTES + (type === RLE_BLOCK ? 1 : header >>> 3)
  }
  at += hasChecksum ? CHECKSUM_BYTES : 0
  if (at > size) cutShort()
  return at
}

function readBytes(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.alloc(length)
  const read = readSync(fd, buffer, 0, length, position)
  return buffer.subarray(0, read)
}
