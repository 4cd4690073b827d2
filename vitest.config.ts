import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Files run side by side, one more at a time than the machine has cores: most of an end-to-end
    // file's time is spent waiting on what it started (the built action, servers, Chromium, a
    // deadline), and the extra file keeps the cores busy meanwhile.
    maxWorkers: os.availableParallelism() + 1,
    // End-to-end tests start dist/index.js and wait on real (emulated) jobs.
    testTimeout: 60_000,
    hookTimeout: 30_000
  }
})
