import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { hookNames, hookSource, readHookReport } from '../../../src/site/browser/page-hook.js'

/** A service worker being installed, as its registration's `installing` shows it. */
class Installing {
  state = 'installing'
  private readonly listeners = new Set<() => void>()
  addEventListener(type: string, listener: () => void): void {
    if (type === 'statechange') this.listeners.add(listener)
  }
  removeEventListener(type: string, listener: () => void): void {
    if (type === 'statechange') this.listeners.delete(listener)
  }
  change(state: string): void {
    this.state = state
    for (const listener of [...this.listeners]) listener()
  }
}

/** A worker constructor that refuses another origin's script, as the browser does. */
class Worker {
  constructor(readonly url: string) {
    if (url.startsWith('https://elsewhere.example/')) throw new Error('SecurityError')
  }
}

/**
 * A page's global object with WebRTC and worker constructors of its own, and the binding the hook
 * reports through. `register` answers each call with the next of `registrations`: a registration,
 * or an error it rejects with.
 */
function page(
  binding: string,
  registrations: ({ installing: Installing | null } | Error)[] = []
): {
  context: vm.Context
  sent: string[]
} {
  const sent: string[] = []
  const context = vm.createContext({
    [binding]: (payload: string) => sent.push(payload),
    document: { baseURI: 'https://docs.acme.dev/guides/page.html' },
    URL,
    ServiceWorkerContainer: class {
      register(url: string): Promise<unknown> {
        const next = registrations.shift()
        if (!next) throw new Error(`no registration for ${url}`)
        return next instanceof Error ? Promise.reject(next) : Promise.resolve(next)
      }
    },
    Worker,
    SharedWorker: class extends Worker {},
    RTCPeerConnection: class {
      configuration: unknown
      constructor(configuration: unknown) {
        this.configuration = configuration
      }
      setConfiguration(configuration: unknown): string {
        this.configuration = configuration
        return 'set'
      }
    }
  })
  return { context, sent }
}

describe('the WebRTC hook', () => {
  it('reports the ICE servers of every connection and of setConfiguration, and leaves WebRTC working', () => {
    const names = hookNames()
    const { binding } = names
    const { context, sent } = page(binding)
    vm.runInContext(hookSource(names), context)
    const result: unknown = vm.runInContext(
      `const connection = new RTCPeerConnection({ iceServers: [{ urls: 'stun:a.example' }, { urls: ['turn:b.example?transport=tcp', 7] }] });
       [connection instanceof RTCPeerConnection, connection.configuration.iceServers.length, connection.setConfiguration({ iceServers: [{ urls: 'stun:c.example' }] })]`,
      context
    )
    expect(result).toEqual([true, 2, 'set'])
    expect(sent.map((payload) => readHookReport(payload))).toEqual([
      { kind: 'webrtc', urls: ['stun:a.example', 'turn:b.example?transport=tcp'] },
      { kind: 'webrtc', urls: ['stun:c.example'] }
    ])
  })

  it('reports each worker a page starts, by the type of its target, once its constructor has returned, resolved against the page', () => {
    const names = hookNames()
    const { context, sent } = page(names.binding)
    vm.runInContext(hookSource(names), context)
    const result: unknown = vm.runInContext(
      `const started = [new Worker('w.js').url, new SharedWorker('/workers/shared.js').url];
       try { new Worker('https://elsewhere.example/w.js') } catch (error) { started.push(error.message) }
       started`,
      context
    )
    expect(result).toEqual(['w.js', '/workers/shared.js', 'SecurityError'])
    expect(sent.map((payload) => readHookReport(payload))).toEqual([
      { kind: 'worker', urls: ['https://docs.acme.dev/guides/w.js'] },
      { kind: 'shared_worker', urls: ['https://docs.acme.dev/workers/shared.js'] }
    ])
  })

  it('reports a service worker as it is registered, and again once its registration has settled: installed, failed, or nothing to install', async () => {
    const names = hookNames()
    const installing = new Installing()
    const { context, sent } = page(names.binding, [{ installing }, { installing: null }, new Error('refused')])
    vm.runInContext(hookSource(names), context)
    const registering = vm.runInContext(
      `const container = new ServiceWorkerContainer();
       [container.register('sw.js', { scope: './' }), container.register('/current.js'), container.register('/refused.js')]`,
      context
    ) as Promise<unknown>[]
    await Promise.allSettled(registering)
    // The hook's own handlers run after the page's: one turn of the event loop later.
    await new Promise((resolve) => setImmediate(resolve))
    const reports = (): unknown[] => sent.map((payload) => readHookReport(payload))
    expect(reports()).toEqual([
      { kind: 'service_worker', urls: ['https://docs.acme.dev/guides/sw.js'] },
      { kind: 'service_worker', urls: ['https://docs.acme.dev/current.js'] },
      { kind: 'service_worker', urls: ['https://docs.acme.dev/refused.js'] },
      { kind: 'registered', urls: ['https://docs.acme.dev/current.js'] },
      { kind: 'registered', urls: ['https://docs.acme.dev/refused.js'] }
    ])
    // Still installing: its script and its install handler may yet make requests.
    installing.change('installing')
    expect(reports()).toHaveLength(5)
    installing.change('installed')
    installing.change('activated')
    expect(reports().slice(5)).toEqual([{ kind: 'registered', urls: ['https://docs.acme.dev/guides/sw.js'] }])
  })

  it('takes its binding off the page before the page runs, and reports nothing without ICE servers', () => {
    const names = hookNames()
    const { binding } = names
    const { context, sent } = page(binding)
    vm.runInContext(hookSource(names), context)
    expect(vm.runInContext(`typeof globalThis[${JSON.stringify(binding)}]`, context)).toBe('undefined')
    vm.runInContext('new RTCPeerConnection(); new RTCPeerConnection({ iceServers: 5 })', context)
    expect(sent).toEqual([])
    expect(names.timers).not.toBe(binding)
    expect(hookNames().binding).not.toBe(binding)
  })

  it('reads only what the hook writes: a page may call a binding with anything', () => {
    expect(readHookReport('{"kind":"webrtc","urls":["stun:a.example", 3, ""]}')).toEqual({
      kind: 'webrtc',
      urls: ['stun:a.example']
    })
    expect(readHookReport('{"kind":"shared_worker","urls":["https://docs.acme.dev/w.js"]}')).toEqual({
      kind: 'shared_worker',
      urls: ['https://docs.acme.dev/w.js']
    })
    for (const forged of [
      undefined,
      5,
      'not json',
      '[]',
      '{"kind":"other","urls":["x"]}',
      '{"kind":"webrtc","urls":[]}'
    ])
      expect(readHookReport(forged)).toBeUndefined()
    expect(readHookReport(JSON.stringify({ kind: 'webrtc', urls: ['x'.repeat(100_000)] }))).toBeUndefined()
    const many = readHookReport(
      JSON.stringify({ kind: 'webrtc', urls: Array.from({ length: 50 }, (_, i) => `stun:${i}`) })
    )
    expect(many?.urls).toHaveLength(20)
  })
})
