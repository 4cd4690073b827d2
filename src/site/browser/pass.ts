import { setTimeout as sleep } from 'node:timers/promises'
import type { ReferenceResolver, SiteFiles } from '../resolve.js'
import type { CdpEvent, CdpPipe } from './cdp.js'
import { launchBrowser, type Browser } from './launch.js'
import { serveSite, type SiteServer } from './server.js'
import type { Initiator, PageLoad, ScriptError } from './types.js'

/**
 * The browser pass: the site on a loopback server, pages loaded in tabs of an installed browser
 * with JavaScript on. Every request is intercepted: the site's own (on its domain, over http or
 * https) is answered from the loopback server, so pages keep their real address and absolute
 * links to the site stay inside; every other one is refused and recorded with its page, type and
 * initiator. What the interception cannot hold (WebSockets, the browser's own calls) goes to a
 * proxy that refuses it.
 */

export interface PassOptions {
  root: string
  site: SiteFiles
  /** Stands for the site's domain: pages are loaded at its addresses. */
  resolver: ReferenceResolver
  /** The pages to load, relative to the site, in order. */
  pages: string[]
  executable: string
  /** Epoch milliseconds at which the run's time is up. */
  deadline: number
  signal: AbortSignal
  /** Longest time one page may take to load and settle. */
  pageTimeoutMs?: number
  /** Tabs loading pages at once. */
  tabs?: number
  /** Called as each page is done. */
  onPage?: (page: string, visit: VisitResult) => void
}

interface VisitResult {
  /** Requests to other origins, refused. */
  loads: PageLoad[]
  /** The site's own requests answered 404; `url` is the site path. */
  missing: PageLoad[]
  errors: ScriptError[]
  durationMs: number
}

export interface PassResult {
  product: string
  startupMs: number
  durationMs: number
  /** Pages loaded, in the sample's order. */
  pages: string[]
  notLoaded: string[]
  visits: Map<string, VisitResult>
}

const DEFAULT_PAGE_TIMEOUT_MS = 10_000
const DEFAULT_TABS = 4
/** A page has settled when no request has been open for this long. */
const QUIET_MS = 500
/** Longest wait for the browser's first answer. */
const START_TIMEOUT_MS = 30_000
const POLL_MS = 25
/** The largest file the pass hands to the browser whole. */
const MAX_FULFILLED_BYTES = 32 * 1024 * 1024

/** Thrown inside a visit when its time is up; the visit becomes a `timeout` finding. */
class PageTimeout extends Error {}

interface Request {
  url: string
  type: string
  initiator: Initiator
}

/** What one page did while it was loaded. */
class Visit {
  readonly startedAt = Date.now()
  readonly open = new Map<string, string>()
  readonly requests = new Map<string, Request>()
  /** Refused requests by network id, and WebSockets, which have no interception. */
  readonly refused: { networkId?: string; url: string; type: string; initiator?: Initiator }[] = []
  readonly notFound: { networkId: string; url: string; type: string }[] = []
  readonly errors: ScriptError[] = []
  lastActivity = Date.now()
  /** The navigation of the page, once Page.navigate has answered, and the navigations that reached their load event. */
  loaderId?: string
  readonly loadedLoaders = new Set<string>()
  /** The page's address on the site's domain. */
  readonly url: string

  constructor(
    readonly page: string,
    private readonly resolver: ReferenceResolver
  ) {
    this.url = resolver.pageUrl(page)
  }

  quiet(): boolean {
    return this.loaded() && this.open.size === 0 && Date.now() - this.lastActivity >= QUIET_MS
  }

  /** Whether this page (not the about:blank before it) has had its load event. */
  loaded(): boolean {
    return this.loaderId !== undefined && this.loadedLoaders.has(this.loaderId)
  }

  result(): VisitResult {
    const initiator = (networkId?: string): Initiator =>
      (networkId && this.requests.get(networkId)?.initiator) || 'other'
    // The network's type tells a fetch() from an XMLHttpRequest, which interception calls both XHR.
    const type = (networkId: string | undefined, fallback: string): string =>
      (networkId && this.requests.get(networkId)?.type) || fallback
    return {
      loads: this.refused.map((load) => ({
        page: this.page,
        url: load.url,
        type: type(load.networkId, load.type),
        initiator: load.initiator ?? initiator(load.networkId)
      })),
      missing: this.notFound.map((miss) => ({
        page: this.page,
        url: miss.url,
        type: miss.type,
        initiator: initiator(miss.networkId)
      })),
      errors: this.errors,
      durationMs: Date.now() - this.startedAt
    }
  }

