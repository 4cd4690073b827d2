import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/**
 * Every read from a socket lands in a fresh 64 KiB buffer that only V8's garbage collector frees.
 * A download allocates almost nothing else in JavaScript, so V8 collects only when such buffers
 * reach its external-memory limit (about 64 MiB): the process's peak grows with that pile, not
 * with the work. A young-generation collection every few MiB received frees them while they are
 * few: peak RSS of a 1 GiB download 165-173 MiB → 106-113 MiB, and less CPU time, not more (fresh
 * pages cost more than reused ones). BENCHMARKS.md has the measurements.
 */

/** Received bytes between two collections. */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024

type Collect = (options: { type: 'minor' | 'major' }) => void

let collect: Collect | undefined

/**
 * Gets V8's `gc` ready. The runner starts `node dist/index.js` without `--expose-gc`; setting the
 * flag at run time exposes `gc` in contexts created afterwards (the way Jest's leak detector gets
 * it), and the flag is cleared again at once. Creating that context takes ~10 ms: the download does
 * it while it waits for the first answer.
 */
export function prepareCollection(): Collect {
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as Collect
    setFlagsFromString('--no-expose-gc')
  }
  return collect
}

/** A young-generation collection. */
export function collectSocketBuffers(): void {
  prepareCollection()({ type: 'minor' })
}
