import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FileWrites, unpackSite } from '../../src/archive/index.js'
import { Deadline, TimeUpError } from '../../src/core/deadline.js'
import type { ActionError } from '../../src/core/errors.js'
import { tarArchive } from '../support/craft.ts'
import { RecordingHost } from '../support/recording-host.ts'

/**
 * The unpacking when its file thread dies or hangs: the FileWrites here start, in place of the real
 * thread, one of test/support/threads/ (`thread.file`). Before these fixes, the main thread waited
 * for either for ever, and a death was an uncaught exception.
 */
const thread = vi.hoisted(() => ({ file: 'out-of-memory.ts' }))
vi.mock('../../src/core/worker-file.js', () => ({
  workerBeside: () => new URL(`../support/threads/${thread.file}`, import.meta.url)
}))

const DEAD = /^the unpacking's file thread ended before its work was done: .*memory/

let folder: string

beforeEach(async () => {
  thread.file = 'out-of-memory.ts'
  folder = await mkdtemp(path.join(os.tmpdir(), 'file-thread-death-'))
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

/** Queues 8 MiB in files of 1 MiB: more than the batches that may be in flight. */
function queueFiles(writes: FileWrites): void {
  for (let i = 0; i < 8; i++) {
    writes.open(path.join(folder, `file-${i}.bin`), 0o644)
    writes.write(Buffer.alloc(1024 * 1024))
    writes.close()
  }
}

describe('FileWrites, when its thread dies', () => {
  it('throws the death at the next call once the event loop has heard of it, without waiting for a deadline', async () => {
    const writes = new FileWrites()
    // Not stopped when this fails: a stop() that waits for a dead thread would never return.
    await vi.waitFor(() => expect(() => writes.drain()).toThrow(DEAD), { timeout: 20_000, interval: 50 })
    expect(() => queueFiles(writes)).toThrow(DEAD)
    await writes.stop()
    expect(await readdir(folder)).toEqual([])
  }, 30_000)

  it('ends a wait at the deadline when the thread dies while the main thread waits, then stops', async () => {
    const deadline = Deadline.in(2000)
    const writes = new FileWrites(deadline)
    try {
      expect(() => queueFiles(writes)).toThrow(TimeUpError)
      expect(deadline.expired()).toBe(true)
    } finally {
      await writes.stop()
    }
    // The death, heard of once the main thread is free again, is the next call's error, not an uncaught one.
    await vi.waitFor(() => expect(() => writes.drain()).toThrow(DEAD), { timeout: 20_000, interval: 50 })
  }, 30_000)
})

describe('unpackSite, when its file thread hangs', () => {
  it('stops at the deadline with the time-out error, ends the thread and leaves nothing behind', async () => {
    thread.file = 'hung.ts'
    const work = path.join(folder, 'work')
    await mkdir(work)
    const archive = path.join(work, 'bundle.tar.gz')
    const pages = Array.from({ length: 8 }, (_, i) => ({ name: `page-${i}.html`, data: randomBytes(1024 * 1024) }))
    await writeFile(archive, gzipSync(tarArchive([{ name: 'index.html', data: '<h1>Docs</h1>' }, ...pages])))
    const deadline = Deadline.in(2000)
    const error = await unpackSite(archive, 'tar.gz', path.join(work, 'site'), {
      host: new RecordingHost(),
      deadline
    }).then(
      () => undefined,
      (thrown: unknown) => thrown as ActionError
    )
    expect(error?.code).toBe('out-of-time')
    expect(error?.message).toBe(
      `Unpacking the tar.gz archive ${archive} stopped: timeout-seconds ran out. Nothing was unpacked; the archive is kept`
    )
    expect(await readdir(work)).toEqual(['bundle.tar.gz'])
  }, 30_000)
})