  /** A URL as the report shows it: the site's own as a path, any other as it is. */
  short(url: string): string {
    const parsed = URL.parse(url)
    return parsed && this.resolver.isSiteHost(parsed) ? `${parsed.pathname}${parsed.search}` : url
  }
}

interface Tab {
  targetId: string
  sessionId: string
  visit?: Visit
}

export async function runBrowserPass(options: PassOptions): Promise<PassResult> {
  const startedAt = Date.now()
  const server = await serveSite(options.root, options.site)
  try {
    const browser = await launchBrowser(options.executable, {
      proxy: server.origin,
      timeoutMs: Math.max(1, Math.min(START_TIMEOUT_MS, options.deadline - Date.now())),
      signal: options.signal
    })
    const stop = (): void => void browser.close(true)
    options.signal.addEventListener('abort', stop, { once: true })
    try {
      if (options.signal.aborted) throw options.signal.reason
      const loaded = await loadPages(browser, server, options)
      return {
        product: browser.product,
        startupMs: browser.startupMs,
        durationMs: Date.now() - startedAt,
        pages: options.pages.filter((page) => loaded.has(page)),
        notLoaded: options.pages.filter((page) => !loaded.has(page)),
        visits: loaded
      }
    } finally {
      options.signal.removeEventListener('abort', stop)
      await browser.close(options.signal.aborted)
    }
  } finally {
    // As the browser, the server is not waited for when the run is being cancelled.
    const closed = server.close()
    if (!options.signal.aborted) await closed
  }
}

async function loadPages(
  browser: Browser,
  server: SiteServer,
  options: PassOptions
): Promise<Map<string, VisitResult>> {
  const { cdp } = browser
  const { resolver } = options
  /** The tab of each attached target, by its protocol id: the tabs themselves and their workers. */
  const tabsById = new Map<string, Tab>()
  const stopListening = cdp.onEvent((event) => {
    const tab = event.sessionId ? tabsById.get(event.sessionId) : undefined
    if (tab) handleEvent(cdp, server, resolver, tabsById, tab, event)
  })
  const results = new Map<string, VisitResult>()
  const queue = [...options.pages]
  const pageTimeoutMs = options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS
  try {
    const worker = async (): Promise<void> => {
      let tab = await openTab(cdp, tabsById)
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        if (Date.now() >= options.deadline) return
        const visit = new Visit(page, resolver)
        const end = Math.min(Date.now() + pageTimeoutMs, options.deadline)
        try {
          await loadPage(cdp, tab, visit, end, options.signal)
        } catch (error) {
          if (!(error instanceof PageTimeout)) throw error
          // A page cut short by the run's deadline is not loaded; one that used its own time is a finding.
          if (Date.now() >= options.deadline) return
          visit.errors.push(timeoutFinding(visit, pageTimeoutMs))
          // A tab that stopped answering (a script in an endless loop) is replaced, not reused.
          tab.visit = undefined
          await cdp.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => undefined)
          tab = await openTab(cdp, tabsById)
        }
        tab.visit = undefined
        const result = visit.result()
        results.set(page, result)
        options.onPage?.(page, result)
      }
    }
    await Promise.all(Array.from({ length: Math.min(options.tabs ?? DEFAULT_TABS, options.pages.length) }, worker))
  } finally {
    stopListening()
  }
  return results
}

async function openTab(cdp: CdpPipe, tabsById: Map<string, Tab>): Promise<Tab> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
  const { sessionId } = await cdp.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
  const tab: Tab = { targetId, sessionId }
  tabsById.set(sessionId, tab)
  await Promise.all([
    cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId),
    cdp.send('Network.enable', {}, sessionId),
    cdp.send('Page.enable', {}, sessionId),
    // Lifecycle events name their navigation: the load event of the page, not of the about:blank before it.
    cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }, sessionId),
    cdp.send('Runtime.enable', {}, sessionId),
    // Workers and service workers get tabsById of their own; each is held until it is watched too.
    cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId)
  ])
  return tab
}

