import type { ReferenceResolver, SiteFiles } from '../resolve.js'
import { launchBrowser } from './launch.js'
import { startRefusingProxy, type Refusal } from './proxy.js'
import type { VisitResult } from './record.js'
import { loadPages } from './schedule.js'
import { staticHost } from './static-host.js'

/**
 * The browser pass: pages of the site loaded in tabs of an installed browser with JavaScript on,
 * and nothing let out. The browser is started so that whole paths are off (switches.ts); every
 * target is intercepted before it runs (targets.ts); the site's own requests are answered from its
 * files as a static host answers them (static-host.ts) and every other one is refused and
 * recorded (intercept.ts); what gets past goes to a proxy that refuses it (proxy.ts).
 */

export interface PassOptions {
  root: string
  site: SiteFiles
  /** Stands for the site's domain: pages are loaded at its addresses. */
  resolver: ReferenceResolver
  /** The pages to load, relative to the site, in order. */
  pages: string[]
  executable: string
  /** The folder in which the browser's profile folder is made. */
  tempDirectory: string
  /** The run's environment; the browser gets an allowlist of it. */
  environment: Readonly<Record<string, string | undefined>>
  /** Epoch milliseconds at which the run's time is up. */
  deadline: number
  signal: AbortSignal
  /** Called as each page is done. */
  onPage?: (page: string, visit: VisitResult) => void
  /** Called with the address of the pass's refusing proxy, its only server, as it starts. */
  onProxy?: (url: string) => void
  /** Called with what the proxy refused: past the interception, from a page or from the browser itself. */
  onRefused?: (refusal: Refusal) => void
}

export interface PassResult {
  product: string
  startupMs: number
  sandbox: boolean
  durationMs: number
  /** Pages loaded, in the sample's order. */
  pages: string[]
  notLoaded: string[]
  visits: Map<string, VisitResult>
}

/** Longest wait for the browser's first answer. */
const START_TIMEOUT_MS = 30_000

export async function runBrowserPass(options: PassOptions): Promise<PassResult> {
  const startedAt = Date.now()
  // What gets past the interception comes here: Chrome's own calls (component updates, sign-in),
  // and the connections of a page that no request shows (WebSockets, a TURN relay), which the pass
  // records from the browser's events instead. Nothing tells one from the other, or a page from
  // another: they are refused, and named in the debug log only.
  const proxy = await startRefusingProxy((refusal) => options.onRefused?.(refusal))
  options.onProxy?.(proxy.url)
  try {
    const browser = await launchBrowser(options.executable, {
      tempDirectory: options.tempDirectory,
      environment: options.environment,
      proxy: proxy.url,
      timeoutMs: Math.max(1, Math.min(START_TIMEOUT_MS, options.deadline - Date.now())),
      signal: options.signal
    })
    const stop = (): void => void browser.close(true)
    options.signal.addEventListener('abort', stop, { once: true })
    try {
      if (options.signal.aborted) throw options.signal.reason
      const loaded = await loadPages(browser.cdp, {
        host: staticHost(options.root, options.site),
        resolver: options.resolver,
        site: options.site,
        pages: options.pages,
        deadline: options.deadline,
        signal: options.signal,
        onPage: options.onPage
      })
      return {
        product: browser.product,
        startupMs: browser.startupMs,
        sandbox: browser.sandbox,
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
    // As the browser, the proxy is not waited for when the run is being cancelled.
    const closed = proxy.close()
    if (!options.signal.aborted) await closed
  }
}
