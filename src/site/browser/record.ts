import type { ReferenceResolver } from '../resolve.js'
import type { CdpEvent } from './cdp.js'
import {
  describeInitiator,
  resourceType,
  scriptError,
  speculationUrls,
  type ExceptionDetails,
  type RawInitiator
} from './decode.js'
import { siteRequestUrl } from './intercept.js'
import { readHookReport, WORKER_KINDS, workerKey, type WorkerKind } from './page-hook.js'
import { SHARED_KINDS, type SharedWorkers } from './shared-workers.js'
import { TARGET_STARTED } from './tab.js'
import type { Initiator, PageLoad, ScriptError } from './types.js'

/**
 * What a page and every target that counts for it (its frames, its workers, the shared and service
 * workers it started) did while it was loaded, recorded from the DevTools protocol's events:
 * requests and their initiators, 404s of the site, uncaught errors, WebSockets and WebTransport
 * sessions, speculation rules, ICE servers, windows it tried to open. And whether it is still busy:
 * loading, a request open, or a worker it started not yet through its first task.
 */

export interface VisitResult {
  /** Requests to other origins, refused; and what was tried without a request (WebRTC, speculation rules, WebSockets). */
  loads: PageLoad[]
  /** The site's own requests answered 404; `url` is the site path. */
  missing: PageLoad[]
  /** Links and resources of the rendered page that the site does not have; `url` is the site path. */
  renderedMissing: PageLoad[]
  errors: ScriptError[]
  durationMs: number
}

/**
 * A page has settled when it has had its load event and no request has been open for this long: a
 * page whose requests follow each other closer than this (a poll every 100 ms, with room for a
 * loaded machine's late timers) never settles, and is reported as busy when its time is up. 150 ms
 * let such a page settle between two polls on a loaded machine (the e2e test's busy page).
 */
export const QUIET_MS = 500

/**
 * A page that has nothing scheduled within QUIET_MS (page-timers.ts) has settled sooner: once no
 * request has been open for this long, room for a response's script to ask for the next one.
 */
export const SHORT_QUIET_MS = 100

/** Paths the browser asks for on its own, not the page: a 404 for them is no finding. */
const BROWSER_OWN = new Set(['/favicon.ico'])

/** Targets that are workers, as the protocol names their types: a page waits for those it started. */
const WORKER_TYPES = new Set<unknown>(WORKER_KINDS)

interface Request {
  type: string
  initiator: Initiator
}

interface Refused {
  /** The request's id in `requests`, which knows its type and initiator better than the interception. */
  key?: string
  url: string
  type: string
  initiator?: Initiator
}

export class Visit {
  readonly startedAt = Date.now()
  /** Requests not yet finished, by request id, with their URL. */
  readonly open = new Map<string, string>()
  private readonly requests = new Map<string, Request>()
  readonly refused: Refused[] = []
  private readonly notFound: { key: string; url: string; type: string }[] = []
  renderedMissing: PageLoad[] = []
  readonly errors: ScriptError[] = []
  lastActivity = Date.now()
  /** The navigation of the page, once Page.navigate has answered, and the navigations that reached their load event. */
  loaderId?: string
  private readonly loadedLoaders = new Set<string>()
  /** The page's address on the site's domain. */
  readonly url: string
  /** Workers that count for the page and are attached now, by session, with their script. */
  private readonly workers = new Map<string, string>()
  /** Those of them that have not yet run their first task. */
  private readonly starting = new Set<string>()
  /**
   * Workers the page's hook said it started, by workerKey, less those attached since: the page
   * waits while any is above 0. The hook's report and the browser's attach come by different
   * ways, in either order.
   */
  private readonly due = new Map<string, number>()
  /** Service worker registrations the page asked for and the hook has not yet said are settled, by script. */
  private readonly registering = new Map<string, number>()

  constructor(
    readonly page: string,
    private readonly resolver: ReferenceResolver,
    /** The shared and service workers of the pass, which count for the pages that start them. */
    private readonly sharedWorkers: SharedWorkers
  ) {
    this.url = resolver.pageUrl(page)
  }

  /** Resolved at the next change of the page's load state or of its open requests. */
  private changes: (() => void)[] = []

  /**
   * How long the page has had its load event, no request open and no worker starting; -1 while it
   * has not, or has one.
   */
  quietFor(): number {
    return this.loaded() && this.open.size === 0 && this.pendingWorkers().length === 0
      ? Date.now() - this.lastActivity
      : -1
  }

  /**
   * The scripts of the workers the page waits for: started by it and not yet attached, attached
   * and not yet through their first task, or service workers whose registration has not settled.
   */
  pendingWorkers(): string[] {
    const pending = [...this.starting].map((id) => this.workers.get(id) ?? '')
    for (const [key, count] of this.due) if (count > 0) pending.push(key.slice(key.indexOf(' ') + 1))
    for (const [url, count] of this.registering) if (count > 0) pending.push(url)
    return pending
  }

  /** Whether a worker counts for the page now: what it has scheduled is not known, so the page may have work due. */
  hasWorkers(): boolean {
    return this.workers.size > 0
  }

  /** The next change of the page's load state or of its open requests. */
  nextChange(): Promise<void> {
    return new Promise((resolve) => this.changes.push(resolve))
  }

  /** Something happened on the page: its quiet starts again, and whoever waits for a change is woken. */
  touch(): void {
    this.lastActivity = Date.now()
    const waiting = this.changes
    if (waiting.length === 0) return
    this.changes = []
    for (const resolve of waiting) resolve()
  }

  /** Whether this page's own navigation (not one before it in the tab) has had its load event. */
  loaded(): boolean {
    return this.loaderId !== undefined && this.loadedLoaders.has(this.loaderId)
  }

