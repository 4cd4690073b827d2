import path from 'node:path'
import type { DilatedClock } from '../emulator/server.ts'

/**
 * Starting a child process on the emulator's clock (Emulator.clock): a test about a long wait (a
 * 409's 15 s and 30 s, a Retry-After, a poll interval) runs the built action on a clock `scale`
 * times faster than the wall clock, so the wait takes 1/scale of its time while the action
 * schedules, logs and checks it in scheduled time, unchanged. The emulator runs on the same
 * clock from the same origin, so the times it records are the ones the action saw.
 */

/**
 * How much faster the tests' dilated clock runs. Ten times: a 15 s wait takes 1.5 s, and a request
 * timeout of 30 s still leaves a loopback request 3 s on a busy machine. The action's own work
 * counts ten times over in scheduled time too, so a test on this clock gives `timeout-seconds`
 * minutes, as much room in real time as the tests on the wall clock have.
 */
export const DILATION = 10

/** The shim that runs a whole process on a dilated clock, loaded with `node --import` (the benchmark's). */
const SHIM = path.resolve(import.meta.dirname, '../../scripts/bench/dilate-clock.mjs')

/** Node's arguments and the variables that start a process on `clock`; none on the wall clock. */
export function startedOn(clock: DilatedClock | undefined): { nodeArgs: string[]; env: Record<string, string> } {
  if (!clock || clock.scale === 1) return { nodeArgs: [], env: {} }
  return {
    nodeArgs: ['--import', SHIM],
    env: { BENCH_CLOCK_SCALE: String(clock.scale), BENCH_CLOCK_ORIGIN: String(clock.origin) }
  }
}
