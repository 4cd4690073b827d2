import { randomBytes, randomFillSync } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { tarHeader, tarPadding } from '../../test/emulator/archives.ts'

/**
 * Archives generated for a benchmark run, streamed to disk as they are made so that neither the
 * generator nor the emulator ever holds one in memory. Contents are random bytes: nothing on the
 * way (gzip, a transport) can shrink them.
 */

const CHUNK = 1024 * 1024

/** A ustar header for a file (`0`) or a directory (`5`), as the emulator's archives write them. */
function header(name: string, size: number, type: '0' | '5' = '0'): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`tar name too long: ${name}`)
  return tarHeader({ name, type: type === '5' ? 'directory' : 'file' }, size)
}

const padding = tarPadding

function* fileEntry(name: string, content: Buffer): Generator<Buffer> {
  yield header(name, content.length)
  yield content
  yield padding(content.length)
}

const INDEX_HTML = Buffer.from(
  '<!doctype html><html><head><title>Bench Docs</title></head><body><h1>Bench Docs</h1></body></html>\n'
)

/**
 * A bundle of about `payloadBytes`: the site's index.html and one large random asset, as tar.gz.
 * gzip runs at level 0 (stored blocks): random data would not compress anyway, and generating a
 * gigabyte stays fast. The file is a valid tar.gz that `tar -tzf` lists.
 */
export async function writeLargeBundle(file: string, payloadBytes: number): Promise<number> {
  function* entries(): Generator<Buffer> {
    yield* fileEntry('index.html', INDEX_HTML)
    yield header('assets/', 0, '5')
    yield header('assets/media.bin', payloadBytes)
    for (let left = payloadBytes; left > 0; left -= CHUNK)
      yield randomFillSync(Buffer.allocUnsafe(Math.min(CHUNK, left)))
    yield padding(payloadBytes)
    yield Buffer.alloc(1024)
  }
  await pipeline(Readable.from(entries()), createGzip({ level: 0 }), createWriteStream(file))
  return (await stat(file)).size
}

/**
 * A documentation site of `files` small files (index.html at the top, the rest as pages of
 * 256 B to 4 KiB of random text in folders of 100), as tar.gz at gzip's default level.
 */
export async function writeSmallFilesSite(
  file: string,
  files: number
): Promise<{ sizeBytes: number; contentBytes: number }> {
  let contentBytes = 0
  let seed = 0x2545f491
  const nextSize = (): number => {
    // xorshift32: the same sizes on every run, so runs and machines compare.
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return 256 + ((seed >>> 0) % (4096 - 256))
  }
  function* entries(): Generator<Buffer> {
    yield* fileEntry('index.html', INDEX_HTML)
    contentBytes += INDEX_HTML.length
    const perFolder = 100
    for (let i = 0; i < files - 1; i++) {
      const folder = `docs/section-${String(Math.floor(i / perFolder)).padStart(3, '0')}/`
      if (i % perFolder === 0) yield header(folder, 0, '5')
      const size = nextSize()
      // Random bytes as base64 text: what an HTML page with inline data looks like to gzip.
      const body = randomBytes(Math.ceil((size * 3) / 4))
        .toString('base64')
        .slice(0, size)
      const content = Buffer.from(body)
      contentBytes += content.length
      yield* fileEntry(`${folder}page-${String(i).padStart(5, '0')}.html`, content)
    }
    yield Buffer.alloc(1024)
  }
  await pipeline(Readable.from(entries()), createGzip(), createWriteStream(file))
  return { sizeBytes: (await stat(file)).size, contentBytes }
}
