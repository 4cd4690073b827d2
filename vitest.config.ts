import os from 'node:os'
import { BaseSequencer, type TestSpecification } from 'vitest/node'
import { defineConfig } from 'vitest/config'

/** Files that replace a module of src/ (vi.mock): each runs in a process of its own. */
const OWN_PROCESS = ['test/archive/file-thread-death.test.ts']

/**
 * End-to-end files first: they wait on what they start (the built action, servers, Chromium, a
 * deadline), and those waits overlap the other files' work only when they start early. A fresh
 * clone has no timings of earlier runs, and Vitest's own order (the largest files first) left a
 * small file that waits 25 s to the end of the run: 266 s for the suite, 252 s in this order.
 */
class WaitingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const waits = (file: TestSpecification): boolean => file.moduleId.endsWith('.e2e.test.ts')
    return [...sorted.filter(waits), ...sorted.filter((file) => !waits(file))]
  }
}

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Files run side by side, three times as many at a time as the machine has cores: an end-to-end
    // file spends much of its time waiting on what it started (the built action, servers, Chromium,
    // a deadline). On two cores, three files at a time kept them busy about two thirds of the time,
    // six all of it.
    maxWorkers: 3 * os.availableParallelism(),
    // End-to-end tests start dist/index.js and wait on real (emulated) jobs.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    sequence: { sequencer: WaitingFilesFirst },
    projects: [
      {
        extends: true,
        // A worker process runs one file after another, keeping what they import (Vitest's own
        // runner, src/, the test helpers): starting a process and loading that afresh for each of
        // 108 files cost about 45 s of the two cores' time. A file leaves the process as it found
        // it (environment, umask, timers, spies, listeners).
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: OWN_PROCESS, isolate: false }
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } }
    ]
  }
})
