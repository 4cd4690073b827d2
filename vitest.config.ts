import os from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Files run side by side, three times as many at a time as the machine has cores: an end-to-end
    // file spends much of its time waiting on what it started (the built action, servers, Chromium,
    // a deadline). On two cores, three files at a time kept them busy about two thirds of the time,
    // four about 85% (5 min 23 s for the suite), six more still (5 min 3 s).
    maxWorkers: 3 * os.availableParallelism(),
    // End-to-end tests start dist/index.js and wait on real (emulated) jobs.
    testTimeout: 60_000,
    hookTimeout: 30_000
  }
})
