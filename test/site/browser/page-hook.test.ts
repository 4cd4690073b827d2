import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { hookNames, hookSource, readHookReport } from '../../../src/site/browser/page-hook.js'

/** A page's global object with a WebRTC constructor of its own, and the binding the hook reports through. */
function page(binding: string): { context: vm.Context; sent: string[] } {
  const sent: string[] = []
  const context = vm.createContext({
    [binding]: (payload: string) => sent.push(payload),
    document: { baseURI: 'https://docs.acme.dev/guides/page.html' },
    URL,
    ServiceWorkerContainer: class {
      register(url: string): string {
        return `registered ${url}`
      }
    },
    SharedWorker: class {
      constructor(readonly url: string) {}
    },
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

  it('reports the script of every shared and service worker a page starts, resolved against the page', () => {
    const names = hookNames()
    const { binding } = names
    const { context, sent } = page(binding)
    vm.runInContext(hookSource(names), context)
    const result: unknown = vm.runInContext(
      `[new ServiceWorkerContainer().register('sw.js', { scope: './' }), new SharedWorker('/workers/shared.js').url]`,
      context
    )
    expect(result).toEqual(['registered sw.js', '/workers/shared.js'])
    expect(sent.map((payload) => readHookReport(payload))).toEqual([
      { kind: 'worker', urls: ['https://docs.acme.dev/guides/sw.js'] },
      { kind: 'worker', urls: ['https://docs.acme.dev/workers/shared.js'] }
    ])
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