/** Loads a page, waits until it settles, scrolls to its end once (lazy loads), and waits again. */
async function loadPage(cdp: CdpPipe, tab: Tab, visit: Visit, end: number, signal: AbortSignal): Promise<void> {
  await within(cdp.send('Page.navigate', { url: 'about:blank' }, tab.sessionId), end, signal)
  tab.visit = visit
  const navigation = await within(
    cdp.send<{ loaderId?: string; errorText?: string }>('Page.navigate', { url: visit.url }, tab.sessionId),
    end,
    signal
  )
  visit.loaderId = navigation.loaderId
  if (navigation.errorText) {
    visit.errors.push({
      page: visit.page,
      kind: 'load',
      message: `the page did not load: ${navigation.errorText}`,
      source: null
    })
    return
  }
  await settle(visit, end, signal)
  await within(
    cdp.send(
      'Runtime.evaluate',
      { expression: 'window.scrollTo(0, document.documentElement.scrollHeight)' },
      tab.sessionId
    ),
    end,
    signal
  )
  visit.lastActivity = Date.now()
  await settle(visit, end, signal)
}

async function settle(visit: Visit, end: number, signal: AbortSignal): Promise<void> {
  while (!visit.quiet()) {
    if (signal.aborted) throw signal.reason
    if (Date.now() >= end) throw new PageTimeout()
    await sleep(POLL_MS)
  }
}

/** `promise`, unless the page's time or the run ends first. */
async function within<T>(promise: Promise<T>, end: number, signal: AbortSignal): Promise<T> {
  const timer = new AbortController()
  try {
    return await Promise.race([
      promise,
      sleep(Math.max(0, end - Date.now()), undefined, { signal: AbortSignal.any([signal, timer.signal]) }).then(() => {
        throw new PageTimeout()
      })
    ])
  } catch (error) {
    if (signal.aborted) throw signal.reason
    throw error
  } finally {
    timer.abort()
  }
}

function timeoutFinding(visit: Visit, pageTimeoutMs: number): ScriptError {
  const open = [...visit.open.values()].map((url) => visit.short(url))
  const state = visit.loaded() ? 'never settled' : 'never finished loading'
  const requests =
    open.length > 0 ? `: ${open.length} request${open.length === 1 ? '' : 's'} still open, such as ${open[0]}` : ''
  return {
    page: visit.page,
    kind: 'timeout',
    message: `the page ${state} within ${Math.round(pageTimeoutMs / 1000)} s${requests}`,
    source: null
  }
}

/** Paths the browser asks for on its own, not the page: a 404 for them is no finding. */
const BROWSER_OWN = new Set(['/favicon.ico'])

function handleEvent(
  cdp: CdpPipe,
  server: SiteServer,
  resolver: ReferenceResolver,
  tabsById: Map<string, Tab>,
  tab: Tab,
  event: CdpEvent
): void {
  const { visit } = tab
  const params = event.params
  switch (event.method) {
    case 'Fetch.requestPaused':
      void answer(cdp, server, resolver, visit, event)
      return
    case 'Target.attachedToTarget':
      void watchWorker(cdp, tabsById, tab, params.sessionId as string)
      return
    case 'Page.javascriptDialogOpening':
      void cdp.send('Page.handleJavaScriptDialog', { accept: true }, event.sessionId).catch(() => undefined)
      return
  }
  if (!visit) return
  switch (event.method) {
    case 'Page.lifecycleEvent':
      if (params.name === 'load') {
        visit.loadedLoaders.add(params.loaderId as string)
        visit.lastActivity = Date.now()
      }
      return
    case 'Network.requestWillBeSent': {
      const request = params.request as { url: string }
      const id = params.requestId as string
      visit.open.set(id, request.url)
      visit.requests.set(id, {
        url: request.url,
        type: text(params.type),
        initiator: describeInitiator(params.initiator as RawInitiator, visit)
      })
      visit.lastActivity = Date.now()
      return
    }
    case 'Network.loadingFinished':
    case 'Network.loadingFailed':
      visit.open.delete(params.requestId as string)
      visit.lastActivity = Date.now()
      return
    case 'Network.responseReceived': {
      const response = params.response as { url: string; status: number }
      const url = URL.parse(response.url)
      const type = text(params.type)
      if (
        response.status === 404 &&
        url &&
        resolver.isSiteHost(url) &&
        !(type === 'Other' && BROWSER_OWN.has(url.pathname))
      ) {
        visit.notFound.push({ networkId: params.requestId as string, url: visit.short(response.url), type })
      }
      return
    }
    case 'Network.webSocketCreated': {
      const url = URL.parse(params.url as string)
      if (url && !resolver.isSiteHost(url)) {
        visit.refused.push({
          url: url.href,
          type: 'WebSocket',
          initiator: describeInitiator(params.initiator as RawInitiator, visit)
        })
      }
      return
    }
    case 'Runtime.exceptionThrown':
      visit.errors.push(scriptError(visit, params.exceptionDetails as ExceptionDetails))
      return
  }
}

