import type { Run } from '../core/context.js'
import { ActionError } from '../core/errors.js'
import { retry } from '../core/retry.js'

/** After a 409 on the start: the first wait, which doubles up to the longest. */
const FIRST_WAIT_MS = 15_000
const LONGEST_WAIT_MS = 60_000

export interface WhenBusy {
  /** False: a 409 fails at once, its message pointing at GitHub's `concurrency:` groups. */
  wait: boolean
  run: Pick<Run, 'host' | 'deadline' | 'cancellation'>
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * Starts an export while another export of the same deployment is queued or running (409): starts
 * again after 15 s, 30 s, then every 60 s, each time with one log line, until the next wait would
 * end past the deadline (then an OutOfTimeError whose cause is the last 409). The API gives no way
 * to find the other job, and a job that starts after it exports the content as it is when this
 * start is accepted, which is what a docs merge wants.
 */
export function startWhenFree<T>(start: () => Promise<T>, { wait, run, sleep }: WhenBusy): Promise<T> {
  return retry(start, {
    attempts: Infinity,
    baseDelayMs: FIRST_WAIT_MS,
    maxDelayMs: LONGEST_WAIT_MS,
    jitter: false,
    deadline: run.deadline.at,
    signal: run.cancellation,
    sleep,
    isRetryable: (error) => wait && error instanceof ActionError && error.code === 'export-busy',
    onRetry: (_error, _attempt, delayMs) =>
      run.host.info(`another export of this deployment is running; starting again in ${Math.round(delayMs / 1000)} s`)
  })
}
