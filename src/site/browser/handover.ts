import type { CdpEvent } from './cdp.js'
import type { Visit } from './record.js'

/**
 * Which page of a tab the events of its targets count for. A tab goes from one page straight to
 * the next, with no blank page between them (a navigation a page less:
 * docs/decisions/browser-pass-pace.md). Until the next page's own document has committed in the tab's main frame, whatever the
 * tab's targets do is the page before's (its scripts run until then) or the new document's request
 * itself, and counts for no page. The commit is known by the navigation's loader id, which
 * `Page.navigate` answers with; the answer can come after the commit and after the new document's
 * first requests, which are then held until it says whose they are.
 */
export class PageHandover {
  constructor(
    /** The id of the tab's main frame (its page target's). */
    private readonly mainFrame: string
  ) {}

  /** The page whose events are recorded now. */
  private current?: Visit
  /** The page being navigated to, its navigation's loader id once answered, and what came since a commit before the answer. */
  private next?: { visit: Visit; loaderId?: string; held?: { loaderId: string; events: CdpEvent[] } }

  /** `visit`'s navigation is about to be sent: the page before has ended. */
  begin(visit: Visit): void {
    this.current = undefined
    this.next = { visit }
  }

  /**
   * `Page.navigate` answered for the page begun, with the loader id of its navigation. Without one
   * (no new document), the page's events count from now on: none is lost for lack of a commit.
   */
  navigated(loaderId: string | undefined): void {
    const next = this.next
    if (!next) return
    if (loaderId === undefined) return this.start(next.visit, [])
    next.loaderId = loaderId
    const held = next.held
    next.held = undefined
    if (held?.loaderId === loaderId) this.start(next.visit, held.events)
  }

  /** The page has ended: what comes now counts for no page. */
  end(): void {
    this.current = undefined
    this.next = undefined
  }

  /** An event of one of the tab's targets. */
  take(event: CdpEvent): void {
    const next = this.next
    if (!next) return this.current?.record(event)
    const committed = mainFrameCommit(event, this.mainFrame)
    if (committed === undefined) return void next.held?.events.push(event)
    if (next.loaderId === undefined) next.held = { loaderId: committed, events: [] }
    else if (committed === next.loaderId) this.start(next.visit, [])
  }

  private start(visit: Visit, held: CdpEvent[]): void {
    this.next = undefined
    this.current = visit
    for (const event of held) visit.record(event)
  }
}

/** The loader id of a document committed in the tab's main frame, if that is what `event` says. */
function mainFrameCommit(event: CdpEvent, mainFrame: string): string | undefined {
  if (event.method !== 'Page.frameNavigated') return undefined
  const frame = event.params.frame as { id?: unknown; parentId?: unknown; loaderId?: unknown } | undefined
  if (frame?.id !== mainFrame || frame.parentId !== undefined || typeof frame.loaderId !== 'string') return undefined
  return frame.loaderId
}
