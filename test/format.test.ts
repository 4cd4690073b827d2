import { describe, expect, it } from 'vitest'
import { formatBytes, formatDuration, formatSeconds } from '../src/core/format.js'

describe('formatSeconds and formatBytes', () => {
  it('reads as people read durations and sizes', () => {
    expect(formatSeconds(1500)).toBe('1.5 s')
    expect(formatSeconds(125_000)).toBe('2 min 5 s')
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(1536 * 1024)).toBe('1.5 MiB')
  })
})

describe('formatDuration', () => {
  it('shows milliseconds under a second and seconds above', () => {
    expect(formatDuration(12)).toBe('12 ms')
    expect(formatDuration(2500)).toBe('2.5 s')
  })
})
