import { describe, expect, it } from 'vitest'
import type { CdpEvent } from '../../../src/site/browser/cdp.js'
import { SharedWorkers, type WorkerPage } from '../../../src/site/browser/shared-workers.js'
import { TARGET_STARTED } from '../../../src/site/browser/tab.js'

const URL_A = 'https://docs.acme.dev/shared.js'
const shared = { type: 'shared_worker', url: URL_A }

/** A page that keeps what it is given, in order, by method and what the event is about. */
function page(): WorkerPage & { seen: string[] } {
  const seen: string[] = []
  return {
    seen,
    record: (event) => void seen.push(`${event.method} ${String(event.params.sessionId ?? event.params.requestId)}`)
  }
}

const notice = (method: string, sessionId: string): CdpEvent => ({ method, params: { sessionId }, sessionId })
const request = (method: string, requestId: string): CdpEvent => ({ method, params: { requestId }, sessionId: 'W1' })

describe('SharedWorkers', () => {
  it('gives a page that comes later what the worker did before, its running workers first, and what it does until the page is released', () => {
    const workers = new SharedWorkers()
    const first = page()
    workers.claim(first, 'shared_worker', URL_A)
    workers.take(shared, notice('Target.attachedToTarget', 'W1'))
    workers.take(shared, request('Network.requestWillBeSent', 'R1'))
    workers.take(shared, notice(TARGET_STARTED, 'W1'))
    const late = page()
    workers.claim(late, 'shared_worker', URL_A)
    expect(late.seen).toEqual(['Target.attachedToTarget W1', `${TARGET_STARTED} W1`, 'Network.requestWillBeSent R1'])
    workers.release(first)
    workers.take(shared, request('Network.loadingFinished', 'R1'))
    expect(first.seen).toEqual(['Target.attachedToTarget W1', 'Network.requestWillBeSent R1', `${TARGET_STARTED} W1`])
    expect(late.seen.at(-1)).toBe('Network.loadingFinished R1')
  })

  it("gives no page the notices of a worker that has gone: a page that starts it again waits for the new one, and still gets the old one's record", () => {
    const workers = new SharedWorkers()
    workers.take(shared, notice('Target.attachedToTarget', 'W1'))
    workers.take(shared, request('Fetch.requestPaused', 'R1'))
    workers.take(shared, notice('Target.detachedFromTarget', 'W1'))
    const later = page()
    workers.claim(later, 'shared_worker', URL_A)
    expect(later.seen).toEqual(['Fetch.requestPaused R1'])
  })

  it('claims a shared worker for a page that asked for its script, before or after it attached; a service worker is not claimed so', () => {
    const workers = new SharedWorkers()
    const before = page()
    workers.requested(before, URL_A)
    workers.requested(before, 'https://docs.acme.dev/sw.js')
    workers.take(shared, notice('Target.attachedToTarget', 'W1'))
    workers.take(
      { type: 'service_worker', url: 'https://docs.acme.dev/sw.js' },
      notice('Target.attachedToTarget', 'S1')
    )
    const after = page()
    workers.requested(after, URL_A)
    expect(before.seen).toEqual(['Target.attachedToTarget W1'])
    expect(after.seen).toEqual(['Target.attachedToTarget W1'])
    // Another script, another worker.
    workers.take({ type: 'shared_worker', url: 'https://docs.acme.dev/b.js' }, notice('Target.attachedToTarget', 'W2'))
    expect(before.seen).toHaveLength(1)
  })

  it('keeps a bounded record of a busy worker, and still the end of each request whose start it kept', () => {
    const workers = new SharedWorkers()
    workers.take(shared, request('Network.requestWillBeSent', 'open'))
    for (let i = 0; i < 3_000; i++) workers.take(shared, request('Network.requestWillBeSent', `R${i}`))
    workers.take(shared, request('Network.loadingFinished', 'R2999'))
    workers.take(shared, request('Network.loadingFinished', 'open'))
    const late = page()
    workers.claim(late, 'shared_worker', URL_A)
    expect(late.seen).toHaveLength(2_001)
    expect(late.seen.at(-1)).toBe('Network.loadingFinished open')
    expect(late.seen).not.toContain('Network.requestWillBeSent R2999')
  })
})
