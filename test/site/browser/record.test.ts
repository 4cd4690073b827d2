import { describe, expect, it } from 'vitest'
import { Visit } from '../../../src/site/browser/record.js'
import { SharedWorkers } from '../../../src/site/browser/shared-workers.js'
import { TARGET_STARTED } from '../../../src/site/browser/tab.js'
import { ReferenceResolver } from '../../../src/site/resolve.js'

const resolver = new ReferenceResolver('docs.acme.dev')
const event = (method: string, params: Record<string, unknown>) => ({ method, params })
const script = (url: string, line: number) => ({
  type: 'script',
  stack: { callFrames: [{ url, lineNumber: line, columnNumber: 0 }] }
})

describe('Visit', () => {
  it('records what the page tried without a request: WebSockets, WebTransport, speculation rules, ICE servers', () => {
    const visit = new Visit('index.html', resolver, new SharedWorkers())
    visit.record(
      event('Network.webSocketCreated', {
        url: 'wss://socket.example/live',
        initiator: script('https://docs.acme.dev/app.js', 4)
      })
    )
    visit.record(event('Network.webSocketCreated', { url: 'wss://docs.acme.dev/own' }))
    visit.record(event('Network.webTransportCreated', { url: 'https://wt.example:4433/s' }))
    visit.record(
      event('Preload.ruleSetUpdated', {
        ruleSet: {
          sourceText:
            '{"prefetch":[{"urls":["/next","https://prefetch.example/a"]}],"prerender":[{"urls":["https://render.example/"]}]}'
        }
      })
    )
    visit.record(
      event('Runtime.bindingCalled', {
        payload: '{"kind":"webrtc","urls":["stun:stun.example.org","turn:127.0.0.1:9?transport=tcp"]}'
      })
    )
    visit.record(event('Runtime.bindingCalled', { payload: 'forged' }))
    expect(visit.result().loads.map((load) => [load.url, load.type, load.initiator])).toEqual([
      ['wss://socket.example/live', 'WebSocket', 'script /app.js:5:1'],
      // No static host serves a WebSocket, on its own domain or any other.
      ['wss://docs.acme.dev/own', 'WebSocket', 'other'],
      ['https://wt.example:4433/s', 'WebTransport', 'other'],
      ['https://prefetch.example/a', 'Prefetch', 'speculation rules'],
      ['https://render.example/', 'Prerender', 'speculation rules'],
      ['stun:stun.example.org', 'WebRTC', 'script (RTCPeerConnection)'],
      ['turn:127.0.0.1:9?transport=tcp', 'WebRTC', 'script (RTCPeerConnection)']
    ])
  })

  it('records the requests the interception refuses, with their type and initiator from their Network events, whichever target sent them', () => {
    const visit = new Visit('guides/a.html', resolver, new SharedWorkers())
    visit.record(
      event('Network.requestWillBeSent', {
        requestId: '77.3',
        type: 'Fetch',
        request: { url: 'https://api.example/q' },
        initiator: script('https://docs.acme.dev/worker.js', 0)
      })
    )
    const paused = (url: string, resourceType: string, networkId?: string) =>
      event('Fetch.requestPaused', {
        requestId: 'interception-1',
        request: { url, method: 'GET' },
        resourceType,
        networkId
      })
    visit.record(paused('https://api.example/q', 'XHR', '77.3'))
    visit.record(paused('https://img.example/a.png', 'Image'))
    // The site's own requests are answered, not refused.
    visit.record(paused('https://docs.acme.dev/app.js', 'Script', '77.4'))
    expect(visit.result().loads).toEqual([
      { page: 'guides/a.html', url: 'https://api.example/q', type: 'Fetch', initiator: 'script /worker.js:1:1' },
      { page: 'guides/a.html', url: 'https://img.example/a.png', type: 'Image', initiator: 'other' }
    ])
  })

  it("records the site's 404s as paths, but the browser's own favicon, and settles only after its own load event", () => {
    const visit = new Visit('index.html', resolver, new SharedWorkers())
    visit.loaderId = 'L2'
    visit.record(
      event('Network.requestWillBeSent', {
        requestId: '1',
        type: 'Script',
        request: { url: 'https://docs.acme.dev/x.js?v=1' }
      })
    )
    visit.record(
      event('Network.responseReceived', {
        requestId: '1',
        type: 'Script',
        response: { url: 'https://docs.acme.dev/x.js?v=1', status: 404 }
      })
    )
    visit.record(
      event('Network.responseReceived', {
        requestId: '2',
        type: 'Other',
        response: { url: 'https://docs.acme.dev/favicon.ico', status: 404 }
      })
    )
    visit.record(
      event('Network.responseReceived', {
        requestId: '3',
        type: 'Image',
        response: { url: 'https://img.example/a.png', status: 404 }
      })
    )
    expect(visit.result().missing).toEqual([
      { page: 'index.html', url: '/x.js?v=1', type: 'Script', initiator: 'other' }
    ])
    expect(visit.open.size).toBe(1)
    visit.record(event('Network.loadingFinished', { requestId: '1' }))
    visit.record(event('Page.lifecycleEvent', { name: 'load', loaderId: 'L1' }))
    expect(visit.loaded()).toBe(false)
    visit.record(event('Page.lifecycleEvent', { name: 'load', loaderId: 'L2' }))
    expect(visit.loaded()).toBe(true)
    expect(visit.open.size).toBe(0)
  })

  it('waits for each worker its hook said it started: until the browser has attached it and it has run its first task, in either order', () => {
    const visit = loadedVisit()
    const report = (kind: string, url: string) =>
      event('Runtime.bindingCalled', { payload: JSON.stringify({ kind, urls: [url] }) })
    visit.record(report('worker', 'https://docs.acme.dev/w.js'))
    expect(visit.quietFor()).toBe(-1)
    expect(visit.pendingWorkers()).toEqual(['https://docs.acme.dev/w.js'])
    visit.record(attached('S1', 'worker', 'https://docs.acme.dev/w.js'))
    expect(visit.quietFor()).toBe(-1)
    expect(visit.hasWorkers()).toBe(true)
    visit.record(event(TARGET_STARTED, { sessionId: 'S1' }))
    expect(visit.quietFor()).toBeGreaterThanOrEqual(0)

    // The browser may attach it before the hook's report comes.
    visit.record(attached('S2', 'worker', 'https://docs.acme.dev/other.js'))
    visit.record(event(TARGET_STARTED, { sessionId: 'S2' }))
    visit.record(report('worker', 'https://docs.acme.dev/other.js'))
    expect(visit.quietFor()).toBeGreaterThanOrEqual(0)

    // One that goes before it has run (its script missing) is waited for no more.
    visit.record(attached('S3', 'worker', 'https://docs.acme.dev/missing.js'))
    visit.record(report('worker', 'https://docs.acme.dev/missing.js'))
    expect(visit.quietFor()).toBe(-1)
    visit.record(event('Target.detachedFromTarget', { sessionId: 'S3' }))
    expect(visit.quietFor()).toBeGreaterThanOrEqual(0)
    for (const id of ['S1', 'S2']) visit.record(event('Target.detachedFromTarget', { sessionId: id }))
    expect(visit.hasWorkers()).toBe(false)
  })

  it('waits while a service worker it registered has not settled, and records a window it tried to open', () => {
    const visit = loadedVisit()
    const report = (kind: string) =>
      event('Runtime.bindingCalled', { payload: JSON.stringify({ kind, urls: ['https://docs.acme.dev/sw.js'] }) })
    visit.record(report('service_worker'))
    expect(visit.pendingWorkers()).toEqual(['https://docs.acme.dev/sw.js'])
    visit.record(report('registered'))
    expect(visit.quietFor()).toBeGreaterThanOrEqual(0)
    visit.record(event('Page.windowOpen', { url: 'https://popup.example/x', userGesture: false }))
    visit.record(event('Page.windowOpen', { url: 'https://docs.acme.dev/guides/b.html', userGesture: false }))
    expect(visit.result().loads).toEqual([
      { page: 'index.html', url: 'https://popup.example/x', type: 'Popup', initiator: 'other' }
    ])
  })

  it('counts a shared worker it started: what the worker did before, what it does now, and waits for its first task', () => {
    const workers = new SharedWorkers()
    const url = 'https://docs.acme.dev/shared.js'
    const owner = { type: 'shared_worker', url }
    workers.take(owner, attached('W', 'shared_worker', url))
    workers.take(owner, refused('https://before.example/x', 'W'))
    const visit = loadedVisit(workers)
    visit.record(event('Runtime.bindingCalled', { payload: JSON.stringify({ kind: 'shared_worker', urls: [url] }) }))
    expect(visit.pendingWorkers()).toEqual([url])
    workers.take(owner, refused('https://after.example/x', 'W'))
    workers.take(owner, event(TARGET_STARTED, { sessionId: 'W' }))
    expect(visit.quietFor()).toBeGreaterThanOrEqual(0)
    workers.release(visit)
    workers.take(owner, refused('https://after-its-end.example/x', 'W'))
    expect(visit.result().loads.map((load) => load.url)).toEqual([
      'https://before.example/x',
      'https://after.example/x'
    ])
  })
})

/** A page that has had its load event and has nothing open. */
function loadedVisit(workers = new SharedWorkers()): Visit {
  const visit = new Visit('index.html', resolver, workers)
  visit.loaderId = 'L'
  visit.record(event('Page.lifecycleEvent', { name: 'load', loaderId: 'L' }))
  return visit
}

/** The notice the pass gives a page as a worker that counts for it attaches (targets.ts). */
function attached(sessionId: string, type: string, url: string) {
  return {
    ...event('Target.attachedToTarget', { sessionId, targetInfo: { targetId: `T-${sessionId}`, type, url } }),
    sessionId
  }
}

function refused(url: string, sessionId: string) {
  return {
    ...event('Fetch.requestPaused', { requestId: url, request: { url, method: 'GET' }, resourceType: 'Fetch' }),
    sessionId
  }
}
