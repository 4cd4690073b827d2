import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  backoffMs,
  MAX_RETRY_AFTER_MS,
  OutOfTimeError,
  parseRetryAfter,
  retry,
  type RetryOptions
} from '../src/core/retry.js'
import { actionText } from './support/recording-host.js'

class Fault extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number
  ) {
    super(message)
  }
}

/** A clock that only moves when the injected sleep says so. */
let now: number
let delays: number[]

beforeEach(() => {
  now = Date.UTC(2026, 10, 22, 10)
  delays = []
  vi.spyOn(Date, 'now').mockImplementation(() => now)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function sleep(ms: number): Promise<void> {
  delays.push(ms)
  now += ms
}

function options(overrides: Partial<RetryOptions> = {}): RetryOptions {
  return { attempts: 5, baseDelayMs: 100, maxDelayMs: 10_000, sleep, ...overrides }
}

/** An action that throws the given errors in turn, then returns 'ok'. */
function failing(...errors: unknown[]): { action: (attempt: number) => Promise<string>; attempts: number[] } {
  const attempts: number[] = []
  const action = async (attempt: number): Promise<string> => {
    attempts.push(attempt)
    const error = errors[attempts.length - 1]
    if (error !== undefined) throw error
    return 'ok'
  }
  return { action, attempts }
}

describe('retry', () => {
  it('returns at once when the first attempt succeeds', async () => {
    const { action, attempts } = failing()
    await expect(retry(action, options())).resolves.toBe('ok')
    expect(attempts).toEqual([1])
    expect(delays).toEqual([])
  })

  it('retries retryable errors until an attempt succeeds', async () => {
    const { action, attempts } = failing(new Fault('a', true), new Fault('b', true))
    await expect(retry(action, options())).resolves.toBe('ok')
    expect(attempts).toEqual([1, 2, 3])
    expect(delays).toHaveLength(2)
  })

  it('gives up after the attempts and throws the last error as it is', async () => {
    const errors = [1, 2, 3, 4, 5, 6].map((n) => new Fault(`fault ${n}`, true))
    const { action, attempts } = failing(...errors)
    const thrown = await retry(action, options({ attempts: 4 })).catch((error: unknown) => error)
    expect(thrown).toBe(errors[3])
    expect(attempts).toEqual([1, 2, 3, 4])
    expect(delays).toHaveLength(3)
  })

  it.each([
    ['a non-retryable error', new Fault('refused', false)],
    ['an error without a retryable flag', new Error('plain')],
    ['a thrown string', 'text']
  ])('stops on %s', async (_what, error) => {
    const { action, attempts } = failing(error)
    await expect(retry(action, options())).rejects.toBe(error)
    expect(attempts).toEqual([1])
    expect(delays).toEqual([])
  })

  it('stops when a later error is not retryable', async () => {
    const last = new Fault('refused', false)
    const { action, attempts } = failing(new Fault('flaky', true), last)
    await expect(retry(action, options())).rejects.toBe(last)
    expect(attempts).toEqual([1, 2])
  })

  it('doubles the backoff from the base delay, within its jitter', async () => {
    const { action } = failing(...[1, 2, 3, 4].map(() => new Fault('flaky', true)))
    await retry(action, options({ baseDelayMs: 100 }))
    expect(delays).toHaveLength(4)
    delays.forEach((delay, index) => {
      const exponential = 100 * 2 ** index
      expect(delay).toBeGreaterThanOrEqual(exponential / 2)
      expect(delay).toBeLessThanOrEqual(exponential)
    })
  })

  it('starts no retry whose backoff would end past the deadline', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1) // no jitter: 300, 600, 1200 ms
    const errors = [1, 2, 3, 4].map((n) => new Fault(`fault ${n}`, true))
    const { action, attempts } = failing(...errors)
    const thrown = await retry(action, options({ attempts: 10, baseDelayMs: 300, deadline: now + 1000 })).catch(
      (error: unknown) => error
    )
    expect(delays).toEqual([300, 600])
    expect(attempts).toEqual([1, 2, 3])
    expect(thrown).toBeInstanceOf(OutOfTimeError)
    expect((thrown as Error).cause).toBe(errors[2])
    expect(actionText((thrown as Error).message)).toBe(
      'fault 3. No time was left for another attempt within timeout-seconds (3 attempts made)'
    )
  })

  it('does not retry at all when the deadline has passed', async () => {
    const error = new Fault('flaky.', true)
    const { action, attempts } = failing(error)
    const thrown = await retry(action, options({ deadline: now - 1 })).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(OutOfTimeError)
    expect(actionText((thrown as Error).message)).toBe(
      'flaky. No time was left for another attempt within timeout-seconds (1 attempt made)'
    )
    expect(attempts).toEqual([1])
  })

  it('throws a failure that is not retryable as it is, deadline or not', async () => {
    const error = new Fault('refused', false)
    const { action } = failing(error)
    await expect(retry(action, options({ deadline: now - 1 }))).rejects.toBe(error)
  })

  it('waits at least the Retry-After the error carries', async () => {
    const { action } = failing(new Fault('rate limited', true, 5000))
    await retry(action, options({ baseDelayMs: 10 }))
    expect(delays).toEqual([5000])
  })

  it(`caps Retry-After at ${MAX_RETRY_AFTER_MS} ms`, async () => {
    const { action } = failing(new Fault('come back tomorrow', true, 24 * 3600_000))
    await retry(action, options({ baseDelayMs: 10 }))
    expect(delays).toEqual([MAX_RETRY_AFTER_MS])
  })

  it('waits a longer Retry-After whole when maxRetryAfterMs allows it', async () => {
    const { action } = failing(new Fault('come back in an hour', true, 3600_000))
    await retry(action, options({ baseDelayMs: 10, maxRetryAfterMs: Infinity }))
    expect(delays).toEqual([3600_000])
  })

  it('starts no wait for a Retry-After that would end past the deadline, however long it may be', async () => {
    const error = new Fault('come back in an hour', true, 3600_000)
    const { action, attempts } = failing(error)
    const thrown = await retry(
      action,
      options({ baseDelayMs: 10, maxRetryAfterMs: Infinity, deadline: now + 1800_000 })
    ).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(OutOfTimeError)
    expect(delays).toEqual([])
    expect(attempts).toEqual([1])
  })

  it('waits the schedule as it is without jitter: doubling up to maxDelayMs', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0)
    const { action } = failing(...[1, 2, 3, 4].map(() => new Fault('busy', true)))
    await retry(action, options({ baseDelayMs: 15_000, maxDelayMs: 60_000, jitter: false }))
    expect(delays).toEqual([15_000, 30_000, 60_000, 60_000])
  })

  it('tells onRetry the error, the next attempt and the delay before sleeping', async () => {
    const first = new Fault('first', true, 2000)
    const second = new Fault('second', true, 3000)
    const { action } = failing(first, second)
    const onRetry = vi.fn((_error: unknown, _attempt: number, _delayMs: number) => {
      expect(delays).toHaveLength(onRetry.mock.calls.length - 1)
    })
    await retry(action, options({ baseDelayMs: 10, onRetry }))
    expect(onRetry.mock.calls).toEqual([
      [first, 2, 2000],
      [second, 3, 3000]
    ])
  })

  it('asks the isRetryable predicate, not the error, when one is given', async () => {
    const plain = new Error('flaky in its own way')
    const { action, attempts } = failing(plain, new Fault('refused', false))
    const thrown = await retry(action, options({ isRetryable: (error) => error === plain })).catch(
      (error: unknown) => error
    )
    expect(attempts).toEqual([1, 2])
    expect((thrown as Error).message).toBe('refused')
  })

  it('starts the count of attempts again after an attempt that made progress', async () => {
    const errors = Array.from({ length: 8 }, (_, n) => new Fault(`fault ${n + 1}`, true))
    const { action, attempts } = failing(...errors)
    // The third attempt gets further than the second; no other does.
    const thrown = await retry(action, options({ attempts: 3, madeProgress: () => attempts.length === 3 })).catch(
      (error: unknown) => error
    )
    // Five attempts in all; the one after the progress is the second of a new count.
    expect(attempts).toEqual([1, 2, 3, 2, 3])
    expect(thrown).toBe(errors[4])
    expect(delays).toHaveLength(4)
  })

  it('does not retry once the signal is aborted, and passes the signal to sleep', async () => {
    const controller = new AbortController()
    const signals: (AbortSignal | undefined)[] = []
    const error = new Fault('flaky', true)
    const action = vi.fn(async (attempt: number) => {
      if (attempt === 2) controller.abort()
      throw error
    })
    const recordingSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
      signals.push(signal)
      await sleep(ms)
    }
    await expect(retry(action, options({ signal: controller.signal, sleep: recordingSleep }))).rejects.toBe(error)
    expect(action).toHaveBeenCalledTimes(2)
    expect(signals).toEqual([controller.signal])
  })
})

