import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
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
