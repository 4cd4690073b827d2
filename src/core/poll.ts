import { setTimeout } from 'node:timers/promises'
import type { Deadline } from './deadline.js'

export interface PollOptions<T> {
  /** Reads the current state. */
  read: () => Promise<T>
  isFinished: (state: T) => boolean
  /** Told of every state read, with the time since polling began. */
  onState?: (state: T, elapsedMs: number) => void
  intervalMs: number
  /** The run's deadline: polling ends there, after one last read. */
  deadline: Deadline
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

/** Reads until the state is final or the deadline passes; a timeout is an outcome, not an error. */
export async function pollUntil<T>(options: PollOptions<T>): Promise<PollOutcome<T>> {
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => setTimeout(ms, undefined, { signal }))
  const startedAt = Date.now()
  let state: T | undefined
  for (let polls = 1; ; polls++) {
    state = await options.read()
    const elapsedMs = Date.now() - startedAt
    options.onState?.(state, elapsedMs)
    if (options.isFinished(state)) return { finished: true, state, elapsedMs, polls }
    const remainingMs = options.deadline.remainingMs()
    if (remainingMs <= 0) return { finished: false, state, elapsedMs, polls }
    // The last sleep is cut short so that one final read happens right at the deadline.
    await sleep(Math.min(nextIntervalMs(options.intervalMs, elapsedMs), remainingMs), options.signal)
  }
}
