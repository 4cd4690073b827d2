import type { CdpEvent, CdpPipe } from './cdp.js'
import { hookSource, WORKER_KINDS, type HookNames } from './page-hook.js'
import { SHARED_KINDS, SharedWorkers } from './shared-workers.js'
import { TARGET_STARTED, type Session, type Tab } from './tab.js'

/**
 * Every target of the browser, attached as it starts and held until its requests are intercepted:
 * pages, frames, prerendered pages, and workers of every kind, dedicated, shared and service
 * workers included, whose requests the pages' interception never sees. Auto-attach is set on the
 * browser (`Target.setAutoAttach` with `flatten` and `waitForDebuggerOnStart`) and again on each
 * attached target, for the targets it starts; each new target waits until `Fetch.enable` has been
 * answered on it, and only then is let run (`Runtime.runIfWaitingForDebugger`). A popup is closed
 * before it runs: a reader's browser blocks a window that no click opened, and the pass clicks
 * nothing; the page's attempt is recorded from `Page.windowOpen` (record.ts).
 *
 * Each target's events count for pages: a tab's page and its frames, and the workers they start,
 * for the page the tab is loading (handover.ts); a shared or service worker, and the workers it
 * starts, for the pages that started or connected to it (shared-workers.ts). Those pages are told
 * of a worker as it attaches, and again once it has run its first task, its script (a command sent
 * to a worker is answered only after the task it runs), or has gone: until then they are busy.
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

const WORKERS = new Set<string>(WORKER_KINDS)

interface TargetInfo {
  targetId: string
  type: string
  url: string
  openerId?: string
}

export class TargetWatcher {
  private readonly sessions = new Map<string, Session>()
  /** The session the pass keeps for each target: a target attached twice (by the browser and by its page) is watched once. */
  private readonly kept = new Map<string, string>()
  /** Targets watched and running, by target id. */
  private readonly ready = new Map<string, Session>()
  private readonly tabs = new Map<string, Tab>()
  private readonly pending = new Map<string, (session: Session) => void>()
  private stopListening = (): void => undefined
  /** The page hook's source, made once: the same for every target of the pass. */
  private readonly hookScript: string
  /** The shared and service workers, and the pages each counts for. */
  readonly sharedWorkers = new SharedWorkers()

  constructor(
    private readonly cdp: CdpPipe,
    /** The names of the page hook's binding and answers (page-hook.ts). */
    private readonly hook: HookNames,
    /** Every event of an attached target, with its session, to be answered. */
    private readonly onEvent: (event: CdpEvent, session: Session) => void
  ) {
    this.hookScript = hookSource(hook)
  }

  async start(): Promise<void> {
    this.stopListening = this.cdp.onEvent((event) => {
      if (event.method === 'Target.attachedToTarget') return void this.attach(event)
      if (event.method === 'Target.detachedFromTarget') return this.detach(event)
      const session = event.sessionId ? this.sessions.get(event.sessionId) : undefined
      if (!session) return
      this.onEvent(event, session)
      this.record(session, event)
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
    if (info.type === 'page' && info.openerId !== undefined) {
      // Closed while still held at its start, a popup kept its opener's renderer (which it may
      // share) waiting, and the opener never finished loading. It is let run with every request
      // held, which no session of the pass answers, and closed: it loads nothing.
      await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, id).catch(() => undefined)
      await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined)
      await cdp.send('Target.closeTarget', { targetId: info.targetId }).catch(() => undefined)
      return
    }
    if (this.kept.has(info.targetId)) {
      await cdp.send('Runtime.runIfWaitingForDebugger', {}, id).catch(() => undefined)
      await cdp.send('Target.detachFromTarget', { sessionId: id }, event.sessionId).catch(() => undefined)
      return
    }
    const session: Session = { id, targetId: info.targetId, type: info.type, url: info.url, parentId: event.sessionId }
    this.sessions.set(id, session)
    this.kept.set(info.targetId, id)
    // The pages it counts for learn of it before it runs, and wait for it from now on.
    this.record(session, { ...event, sessionId: id })
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
    if (WORKERS.has(info.type)) this.awaitFirstTask(session)
    this.ready.set(info.targetId, session)
    this.pending.get(info.targetId)?.(session)
    this.pending.delete(info.targetId)
  }

  /**
   * Tells the pages a worker counts for once it has run its first task: an evaluation is answered
   * only after the task the worker is running, and the events of that task (its script's requests)
   * come before the answer. A worker that never answers is told of by its detach.
   */
  private awaitFirstTask(session: Session): void {
    const started = (): void => {
      if (this.sessions.get(session.id) !== session) return
      this.record(session, { method: TARGET_STARTED, params: { sessionId: session.id }, sessionId: session.id })
    }
    this.cdp.send('Runtime.evaluate', { expression: '0', silent: true }, session.id).then(started, () => undefined)
  }

  /** Gives an event of a target (or a notice about it) to the pages it counts for. */
  private record(session: Session, event: CdpEvent): void {
    const owner = (session.owner ??= this.ownerOf(session))
    if (!owner) return
    if (SHARED_KINDS.has(owner.type)) this.sharedWorkers.take(owner, event)
    else this.tabs.get(owner.targetId)?.pages.take(event)
  }

  /**
   * The target whose pages a target counts for, when it can be told yet: the nearest of itself and
   * the targets that attached it that is a shared or service worker, or a tab's page.
   */
  private ownerOf(session: Session): Session | undefined {
    for (let target: Session | undefined = session; target;) {
      if (SHARED_KINDS.has(target.type) || this.tabs.has(target.targetId)) return target
      target = target.parentId ? this.sessions.get(target.parentId) : undefined
    }
    return undefined
  }

  private detach(event: CdpEvent): void {
    const id = event.params.sessionId as string
    const session = this.sessions.get(id)
    if (!session) return
    this.sessions.delete(id)
    if (this.kept.get(session.targetId) !== id) return
    this.record(session, { ...event, sessionId: id })
    this.kept.delete(session.targetId)
    this.ready.delete(session.targetId)
  }
}
