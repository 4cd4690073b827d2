import { ActionError } from '../../core/errors.js'
import { countOf, formatDuration } from '../../core/format.js'
import type { Host } from '../../core/host.js'
import { oneLine } from '../../core/log-text.js'
import { input, message } from '../../core/message.js'
import { isPage } from '../reader.js'
import type { SiteListing } from '../findings.js'
import type { SiteCheckReport } from '../report.js'
import { ReferenceResolver, SiteFiles } from '../resolve.js'
import { findBrowser } from './find.js'
import { runBrowserPass } from './pass.js'
import { browserSection, skippedSection } from './report.js'
import { choosePages, countSets } from './sample.js'
import type { ScriptSetSnapshot } from './script-sets.js'
import { BrowserStartError } from './start-failure.js'
import type { BrowserSection } from './types.js'

/** `auto`: when a browser is found; `on`: a pass that cannot run fails the step. */
type BrowserMode = 'auto' | 'on'

export interface BrowserCheckOptions {
  mode: BrowserMode
  /** Pages to load at most. */
  pages: number
  domain?: string
  /** Epoch milliseconds at which the run's time is up. */
  deadline: number
  signal: AbortSignal
  /** The folder in which the browser's profile folder is made (the runner's temporary folder). */
  tempDirectory: string
  /**
   * The environment of the run, handed in by the caller: where the browser is looked for
   * (`CHROME_PATH`, `PATH`), and of which the browser gets only an allowlist.
   */
  environment: Readonly<Record<string, string | undefined>>
  /** Each page's set of scripts, iframes and embeds, from the static check: a page of each is loaded first. */
  scriptSets?: ScriptSetSnapshot
  /** The site's files, as the static check listed them. */
  listing: SiteListing
}

/** The pass's section of the report, and the step's error when `verify-browser: on` could not run it. */
export interface BrowserCheck {
  section: BrowserSection
  failure?: ActionError
}

/**
 * Runs the browser pass over the unpacked site when a browser is found, and says why not otherwise:
 * `auto` with one notice (no browser) or one warning (a browser that cannot run), `on` with the step's error.
 */
export async function checkInBrowser(
  sitePath: string,
  report: SiteCheckReport,
  options: BrowserCheckOptions,
  host: Host
): Promise<BrowserCheck> {
  const found = findBrowser(options.environment)
  if (found.executable === undefined) return notRun(host, options.mode, found.reason, null)
  if (Date.now() >= options.deadline)
    return notRun(host, options.mode, "the run's time was up before the browser could start", found.executable)
  const { executable } = found

  const { files, linkedFolders } = options.listing
  const sitePages = files.filter(isPage).filter((page) => page !== '404.html')
  const setOf = setLookup(options.scriptSets)
  const pages = choosePages(sitePages, options.pages, setOf)
  const distinctSets = countSets(sitePages, setOf)
  host.info(
    `Loading ${countOf(pages.length, 'page')} of ${files.filter(isPage).length} in ${executable}, every other origin blocked`
  )
  host.info(
    `The site's pages have ${countOf(distinctSets, 'distinct set')} of scripts, iframes and embeds; the pages to load cover ${countSets(pages, setOf)}`
  )
  try {
    const result = await runBrowserPass({
      root: sitePath,
      site: new SiteFiles(sitePath, files, linkedFolders),
      resolver: new ReferenceResolver(options.domain),
      pages,
      executable,
      tempDirectory: options.tempDirectory,
      environment: options.environment,
      deadline: options.deadline,
      signal: options.signal,
      onProxy: (url) => host.debug(`Browser pass: proxy on ${url}`),
      onRefused: (refusal) =>
        host.debug(`Browser pass: the proxy refused ${oneLine(`${refusal.method} ${refusal.target}`)}`),
      onPage: (page, visit) => {
        const found = [
          countOf(visit.loads.length, 'load') + ' elsewhere',
          `${visit.missing.length + visit.renderedMissing.length} missing`,
          countOf(visit.errors.length, 'script error')
        ]
        host.info(`  ${oneLine(page)}: ${found.join(', ')} (${formatDuration(visit.durationMs)})`)
      }
    })
    const scriptSets = { distinct: distinctSets, loaded: countSets(result.pages, setOf) }
    const section = browserSection(result, executable, report, scriptSets)
    host.info(
      `Loaded ${countOf(section.pages.length, 'page')} in ${result.product} (started in ${formatDuration(result.startupMs)}${result.sandbox ? '' : ', without its sandbox as root'}) in ${formatDuration(result.durationMs)}: ` +
        `${countOf(section.runtimeOrigins.length, 'origin')} reached at run time, ${section.missing.length} missing, ${countOf(section.scriptErrors.length, 'script error')}; ` +
        `${scriptSets.loaded} of the ${countOf(scriptSets.distinct, 'distinct set')} of scripts, iframes and embeds loaded`
    )
    if (section.notLoaded.length > 0)
      host.info(
        `Not loaded, the run's time being up: ${section.notLoaded.length} of the ${countOf(pages.length, 'page')}`
      )
    return { section }
  } catch (error) {
    if (options.signal.aborted) throw error
    if (error instanceof BrowserStartError) return notRun(host, options.mode, error.message, executable, error.hint)
    return notRun(
      host,
      options.mode,
      `the browser pass could not finish: ${error instanceof Error ? error.message : String(error)}`,
      executable
    )
  }
}

/** Each page's set, as the static check numbered them; none when the check did not say. */
function setLookup(snapshot: ScriptSetSnapshot | undefined): (page: string) => number | undefined {
  const sets = new Map(snapshot?.pages)
  return (page) => sets.get(page)
}

function notRun(host: Host, mode: BrowserMode, reason: string, executable: string | null, hint?: string): BrowserCheck {
  const section = skippedSection(reason, executable)
  if (mode === 'on')
    return {
      section,
      failure: new ActionError(
        message`The site check's browser pass did not run (${input('verify-browser', 'on')}): ${reason}`,
        { code: 'browser-unavailable', hint }
      )
    }
  if (executable) {
    const wayOut = hint ? message`. ${hint}; or set ${input('verify-browser', 'off')}` : ''
    host.warning(message`The site was not loaded in a browser: ${reason}${wayOut}`, {
      title: 'Site check: browser pass'
    })
  } else
    host.notice(
      message`The site was not loaded in a browser: ${reason}. Run-time loads are not checked (${input('verify-browser', 'auto')})`,
      {
        title: 'Site check: no browser'
      }
    )
  return { section }
}
