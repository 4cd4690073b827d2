import { ftruncateSync, writevSync } from 'node:fs'
import { open, rm, type FileHandle } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'

/**
 * Where the bytes of a download go: a file, and its SHA-256. The main thread writes the chunks of
 * the body as they come, a batch at a time, straight from the network's buffers (no copy of its
 * own); a worker thread hashes the file behind it, reading back what was just written, which the
 * page cache still holds. The hash thus runs on the second core, beside the transfer, and covers
 * the bytes as they are on disk. Nothing is held but one batch. Other shapes were measured and
 * were slower (BENCHMARKS.md): hashing on the main thread, or handing blocks to a worker that
 * writes and hashes them.
 */

/** Chunks gathered into one write: fewer system calls, while the worker still reads from the cache. */
const BATCH_BYTES = 256 * 1024
/**
 * How far the writes get before the worker is told. Waking a thread is costly, in a virtual machine
 * above all: in profiles of a 1 GiB download, a message per 256 KiB cost the main thread 0.5 s, one
 * per 4 MiB 0.17 s; one per 16 MiB was faster again in 5 of 5 paired runs. The worker lags at most
 * that far behind, which the page cache easily holds.
 */
const TELL_EVERY_BYTES = 16 * 1024 * 1024

type ToWorker = { kind: 'written'; end: number } | { kind: 'restart' } | { kind: 'finish'; end: number }
type FromWorker = { kind: 'digest'; sha256: string } | { kind: 'failed'; message: string; code?: string }

/**
 * The worker's code. It runs from its source text (a bundle is one file, and the worker needs only
 * `fs` and `crypto`, not the bundle), so it must use nothing from this module's scope.
 */
function hashWorker(): void {
  const { createHash } = process.getBuiltinModule('node:crypto')
  const { readSync } = process.getBuiltinModule('node:fs')
  const threads = process.getBuiltinModule('node:worker_threads')
  const port = threads.parentPort as NonNullable<typeof threads.parentPort>
  const fd = threads.workerData as number
  const buffer = Buffer.allocUnsafeSlow(1024 * 1024)
  let hash = createHash('sha256')
  let position = 0
  let failed = false
  const hashTo = (end: number): void => {
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
}

/** A failure of the file (a full disk, a lost folder), with the system's error code when there is one. */
export class SinkError extends Error {
  override name = 'SinkError'
  constructor(
    message: string,
    readonly code?: string
  ) {
    super(message)
  }
}

export class FileSink {
  /** Bytes taken so far: in the file, or in the batch about to be written. */
  size = 0
  private batch: Uint8Array[] = []
  private batchBytes = 0
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
      else this.fail(new SinkError(message.message, message.code))
    })
    worker.on('error', (error: Error) => this.fail(error))
    worker.on('exit', () => this.fail(new Error('the hashing thread stopped')))
  }

  /** Creates (or empties) the file and starts the hashing thread. */
  static async open(path: string): Promise<FileSink> {
    const file = await open(path, 'w+')
    const worker = new Worker(`(${hashWorker.toString()})()`, {
      eval: true,
      workerData: file.fd,
      // It allocates one buffer and the hash's state.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
    })
    return new FileSink(path, file, worker)
  }

  /**
   * Takes the chunk (not a copy: the caller must not change it afterwards) and writes the batch
   * once it is large enough. Throws a SinkError when the file cannot be written.
   */
  write(chunk: Uint8Array): void {
    if (this.failure) throw this.failure
    this.batch.push(chunk)
    this.batchBytes += chunk.length
    this.size += chunk.length
    if (this.batchBytes >= BATCH_BYTES) this.flush()
  }

  /** Writes the batch now: every byte taken is then in the file. */
  flush(): void {
    if (this.batchBytes === 0) return
    const end = this.size
    let chunks = this.batch
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
    this.failure ??= error instanceof SinkError ? error : new SinkError(error.message, (error as NodeJS.ErrnoException).code)
    this.digest?.('')
    return this.failure
  }
}
