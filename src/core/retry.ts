import { setTimeout } from 'node:timers/promises'
import { ActionError, sentences, textOf } from './errors.js'
import { input, message } from './message.js'

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts: number
  /** First backoff; doubled each time (up to maxDelayMs), with jitter unless `jitter` is false. */
  baseDelayMs: number
  maxDelayMs: number
  /**
   * False where the waits are a schedule told to the user ("starting again in 30 s"), not a
   * spread of many clients' retries.
   */
  jitter?: boolean
  /**
   * The longest `Retry-After` honoured (MAX_RETRY_AFTER_MS unless told); a server asking for more
   * gets this. A wait that does not end before the deadline is never started, whatever the bound.
   */
  maxRetryAfterMs?: number
  /** Epoch milliseconds past which no retry is started. */
  deadline?: number
  signal?: AbortSignal
  /** Whether a failure may pass with another attempt; by default, what its `retryable` says. */
  isRetryable?: (error: unknown) => boolean
  /**
   * Asked after each failed attempt: true when it got further than the one before (a download that
   * brought new bytes). The count of attempts then starts again, this failure being the first.
   */
  madeProgress?: () => boolean
  /** Told before each backoff, to say in the log what is retried and why. */
  onRetry?: (error: unknown, nextAttempt: number, delayMs: number) => void
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/**
 * The deadline left no room for another attempt. The message is the last failure's, which names
 * the call, followed by why it was not tried again; the failure itself is the cause.
 */
export class OutOfTimeError extends ActionError {
  override name = 'OutOfTimeError'
  constructor(lastError: unknown, attempts: number) {
    super(
      sentences(
        textOf(lastError),
        message`No time was left for another attempt within ${input('timeout-seconds')} (${attempts} ${attempts === 1 ? 'attempt' : 'attempts'} made)`
      ),
      {
        code: 'out-of-time',
        namesJob: lastError instanceof ActionError && lastError.namesJob,
        cause: lastError
      }
    )
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
  const isRetryable = options.isRetryable ?? saysRetryable
  for (let attempt = 1; ; attempt++) {
    try {
      return await action(attempt)
    } catch (error) {
      if (options.madeProgress?.()) attempt = 1
      if (attempt >= options.attempts || !isRetryable(error) || options.signal?.aborted) throw error
      const delayMs = backoffMs(attempt, options, (error as { retryAfterMs?: number }).retryAfterMs)
      if (!fitsBefore(options.deadline, delayMs)) throw new OutOfTimeError(error, attempt)
      options.onRetry?.(error, attempt + 1, delayMs)
      await sleep(delayMs, options.signal)
    }
  }
}

/** The log's words for a retry about to happen. */
export function retryNote(delayMs: number, nextAttempt: number, attempts: number): string {
  return `retrying in ${(delayMs / 1000).toFixed(1)} s (attempt ${nextAttempt} of ${attempts})`
}

function saysRetryable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === true
}

/** Whether a wait of `ms` from now ends before the deadline (epoch milliseconds; none: always). */
export function fitsBefore(deadline: number | undefined, ms: number): boolean {
  return deadline === undefined || Date.now() + ms < deadline
}

/** Exponential backoff (with jitter unless told otherwise), never shorter than the server's `Retry-After`. */
export function backoffMs(
  attempt: number,
  options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs' | 'jitter' | 'maxRetryAfterMs'>,
  retryAfterMs?: number
): number {
  const exponential = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (attempt - 1))
  const jittered = options.jitter === false ? exponential : exponential / 2 + Math.random() * (exponential / 2)
  return Math.round(Math.max(jittered, Math.min(retryAfterMs ?? 0, options.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS)))
}

/** `Retry-After` in milliseconds, from seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (!value) return undefined
  if (/^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value) * 1000
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}
