import { afterEach, describe, expect, it, vi } from 'vitest'
import { CLEAN_UP_GRACE_MS, Deadline } from '../src/core/deadline.js'

describe('Deadline: the clean-up grace', () => {
  afterEach(() => vi.restoreAllMocks())

  it('gives a clean-up that starts before the deadline the whole grace from its start', () => {
    const now = Date.UTC(2026, 10, 22, 10)
    vi.spyOn(Date, 'now').mockReturnValue(now)
    expect(new Deadline(now + 60_000).cleanUpEndsAt()).toBe(now + CLEAN_UP_GRACE_MS)
  })

  it('ends every clean-up that starts after the deadline at the deadline plus the grace, however many come', () => {
    const at = Date.UTC(2026, 10, 22, 10)
    const deadline = new Deadline(at)
    for (const late of [0, 1000, CLEAN_UP_GRACE_MS - 1, CLEAN_UP_GRACE_MS + 1000]) {
      vi.spyOn(Date, 'now').mockReturnValue(at + late)
      expect(deadline.cleanUpEndsAt()).toBe(at + CLEAN_UP_GRACE_MS)
    }
  })

  it("aborts the clean-up's signal once the grace after the deadline is over", async () => {
    const signal = new Deadline(Date.now() - CLEAN_UP_GRACE_MS - 1).cleanUpSignal()
    await new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener('abort', resolve)))
    expect(signal.aborted).toBe(true)
  })

  it('does not follow the cancellation: a cancelled run still cleans up', () => {
    const cancellation = new AbortController()
    cancellation.abort(new Error('cancelled by SIGINT'))
    const deadline = Deadline.in(60_000, cancellation.signal)
    expect(deadline.signal().aborted).toBe(true)
    expect(deadline.cleanUpSignal().aborted).toBe(false)
  })
})
