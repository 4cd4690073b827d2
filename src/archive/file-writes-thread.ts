import { closeSync, fchmodSync, linkSync, openSync, writeSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import type { Batch, Failure, ThreadSetup } from './file-writes-protocol.js'

/**
 * The thread that makes the site's files for the unpacking (file-writes.ts): it creates, writes and
 * closes them, and makes hard links, in the order the main thread judged the entries, while the
 * main thread decompresses, parses and judges the next ones. Bundled on its own as
 * dist/file-writes-thread/; it needs only `fs`.
 */

const { flags, setModes, progress, slots, failures, data: shared, batchBytes } = workerData as ThreadSetup
const port = parentPort as NonNullable<typeof parentPort>
let fd = -1
let path = ''

Atomics.store(progress, slots.started, 1)
Atomics.notify(progress, slots.started)

function run({ operations, slot, length }: Batch): void {
  const data = new Uint8Array(shared, slot * batchBytes, length)
  for (const operation of operations) {
    switch (operation[0]) {
      case 'open':
        path = operation[1]
        fd = openSync(path, flags, operation[2])
        if (setModes) fchmodSync(fd, operation[2])
        break
      case 'write': {
        let at = operation[1]
        while (at < operation[2]) at += writeSync(fd, data, at, operation[2] - at)
        break
      }
      case 'close':
        closeOpenFile()
        break
      case 'link':
        path = operation[2]
        linkSync(operation[1], operation[2])
        break
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

port.on('message', (message: Batch | 'stop') => {
  if (message === 'stop') {
    try {
      closeOpenFile()
    } finally {
      tell(slots.stopped)
      port.close()
    }
    return
  }
  // After a failure, or once the unpacking is refused, batches are only counted.
  if (Atomics.load(progress, slots.failed) === 0 && Atomics.load(progress, slots.cancelled) === 0) {
    try {
      run(message)
    } catch (error) {
      const { message: text, code } = error as NodeJS.ErrnoException
      failures.postMessage({ path, message: text, code } satisfies Failure)
      tell(slots.failed)
      try {
        closeOpenFile()
      } catch {
        // The failure already told is the one that counts.
      }
    }
  }
  Atomics.add(progress, slots.done, 1)
  Atomics.notify(progress, slots.done)
})