  /** A URL as the report shows it: the site's own as a path, any other as it is. */
  readonly short = (url: string): string => {
    const parsed = URL.parse(url)
    return parsed && this.resolver.isSiteHost(parsed) ? `${parsed.pathname}${parsed.search}` : url
  }

  result(): VisitResult {
    const known = (key: string | undefined): Request | undefined => (key ? this.requests.get(key) : undefined)
    const loads: PageLoad[] = this.refused.map((load) => ({
      page: this.page,
      url: load.url,
      // The network's type tells a fetch() from an XMLHttpRequest, which interception calls both XHR.
      type: known(load.key)?.type ?? load.type,
      initiator: load.initiator ?? known(load.key)?.initiator ?? 'other'
    }))
    return {
      loads,
      missing: this.notFound.map((miss) => ({
        page: this.page,
        url: miss.url,
        type: miss.type,
        initiator: known(miss.key)?.initiator ?? 'other'
      })),
      renderedMissing: this.renderedMissing,
      errors: this.errors,
      durationMs: Date.now() - this.startedAt
    }
  }

  record(event: CdpEvent): void {
    const { params } = event
    const key = (): string => String(params.requestId)
    switch (event.method) {
      case 'Fetch.requestPaused': {
        // A request the interception refuses (intercept.ts). Its network id is the request id of
        // its Network events, which may come from another target than the interception (a
        // dedicated worker's requests are held by its page's).
        const { url } = params.request as { url: string }
        if (siteRequestUrl(this.resolver, url)) return
        this.refused.push({
          key: params.networkId as string | undefined,
          url,
          type: resourceType(params.resourceType)
        })
        return
      }
      case 'Page.lifecycleEvent':
        if (params.name === 'load') {
          this.loadedLoaders.add(params.loaderId as string)
          this.touch()
        }
        return
      case 'Network.requestWillBeSent': {
        const request = params.request as { url: string }
        this.sharedWorkers.requested(this, request.url)
        this.open.set(key(), request.url)
        this.requests.set(key(), {
          type: resourceType(params.type),
          initiator: describeInitiator(params.initiator as RawInitiator, this.short)
        })
        this.touch()
        return
      }
      case 'Network.loadingFinished':
      case 'Network.loadingFailed':
        this.open.delete(key())
        this.touch()
        return
      case 'Network.responseReceived': {
        const response = params.response as { url: string; status: number }
        const url = URL.parse(response.url)
        const type = resourceType(params.type)
        if (
          response.status === 404 &&
          url &&
          this.resolver.isSiteHost(url) &&
          !(type === 'Other' && BROWSER_OWN.has(url.pathname))
        ) {
          this.notFound.push({ key: key(), url: this.short(response.url), type })
        }
        return
      }
      case 'Network.webSocketCreated':
        return this.elsewhere(params.url, 'WebSocket', describeInitiator(params.initiator as RawInitiator, this.short))
      case 'Network.webTransportCreated':
        return this.elsewhere(
          params.url,
          'WebTransport',
          describeInitiator(params.initiator as RawInitiator, this.short)
        )
      case 'Preload.ruleSetUpdated': {
        const ruleSet = params.ruleSet as { sourceText?: unknown; url?: unknown }
        if (typeof ruleSet.sourceText !== 'string') return
        const base = typeof ruleSet.url === 'string' ? ruleSet.url : this.url
        for (const { url, type } of speculationUrls(ruleSet.sourceText, base))
          this.elsewhere(url, type, 'speculation rules')
        return
      }
      case 'Runtime.bindingCalled': {
        const report = readHookReport(params.payload)
        if (!report) return
        for (const url of report.urls) {
          if (report.kind === 'webrtc') this.elsewhere(url, 'WebRTC', 'script (RTCPeerConnection)')
          else this.workerReported(report.kind, url)
        }
        return
      }
      case 'Page.windowOpen':
        // The pass closes every window a page opens before it loads anything (targets.ts).
        return this.elsewhere(params.url, 'Popup', 'other')
      case 'Target.attachedToTarget': {
        const info = params.targetInfo as { type?: unknown; url?: unknown }
        if (!WORKER_TYPES.has(info.type) || typeof info.type !== 'string' || typeof info.url !== 'string') return
        const id = String(params.sessionId)
        this.workers.set(id, info.url)
        this.starting.add(id)
        count(this.due, workerKey(info.type, info.url), -1)
        return this.touch()
      }
      case TARGET_STARTED:
        this.starting.delete(String(params.sessionId))
        return this.touch()
      case 'Target.detachedFromTarget': {
        const id = String(params.sessionId)
        if (!this.workers.delete(id)) return
        this.starting.delete(id)
        return this.touch()
      }
      case 'Runtime.exceptionThrown':
        this.errors.push(scriptError(this.page, params.exceptionDetails as ExceptionDetails, this.short))
        return
    }
  }

  /** The page's hook said it started a worker, or that a service worker it registered has settled. */
  private workerReported(kind: WorkerKind | 'registered', url: string): void {
    if (kind === 'worker' || kind === 'shared_worker') count(this.due, workerKey(kind, url), 1)
    else count(this.registering, url, kind === 'registered' ? -1 : 1)
    if (SHARED_KINDS.has(kind)) this.sharedWorkers.claim(this, kind, url)
    this.touch()
  }

  /** Something tried without a request the interception saw: recorded when it is not the site's own. */
  private elsewhere(target: unknown, type: string, initiator: Initiator): void {
    if (typeof target !== 'string' || target === '') return
    const url = URL.parse(target)
    if (url && this.resolver.isSiteHost(url)) return
    this.refused.push({ url: target, type, initiator })
  }
}

function count(counts: Map<string, number>, key: string, by: number): void {
  counts.set(key, (counts.get(key) ?? 0) + by)
}
