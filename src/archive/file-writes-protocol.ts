import type { MessagePort } from 'node:worker_threads'

/**
 * What the unpacking's main thread (file-writes.ts) and its file thread (file-writes-thread.ts)
 * say to each other. Types only: the thread's source runs without a bundler in the tests, and
 * imports nothing of the project at run time.
 */

export type Operation =
  /** Creates a file: its path on disk and its mode. */
  | ['open', string, number]
  /** Writes bytes `start` to `end` of the batch's data to the file created last. */
  | ['write', number, number]
  /** Closes the file created last. */
  | ['close']
  /** Makes a hard link: the existing file's path, then the new name's. */
  | ['link', string, string]

export interface Batch {
  operations: Operation[]
  /** Which part of `ThreadSetup.data` holds the batch's bytes, and how many it holds. */
  slot: number
  length: number
}

/** Where each count or flag (1 for yes) is in `ThreadSetup.progress`. */
export interface Slots {
  /** Batches done. */
  done: number
  /** The thread has run: set first thing, so that one that never starts is told apart. */
  started: number
  failed: number
  stopped: number
  /** Set by the main thread when the unpacking is refused or stopped: what is still queued is not written. */
  cancelled: number
}

export interface ThreadSetup {
  /** `open()`'s flags for a new file. */
  flags: number
  /** Whether modes are set after creation (the umask would take bits from them). */
  setModes: boolean
  progress: Int32Array
  slots: Slots
  /** The batches' bytes: a part of `batchBytes` for each batch that can be in flight, and one more being filled. */
  data: SharedArrayBuffer
  batchBytes: number
  /** Where the first failure is told, in full. */
  failures: MessagePort
}

export interface Failure {
  path: string
  message: string
  code?: string
}
