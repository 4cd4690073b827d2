import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Deadline } from '../src/core/deadline.js'
import { nextIntervalMs, pollUntil, type PollOptions } from '../src/core/poll.js'

/** A clock that only moves when the injected sleep (or a slow read) says so. */
let now: number
let sleeps: number[]

beforeEach(() => {
  now = Date.UTC(2026, 10, 22, 10)
  sleeps = []
  vi.spyOn(Date, 'now').mockImplementation(() => now)
})

afterEach(() => {
  vi.restoreAllMocks()
})

async function sleep(ms: number): Promise<void> {
  sleeps.push(ms)
  now += ms
}

/** Reads the given statuses in turn, repeating the last one. */
function reads(...statuses: string[]): { read: PollOptions<string>['read']; readAt: number[] } {
  const readAt: number[] = []
  const read = async (): Promise<string> => {
    readAt.push(now)
    return statuses[Math.min(readAt.length, statuses.length) - 1] ?? 'unknown'
  }
  return { read, readAt }
}

/** The run's deadline, `ms` from the test clock's now. */
const deadlineIn = (ms: number): Deadline => new Deadline(now + ms)

const isFinished = (status: string): boolean => status === 'completed' || status === 'failed'

describe('pollUntil', () => {
  it('reads until the state is final, reporting each one', async () => {
    const { read, readAt } = reads('queued', 'running', 'completed')
    const onState = vi.fn()
    const startedAt = now
    const outcome = await pollUntil({
      read,
      isFinished,
      onState,
      intervalMs: 1000,
      deadline: deadlineIn(60_000),
      sleep
    })
    expect(outcome).toEqual({ finished: true, state: 'completed', elapsedMs: 2000, polls: 3 })
    expect(onState.mock.calls).toEqual([
      ['queued', 0],
      ['running', 1000],
      ['completed', 2000]
    ])
    expect(sleeps).toEqual([1000, 1000])
    expect(readAt).toEqual([startedAt, startedAt + 1000, startedAt + 2000])
  })

  it('does not sleep when the first read is final', async () => {
    const { read } = reads('failed')
    const outcome = await pollUntil({ read, isFinished, intervalMs: 1000, deadline: deadlineIn(60_000), sleep })
    expect(outcome).toMatchObject({ finished: true, state: 'failed', polls: 1 })
    expect(sleeps).toEqual([])
  })

  it('times out with the last state it saw, cutting the last sleep to the deadline', async () => {
    const { read } = reads('queued', 'running')
    const outcome = await pollUntil({ read, isFinished, intervalMs: 300, deadline: deadlineIn(1000), sleep })
    expect(outcome).toEqual({ finished: false, state: 'running', elapsedMs: 1000, polls: 5 })
    // 0, 300, 600, 900, then a final read right at the deadline.
    expect(sleeps).toEqual([300, 300, 300, 100])
  })

  it('times out without another sleep when a read ends past the deadline', async () => {
    const slowRead = async (): Promise<string> => {
      now += 5000
      return 'running'
    }
    const outcome = await pollUntil({ read: slowRead, isFinished, intervalMs: 300, deadline: deadlineIn(1000), sleep })
    expect(outcome).toEqual({ finished: false, state: 'running', elapsedMs: 5000, polls: 1 })
    expect(sleeps).toEqual([])
  })

  it('stretches the gap on long jobs', async () => {
    const { read } = reads('running')
    await pollUntil({ read, isFinished, intervalMs: 5000, deadline: deadlineIn(10 * 60_000), sleep })
    expect(sleeps.length).toBeGreaterThan(2)
    expect(Math.min(...sleeps.slice(0, -1))).toBe(5000)
    expect(Math.max(...sleeps)).toBe(30_000)
    // Never shorter than the interval, except the last sleep, cut to the deadline.
    for (const gap of sleeps.slice(0, -1)) expect(gap).toBeGreaterThanOrEqual(5000)
  })

  it('stops when the signal is aborted during a sleep', async () => {
    const controller = new AbortController()
    const { read, readAt } = reads('running')
    const onState = (): void => controller.abort(new Error('cancelled by SIGINT'))
    // The real sleep: it rejects at once on the aborted signal instead of waiting 10 minutes.
    const polling = pollUntil({
      read,
      isFinished,
      onState,
      intervalMs: 600_000,
      deadline: deadlineIn(3_600_000),
      signal: controller.signal
    })
    await expect(polling).rejects.toThrow()
    expect(controller.signal.aborted).toBe(true)
    expect(readAt).toHaveLength(1)
  })

  it('passes the signal to an injected sleep', async () => {
    const controller = new AbortController()
    const { read } = reads('running')
    const abortingSleep = async (_ms: number, signal?: AbortSignal): Promise<void> => {
      controller.abort()
      signal?.throwIfAborted()
    }
    const polling = pollUntil({
      read,
      isFinished,
      intervalMs: 1000,
      deadline: deadlineIn(60_000),
      signal: controller.signal,
      sleep: abortingSleep
    })
    await expect(polling).rejects.toThrow(/abort/i)
  })
})

describe('nextIntervalMs', () => {
  it('is the interval while the job is young', () => {
    expect(nextIntervalMs(5000, 0)).toBe(5000)
    expect(nextIntervalMs(5000, 50_000)).toBe(5000)
  })

  it('stretches to a tenth of the time waited', () => {
    expect(nextIntervalMs(5000, 100_000)).toBe(10_000)
    expect(nextIntervalMs(5000, 250_000)).toBe(25_000)
  })

  it('is capped at 30 s', () => {
    expect(nextIntervalMs(5000, 300_000)).toBe(30_000)
    expect(nextIntervalMs(5000, 3_600_000)).toBe(30_000)
  })

  it('keeps an interval longer than 30 s as it is', () => {
    expect(nextIntervalMs(60_000, 0)).toBe(60_000)
    expect(nextIntervalMs(60_000, 3_600_000)).toBe(60_000)
  })

  it('is never below the interval', () => {
    for (const interval of [50, 1000, 5000, 29_000, 45_000]) {
      for (const elapsed of [0, 1, 999, 60_000, 299_999, 10_000_000]) {
        expect(nextIntervalMs(interval, elapsed)).toBeGreaterThanOrEqual(interval)
        expect(nextIntervalMs(interval, elapsed)).toBeLessThanOrEqual(Math.max(interval, 30_000))
      }
    }
  })
})
