import { workerData } from 'node:worker_threads'
import type { ThreadSetup } from '../../../src/archive/file-writes-protocol.js'

/**
 * A file thread (src/archive/file-writes-thread.ts) that says it started and then hangs, as in a
 * system call on a disk that never answers: it does nothing, says nothing and never ends by itself.
 */
const setup = workerData as ThreadSetup
Atomics.store(new Int32Array(setup.progress), setup.slots.started, 1)
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
