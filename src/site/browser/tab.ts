import type { Visit } from './record.js'

/**
 * A tab of the pass: a browser context of its own (its cookies, caches, service workers and
 * shared workers stay in it, and its traffic goes to a refusing proxy of its own), with one page
 * loading the site's pages one after another.
 */
export interface Tab {
  browserContextId: string
  /** The page target, whose id is also its main frame's. */
  targetId: string
  sessionId: string
  /** The page being loaded, if any: what the tab's targets do is recorded for it. */
  visit?: Visit
}

/** A target the pass is attached to: a page, a frame, a worker of any kind. */
export interface Session {
  id: string
  targetId: string
  /** As the protocol names it: `page`, `iframe`, `worker`, `shared_worker`, `service_worker`… */
  type: string
  /** The tab whose context the target is in; none for the browser's own targets. */
  tab?: Tab
}
