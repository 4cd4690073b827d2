import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import { workerBeside } from '../core/worker-file.js'
import type { Batch, Failure, Operation, Slots, ThreadSetup } from './file-writes-protocol.js'

/**
 * The site's files made on a thread of their own (file-writes-thread.ts), in the order the main
 * thread queues them: creating, writing and closing 20,000 small files is most of the unpacking's
 * time, and on its own thread it runs beside the decompression, the parsing and the policy instead
 * of after them (BENCHMARKS.md, "Fourth round"). Nothing is queued that the policy has not judged.
 *
 * The calls are synchronous, as the writer's were: the operations go in batches of up to 1 MiB of
 * data, and when the thread has four batches to do the main thread waits for it (`Atomics.wait`),
 * so that memory stays bounded whatever the archive, and the readers need no change. A failure of
 * the thread (a full disk) is thrown by the next call after it.
 */

const THREAD_FILES = ['file-writes-thread/index.js', 'file-writes-thread.ts']
const BATCH_BYTES = 1024 * 1024
const MAX_OPERATIONS = 4096
/** Batches sent and not yet done, at most. */
const MAX_IN_FLIGHT = 4
/** A thread that has not run by then never will (its file could not be loaded): the wait ends. */
const START_TIMEOUT_MS = 30_000
/** How often a wait looks whether the thread has started at all. */
const WAIT_STEP_MS = 100

const SLOTS: Slots = { done: 0, started: 1, failed: 2, stopped: 3, cancelled: 4 }

export class FileWrites {
  private readonly progress = new Int32Array(new SharedArrayBuffer(5 * Int32Array.BYTES_PER_ELEMENT))
  private readonly failures: MessagePort
  private readonly worker: Worker
  private readonly createdAt = Date.now()
  /**
   * The batches' bytes, shared with the thread and reused: batches made and dropped one after
   * another kept ~100 MiB of them alive until the thread's collector ran (figure 3b).
   */
  private readonly shared = new SharedArrayBuffer((MAX_IN_FLIGHT + 1) * BATCH_BYTES)
  private operations: Operation[] = []
  /** The part of `shared` being filled: no batch in flight uses it. */
  private data = this.slot(0)
  private used = 0
  private sent = 0
  private stopped = false
  private failure: NodeJS.ErrnoException | undefined

  constructor(flags: number, setModes: boolean) {
    const { port1, port2 } = new MessageChannel()
    this.failures = port1
    const setup: ThreadSetup = {
      flags,
      setModes,
      progress: this.progress,
      slots: SLOTS,
      failures: port2,
      data: this.shared,
      batchBytes: BATCH_BYTES
    }
    this.worker = new Worker(workerBeside(import.meta.url, THREAD_FILES), {
      workerData: setup,
      transferList: [port2],
      // It holds four batches of operations at most; the bytes are in the shared buffer.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
    })
    // Whoever forgets to stop it does not keep the process alive.
    this.worker.unref()
  }

  /** Creates a new file at `path`, which later writes go to until close(). */
  open(path: string, mode: number): void {
    this.queue(['open', path, mode])
  }

  /** Queues a copy of `bytes` for the file created last. */
  write(bytes: Uint8Array): void {
    for (let offset = 0; offset < bytes.length;) {
      if (this.used === BATCH_BYTES) this.send()
      const length = Math.min(bytes.length - offset, BATCH_BYTES - this.used)
      const start = this.used
      this.data.set(length === bytes.length ? bytes : bytes.subarray(offset, offset + length), start)
      // Counted before it is queued: the queue may send the batch, data and all.
      this.used += length
      offset += length
      this.queue(['write', start, start + length])
    }
  }

  close(): void {
    this.queue(['close'])
  }

  /** Makes `path` a hard link to the file at `existing`, once everything queued before is done. */
  link(existing: string, path: string): void {
    this.queue(['link', existing, path])
  }

  /** Waits until everything queued is done; throws the thread's failure. */
  drain(): void {
    this.send()
    this.waitUntilInFlight(0)
    this.throwFailure()
  }

  /**
   * Ends the thread: what is still queued is dropped (a refusal: the staging folder is removed
   * next), and the file it has open is closed. Returns once it has; a thread that never started is
   * only terminated.
   */
  stop(): void {
    if (this.stopped) return
    this.stopped = true
    this.failures.close()
    if (Atomics.load(this.progress, SLOTS.started) === 0) return void this.worker.terminate()
    Atomics.store(this.progress, SLOTS.cancelled, 1)
    this.worker.postMessage('stop')
    while (Atomics.load(this.progress, SLOTS.stopped) === 0) Atomics.wait(this.progress, SLOTS.stopped, 0)
  }

  private queue(operation: Operation): void {
    this.operations.push(operation)
    if (this.operations.length >= MAX_OPERATIONS) this.send()
  }

  private send(): void {
    if (this.operations.length === 0) return
    this.throwFailure()
    this.waitUntilInFlight(MAX_IN_FLIGHT - 1)
    const batch: Batch = { operations: this.operations, slot: this.sent % (MAX_IN_FLIGHT + 1), length: this.used }
    this.worker.postMessage(batch)
    this.sent++
    this.operations = []
    // The batch that last used the next part is done: at most MAX_IN_FLIGHT are in flight.
    this.data = this.slot(this.sent % (MAX_IN_FLIGHT + 1))
    this.used = 0
  }

  private slot(index: number): Uint8Array {
    return new Uint8Array(this.shared, index * BATCH_BYTES, BATCH_BYTES)
  }

  private waitUntilInFlight(most: number): void {
    for (;;) {
      const done = Atomics.load(this.progress, SLOTS.done)
      if (this.sent - done <= most) return
      if (Atomics.load(this.progress, SLOTS.started) === 0 && Date.now() - this.createdAt > START_TIMEOUT_MS)
        throw new Error(`the unpacking's file thread did not start within ${START_TIMEOUT_MS / 1000} s`)
      Atomics.wait(this.progress, SLOTS.done, done, WAIT_STEP_MS)
    }
  }

  private throwFailure(): void {
    if (this.failure) throw this.failure
    if (Atomics.load(this.progress, SLOTS.failed) === 0) return
    const told = receiveMessageOnPort(this.failures)?.message as Failure | undefined
    const failure: NodeJS.ErrnoException = new Error(told?.message ?? 'the file thread failed')
    failure.code = told?.code
    failure.path = told?.path
    this.failure = failure
    throw failure
  }
}
