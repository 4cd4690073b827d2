import { createHash, hash } from 'node:crypto'
import { Readable, type Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  brotliDecompressSync,
  createBrotliDecompress,
  createGunzip,
  createInflate,
  createZstdDecompress,
  gunzipSync,
  inflateSync,
  zstdDecompressSync
} from 'node:zlib'

/**
 * A body as a browser reads it: its content encodings undone, the result hashed, and never more
 * of it than `maxBytes` decoded bytes, however small the encoded body (a decompression bomb).
 */

export type Decoded = { sha256: string; size: number } | { tooLarge: true; size: number }

interface Coding {
  stream: () => Transform
  /** The whole body at once, failing with ERR_BUFFER_TOO_LARGE past `maxOutputLength`. */
  atOnce: (bytes: Buffer, maxOutputLength: number) => Buffer
}

const CODINGS: Record<string, Coding> = {
  gzip: { stream: () => createGunzip(), atOnce: (bytes, maxOutputLength) => gunzipSync(bytes, { maxOutputLength }) },
  'x-gzip': {
    stream: () => createGunzip(),
    atOnce: (bytes, maxOutputLength) => gunzipSync(bytes, { maxOutputLength })
  },
  deflate: {
    stream: () => createInflate(),
    atOnce: (bytes, maxOutputLength) => inflateSync(bytes, { maxOutputLength })
  },
  br: {
    stream: () => createBrotliDecompress(),
    atOnce: (bytes, maxOutputLength) => brotliDecompressSync(bytes, { maxOutputLength })
  },
  zstd: {
    stream: () => createZstdDecompress(),
    atOnce: (bytes, maxOutputLength) => zstdDecompressSync(bytes, { maxOutputLength })
  }
}

/** What the check asks hosts for: every coding it can undo. */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd'

/**
 * An encoded body this small is decoded in one synchronous call once it has arrived: a zlib
 * stream per answer costs more than the decoding of a page (BENCHMARKS.md, figure 9). Larger ones
 * stream through the decoders.
 */
const AT_ONCE_BYTES = 1024 * 1024

class TooLarge extends Error {}

/** The codings of a Content-Encoding header, in the order they were applied; `identity` dropped. */
export function parseCodings(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity')
}

export function isKnownCoding(coding: string): boolean {
  return Object.hasOwn(CODINGS, coding)
}

/**
 * Reads `body` through the decoders of `codings` (known ones: see isKnownCoding) and hashes what
 * comes out. Stops reading once more than `maxBytes` came out. A decoder's failure is thrown as it
 * is; so is a failure of the body.
 */
export async function hashDecoded(body: Readable, codings: string[], maxBytes: number): Promise<Decoded> {
  const decoders = [...codings].reverse().map((coding) => CODINGS[coding])
  const hashing = createHash('sha256')
  let size = 0
  const take = (chunk: Buffer): void => {
    size += chunk.length
    if (size > maxBytes) throw new TooLarge()
    hashing.update(chunk)
  }
  try {
    if (decoders.length === 0) {
      // pipeline() costs more than reading a small file.
      for await (const chunk of body as AsyncIterable<Buffer>) take(chunk)
      return { sha256: hashing.digest('hex'), size }
    }
    const iterator = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
    const head: Buffer[] = []
    let headBytes = 0
    for (;;) {
      const next = await iterator.next()
      if (next.done) return decodeAtOnce(Buffer.concat(head), decoders, maxBytes)
      head.push(next.value)
      headBytes += next.value.length
      if (headBytes > AT_ONCE_BYTES) break
    }
    const rest = async function* (): AsyncGenerator<Buffer> {
      yield* head
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value
    }
    await pipelineOf(
      Readable.from(rest()),
      ...decoders.map((decoder) => decoder.stream()),
      async (chunks: AsyncIterable<Buffer>) => {
        for await (const chunk of chunks) take(chunk)
      }
    )
    return { sha256: hashing.digest('hex'), size }
  } catch (error) {
    if (error instanceof TooLarge) return { tooLarge: true, size }
    throw error
  }
}

function decodeAtOnce(encoded: Buffer, decoders: Coding[], maxBytes: number): Decoded {
  let bytes = encoded
  for (const [i, decoder] of decoders.entries()) {
    // A coding under another is itself compressed: it may be a little larger than what it holds.
    const last = i === decoders.length - 1
    try {
      bytes = decoder.atOnce(bytes, last ? maxBytes + 1 : 2 * maxBytes + 1024)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        return { tooLarge: true, size: maxBytes + 1 }
      throw error
    }
  }
  if (bytes.length > maxBytes) return { tooLarge: true, size: bytes.length }
  return { sha256: hash('sha256', bytes, 'hex'), size: bytes.length }
}

/** pipeline() through any number of decoders, which its types spell out one count at a time. */
const pipelineOf = pipeline as (...stages: unknown[]) => Promise<void>
