import type { ReferenceResolver, SiteFiles } from '../resolve.js'
import type { CdpEvent, CdpPipe } from './cdp.js'
import { answerRequest } from './intercept.js'
import { PageHandover } from './handover.js'
import { hookNames } from './page-hook.js'
import { workDueSoon } from './page-timers.js'
import { QUIET_MS, SHORT_QUIET_MS, Visit, type VisitResult } from './record.js'
import { missingRendered, readRenderedReferences } from './rendered.js'
import type { StaticHost } from './static-host.js'
import type { Session, Tab } from './tab.js'
import { TargetWatcher } from './targets.js'
import type { ScriptError } from './types.js'

/**
 * The pages loaded a few tabs at a time: each tab takes the next page of the queue, loads it,
 * waits until it settles, scrolls to its end (lazy loads), waits again, reads what the rendered
 * page links to, and moves on; a page that never settles is a finding, and its tab is replaced.
 */

export interface ScheduleOptions {
  /** Answers the site's own requests. */
  host: StaticHost
  resolver: ReferenceResolver
  site: SiteFiles
  /** The pages to load, relative to the site, in order. */
  pages: string[]
  /** Epoch milliseconds at which the run's time is up. */
  deadline: number
  signal: AbortSignal
  /** Called as each page is done. */
  onPage?: (page: string, visit: VisitResult) => void
}

/** Longest time one page may take to load and settle. */
const PAGE_TIMEOUT_MS = 10_000
/**
 * Tabs loading pages at once, each a renderer process. A page with nothing scheduled is idle for
 * 100 ms only; one with a timer due waits out the whole quiet window. On two cores 3, 4, 6 and 8
 * tabs measured the same (docs/decisions/browser-pass-pace.md): eight keep the cores busy while some
 * pages wait.
 */
const TABS = 8

/** Thrown inside a visit when its time is up; the visit becomes a `timeout` finding. */
class PageTimeout extends Error {}

export async function loadPages(cdp: CdpPipe, options: ScheduleOptions): Promise<Map<string, VisitResult>> {
  const hook = hookNames()
  const watcher = new TargetWatcher(cdp, hook, (event, session) => onEvent(cdp, options, event, session))
  await watcher.start()
  await cdp.send('Browser.setDownloadBehavior', { behavior: 'deny' })
  const results = new Map<string, VisitResult>()
  const queue = [...options.pages]
  try {
    const worker = async (): Promise<void> => {
      let tab = await openTab(cdp, watcher)
      for (let page = queue.shift(); page !== undefined; page = queue.shift()) {
        if (Date.now() >= options.deadline) return
        const visit = new Visit(page, options.resolver, watcher.sharedWorkers)
        const end = Math.min(Date.now() + PAGE_TIMEOUT_MS, options.deadline)
        try {
          await loadPage(cdp, tab, visit, end, hook.timers, options)
        } catch (error) {
          if (!(error instanceof PageTimeout)) throw error
          // A page cut short by the run's deadline is not loaded; one that used its own time is a finding.
          if (Date.now() >= options.deadline) return
          visit.errors.push(timeoutFinding(visit))
          // A tab that stopped answering (a script in an endless loop) is replaced, not reused.
          tab.pages.end()
          await closeTab(cdp, watcher, tab)
          tab = await openTab(cdp, watcher)
        }
        tab.pages.end()
        watcher.sharedWorkers.release(visit)
        const result = visit.result()
        results.set(page, result)
        options.onPage?.(page, result)
      }
    }
    await Promise.all(Array.from({ length: Math.min(TABS, options.pages.length) }, worker))
  } finally {
    watcher.stop()
  }
  return results
}

/** Answers what a target holds for an answer: its requests, its dialogs. */
function onEvent(cdp: CdpPipe, options: ScheduleOptions, event: CdpEvent, session: Session): void {
  if (event.method === 'Fetch.requestPaused') void answerRequest(cdp, options.host, options.resolver, event)
  else if (event.method === 'Page.javascriptDialogOpening')
    void cdp.send('Page.handleJavaScriptDialog', { accept: true }, session.id).catch(() => undefined)
}

/**
 * A tab with a blank page, in the browser's own context: a context per tab would keep each tab's
 * workers apart, but cost a fifth more time (docs/decisions/browser-pass-pace.md).
 */
async function openTab(cdp: CdpPipe, watcher: TargetWatcher): Promise<Tab> {
  const { targetId } = await cdp.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
  const tab: Tab = { targetId, sessionId: '', pages: new PageHandover(targetId) }
  watcher.addTab(tab)
  tab.sessionId = (await watcher.attached(targetId)).id
  return tab
}

async function closeTab(cdp: CdpPipe, watcher: TargetWatcher, tab: Tab): Promise<void> {
  watcher.removeTab(tab)
  await cdp.send('Target.closeTarget', { targetId: tab.targetId }).catch(() => undefined)
}

