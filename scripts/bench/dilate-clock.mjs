// Loaded with `node --import` ahead of the action: runs the whole process on a clock that goes
// BENCH_CLOCK_SCALE times faster than the wall clock. Date.now() and performance.now() advance
// `scale` times faster from BENCH_CLOCK_ORIGIN (epoch milliseconds; the moment this loads when it
// is not set), and every timer (setTimeout, setInterval, node:timers, node:timers/promises) fires
// after 1/scale of its delay. Paired with the emulator's clockScale (the same factor, and its
// origin, so that both read the same time), a ten-minute job runs in 600/scale real seconds while
// the action's own logic (poll interval, the stretch of the interval with elapsed time, its 30 s
// cap, timeouts) runs unchanged, in scheduled time. Plain JavaScript so that nothing else is loaded.
import { syncBuiltinESMExports } from 'node:module'
import timers from 'node:timers'
import timersPromises from 'node:timers/promises'

const scale = Number(process.env.BENCH_CLOCK_SCALE)
if (Number.isFinite(scale) && scale > 0 && scale !== 1) {
  const realDateNow = Date.now
  const origin = Number(process.env.BENCH_CLOCK_ORIGIN) || realDateNow()
  Date.now = () => Math.floor(origin + (realDateNow() - origin) * scale)

  const realPerformanceNow = performance.now.bind(performance)
  performance.now = () => realPerformanceNow() * scale

  const shorten = (ms) => (typeof ms === 'number' && ms > 0 ? ms / scale : ms)
  const { setTimeout: realSetTimeout, setInterval: realSetInterval } = timers
  const dilatedSetTimeout = (callback, ms, ...args) => realSetTimeout(callback, shorten(ms), ...args)
  const dilatedSetInterval = (callback, ms, ...args) => realSetInterval(callback, shorten(ms), ...args)
  globalThis.setTimeout = dilatedSetTimeout
  globalThis.setInterval = dilatedSetInterval
  timers.setTimeout = dilatedSetTimeout
  timers.setInterval = dilatedSetInterval

  const realSleep = timersPromises.setTimeout
  const realTicks = timersPromises.setInterval
  timersPromises.setTimeout = (ms, value, options) => realSleep(shorten(ms), value, options)
  timersPromises.setInterval = (ms, value, options) => realTicks(shorten(ms), value, options)
  if (timersPromises.scheduler) {
    const realWait = timersPromises.scheduler.wait.bind(timersPromises.scheduler)
    timersPromises.scheduler.wait = (ms, options) => realWait(shorten(ms), options)
  }
  syncBuiltinESMExports()
}
