import { open, rm, type FileHandle } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'

/**
 * Where the bytes of a download go: a file, written and hashed (SHA-256) on a worker thread while
 * the main thread keeps receiving. The main thread only copies each network chunk into a block of
 * a small fixed pool and hands full blocks over (transferred, not copied); the worker writes a
 * block, hashes it and hands it back. Memory stays at the pool's size whatever the file's, and the
 * write and the hash run on the second core, beside the transfer (BENCHMARKS.md has the numbers).
 */

/** Large blocks: few messages and few write calls. Four of them: one filling, up to three in the worker. */
const BLOCK_BYTES = 2 * 1024 * 1024
const BLOCKS = 4

type ToWorker = { kind: 'block'; buffer: ArrayBuffer; length: number } | { kind: 'restart' } | { kind: 'finish' }
type FromWorker = { kind: 'free'; buffer: ArrayBuffer } | { kind: 'digest'; sha256: string } | { kind: 'failed'; message: string; code?: string }

/**
 * The worker's code. It runs from its source text (a bundle is one file, and the worker needs only
 * `fs` and `crypto`, not the bundle), so it must use nothing from this module's scope.
 */
function sinkWorker(): void {
  const { createHash } = process.getBuiltinModule('node:crypto')
  const { ftruncateSync, writeSync } = process.getBuiltinModule('node:fs')
  const { parentPort, workerData } = process.getBuiltinModule('node:worker_threads')
  const port = parentPort as NonNullable<typeof parentPort>
  const fd = workerData as number
  let hash = createHash('sha256')
  let position = 0
  let failed = false
  port.on('message', (message: ToWorker) => {
    if (failed) return
    try {
      if (message.kind === 'block') {
        const bytes = new Uint8Array(message.buffer, 0, message.length)
        for (let written = 0; written < bytes.length; ) written += writeSync(fd, bytes, written, bytes.length - written, position + written)
        position += bytes.length
        hash.update(bytes)
        port.postMessage({ kind: 'free', buffer: message.buffer } satisfies FromWorker, [message.buffer])
      } else if (message.kind === 'restart') {
        ftruncateSync(fd, 0)
        position = 0
        hash = createHash('sha256')
      } else {
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
  /** Bytes accepted so far: written, in the worker, or waiting in a block. */
  size = 0
  /** Called when the sink can take data again after `write` returned false. */
  onDrain: () => void = () => {}
  private readonly free: ArrayBuffer[] = []
  private block: Uint8Array | undefined
  private filled = 0
  /** Chunks that arrived while every block was with the worker (the network does not stop at once). */
  private readonly waiting: Uint8Array[] = []
  private inWorker = 0
  private failure: Error | undefined
  private whenFlushed: (() => void)[] = []
  private digest: ((sha256: string) => void) | undefined

  private constructor(
    readonly path: string,
    private readonly file: FileHandle,
    private readonly worker: Worker
  ) {
    for (let i = 0; i < BLOCKS; i++) this.free.push(new ArrayBuffer(BLOCK_BYTES))
    worker.on('message', (message: FromWorker) => this.onMessage(message))
    worker.on('error', (error) => this.fail(error))
    worker.on('exit', () => this.fail(new SinkError('the writer thread stopped')))
  }

  /** Creates (or truncates) the file and starts the writer thread. */
  static async open(path: string): Promise<FileSink> {
    const file = await open(path, 'w')
    const worker = new Worker(`(${sinkWorker.toString()})()`, {
      eval: true,
      workerData: file.fd,
      // It allocates next to nothing: the blocks come from the main thread.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 }
    })
    return new FileSink(path, file, worker)
  }

  /**
   * Takes a copy of `chunk`. Returns false when the caller should pause until `onDrain`: the
   * chunk was kept all the same, and so will be any that still arrive before the pause holds.
   */
  write(chunk: Uint8Array): boolean {
    if (this.failure) throw this.failure
    this.size += chunk.length
    if (this.waiting.length > 0) {
      this.waiting.push(new Uint8Array(chunk))
      return false
    }
    const rest = this.fill(chunk)
    if (rest.length === 0) return true
    this.waiting.push(new Uint8Array(rest))
    return false
  }

  /** Resolves once every byte accepted so far is in the file (and in the hash). */
  async flush(): Promise<void> {
    if (this.failure) throw this.failure
    if (this.filled > 0 && this.waiting.length === 0) this.send()
    if (this.inWorker > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.whenFlushed.push(resolve))
    if (this.failure) throw this.failure
  }

  /** Forgets everything written: the file is emptied and the hash starts again. */
  restart(): void {
    if (this.failure) throw this.failure
    this.size = 0
    this.filled = 0
    this.waiting.length = 0
    this.post({ kind: 'restart' })
  }

  /** Writes what is left, closes the file and returns the SHA-256 of everything written. */
  async finish(): Promise<string> {
    await this.flush()
    const sha256 = await new Promise<string>((resolve) => {
      this.digest = resolve
      this.post({ kind: 'finish' })
    })
    if (this.failure) throw this.failure
    await this.close()
    return sha256
  }

  /** Stops the writer and deletes the file. */
  async discard(): Promise<void> {
    await this.close()
    await rm(this.path, { force: true })
  }

  private async close(): Promise<void> {
    this.worker.removeAllListeners('exit')
    await this.worker.terminate()
    await this.file.close().catch(() => {})
  }

  /** Copies as much of `chunk` as the free blocks take; returns what did not fit. */
  private fill(chunk: Uint8Array): Uint8Array {
    let offset = 0
    while (offset < chunk.length) {
      if (!this.block) {
        const buffer = this.free.pop()
        if (!buffer) return chunk.subarray(offset)
        this.block = new Uint8Array(buffer)
      }
      const count = Math.min(chunk.length - offset, BLOCK_BYTES - this.filled)
      this.block.set(chunk.subarray(offset, offset + count), this.filled)
      this.filled += count
      offset += count
      if (this.filled === BLOCK_BYTES) this.send()
    }
    return chunk.subarray(offset)
  }

  private send(): void {
    const block = this.block as Uint8Array
    this.post({ kind: 'block', buffer: block.buffer as ArrayBuffer, length: this.filled }, [block.buffer as ArrayBuffer])
    this.inWorker++
    this.block = undefined
    this.filled = 0
  }

  private post(message: ToWorker, transfer: ArrayBuffer[] = []): void {
    this.worker.postMessage(message, transfer)
  }

  private onMessage(message: FromWorker): void {
    if (message.kind === 'free') {
      this.free.push(message.buffer)
      this.inWorker--
      this.drainWaiting()
    } else if (message.kind === 'digest') {
      this.digest?.(message.sha256)
    } else {
      this.fail(new SinkError(message.message, message.code))
    }
  }

  /** Moves the chunks that waited into the blocks now free, and says when all of them fit. */
  private drainWaiting(): void {
    while (this.waiting.length > 0) {
      const chunk = this.waiting[0] as Uint8Array
      const rest = this.fill(chunk)
      if (rest.length > 0) {
        this.waiting[0] = rest
        return
      }
      this.waiting.shift()
    }
    // A flush that was waiting for room sends the last, partly filled block now.
    if (this.whenFlushed.length > 0 && this.filled > 0) this.send()
    if (this.inWorker === 0) this.settle()
    this.onDrain()
  }

  private settle(): void {
    const waiters = this.whenFlushed
    this.whenFlushed = []
    for (const resolve of waiters) resolve()
  }

  private fail(error: Error): void {
    this.failure ??= error instanceof SinkError ? error : new SinkError(error.message, (error as NodeJS.ErrnoException).code)
    this.settle()
    this.digest?.('')
  }
}
