import type { MessagePort } from 'node:worker_threads'

/**
 * What the unpacking's main thread (file-writes.ts) and its file thread (file-writes-thread.ts)
 * share. The operations travel as bytes in shared memory, not as messages: a message per batch
 * cost both threads a copy of every path into objects and the collection of those objects
 * (docs/decisions/file-writes-thread.md). The thread's source runs without a bundler in the tests and
 * imports nothing of the project at run time: it gets the constants below in its `ThreadSetup`.
 *
 * A batch fills one part of `ThreadSetup.data` with records, each an operation byte and then:
 * - `OPEN`: the mode (4 bytes, with `OpenMode.setAfter` added when the umask would take bits from
 *   it), the path's length (4 bytes), the path in UTF-8: creates a file, which later writes go to
 *   until `CLOSE`;
 * - `WRITE`: a length (4 bytes) and that many bytes, written to the file created last;
 * - `CLOSE`: nothing; closes the file created last;
 * - `LINK`: two lengths (4 bytes each), the existing file's path and the new name's: a hard link.
 * Numbers are little-endian and unaligned.
 */
export const Operation = { open: 1, write: 2, close: 3, link: 4 } as const

/**
 * Added to an `OPEN`'s mode: the thread sets the mode again once the file is created. The writer
 * knows whether the umask takes bits only once the staging folder exists, and the thread may have
 * started before (file-writes.ts).
 */
export const OpenMode = { setAfter: 0x1_0000, bits: 0o7777 } as const

/** Where a record's bytes after the operation byte start: a write's data, an open's or a link's paths. */
export const Head = { write: 5, paths: 9 } as const

/** Where each count or flag (1 for yes) is in `ThreadSetup.progress`. */
export const Slot = {
  /** Batches handed to the thread: the main thread adds one and wakes the thread. */
  sent: 0,
  /** Batches done: the thread adds one and wakes the main thread. */
  done: 1,
  /** The thread has run: set first thing, so that one that never starts is told apart. */
  started: 2,
  failed: 3,
  /** Set by the main thread: the thread closes its file and ends; what is still sent is not written. */
  stopping: 4,
  stopped: 5,
  /** Where each part's batch ends: the part's index added to this. */
  lengths: 6
} as const

export interface ThreadSetup {
  operations: typeof Operation
  openModes: typeof OpenMode
  heads: typeof Head
  slots: typeof Slot
  /** `open()`'s flags for a new file. */
  flags: number
  /** Int32 counts and flags at the `Slot` indexes, one length for each part of `data` after them. */
  progress: SharedArrayBuffer
  /** The batches' bytes: one part of `batchBytes` for each batch that can be in flight, and one more being filled. */
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
