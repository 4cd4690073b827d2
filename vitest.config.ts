import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // End-to-end tests start dist/index.js and wait on real (emulated) jobs.
    testTimeout: 60_000,
    hookTimeout: 30_000
  }
})
