/**
 * The browser pass's section of the site check report (the README documents it under "Site check
 * report"). A leaf module: the report and the pass both import it.
 */

/** Who started a request: `script /app.js:1:191`, `parser /guides/intro:12`, `other`. */
export type Initiator = string

/** A request of a page that a browser would send, seen once. */
export interface PageLoad {
  /** The page that made it, relative to the site. */
  page: string
  url: string
  /** The browser's resource type: `Script`, `Fetch`, `Image`, `Ping`, `WebSocket`... */
  type: string
  initiator: Initiator
}

/** Another origin that pages reach at run time, with what reached it. */
export interface RuntimeOrigin {
  origin: string
  /** Resource types sent there, sorted. */
  types: string[]
  exampleUrl: string
  /** Pages that reached it, in the order they were loaded. */
  pages: string[]
  /** The first loads, each with its page and initiator. */
  examples: PageLoad[]
  /** The static check lists this origin too: its problem is reported there, not twice. */
  inStaticCheck: boolean
}

/** A path of the site that pages asked for at run time and the host answered 404. */
export interface MissingResource {
  /** The site path, as the static check names targets. */
  path: string
  pages: string[]
  examples: PageLoad[]
  /** The static check reports this path as a broken reference too. */
  inStaticCheck: boolean
}

export interface ScriptError {
  page: string
  /** `exception`: uncaught; `module`: a module that failed to load; `timeout`: the page never settled; `load`: it did not load. */
  kind: 'exception' | 'module' | 'timeout' | 'load'
  message: string
  /** Where it was thrown, `url:line:column`, when the browser says. */
  source: string | null
}

export interface BrowserSection {
  /** The product the browser names over the DevTools protocol (`Chrome`, `HeadlessChrome`); null when it did not run. */
  browser: string | null
  version: string | null
  /** The executable that ran. */
  executable: string | null
  /** From the launch to the first answer over the DevTools protocol. */
  startupMs: number | null
  durationMs: number | null
  /** The pages loaded, in order: index.html first, then a spread over the site's top folders. */
  pages: string[]
  /** Pages of the sample that the run's deadline left unloaded. */
  notLoaded: string[]
  runtimeOrigins: RuntimeOrigin[]
  missing: MissingResource[]
  scriptErrors: ScriptError[]
  /** Why the pass did not run; null when it ran. */
  skipped: string | null
}