/** The site's own requests are answered from the loopback server; every other one is refused and recorded. */
async function answer(
  cdp: CdpPipe,
  server: SiteServer,
  resolver: ReferenceResolver,
  visit: Visit | undefined,
  event: CdpEvent
): Promise<void> {
  const requestId = event.params.requestId as string
  const request = event.params.request as { url: string; method: string }
  const url = URL.parse(request.url)
  try {
    if (url && resolver.isSiteHost(url)) {
      const response = await fetch(`${server.origin}${url.pathname}${url.search}`, {
        method: request.method === 'HEAD' ? 'HEAD' : request.method === 'GET' ? 'GET' : 'POST'
      })
      // A file travels to the browser base64-encoded in one message: a large one (a video) is answered without its body.
      const tooLarge = Number(response.headers.get('content-length')) > MAX_FULFILLED_BYTES
      if (tooLarge) await response.body?.cancel()
      const body = tooLarge ? '' : Buffer.from(await response.arrayBuffer()).toString('base64')
      const responseHeaders = [...response.headers]
        .filter(([name]) => name === 'content-type' || name === 'cache-control')
        .map(([name, value]) => ({ name, value }))
      await cdp.send(
        'Fetch.fulfillRequest',
        { requestId, responseCode: response.status, responseHeaders, body },
        event.sessionId
      )
      return
    }
    visit?.refused.push({
      networkId: event.params.networkId as string | undefined,
      url: request.url,
      type: text(event.params.resourceType)
    })
    await cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, event.sessionId)
  } catch {
    // The page went away (a navigation, a closed tab) before the answer: nobody waits for it any more.
  }
}

/** A worker's or service worker's requests are intercepted and recorded as its page's. */
async function watchWorker(cdp: CdpPipe, tabsById: Map<string, Tab>, tab: Tab, sessionId: string): Promise<void> {
  tabsById.set(sessionId, tab)
  // Dedicated workers have no Fetch domain of their own: their requests reach the page's.
  await Promise.allSettled([
    cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, sessionId),
    cdp.send('Network.enable', {}, sessionId),
    cdp.send('Runtime.enable', {}, sessionId),
    cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, sessionId)
  ])
  await cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId).catch(() => undefined)
}

interface CallFrame {
  url: string
  lineNumber: number
  columnNumber: number
}

interface StackTrace {
  callFrames: CallFrame[]
  parent?: StackTrace
}

interface RawInitiator {
  type: string
  url?: string
  lineNumber?: number
  stack?: StackTrace
}

interface ExceptionDetails {
  text: string
  url?: string
  lineNumber?: number
  columnNumber?: number
  exception?: { description?: string }
  stackTrace?: StackTrace
}

/** The first frame with an address, through async parents (a fetch() in a then() callback). */
function firstFrame(stack: StackTrace | undefined): CallFrame | undefined {
  for (let trace = stack; trace; trace = trace.parent) {
    const frame = trace.callFrames.find((candidate) => candidate.url)
    if (frame) return frame
  }
  return undefined
}

/** `script /app.js:1:191`, `parser /guides/intro:12`, `other`. */
function describeInitiator(initiator: RawInitiator | undefined, visit: Visit): Initiator {
  if (!initiator) return 'other'
  const frame = firstFrame(initiator.stack)
  if (frame) return `${initiator.type} ${visit.short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
  if (initiator.url)
    return `${initiator.type} ${visit.short(initiator.url)}${initiator.lineNumber === undefined ? '' : `:${initiator.lineNumber + 1}`}`
  return initiator.type
}

/** Chrome's words for an import() or a module script that could not be fetched. */
const MODULE_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i

function scriptError(visit: Visit, details: ExceptionDetails): ScriptError {
  const description = details.exception?.description?.split('\n')[0]
  const message = description
    ? `${details.text.replace(/\s*$/, '')} ${description}`.replace(/^Uncaught Uncaught/, 'Uncaught')
    : details.text
  const frame = firstFrame(details.stackTrace)
  const url = frame?.url ?? details.url
  const line = frame ? frame.lineNumber : details.lineNumber
  const column = frame ? frame.columnNumber : details.columnNumber
  return {
    page: visit.page,
    kind: MODULE_FAILURE.test(message) ? 'module' : 'exception',
    message,
    source: url ? `${visit.short(url)}:${(line ?? 0) + 1}:${(column ?? 0) + 1}` : null
  }
}

/** A resource type from an event, `Other` when it has none. */
function text(value: unknown): string {
  return typeof value === 'string' ? value : 'Other'
}
