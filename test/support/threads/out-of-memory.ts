import { workerData } from 'node:worker_threads'
import type { ThreadSetup } from '../../../src/archive/file-writes-protocol.js'

/**
 * A file thread (src/archive/file-writes-thread.ts) that says it started and then runs out of
 * memory, as no real one should: V8 ends its isolate without running anything more, so it never
 * says it stopped, and the main thread learns of it only from the `error` and `exit` events.
 */
const setup = workerData as ThreadSetup
Atomics.store(new Int32Array(setup.progress), setup.slots.started, 1)
const kept: number[][] = []
for (;;) kept.push(new Array<number>(100_000).fill(1.5))
