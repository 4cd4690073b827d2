import { describe, expect, it } from 'vitest'
import { progressLine } from '../src/download/progress.js'

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
