import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { markAsUntransferable } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileSink, SinkError } from '../src/download/file-sink.js'

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'file-sink-test-'))
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex')

/** Hands `bytes` over in network-sized chunks. */
function writeAll(sink: FileSink, bytes: Buffer, chunk = 65_536): void {
  for (let offset = 0; offset < bytes.length; offset += chunk) sink.write(bytes.subarray(offset, offset + chunk))
}

describe('FileSink', () => {
  it('writes the chunks and returns the SHA-256 of the file', async () => {
    const bytes = randomBytes(20 * 1024 * 1024 + 12_345)
    const sink = await FileSink.open(path.join(folder, 'file'))
    writeAll(sink, bytes)
    expect(sink.size).toBe(bytes.length)
    expect(await sink.finish()).toBe(sha256(bytes))
    expect((await readFile(path.join(folder, 'file'))).equals(bytes)).toBe(true)
  })

  it('after a restart, holds and hashes only what came after it, even when it is shorter', async () => {
    const first = randomBytes(18 * 1024 * 1024)
    const second = randomBytes(3 * 1024 * 1024 + 7)
    const sink = await FileSink.open(path.join(folder, 'file'))
    writeAll(sink, first)
    sink.restart()
    expect(sink.size).toBe(0)
    writeAll(sink, second)
    expect(await sink.finish()).toBe(sha256(second))
    expect((await readFile(path.join(folder, 'file'))).equals(second)).toBe(true)
  })

  it('gives back the memory of a written chunk that is the whole of its buffer, on a later write only', async () => {
    // As a socket read comes: a buffer of its own. Four of them make one batch (256 KiB).
    const reads = Array.from({ length: 5 }, () => randomBytes(65_536).buffer.transfer())
    const chunks = reads.map((memory) => Buffer.from(memory))
    const expected = sha256(Buffer.concat(chunks))
    const sink = await FileSink.open(path.join(folder, 'file'))
    for (const chunk of chunks.slice(0, 4)) sink.write(chunk)
    // The batch is written, but its last chunk may still be in its reader's hands.
    expect(reads.map((memory) => memory.detached)).toEqual([false, false, false, false, false])
    sink.write(chunks[4])
    expect(reads.map((memory) => memory.detached)).toEqual([true, true, true, true, false])
    expect(await sink.finish()).toBe(expected)
    expect(sha256(await readFile(path.join(folder, 'file')))).toBe(expected)
  })

  it('leaves alone a chunk that is part of a larger buffer, or whose buffer may not be detached', async () => {
    const shared = randomBytes(512 * 1024)
    const fixed = randomBytes(300 * 1024)
    markAsUntransferable(fixed.buffer)
    const copy = Buffer.concat([shared, fixed])
    const sink = await FileSink.open(path.join(folder, 'file'))
    writeAll(sink, shared)
    sink.write(fixed)
    sink.write(Buffer.alloc(0))
    expect(Buffer.concat([shared, fixed]).equals(copy)).toBe(true)
    expect(await sink.finish()).toBe(sha256(copy))
  })

  it('an empty file has the SHA-256 of nothing', async () => {
    const sink = await FileSink.open(path.join(folder, 'file'))
    expect(await sink.finish()).toBe(sha256(Buffer.alloc(0)))
  })

  it('finish fails, rather than waiting for ever, when the hashing thread stopped before it', async () => {
    const sink = await FileSink.open(path.join(folder, 'file'))
    writeAll(sink, randomBytes(1024))
    // The thread dies as a worker can (killed, out of memory), before the last bytes are hashed.
    await (sink as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate()
    await new Promise((resolve) => setImmediate(resolve))
    await expect(sink.finish()).rejects.toThrow('the hashing thread stopped')
    await sink.discard()
  })

  it('discard deletes the file', async () => {
    const sink = await FileSink.open(path.join(folder, 'file'))
    writeAll(sink, randomBytes(1024 * 1024))
    await sink.discard()
    expect(await readdir(folder)).toEqual([])
  })

  it.runIf(existsSync('/dev/full'))('reports a full disk as a SinkError with its code', async () => {
    const sink = await FileSink.open('/dev/full')
    const error = (() => {
      try {
        writeAll(sink, randomBytes(1024 * 1024))
        sink.flush()
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(SinkError)
    expect((error as SinkError).code).toBe('ENOSPC')
    expect(() => sink.write(Buffer.from('more'))).toThrow(SinkError)
    // Not discard(): that would delete /dev/full.
    await sink['close']()
  })
})
