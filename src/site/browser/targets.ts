import type { CdpEvent, CdpPipe } from './cdp.js'
import { hookSource, readHookReport, type HookNames } from './page-hook.js'
import type { Session, Tab } from './tab.js'

/**
 * Every target of the browser, attached as it starts and held until its requests are intercepted:
 * pages, frames, popups, prerendered pages, and workers of every kind, dedicated, shared and
 * service workers included, whose requests the pages' interception never sees. Auto-attach is set
 * on the browser (`Target.setAutoAttach` with `flatten` and `waitForDebuggerOnStart`) and again on
 * each attached target, for the targets it starts; each new target waits until `Fetch.enable` has
 * been answered on it, and only then is let run (`Runtime.runIfWaitingForDebugger`).
 *
 * Each target counts for a tab: a tab's page; a frame or a dedicated worker for the tab of the
 * page that attached it; a popup for the tab of its opener; a shared or service worker for the tab
 * whose page started it, as the page's hook says (page-hook.ts) or its script's request shows. The
 * browser attaches a service worker through every page of its origin, so that says nothing.
 */

/** Auto-attach on every target but the browser itself, its tabs (their pages are attached) and Chrome's own UI. */
const AUTO_ATTACH = {
  autoAttach: true,
  waitForDebuggerOnStart: true,
  flatten: true,
  filter: [
    { type: 'browser', exclude: true },
    { type: 'tab', exclude: true },
    { type: 'browser_ui', exclude: true },
    {}
  ]
}

/** Types of target that load documents: they get the page domains, the dialog handling and the page hook. */
const DOCUMENTS = new Set(['page', 'iframe'])

interface TargetInfo {
  targetId: string
  type: string
  url: string
  openerId?: string
}

/** Addresses remembered with the tab that asked for them, at most; then the memory starts again. */
const STARTERS_KEPT = 10_000

/** Workers that any page of their origin may use: they count for the tab that started them. */
const SHARED = new Set(['shared_worker', 'service_worker'])

export class TargetWatcher {
  private readonly sessions = new Map<string, Session>()
  /** The session the pass keeps for each target: a target attached twice (by the browser and by its page) is watched once. */
  private readonly kept = new Map<string, string>()
  /** Targets watched and running, by target id. */
  private readonly ready = new Map<string, Session>()
  private readonly tabs = new Map<string, Tab>()
  /** The tab whose page last started a worker, or asked for a script, at each address. */
  private readonly starters = new Map<string, Tab>()
  private readonly pending = new Map<string, (session: Session) => void>()
  private stopListening = (): void => undefined
  /** The page hook's source, made once: the same for every target of the pass. */
  private readonly hookScript: string

  constructor(
    private readonly cdp: CdpPipe,
    /** The names of the page hook's binding and answers (page-hook.ts). */
    private readonly hook: HookNames,
    /** Every event of an attached target, with its session. */
    private readonly onEvent: (event: CdpEvent, session: Session) => void
  ) {
    this.hookScript = hookSource(hook)
  }

  async start(): Promise<void> {
    this.stopListening = this.cdp.onEvent((event) => {
      if (event.method === 'Target.attachedToTarget') return void this.attach(event)
      if (event.method === 'Target.detachedFromTarget') return this.detach(event.params.sessionId as string)
      const session = event.sessionId ? this.sessions.get(event.sessionId) : undefined
      if (!session) return
      session.tab ??= this.tabOf(session)
      if (session.tab) this.noteStarter(event, session.tab)
      this.onEvent(event, session)
    })
    await this.cdp.send('Target.setAutoAttach', AUTO_ATTACH)
  }

  stop(): void {
    this.stopListening()
  }

  /** A tab's page, whose targets count for the tab from now on. */
  addTab(tab: Tab): void {
    this.tabs.set(tab.targetId, tab)
  }

  removeTab(tab: Tab): void {
    this.tabs.delete(tab.targetId)
  }

  /** The session of a target once it is attached, watched, and running. */
  attached(targetId: string): Promise<Session> {
    const session = this.ready.get(targetId)
    if (session) return Promise.resolve(session)
    return new Promise((resolve) => this.pending.set(targetId, resolve))
  }

  private async attach(event: CdpEvent): Promise<void> {
    const id = event.params.sessionId as string
    const info = event.params.targetInfo as TargetInfo
    const { cdp } = this
    if (this.kept.has(info.targetId)) {
      await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined)
      await cdp.send('Target.detachFromTarget', { sessionId: id }, event.sessionId).catch(() => undefined)
      return
    }
    const session: Session = {
      id,
      targetId: info.targetId,
      type: info.type,
      url: info.url,
      parentId: event.sessionId,
      openerId: info.openerId
    }
    session.tab = this.tabOf(session)
    this.sessions.set(id, session)
    this.kept.set(info.targetId, id)
    // Nothing the target asks for may pass before this is answered; a target that has no Fetch
    // domain of its own (a dedicated worker) sends its requests through its page's.
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, id).catch(() => undefined)
    const commands = [cdp.send('Target.setAutoAttach', AUTO_ATTACH, id)]
    if (DOCUMENTS.has(info.type)) {
      commands.push(
        cdp.send('Page.enable', {}, id),
        // Lifecycle events name their navigation: the load event of the page, not of the one before it.
        cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }, id),
        cdp.send('Preload.enable', {}, id),
        cdp.send('Runtime.addBinding', { name: this.hook.binding }, id),
        cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: this.hookScript }, id)
      )
    }
    await Promise.allSettled(commands)
    // A worker answers these only once it runs: they are sent before it does, not waited for.
    for (const domain of ['Network', 'Runtime']) cdp.send(`${domain}.enable`, {}, id).catch(() => undefined)
    await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined)
    if (this.sessions.get(id) !== session) return
    this.ready.set(info.targetId, session)
    this.pending.get(info.targetId)?.(session)
    this.pending.delete(info.targetId)
  }

  /** The tab a target counts for, when it can be told yet. */
  private tabOf(session: Session): Tab | undefined {
    if (session.tab) return session.tab
    const own = this.tabs.get(session.targetId)
    if (own) return own
    if (SHARED.has(session.type)) return this.starters.get(session.url)
    const parent = session.parentId ? this.sessions.get(session.parentId) : undefined
    if (parent) return this.tabOf(parent)
    const openerId = session.openerId ? this.kept.get(session.openerId) : undefined
    const opener = openerId ? this.sessions.get(openerId) : undefined
    return opener ? this.tabOf(opener) : undefined
  }

  /** Remembers which tab started a worker: its page's hook says so, or the page asks for the worker's script. */
  private noteStarter(event: CdpEvent, tab: Tab): void {
    let urls: string[] = []
    if (event.method === 'Runtime.bindingCalled') {
      const report = readHookReport(event.params.payload)
      if (report?.kind === 'worker') urls = report.urls
    } else if (event.method === 'Fetch.requestPaused') {
      const url = (event.params.request as { url?: unknown } | undefined)?.url
      if (typeof url === 'string') urls = [url]
    }
    for (const url of urls) {
      if (this.starters.size >= STARTERS_KEPT) this.starters.clear()
      this.starters.set(url, tab)
    }
  }

  private detach(id: string): void {
    const session = this.sessions.get(id)
    if (!session) return
    this.sessions.delete(id)
    if (this.kept.get(session.targetId) !== id) return
    this.kept.delete(session.targetId)
    this.ready.delete(session.targetId)
  }
}
