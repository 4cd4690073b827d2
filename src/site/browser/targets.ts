import type { CdpEvent, CdpPipe } from './cdp.js'
import { hookSource } from './page-hook.js'
import type { Session, Tab } from './tab.js'

/**
 * Every target of the browser, attached as it starts and held until its requests are intercepted:
 * pages, frames, popups, prerendered pages, and workers of every kind, dedicated, shared and
 * service workers included, whose requests the pages' interception never sees. Auto-attach is set
 * on the browser (`Target.setAutoAttach` with `flatten` and `waitForDebuggerOnStart`) and again on
 * each attached target, for the targets it starts; each new target waits until `Fetch.enable` has
 * been answered on it, and only then is let run (`Runtime.runIfWaitingForDebugger`).
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

/** Types of target that load documents: they get the page domains, the dialog handling and the WebRTC hook. */
const DOCUMENTS = new Set(['page', 'iframe'])

interface TargetInfo {
  targetId: string
  type: string
  browserContextId?: string
}

export class TargetWatcher {
  private readonly sessions = new Map<string, Session>()
  /** The session the pass keeps for each target: a target attached twice (by the browser and by its page) is watched once. */
  private readonly kept = new Map<string, string>()
  /** Targets watched and running, by target id. */
  private readonly ready = new Map<string, Session>()
  private readonly tabsByContext = new Map<string, Tab>()
  private readonly pending = new Map<string, (session: Session) => void>()
  private stopListening = (): void => undefined

  constructor(
    private readonly cdp: CdpPipe,
    /** The binding through which the WebRTC hook reports (page-hook.ts). */
    private readonly binding: string,
    /** Every event of an attached target, with its session. */
    private readonly onEvent: (event: CdpEvent, session: Session) => void
  ) {}

  async start(): Promise<void> {
    this.stopListening = this.cdp.onEvent((event) => {
      if (event.method === 'Target.attachedToTarget') return void this.attach(event)
      if (event.method === 'Target.detachedFromTarget') return this.detach(event.params.sessionId as string)
      const session = event.sessionId ? this.sessions.get(event.sessionId) : undefined
      if (session) this.onEvent(event, session)
    })
    await this.cdp.send('Target.setAutoAttach', AUTO_ATTACH)
  }

  stop(): void {
    this.stopListening()
  }

  /** Records a tab's context before its page exists, so that every target of the context is the tab's. */
  addTab(tab: Tab): void {
    this.tabsByContext.set(tab.browserContextId, tab)
  }

  removeTab(tab: Tab): void {
    this.tabsByContext.delete(tab.browserContextId)
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
      tab: info.browserContextId ? this.tabsByContext.get(info.browserContextId) : undefined
    }
    this.sessions.set(id, session)
    this.kept.set(info.targetId, id)
    // Nothing the target asks for may pass before this is answered; a target that has no Fetch
    // domain of its own (a dedicated worker) sends its requests through its page's.
    await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*' }] }, id).catch(() => undefined)
    const commands = [cdp.send('Target.setAutoAttach', AUTO_ATTACH, id)]
    if (DOCUMENTS.has(info.type)) {
      commands.push(
        cdp.send('Page.enable', {}, id),
        // Lifecycle events name their navigation: the load event of the page, not of the about:blank before it.
        cdp.send('Page.setLifecycleEventsEnabled', { enabled: true }, id),
        cdp.send('Preload.enable', {}, id),
        cdp.send('Runtime.addBinding', { name: this.binding }, id),
        cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: hookSource(this.binding) }, id)
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

  private detach(id: string): void {
    const session = this.sessions.get(id)
    if (!session) return
    this.sessions.delete(id)
    if (this.kept.get(session.targetId) !== id) return
    this.kept.delete(session.targetId)
    this.ready.delete(session.targetId)
  }
}
