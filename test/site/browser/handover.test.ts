import { describe, expect, it } from 'vitest'
import type { CdpEvent } from '../../../src/site/browser/cdp.js'
import { PageHandover } from '../../../src/site/browser/handover.js'
import { Visit } from '../../../src/site/browser/record.js'
import { SharedWorkers } from '../../../src/site/browser/shared-workers.js'
import { ReferenceResolver } from '../../../src/site/resolve.js'

const resolver = new ReferenceResolver('docs.acme.dev')
const MAIN = 'TARGET-1'
const commit = (loaderId: string, frame: Record<string, unknown> = {}): CdpEvent => ({
  method: 'Page.frameNavigated',
  params: { frame: { id: MAIN, loaderId, url: 'https://docs.acme.dev/', ...frame } }
})
const refused = (url: string): CdpEvent => ({
  method: 'Fetch.requestPaused',
  params: { requestId: url, request: { url, method: 'GET' }, resourceType: 'Script' }
})
const urls = (visit: Visit): string[] => visit.result().loads.map((load) => load.url)

describe('PageHandover', () => {
  it("counts nothing for the next page until its own document commits: the page before's late requests are no one's", () => {
    const handover = new PageHandover(MAIN)
    const before = new Visit('a.html', resolver, new SharedWorkers())
    handover.begin(before)
    handover.navigated('LA')
    handover.take(commit('LA'))
    handover.take(refused('https://a.example/1'))
    handover.end()
    handover.take(refused('https://a.example/after-its-end'))
    const next = new Visit('b.html', resolver, new SharedWorkers())
    handover.begin(next)
    handover.take(refused('https://a.example/still-running'))
    handover.navigated('LB')
    handover.take(refused('https://a.example/before-the-commit'))
    handover.take(commit('LB'))
    handover.take(refused('https://b.example/1'))
    expect(urls(before)).toEqual(['https://a.example/1'])
    expect(urls(next)).toEqual(['https://b.example/1'])
  })

  it("holds what follows a commit that comes before Page.navigate's answer, and gives it to the page whose commit it was", () => {
    const handover = new PageHandover(MAIN)
    const visit = new Visit('b.html', resolver, new SharedWorkers())
    handover.begin(visit)
    handover.take(commit('LB'))
    handover.take(refused('https://b.example/early'))
    handover.navigated('LB')
    handover.take(refused('https://b.example/late'))
    expect(urls(visit)).toEqual(['https://b.example/early', 'https://b.example/late'])
  })

  it("drops what follows another document's commit (the page before navigating itself), and waits for its own", () => {
    const handover = new PageHandover(MAIN)
    const visit = new Visit('b.html', resolver, new SharedWorkers())
    handover.begin(visit)
    handover.take(commit('L-SELF'))
    handover.take(refused('https://a.example/its-own-navigation'))
    handover.navigated('LB')
    handover.take(refused('https://a.example/still-its-own'))
    handover.take(commit('LB'))
    handover.take(refused('https://b.example/1'))
    expect(urls(visit)).toEqual(['https://b.example/1'])
  })

  it("takes no frame's commit but the tab's main frame's", () => {
    const handover = new PageHandover(MAIN)
    const visit = new Visit('b.html', resolver, new SharedWorkers())
    handover.begin(visit)
    handover.navigated('LB')
    handover.take(commit('LB', { id: 'FRAME-2', parentId: MAIN }))
    handover.take(refused('https://a.example/1'))
    handover.take(commit('LB'))
    handover.take(refused('https://b.example/1'))
    expect(urls(visit)).toEqual(['https://b.example/1'])
  })

  it('counts from the answer on when a navigation has no document of its own to commit', () => {
    const handover = new PageHandover(MAIN)
    const visit = new Visit('b.html', resolver, new SharedWorkers())
    handover.begin(visit)
    handover.take(refused('https://a.example/1'))
    handover.navigated(undefined)
    handover.take(refused('https://b.example/1'))
    expect(urls(visit)).toEqual(['https://b.example/1'])
  })
})
