import { describe, expect, it } from 'vitest'
import { formatBytes, formatDuration, formatSeconds, oneLine } from '../src/format.js'

describe('oneLine', () => {
  it.each([
    ['done\n::error::forged', 'done\\n::error::forged'],
    ['a\r\nb', 'a\\r\\nb'],
    ['bell\u0007 and escape\u001b[31m', 'bell\\u0007 and escape\\u001b[31m'],
    ['line\u2028separator', 'line\\u2028separator'],
    ['café — plain text stays', 'café — plain text stays']
  ])('shows %j on one line as %j', (text, shown) => {
    expect(oneLine(text)).toBe(shown)
    expect(oneLine(text)).not.toMatch(/[\r\n]/)
  })
})

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
