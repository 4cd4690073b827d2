import { constants } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads'
import { CLEAN_UP_GRACE_MS, TimeUpError, type Deadline } from '../core/deadline.js'
import { workerBeside } from '../core/worker-file.js'
import { Head, OpenMode, Operation, Slot, type Failure, type ThreadSetup } from './file-writes-protocol.js'

/**
 * The site's files made on a thread of their own (file-writes-thread.ts), in the order the main
 * thread queues them: creating, writing and closing 20,000 small files is most of the unpacking's
 * time, and on its own thread it runs beside the decompression, the parsing and the policy instead
 * of after them (docs/decisions/file-writes-thread.md). Nothing is queued that the policy has not judged.
 *
 * The calls are synchronous, as the writer's were: the operations are written into batches of 1 MiB
 * of shared memory (file-writes-protocol.ts), and when the thread has four batches to do the main
 * thread waits for it (`Atomics.wait`), so that memory stays bounded whatever the archive, and the
 * readers need no change. A failure of the thread (a full disk) is thrown by the next call after
 * it.
 *
 * A thread that dies (V8 ends an isolate out of memory without running its `finally`) is told by
 * its `error` and `exit` events, which arrive only when the main thread is back in its event loop:
 * the next call then throws. A death during a wait, or a system call that hangs, is told by nothing
 * while the main thread waits, and no timer (the deadline's, a cancellation) runs meanwhile: so
 * every wait also ends with a `TimeUpError` at the run's deadline.
 *
 * The thread can be started before the archive is there (the export starts it before its download
 * and hands it to `unpackSite()`): its start-up, ~40 ms of CPU for an isolate and Node's modules,
 * then overlaps the download instead of the unpacking (docs/decisions/file-writes-thread.md).
 */

const THREAD_FILES = ['file-writes-thread/index.js', 'file-writes-thread.ts']
/**
 * Never follows a link at the last part (O_NOFOLLOW) and never opens what exists (O_EXCL): a file
 * is only ever created, so nothing is written through a link or over an earlier entry. Windows has
 * no O_NOFOLLOW; O_EXCL alone refuses an existing link there.
 */
const CREATE_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0)
const BATCH_BYTES = 1024 * 1024
/** Batches sent and not yet done, at most. */
const MAX_IN_FLIGHT = 4
/** One part of the shared bytes for each batch in flight, and the one being filled. */
const PARTS = MAX_IN_FLIGHT + 1
/** A thread that has not run by then never will (its file could not be loaded): the wait ends. */
const START_TIMEOUT_MS = 30_000
/** How often a wait looks whether the thread has started at all, and at the clock. */
const WAIT_STEP_MS = 100
/** A part with room for fewer of a write's bytes than this is sent rather than cut into. */
const LEAST_WRITE_BYTES = 4096
/** UTF-8 takes at most three bytes for each UTF-16 unit of a path. */
const UTF8_PER_UNIT = 3

export class FileWrites {
  private readonly progress = new Int32Array(
    new SharedArrayBuffer((Slot.lengths + PARTS) * Int32Array.BYTES_PER_ELEMENT)
  )
  private readonly failures: MessagePort
  private readonly worker: Worker
  private readonly createdAt = Date.now()
  /**
   * The batches' bytes, shared with the thread and reused: batches made and dropped one after
   * another kept ~100 MiB of them alive until the thread's collector ran (figure 3b).
   */
  private readonly data = Buffer.from(new SharedArrayBuffer(PARTS * BATCH_BYTES))
  /** The same bytes, for the records' lengths: DataView's calls check less than Buffer's. */
  private readonly view = new DataView(this.data.buffer)
  /** Where the part being filled begins, where its next record goes, and where it ends. */
  private start = 0
  private at = 0
  private end = BATCH_BYTES
  private sent = 0
  private stopping: Promise<void> | undefined
  private failure: NodeJS.ErrnoException | undefined
  /** Set by the thread's `exit` event; `death` by its `error` event (out of memory). */
  private exited = false
  private death: Error | undefined

  /** `deadline`: the run's, where waiting for the thread ends (none: waits are not bounded). */
  constructor(private readonly deadline?: Deadline) {
    const { port1, port2 } = new MessageChannel()
    this.failures = port1
    const setup: ThreadSetup = {
      operations: Operation,
      openModes: OpenMode,
      heads: Head,
      slots: Slot,
      flags: CREATE_FILE,
      progress: this.progress.buffer,
      data: this.data.buffer,
      batchBytes: BATCH_BYTES,
      failures: port2
    }
    this.worker = new Worker(workerBeside(import.meta.url, THREAD_FILES), {
      workerData: setup,
      transferList: [port2],
      // It holds no batch of its own: the bytes are in the shared buffer.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
    })
    this.worker.on('error', (error) => {
      this.death ??= error
    })
    this.worker.once('exit', () => {
      this.exited = true
    })
    // Whoever forgets to stop it does not keep the process alive.
    this.worker.unref()
  }

  /**
   * Creates a new file at `path`, which later writes go to until close(); `setMode` when the umask
   * would take bits from `mode`, which is then set again once the file exists.
   */
  open(path: string, mode: number, setMode = false): void {
    this.makeRoom(Head.paths + UTF8_PER_UNIT * path.length)
    const { data, view, at } = this
    data[at] = Operation.open
    view.setUint32(at + 1, setMode ? mode | OpenMode.setAfter : mode, true)
    const length = data.write(path, at + Head.paths)
    view.setUint32(at + 5, length, true)
    this.at = at + Head.paths + length
  }

