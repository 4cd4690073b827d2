import { ftruncateSync, writevSync } from 'node:fs'
import { open, rm, type FileHandle } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'
import { ActionError } from '../core/errors.js'
import { workerBeside } from '../core/worker-file.js'
import type { FromWorker, ToWorker } from './hash-worker.js'

/**
 * Where the bytes of a download go: a file, and its SHA-256. The main thread writes the chunks of
 * the body as they come, a batch at a time, straight from the network's buffers (no copy of its
 * own); a worker thread hashes the file behind it, reading back what was just written, which the
 * page cache still holds. The hash thus runs on the second core, beside the transfer, and covers
 * the bytes as they are on disk. Nothing is held but one batch, and the memory of each network
 * read is given back as soon as it is written (see `release`). Other shapes were measured and
 * were slower (docs/decisions/download-data-path.md): hashing on the main thread, or handing blocks to a worker that
 * writes and hashes them.
 */

/** Chunks gathered into one write: fewer system calls, while the worker still reads from the cache. */
const BATCH_BYTES = 256 * 1024
/**
 * How far the writes get before the worker is told: waking a thread is costly, in a virtual machine
 * above all (docs/decisions/download-data-path.md). The worker lags at most that far behind, which the page
 * cache easily holds.
 */
const TELL_EVERY_BYTES = 16 * 1024 * 1024

/**
 * The hashing thread's entry: built beside the action's bundle as hash-worker/index.js (package.json,
 * `bundle`); when this module runs from its source, as in the tests, the source file beside it.
 */
const HASH_WORKER_FILES = ['hash-worker/index.js', 'hash-worker.ts']

/**
 * A failure of the file (a full disk, a lost folder) or of its hashing thread, never of the
 * transfer: its code is the system's (`ENOSPC`) when there is one, else `hashing`.
 */
export class SinkError extends ActionError {
  override name = 'SinkError'
}

function sinkError(message: string, systemCode: string | undefined): SinkError {
  return new SinkError(message, { code: systemCode ?? 'hashing' })
}

export class FileSink {
  /** Bytes taken so far: in the file, or in the batch about to be written. */
  size = 0
  private batch: Uint8Array[] = []
  private batchBytes = 0
  /** The chunks of the last batch written, whose memory the next write() releases. */
  private written: Uint8Array[] = []
  /** The end of the bytes the worker was told about. */
  private told = 0
  private failure: SinkError | undefined
  private digest: ((sha256: string) => void) | undefined

  private constructor(
    readonly path: string,
    private readonly file: FileHandle,
    private readonly worker: Worker
  ) {
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'digest') this.digest?.(message.sha256)
      else this.fail(sinkError(message.message, message.code))
    })
    worker.on('error', (error: Error) => this.fail(error))
    worker.on('exit', () => this.fail(new Error('the hashing thread stopped')))
  }

  /** Creates (or empties) the file and starts the hashing thread. */
  static async open(path: string): Promise<FileSink> {
    const file = await open(path, 'w+')
    const worker = new Worker(workerBeside(import.meta.url, HASH_WORKER_FILES), {
      workerData: file.fd,
      // It allocates one buffer and the hash's state.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
    })
    return new FileSink(path, file, worker)
  }

  /**
   * Takes the chunk (not a copy: the caller must not change it afterwards, nor read it after its
   * next call of write(), which may release it: see `release`) and writes the batch once it is
   * large enough. Throws a SinkError when the file cannot be written.
   */
  write(chunk: Uint8Array): void {
    if (this.failure) throw this.failure
    // Not in the flush that writes them: the chunk just taken may still be in its reader's hands.
    if (this.written.length > 0) {
      for (const done of this.written) release(done)
      this.written = []
    }
    this.batch.push(chunk)
    this.batchBytes += chunk.length
    this.size += chunk.length
    if (this.batchBytes >= BATCH_BYTES) this.flush()
  }

  /** Writes the batch now: every byte taken is then in the file. */
  flush(): void {
    if (this.batchBytes === 0) return
    const end = this.size
    const batch = this.batch
    let chunks = [...batch]
    let position = end - this.batchBytes
    this.batch = []
    this.batchBytes = 0
    try {
      while (chunks.length > 0) {
        let written = writevSync(this.file.fd, chunks, position)
        position += written
        // A short write (rare, for a file) leaves the rest to go again.
        while (chunks.length > 0 && written >= chunks[0].length) written -= (chunks.shift() as Uint8Array).length
        if (written > 0) chunks = [chunks[0].subarray(written), ...chunks.slice(1)]
      }
    } catch (error) {
      throw this.fail(error as Error)
    }
    this.written = batch
    if (end - this.told >= TELL_EVERY_BYTES) {
      this.told = end
      this.post({ kind: 'written', end })
    }
  }

  /** Forgets everything taken: the next byte is the file's first, and the hash starts again. */
  restart(): void {
    if (this.failure) throw this.failure
    this.size = 0
    this.batch = []
    this.batchBytes = 0
    this.told = 0
    this.post({ kind: 'restart' })
  }

  /** Writes what is left, returns the SHA-256 of the file's bytes, and cuts the file at its size. */
  async finish(): Promise<string> {
    this.flush()
    // A hashing thread that failed or stopped earlier would never answer.
    this.throwIfFailed()
    const sha256 = await new Promise<string>((resolve) => {
      this.digest = resolve
      this.post({ kind: 'finish', end: this.size })
    })
    this.throwIfFailed()
    try {
      // A restart from zero may have left longer, older bytes behind. Only now: the hashing thread
      // may still have been reading them.
      ftruncateSync(this.file.fd, this.size)
    } catch (error) {
      throw this.fail(error as Error)
    }
    await this.close()
    return sha256
  }

  /** Stops the hashing thread and deletes the file. */
  async discard(): Promise<void> {
    await this.close()
    await rm(this.path, { force: true })
  }

  private async close(): Promise<void> {
    this.worker.removeAllListeners('exit')
    await this.worker.terminate()
    await this.file.close().catch(() => {})
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure
  }

  private post(message: ToWorker): void {
    this.worker.postMessage(message)
  }

  private fail(error: Error): SinkError {
    this.failure ??=
      error instanceof SinkError ? error : sinkError(error.message, (error as NodeJS.ErrnoException).code)
    this.digest?.('')
    return this.failure
  }
}

/**
 * Frees a written chunk's memory now, when the chunk is the whole of it: each socket read gets
 * a fresh buffer of its own, which otherwise only the garbage collector frees, and with so little
 * else allocated it runs only once tens of MiB of them have piled up, each pile on fresh pages
 * (docs/decisions/download-data-path.md). Detaching the buffer (`transfer(0)`, standard since ES2024)
 * frees it at once, and the next read reuses the same memory. A chunk that is only part of its buffer
 * (Node's shared pool, a slice of a caller's buffer) is left alone: others may still use the rest.
 */
function release(chunk: Uint8Array): void {
  const memory = chunk.buffer
  if (!(memory instanceof ArrayBuffer) || chunk.byteOffset !== 0 || chunk.byteLength !== memory.byteLength) return
  try {
    memory.transfer(0)
  } catch {
    // A buffer marked as not detachable (markAsUntransferable) is left to the collector.
  }
}