/**
 * Loads a page, straight after the tab's page before (handover.ts tells their events apart), waits
 * until it settles, scrolls to its end once (lazy loads), waits again, and reads the rendered page.
 */
async function loadPage(
  cdp: CdpPipe,
  tab: Tab,
  visit: Visit,
  end: number,
  timers: string,
  options: ScheduleOptions
): Promise<void> {
  const { signal } = options
  tab.pages.begin(visit)
  const navigation = await within(
    cdp.send<{ loaderId?: string; errorText?: string }>('Page.navigate', { url: visit.url }, tab.sessionId),
    end,
    signal
  )
  visit.loaderId = navigation.loaderId
  tab.pages.navigated(navigation.loaderId)
  if (navigation.errorText) {
    visit.errors.push({
      page: visit.page,
      kind: 'load',
      message: `the page did not load: ${navigation.errorText}`,
      source: null
    })
    return
  }
  // Scrolled to its end (lazy loads) as soon as it has loaded and nothing is open; then it settles once.
  await settle(visit, 0, end, signal)
  await within(
    cdp.send(
      'Runtime.evaluate',
      { expression: 'window.scrollTo(0, document.documentElement.scrollHeight)' },
      tab.sessionId
    ),
    end,
    signal
  )
  visit.touch()
  // What a worker has scheduled is not counted: a page with one running may have work due.
  const workDue = async (): Promise<boolean> =>
    visit.hasWorkers() || (await workDueSoon(cdp, tab.sessionId, timers, QUIET_MS))
  await settle(visit, QUIET_MS, end, signal, workDue)
  const rendered = await within(readRenderedReferences(cdp, tab.sessionId, tab.targetId), end, signal)
  visit.renderedMissing = missingRendered(visit.page, rendered, options.resolver, options.site)
}

/**
 * Waits until the page has loaded, every worker it started has run its first task, and no request
 * has been open for `quietMs`, woken by the page's own events rather than by polling; a page still
 * busy at `end` is a timeout. With `workDue`, a
 * page that has been quiet for SHORT_QUIET_MS is asked once whether it has work due: if not, and
 * nothing happened while it answered, it has settled.
 */
async function settle(
  visit: Visit,
  quietMs: number,
  end: number,
  signal: AbortSignal,
  workDue?: () => Promise<boolean>
): Promise<void> {
  let ask = workDue
  for (;;) {
    if (signal.aborted) throw signal.reason
    const quietFor = visit.quietFor()
    if (quietFor >= quietMs) return
    if (ask && quietFor >= SHORT_QUIET_MS) {
      const since = visit.lastActivity
      const due = await within(ask(), end, signal)
      if (!due && visit.lastActivity === since && visit.quietFor() >= 0) return
      // A page with work due is waited for as long as any; one that was busy again while it answered, asked again.
      if (due) ask = undefined
      continue
    }
    const left = end - Date.now()
    if (left <= 0) throw new PageTimeout()
    // The next event of the page, or the end of the quiet it is in, or of its time.
    const quietEnd = ask ? SHORT_QUIET_MS : quietMs
    const wait = pause(quietFor < 0 ? left : Math.min(left, quietEnd - quietFor), signal)
    try {
      await Promise.race([visit.nextChange(), wait.done])
    } finally {
      wait.cancel()
    }
  }
}

/** `promise`, unless the page's time or the run ends first. */
async function within<T>(promise: Promise<T>, end: number, signal: AbortSignal): Promise<T> {
  const wait = pause(Math.max(0, end - Date.now()), signal)
  try {
    return await Promise.race([
      promise,
      wait.done.then(() => {
        throw new PageTimeout()
      })
    ])
  } catch (error) {
    if (signal.aborted) throw signal.reason
    throw error
  } finally {
    wait.cancel()
  }
}

/**
 * A wait of `ms` that also ends when the run is cancelled, and that its caller cancels once it is
 * not needed: a page makes hundreds of them, and a timer with an abort signal of its own cost the
 * pass a tenth of its own CPU in making the errors that nobody reads.
 */
function pause(ms: number, signal: AbortSignal): { done: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined
  let end = (): void => undefined
  const done = new Promise<void>((resolve) => {
    end = resolve
    timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', end, { once: true })
  })
  return {
    done,
    cancel: () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', end)
    }
  }
}

function timeoutFinding(visit: Visit): ScriptError {
  const open = [...visit.open.values()].map((url) => visit.short(url))
  const workers = visit.pendingWorkers().map((url) => visit.short(url))
  const state = visit.loaded() ? 'never settled' : 'never finished loading'
  const requests =
    open.length > 0
      ? `: ${open.length} request${open.length === 1 ? '' : 's'} still open, such as ${open[0]}`
      : workers.length > 0
        ? `: waiting for a worker it started, such as ${workers[0]}`
        : ''
  return {
    page: visit.page,
    kind: 'timeout',
    message: `the page ${state} within ${Math.round(PAGE_TIMEOUT_MS / 1000)} s${requests}`,
    source: null
  }
}
