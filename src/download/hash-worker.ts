import { createHash } from 'node:crypto'
import { readSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'

/**
 * The thread that hashes a download (src/download/file-sink.ts): it reads back from the file
 * what the main thread has written, which the page cache still holds. Bundled on its own as
 * dist/hash-worker/; it needs only `fs` and `crypto`.
 */

export type ToWorker = { kind: 'written'; end: number } | { kind: 'restart' } | { kind: 'finish'; end: number }
export type FromWorker = { kind: 'digest'; sha256: string } | { kind: 'failed'; message: string; code?: string }

const port = parentPort as NonNullable<typeof parentPort>
const fd = workerData as number
const buffer = Buffer.allocUnsafeSlow(1024 * 1024)
let hash = createHash('sha256')
let position = 0
let failed = false

function hashTo(end: number): void {
  while (position < end) {
    const count = readSync(fd, buffer, 0, Math.min(buffer.length, end - position), position)
    if (count === 0) throw new Error(`the file ended at ${position} bytes, before ${end}`)
    hash.update(buffer.subarray(0, count))
    position += count
  }
}

port.on('message', (message: ToWorker) => {
  if (failed) return
  try {
    if (message.kind === 'written') hashTo(message.end)
    else if (message.kind === 'restart') {
      hash = createHash('sha256')
      position = 0
    } else {
      hashTo(message.end)
      port.postMessage({ kind: 'digest', sha256: hash.digest('hex') } satisfies FromWorker)
    }
  } catch (error) {
    failed = true
    const { message: text, code } = error as NodeJS.ErrnoException
    port.postMessage({ kind: 'failed', message: text, code } satisfies FromWorker)
  }
})
