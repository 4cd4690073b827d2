import type { CdpEvent } from './cdp.js'
import { workerKey } from './page-hook.js'
import { TARGET_STARTED } from './tab.js'

/**
 * Shared and service workers: the browser attaches them on its own, not as a page's, and any page
 * of their origin may use one. Each counts for the pages that started or connected to it, as
 * their hook says (page-hook.ts) or their request for its script shows, for as long as each page
 * is loaded; and a page that comes to a worker later is given first what the worker did before,
 * so that which tab's page came first changes nothing in the report. Workers are known by their
 * type and script: two pages that start `new SharedWorker('/w.js')` share one worker, and a
 * service worker started again (it stops when idle) is the same one.
 */

/** Workers that any page of their origin may use, as the DevTools protocol names their targets. */
export const SHARED_KINDS = new Set<string>(['shared_worker', 'service_worker'])

/** A page a worker counts for (record.ts): it is given the worker's events. */
export interface WorkerPage {
  record(event: CdpEvent): void
}

/** Events kept of the workers of one script, for the pages that claim it later: at most this many. */
const LOG_KEPT = 2_000
/** Scripts remembered at most; beyond, one that no page claims and no worker runs is forgotten. */
const SCRIPTS_KEPT = 1_000

/** What the pass keeps of the workers of one script. */
interface Script {
  /** Their events, in order, as far as LOG_KEPT; past it, only the ends of requests it holds the start of. */
  log: CdpEvent[]
  /** Requests whose start the log holds and whose end it does not yet. */
  openInLog: Set<string>
  /** The pages it counts for now. */
  pages: Set<WorkerPage>
  /** Its workers attached now, by session: their attach notice, and their start once it came. */
  running: Map<string, CdpEvent[]>
}

export class SharedWorkers {
  private readonly scripts = new Map<string, Script>()
  /** What each page claimed, to release it when the page ends. */
  private readonly claims = new Map<WorkerPage, Set<Script>>()
  /** Scripts each page asked for, which a shared worker that attaches later may be running. */
  private readonly asked = new Map<WorkerPage, Set<string>>()

  /**
   * The page started or connected to the worker of `type` at `url`: it is given what that worker
   * did so far (its workers attached now first, so that it waits for those still starting), and
   * what it does until the page is released.
   */
  claim(page: WorkerPage, type: string, url: string): void {
    const script = this.script(workerKey(type, url))
    if (script.pages.has(page)) return
    script.pages.add(page)
    let claimed = this.claims.get(page)
    if (!claimed) this.claims.set(page, (claimed = new Set()))
    claimed.add(script)
    for (const notices of script.running.values()) for (const notice of notices) page.record(notice)
    for (const event of script.log) page.record(event)
  }

  /**
   * The page asked for `url`: a shared worker running that script, now or once it attaches, was
   * started by it, whether or not its hook saw the start.
   */
  requested(page: WorkerPage, url: string): void {
    const key = workerKey('shared_worker', url)
    if (this.scripts.get(key)?.running.size) return this.claim(page, 'shared_worker', url)
    let urls = this.asked.get(page)
    if (!urls) this.asked.set(page, (urls = new Set()))
    urls.add(key)
  }

  /** The page has ended: no worker counts for it any more. */
  release(page: WorkerPage): void {
    for (const script of this.claims.get(page) ?? []) script.pages.delete(page)
    this.claims.delete(page)
    this.asked.delete(page)
  }

  /**
   * An event of a shared or service worker (`owner`), or of a worker it started, its attach, start
   * and detach notices included (targets.ts): kept, and given to each page it counts for.
   */
  take(owner: { type: string; url: string }, event: CdpEvent): void {
    const key = workerKey(owner.type, owner.url)
    const script = this.script(key)
    const subject = event.params.sessionId as string
    switch (event.method) {
      case 'Target.attachedToTarget':
        script.running.set(subject, [event])
        break
      case TARGET_STARTED:
        script.running.get(subject)?.push(event)
        break
      case 'Target.detachedFromTarget':
        script.running.delete(subject)
        break
      default:
        keep(script, event)
    }
    for (const page of script.pages) page.record(event)
    if (event.method === 'Target.attachedToTarget' && owner.type === 'shared_worker')
      for (const [page, keys] of this.asked) if (keys.has(key)) this.claim(page, owner.type, owner.url)
  }

  private script(key: string): Script {
    let script = this.scripts.get(key)
    if (script) return script
    if (this.scripts.size >= SCRIPTS_KEPT) {
      for (const [other, kept] of this.scripts)
        if (kept.pages.size === 0 && kept.running.size === 0) {
          this.scripts.delete(other)
          break
        }
    }
    script = { log: [], openInLog: new Set(), pages: new Set(), running: new Map() }
    this.scripts.set(key, script)
    return script
  }
}

/** Keeps an event of the script's workers in its log, within LOG_KEPT. */
function keep(script: Script, event: CdpEvent): void {
  const requestId = typeof event.params.requestId === 'string' ? event.params.requestId : undefined
  const ends = event.method === 'Network.loadingFinished' || event.method === 'Network.loadingFailed'
  if (script.log.length >= LOG_KEPT && !(ends && requestId !== undefined && script.openInLog.has(requestId))) return
  script.log.push(event)
  if (requestId === undefined) return
  if (event.method === 'Network.requestWillBeSent') script.openInLog.add(requestId)
  else if (ends) script.openInLog.delete(requestId)
}