  /**
   * Queues a copy of `source`'s bytes from `start` to `end` for the file created last. Copied by
   * `Buffer#copy`: `set()` into shared memory copies at less than half its speed
   * (docs/decisions/file-writes-thread.md).
   */
  write(source: Buffer, start = 0, end = source.length): void {
    for (let offset = start; offset < end;) {
      this.makeRoom(Head.write + Math.min(end - offset, LEAST_WRITE_BYTES))
      const length = Math.min(end - offset, this.end - this.at - Head.write)
      const { data, view, at } = this
      data[at] = Operation.write
      view.setUint32(at + 1, length, true)
      source.copy(data, at + Head.write, offset, offset + length)
      this.at = at + Head.write + length
      offset += length
    }
  }

  close(): void {
    this.makeRoom(1)
    this.data[this.at++] = Operation.close
  }

  /** Makes `path` a hard link to the file at `existing`, once everything queued before is done. */
  link(existing: string, path: string): void {
    this.makeRoom(Head.paths + UTF8_PER_UNIT * (existing.length + path.length))
    const { data, view, at } = this
    data[at] = Operation.link
    const existingLength = data.write(existing, at + Head.paths)
    const length = data.write(path, at + Head.paths + existingLength)
    view.setUint32(at + 1, existingLength, true)
    view.setUint32(at + 5, length, true)
    this.at = at + Head.paths + existingLength + length
  }

  /** Waits until everything queued is done; throws the thread's failure. */
  drain(): void {
    this.send()
    this.waitUntilInFlight(0)
    this.throwFailure()
  }

  /**
   * Ends the thread: what is still queued is dropped (a refusal: the staging folder is removed
   * next), and the file it has open is closed. Resolves once it has. It is a clean-up, held to the
   * clean-up's grace (core/deadline.ts): a thread that never started, that died, or that has not
   * closed its file within the first half of it (a live thread does so within the batch it is on)
   * is terminated, and awaited for the rest, so that nothing is still being written when the
   * caller removes the folder.
   */
  stop(): Promise<void> {
    this.stopping ??= this.finish()
    return this.stopping
  }

  private async finish(): Promise<void> {
    this.failures.close()
    Atomics.store(this.progress, Slot.stopping, 1)
    // Wakes the thread where it waits for a batch; one that starts later finds `stopping` at once.
    Atomics.add(this.progress, Slot.sent, 1)
    Atomics.notify(this.progress, Slot.sent)
    const endsAt = this.deadline?.cleanUpEndsAt() ?? Date.now() + CLEAN_UP_GRACE_MS
    if (Atomics.load(this.progress, Slot.started) === 1) {
      const giveUpAt = Date.now() + (endsAt - Date.now()) / 2
      while (Atomics.load(this.progress, Slot.stopped) === 0 && !this.exited && Date.now() < giveUpAt)
        Atomics.wait(this.progress, Slot.stopped, 0, WAIT_STEP_MS)
      if (Atomics.load(this.progress, Slot.stopped) === 1) return
    }
    const rest = Math.max(0, endsAt - Date.now())
    if (!this.exited) await Promise.race([this.worker.terminate(), delay(rest, undefined, { ref: false })])
  }

  /** Sends the part being filled unless `bytes` more fit in it. */
  private makeRoom(bytes: number): void {
    if (this.end - this.at < bytes) this.send()
    if (this.end - this.at < bytes) throw new Error(`an operation of ${bytes} bytes does not fit in a batch`)
  }

  private send(): void {
    if (this.at === this.start) return
    this.throwFailure()
    this.waitUntilInFlight(MAX_IN_FLIGHT - 1)
    const part = this.sent % PARTS
    Atomics.store(this.progress, Slot.lengths + part, this.at - this.start)
    this.sent = Atomics.add(this.progress, Slot.sent, 1) + 1
    Atomics.notify(this.progress, Slot.sent)
    // The batch that last used the next part is done: at most MAX_IN_FLIGHT are in flight.
    this.start = (this.sent % PARTS) * BATCH_BYTES
    this.at = this.start
    this.end = this.start + BATCH_BYTES
  }

  private waitUntilInFlight(most: number): void {
    for (;;) {
      const done = Atomics.load(this.progress, Slot.done)
      if (this.sent - done <= most) return
      if (Atomics.load(this.progress, Slot.started) === 0 && Date.now() - this.createdAt > START_TIMEOUT_MS)
        throw new Error(`the unpacking's file thread did not start within ${START_TIMEOUT_MS / 1000} s`)
      if (this.exited) throw this.ended()
      if (this.deadline?.expired()) throw new TimeUpError()
      Atomics.wait(this.progress, Slot.done, done, WAIT_STEP_MS)
    }
  }

  /** What a call after the thread's death throws. */
  private ended(): Error {
    const why = this.death ? `: ${this.death.message}` : ''
    return new Error(`the unpacking's file thread ended before its work was done${why}`, { cause: this.death })
  }

  private throwFailure(): void {
    if (this.exited) throw this.ended()
    if (this.failure) throw this.failure
    if (Atomics.load(this.progress, Slot.failed) === 0) return
    const told = receiveMessageOnPort(this.failures)?.message as Failure | undefined
    const failure: NodeJS.ErrnoException = new Error(told?.message ?? 'the file thread failed')
    failure.code = told?.code
    failure.path = told?.path
    this.failure = failure
    throw failure
  }
}
