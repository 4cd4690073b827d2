import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Files run side by side, twice as many at a time as the machine has cores: an end-to-end file
    // spends much of its time waiting on what it started (the built action, servers, Chromium, a
    // deadline): three files at a time kept two cores busy about two thirds of the time.
    maxWorkers: 2 * os.availableParallelism(),
    // End-to-end tests start dist/index.js and wait on real (emulated) jobs.
    testTimeout: 60_000,
    hookTimeout: 30_000
  }
})
