import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import type { FileWrites } from '../../src/archive/file-writes.js'

/**
 * Ends `writes`' thread, once it has made a file, as V8 ends an isolate that runs out of memory:
 * its `finally` never runs, so it never says it stopped, and nothing tells the main thread
 * synchronously. (A thread that never started is told apart by file-writes.ts itself.) Its `worker`
 * is private: no caller of the class may end the thread but stop().
 */
export async function killThread(writes: FileWrites): Promise<void> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'dead-thread-'))
  try {
    writes.open(path.join(folder, 'made.txt'), 0o644)
    writes.close()
    writes.drain()
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  await (writes as unknown as { worker: Worker }).worker.terminate()
}
