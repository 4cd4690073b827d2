import { setTimeout } from 'node:timers/promises'

/** How an error asks to be retried: not at all, or after at least `retryAfterMs`. */
export interface Retryable {
  retryable: boolean
  retryAfterMs?: number
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number
  /** First backoff; doubled each time, with jitter. */
  baseDelayMs: number
  maxDelayMs: number
  /** Epoch milliseconds past which no retry is started. */
  deadline?: number
  signal?: AbortSignal
  /** Told before each backoff, to say in the log what is retried and why. */
  onRetry?: (error: unknown, nextAttempt: number, delayMs: number) => void
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * The deadline left no room for another attempt. The message is the last failure's, which names
 * the call, followed by why it was not tried again; the failure itself is the cause.
 */
export class OutOfTimeError extends Error {
  override name = 'OutOfTimeError'
  constructor(lastError: unknown, attempts: number) {
    const last = (lastError instanceof Error ? lastError.message : String(lastError)).replace(/[.\s]+$/, '')
    super(`${last}. No time was left for another attempt within timeout-seconds (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} made)`, {
      cause: lastError
    })
  }
}

/** Longest `Retry-After` honoured; a server asking for more gets this. */
export const MAX_RETRY_AFTER_MS = 60_000

/**
 * Runs `action` until it succeeds, throws an error that is not retryable, or the attempts or the
 * deadline run out. The last error is thrown as it is, so the caller sees the real cause; when the
 * deadline stopped the retries, it comes wrapped in an OutOfTimeError that says so.
 */
export async function retry<T>(action: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number, signal?: AbortSignal) => setTimeout(ms, undefined, { signal }))
  for (let attempt = 1; ; attempt++) {
    try {
      return await action(attempt)
    } catch (error) {
      if (attempt >= options.attempts || !isRetryable(error) || options.signal?.aborted) throw error
      const delayMs = backoffMs(attempt, options, error.retryAfterMs)
      if (options.deadline !== undefined && Date.now() + delayMs >= options.deadline) throw new OutOfTimeError(error, attempt)
      options.onRetry?.(error, attempt + 1, delayMs)
      await sleep(delayMs, options.signal)
    }
  }
}

function isRetryable(error: unknown): error is Retryable {
  return typeof error === 'object' && error !== null && (error as Retryable).retryable === true
}

/** Exponential backoff with jitter, never shorter than the server's `Retry-After`. */
export function backoffMs(attempt: number, options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'>, retryAfterMs?: number): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1))
  const jittered = exponential / 2 + Math.random() * (exponential / 2)
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, MAX_RETRY_AFTER_MS)))
}

/** `Retry-After` in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