describe('backoffMs', () => {
  it.each([0, 0.25, 0.5, 0.999])('stays between half and all of the exponential delay (random %d)', (random) => {
    vi.spyOn(Math, 'random').mockReturnValue(random)
    for (let attempt = 1; attempt <= 8; attempt++) {
      const exponential = Math.min(5000, 100 * 2 ** (attempt - 1))
      const delay = backoffMs(attempt, { baseDelayMs: 100, maxDelayMs: 5000 })
      expect(delay).toBeGreaterThanOrEqual(exponential / 2)
      expect(delay).toBeLessThanOrEqual(exponential)
    }
  })

  it('never exceeds maxDelayMs without a Retry-After', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1)
    expect(backoffMs(30, { baseDelayMs: 1000, maxDelayMs: 30_000 })).toBe(30_000)
  })

  it('is at least the Retry-After, up to the cap, even past maxDelayMs', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0)
    expect(backoffMs(1, { baseDelayMs: 100, maxDelayMs: 1000 }, 4000)).toBe(4000)
    expect(backoffMs(1, { baseDelayMs: 100, maxDelayMs: 1000 }, 10 * MAX_RETRY_AFTER_MS)).toBe(MAX_RETRY_AFTER_MS)
    // A Retry-After shorter than the backoff does not shorten it.
    expect(backoffMs(3, { baseDelayMs: 100, maxDelayMs: 1000 }, 10)).toBe(200)
  })
})

describe('parseRetryAfter', () => {
  it.each([
    ['3', 3000],
    [' 2 ', 2000],
    ['0', 0],
    ['1.5', 1500],
    [['5', '7'], 5000]
  ])('reads %j seconds', (header, expected) => {
    expect(parseRetryAfter(header)).toBe(expected)
  })

  it('reads an HTTP date relative to now', () => {
    const base = Date.UTC(2026, 10, 22, 10)
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', base)).toBe(30_000)
    expect(parseRetryAfter(new Date(base + 120_000).toUTCString(), base)).toBe(120_000)
  })

  it('reads a date in the past as no wait', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', Date.UTC(2026, 10, 22, 10))).toBe(0)
  })

  it.each([[undefined], [''], ['soon'], ['in a while'], [[]]])('gives undefined for %j', (header) => {
    expect(parseRetryAfter(header)).toBeUndefined()
  })
})
