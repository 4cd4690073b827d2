import { closeSync, fchmodSync, linkSync, openSync, writeSync } from 'node:fs'
import { workerData } from 'node:worker_threads'
import type { Failure, ThreadSetup } from './file-writes-protocol.js'

/**
 * The thread that makes the site's files for the unpacking (file-writes.ts): it creates, writes and
 * closes them, and makes hard links, in the order the main thread judged the entries, while the
 * main thread decompresses, parses and judges the next ones. It reads the batches from shared
 * memory as they are sent (file-writes-protocol.ts) and blocks between them: it has no event loop
 * to serve. Bundled on its own as dist/file-writes-thread/; it needs only `fs`.
 */

const setup = workerData as ThreadSetup
const { operations, openModes, slots, flags, batchBytes, failures } = setup
const { write: WRITE_DATA, paths: PATHS } = setup.heads
const progress = new Int32Array(setup.progress)
const data = Buffer.from(setup.data)
const view = new DataView(setup.data)
const parts = data.length / batchBytes
let fd = -1
/**
 * What the operation under way names: the path a failure is told with. A string: Node checks a
 * Buffer path for NUL bytes with a slower call than a string path.
 */
let path = ''

/** Carries out the batch in `part`. */
function run(part: number): void {
  let at = part * batchBytes
  const end = at + Atomics.load(progress, slots.lengths + part)
  while (at < end) {
    const operation = data[at]
    if (operation === operations.write) {
      const length = view.getUint32(at + 1, true)
      let from = at + WRITE_DATA
      at = from + length
      while (from < at) from += writeSync(fd, data, from, at - from)
    } else if (operation === operations.open) {
      const asked = view.getUint32(at + 1, true)
      const mode = asked & openModes.bits
      const length = view.getUint32(at + 5, true)
      path = data.toString('utf8', at + PATHS, at + PATHS + length)
      at += PATHS + length
      fd = openSync(path, flags, mode)
      if (asked & openModes.setAfter) fchmodSync(fd, mode)
    } else if (operation === operations.close) {
      at += 1
      closeOpenFile()
    } else if (operation === operations.link) {
      const existing = view.getUint32(at + 1, true)
      const length = view.getUint32(at + 5, true)
      const target = data.toString('utf8', at + PATHS, at + PATHS + existing)
      path = data.toString('utf8', at + PATHS + existing, at + PATHS + existing + length)
      at += PATHS + existing + length
      linkSync(target, path)
    } else {
      throw new Error(`unknown operation ${operation} in the batch`)
    }
  }
}

function closeOpenFile(): void {
  if (fd >= 0) closeSync(fd)
  fd = -1
}

function tell(slot: number): void {
  Atomics.store(progress, slot, 1)
  Atomics.notify(progress, slot)
}

function fail(error: unknown): void {
  const { message, code } = error as NodeJS.ErrnoException
  failures.postMessage({ path, message, code } satisfies Failure)
  tell(slots.failed)
  try {
    closeOpenFile()
  } catch {
    // The failure already told is the one that counts.
  }
}

tell(slots.started)
try {
  for (let done = 0; ;) {
    Atomics.wait(progress, slots.sent, done)
    if (Atomics.load(progress, slots.stopping) === 1) break
    // After a failure, batches are only counted.
    if (Atomics.load(progress, slots.failed) === 0) {
      try {
        run(done % parts)
      } catch (error) {
        fail(error)
      }
    }
    done++
    Atomics.store(progress, slots.done, done)
    Atomics.notify(progress, slots.done)
  }
  closeOpenFile()
} finally {
  failures.close()
  tell(slots.stopped)
}
