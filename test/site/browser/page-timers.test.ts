import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { timersSource } from '../../../src/site/browser/page-timers.js'

const NAME = '__siteCheckTimersTest'

/**
 * A page's global object whose timers and callbacks the test runs by hand: each scheduled callback
 * is kept with its arguments, and `clock.ms` is the page's time.
 */
function page(frames: unknown[] = []): {
  context: vm.Context
  clock: { ms: number }
  scheduled: Map<number, { callback: (...args: unknown[]) => unknown; args: unknown[] }>
  dueWithin: (ms: number) => unknown
} {
  const clock = { ms: 1000 }
  const scheduled = new Map<number, { callback: (...args: unknown[]) => unknown; args: unknown[] }>()
  let nextId = 0
  const schedule = (callback: (...args: unknown[]) => unknown, _delay?: unknown, ...args: unknown[]): number => {
    scheduled.set(++nextId, { callback, args })
    return nextId
  }
  const cancel = (id: number): void => void scheduled.delete(id)
  const context = vm.createContext({
    performance: { now: () => clock.ms },
    setTimeout: schedule,
    setInterval: schedule,
    clearTimeout: cancel,
    clearInterval: cancel,
    requestAnimationFrame: schedule,
    cancelAnimationFrame: cancel,
    requestIdleCallback: schedule,
    cancelIdleCallback: cancel
  })
  // A window is its own `frames`: its child frames by index, and their count.
  Object.assign(context, { ...frames, length: frames.length })
  vm.runInContext('globalThis.frames = globalThis', context)
  vm.runInContext(timersSource(NAME), context)
  const dueWithin = (ms: number): unknown =>
    vm.runInContext(`globalThis[${JSON.stringify(NAME)}](${ms})`, context) as unknown
  return { context, clock, scheduled, dueWithin }
}

/** Runs `code` in the page, which schedules something: the id it got back. */
const schedule = (context: vm.Context, code: string): number => vm.runInContext(code, context) as number

/** Runs a scheduled callback as the browser would, with the arguments it was given. */
function fire(scheduled: ReturnType<typeof page>['scheduled'], id: number): unknown {
  const entry = scheduled.get(id)
  if (!entry) throw new Error(`nothing scheduled as ${id}`)
  return entry.callback(...entry.args)
}

describe('what a page has scheduled', () => {
  it('has nothing due on a page that scheduled nothing', () => {
    expect(page().dueWithin(500)).toBe(false)
  })

  it('has a timeout due until it has run, and only within the time asked about', () => {
    const { context, clock, scheduled, dueWithin } = page()
    const id = schedule(context, "setTimeout((a, b) => { globalThis.ran = a + b; return 'done' }, 300, 2, 3)")
    expect(dueWithin(500)).toBe(true)
    expect(dueWithin(200)).toBe(false)
    clock.ms += 250
    expect(dueWithin(100)).toBe(true)
    expect(fire(scheduled, id)).toBe('done')
    expect(vm.runInContext('ran', context)).toBe(5)
    expect(dueWithin(500)).toBe(false)
  })

  it('reads a delay as the browser does: a delay past 2 ** 31 - 1 ms, or none, runs at once', () => {
    for (const delay of ['2 ** 31', '2 ** 32 + 5', 'undefined', "'soon'", '-20']) {
      const { context, dueWithin } = page()
      schedule(context, `setTimeout(() => {}, ${delay})`)
      expect([delay, dueWithin(10)]).toEqual([delay, true])
    }
    const { context, dueWithin } = page()
    schedule(context, "setTimeout(() => {}, '300')")
    expect([dueWithin(200), dueWithin(500)]).toEqual([false, true])
  })

  it('has an interval due after each run until it is cleared, and a cleared timeout never', () => {
    const { context, clock, scheduled, dueWithin } = page()
    const interval = schedule(context, 'setInterval(() => {}, 100)')
    const timeout = schedule(context, 'setTimeout(() => {}, 50)')
    vm.runInContext(`clearTimeout(${timeout})`, context)
    expect(scheduled.has(timeout)).toBe(false)
    for (let i = 0; i < 3; i++) {
      clock.ms += 100
      fire(scheduled, interval)
      expect(dueWithin(500)).toBe(true)
    }
    vm.runInContext(`clearInterval(String(${interval}))`, context)
    expect(dueWithin(500)).toBe(false)
  })

  it('has animation frames and idle callbacks due until they run or are cancelled', () => {
    const { context, scheduled, dueWithin } = page()
    const frame = schedule(context, 'requestAnimationFrame((time) => time)')
    expect(dueWithin(0)).toBe(true)
    fire(scheduled, frame)
    expect(dueWithin(500)).toBe(false)
    const idle = schedule(context, 'requestIdleCallback(() => {}, { timeout: 2000 })')
    expect(dueWithin(500)).toBe(true)
    vm.runInContext(`cancelIdleCallback(${idle})`, context)
    expect(dueWithin(500)).toBe(false)
  })

  it("counts a same-origin frame's work, and not a frame it cannot read", () => {
    const busy = { [NAME]: () => true }
    const foreign = new Proxy(
      {},
      {
        get: () => {
          throw new Error('cross-origin')
        }
      }
    )
    expect(page([foreign]).dueWithin(500)).toBe(false)
    expect(page([foreign, busy]).dueWithin(500)).toBe(true)
    expect(page([{}]).dueWithin(500)).toBe(false)
  })

  it('leaves a handler given as a string as it is, and its answer in place whatever the page does', () => {
    const { context, scheduled, dueWithin } = page()
    vm.runInContext("setTimeout('globalThis.x = 1', 10)", context)
    expect([...scheduled.values()][0]?.callback).toBe('globalThis.x = 1')
    vm.runInContext(
      `globalThis[${JSON.stringify(NAME)}] = () => false; delete globalThis[${JSON.stringify(NAME)}]`,
      context
    )
    vm.runInContext('setTimeout(() => {}, 10)', context)
    expect(dueWithin(500)).toBe(true)
  })
})
