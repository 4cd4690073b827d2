import type { PageHandover } from './handover.js'

/** A tab of the pass: one page loading the site's pages one after another. */
export interface Tab {
  /** The page target, whose id is also its main frame's. */
  targetId: string
  sessionId: string
  /** Which page, if any, what the tab's targets do is recorded for. */
  pages: PageHandover
}

/** A target the pass is attached to: a page, a frame, a worker of any kind. */
export interface Session {
  id: string
  targetId: string
  /** As the protocol names it: `page`, `iframe`, `worker`, `shared_worker`, `service_worker`… */
  type: string
  url: string
  /** The session that attached it (a page for its frames and workers); none when the browser did. */
  parentId?: string
  /** The page that opened it, for a popup. */
  openerId?: string
  /** The tab it belongs to, once known; none for the browser's own targets. */
  tab?: Tab
}
