/**
 * The browser pass's section of the site check report (the README documents it under "Site check
 * report"). A leaf module: the report and the pass both import it.
 */

/** Who started a request: `script /app.js:1:191`, `parser /guides/intro:12`, `other`. */
export type Initiator = string

/** A request of a page that a browser would send, or another attempt to reach out, seen once. */
export interface PageLoad {
  /** The page that made it, relative to the site. */
  page: string
  url: string
  /**
   * The browser's resource type: `Script`, `Fetch`, `Image`, `Ping`, `WebSocket`…; or what was
   * tried without a request: `WebRTC` (an ICE server), `Prefetch` and `Prerender` (speculation
   * rules), `WebTransport`; or, for a link of the rendered page, where the page holds it:
   * `a[href]`, `img[src]`…
   */
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

/** How the pass came upon a missing path. */
export type MissingFoundBy = 'request' | 'rendered-page'

/** A path of the site that pages asked for at run time, or link to once their scripts ran, and the site does not have. */
export interface MissingResource {
  /** The site path, as the static check names targets. */
  path: string
  pages: string[]
  examples: PageLoad[]
  /** `request`: asked for, and answered 404; `rendered-page`: a link or resource of a page as its scripts left it. */
  foundBy: MissingFoundBy[]
  /** The static check reports this path as a broken reference too. */
  inStaticCheck: boolean
}

/** The distinct sets of scripts, iframes and embeds among the site's pages, and how many of them the pass loaded. */
export interface ScriptSets {
  distinct: number
  loaded: number
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
  /** Whether the browser ran with its sandbox: always, but as root, where Chrome cannot; null when it did not run. */
  sandbox: boolean | null
  durationMs: number | null
  /** The pages loaded, in order: index.html first, then a page of each set of scripts, then a spread over the site's top folders. */
  pages: string[]
  /** How many distinct sets of scripts, iframes and embeds the site's pages have, and how many the pages loaded cover; null when it did not run. */
  scriptSets: ScriptSets | null
  /** Pages of the sample that the run's deadline left unloaded. */
  notLoaded: string[]
  runtimeOrigins: RuntimeOrigin[]
  missing: MissingResource[]
  scriptErrors: ScriptError[]
  /** Why the pass did not run; null when it ran. */
  skipped: string | null
}
