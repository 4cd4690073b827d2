import { describe, expect, it } from 'vitest'
import { collectSocketBuffers } from '../src/download/socket-buffers.js'

describe('collectSocketBuffers', () => {
  it('frees buffers nothing refers to any more, and leaves no gc() behind in the global scope', async () => {
    const hadGc = 'gc' in globalThis
    const garbage = (): void => {
      const buffers: Buffer[] = []
      for (let i = 0; i < 256; i++) buffers.push(Buffer.allocUnsafeSlow(64 * 1024))
    }
    garbage()
    const before = process.memoryUsage().arrayBuffers
    collectSocketBuffers()
    collectSocketBuffers()
    // V8 frees the memory of collected buffers on a background thread, shortly after.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(before - process.memoryUsage().arrayBuffers).toBeGreaterThanOrEqual(8 * 1024 * 1024)
    expect('gc' in globalThis).toBe(hadGc)
  })
})
