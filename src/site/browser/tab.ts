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
  /**
   * The target whose pages its events count for, once known: a tab's page, or a shared or service
   * worker (itself, or the one that started it); none for the browser's own targets.
   */
  owner?: Session
}

/**
 * Not the protocol's: the event the pass gives the pages a worker counts for once the worker has
 * run its first task (its script), with the worker's session as `params.sessionId`. The pages
 * learn of the worker from its `Target.attachedToTarget`, which they are given too, and wait for
 * it until this or its `Target.detachedFromTarget` (targets.ts).
 */
export const TARGET_STARTED = 'Target.started'
