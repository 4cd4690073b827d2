import { setTimeout } from 'node:timers/promises'

export interface PollOptions<T> {
  /** Reads the current state; gets the deadline so its own retries stop in time. */
  read: (deadline: number) => Promise<T>
  isFinished: (state: T) => boolean
  /** Told of every state read, with the time since polling began. */
  onState?: (state: T, elapsedMs: number) => void
  intervalMs: number
  timeoutMs: number
  signal?: AbortSignal
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

type PollOutcome<T> =
  | { finished: true; state: T; elapsedMs: number; polls: number }
  | { finished: false; state: T | undefined; elapsedMs: number; polls: number }

/** Polls are spaced out on long jobs to at most this, unless the user asked for longer. */
const MAX_STRETCHED_INTERVAL_MS = 30_000

/**
 * The gap before the next poll: the configured interval, stretched to a tenth of the time
 * already waited, so a ten-minute job is not polled every five seconds throughout.
 */
export function nextIntervalMs(intervalMs: number, elapsedMs: number): number {
  return Math.max(intervalMs, Math.min(MAX_STRETCHED_INTERVAL_MS, elapsedMs / 10))
}

/** Reads until the state is final or the timeout passes; a timeout is an outcome, not an error. */
export async function pollUntil<T>(options: PollOptions<T>): Promise<PollOutcome<T>> {
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => setTimeout(ms, undefined, { signal }))
  const startedAt = Date.now()
  const deadline = startedAt + options.timeoutMs
  let state: T | undefined
  for (let polls = 1; ; polls++) {
    state = await options.read(deadline)
    const elapsedMs = Date.now() - startedAt
    options.onState?.(state, elapsedMs)
    if (options.isFinished(state)) return { finished: true, state, elapsedMs, polls }
    const remainingMs = deadline - Date.now()
    if (remainingMs <= 0) return { finished: false, state, elapsedMs, polls }
    // The last sleep is cut short so that one final read happens right at the deadline.
    await sleep(Math.min(nextIntervalMs(options.intervalMs, elapsedMs), remainingMs), options.signal)
  }
}
