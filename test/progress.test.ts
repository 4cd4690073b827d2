import { afterEach, describe, expect, it, vi } from 'vitest'
import { QUIET_PROGRESS_MS } from '../src/core/progress.js'
import { progressLine } from '../src/download/progress.js'
import { reportUpload } from '../src/mirror/progress.js'
import { RecordingHost } from './support/recording-host.js'

const MiB = 1024 * 1024

describe('progressLine', () => {
  it('says the bytes, the percent, the rate and the time left', () => {
    const line = progressLine({ position: () => 300 * MiB, total: () => 1024 * MiB, received: () => 300 * MiB }, 10_000)
    expect(line).toBe('Downloading: 300.0 MiB of 1.0 GiB (29%), 30.0 MiB/s, about 24 s left')
  })

  it('counts the rate from every byte received, a restart from zero included', () => {
    const line = progressLine({ position: () => 100 * MiB, total: () => 400 * MiB, received: () => 500 * MiB }, 20_000)
    expect(line).toBe('Downloading: 100.0 MiB of 400.0 MiB (25%), 25.0 MiB/s, about 12 s left')
  })

  it('says only the bytes and the rate when the size is unknown', () => {
    const line = progressLine({ position: () => 5 * MiB, total: () => undefined, received: () => 5 * MiB }, 10_000)
    expect(line).toBe('Downloading: 5.0 MiB, 512.0 KiB/s')
  })
})

describe('reportUpload', () => {
  afterEach(() => vi.useRealTimers())

  it('logs a line when the count moved, and while it does not only every QUIET_PROGRESS_MS', () => {
    vi.useFakeTimers()
    const host = new RecordingHost()
    let uploaded = 0
    const stop = reportUpload(host, 16 * MiB, () => uploaded)
    const lines = (): string[] => host.messages.filter((m) => m.level === 'progress').map((m) => m.message)

    vi.advanceTimersByTime(10_000)
    expect(lines()).toEqual(['Mirror: uploaded 0 B of 16.0 MiB (0%)'])
    // A stalled upload: the same line, not again until the quiet interval is over.
    vi.advanceTimersByTime(QUIET_PROGRESS_MS - 10_000)
    expect(lines()).toHaveLength(1)
    vi.advanceTimersByTime(10_000)
    expect(lines()).toHaveLength(2)
    uploaded = 8 * MiB
    vi.advanceTimersByTime(10_000)
    expect(lines().at(-1)).toBe('Mirror: uploaded 8.0 MiB of 16.0 MiB (50%)')
    stop()
    vi.advanceTimersByTime(QUIET_PROGRESS_MS * 2)
    expect(lines()).toHaveLength(3)
  })
})
