import { ActionError } from '../../core/errors.js'
import { formatDuration } from '../../core/format.js'
import type { Host } from '../../core/host.js'
import { oneLine } from '../../core/log-text.js'
import { setting } from '../../core/words.js'
import type { VerifyBrowserMode } from '../../core/settings.js'
import { listFiles } from '../check.js'
import { isPage } from '../reader.js'
import type { SiteCheckReport } from '../report.js'
import { ReferenceResolver, SiteFiles } from '../resolve.js'
import { findBrowser } from './find.js'
import { runBrowserPass } from './pass.js'
import { browserSection, skippedSection } from './report.js'
import { choosePages } from './sample.js'
import type { BrowserSection } from './types.js'

export interface BrowserCheckOptions {
  mode: Exclude<VerifyBrowserMode, 'off'>
  /** Pages to load at most. */
  pages: number
  domain?: string
  /** Epoch milliseconds at which the run's time is up. */
  deadline: number
  signal: AbortSignal
}

/** The pass's section of the report, and the step's error when `verify-browser: on` could not run it. */
export interface BrowserCheck {
  section: BrowserSection
  failure?: ActionError
}

/**
 * Runs the browser pass over the unpacked site when a browser is found, and says why not otherwise: `auto` with one notice, `on` with the step's error.
 */
export async function checkInBrowser(
  sitePath: string,
  report: SiteCheckReport,
  options: BrowserCheckOptions,
  host: Host
): Promise<BrowserCheck> {
  const found = findBrowser()
  if (found.executable === undefined) return notRun(host, options.mode, found.reason, null)
  if (Date.now() >= options.deadline)
    return notRun(host, options.mode, "the run's time was up before the browser could start", found.executable)
  const { executable } = found

  const { files, linkedFolders } = await listFiles(sitePath)
  const pages = choosePages(files.filter(isPage), options.pages)
  host.info(
    `Loading ${plural(pages.length, 'page')} of ${files.filter(isPage).length} in ${executable}, every other origin blocked`
  )
  try {
    const result = await runBrowserPass({
      root: sitePath,
      site: new SiteFiles(sitePath, files, linkedFolders),
      resolver: new ReferenceResolver(options.domain),
      pages,
      executable,
      deadline: options.deadline,
      signal: options.signal,
      onPage: (page, visit) => {
        const found = [
          plural(visit.loads.length, 'load') + ' elsewhere',
          `${visit.missing.length} missing`,
          plural(visit.errors.length, 'script error')
        ]
        host.info(`  ${oneLine(page)}: ${found.join(', ')} (${formatDuration(visit.durationMs)})`)
      }
    })
    const section = browserSection(result, executable, report)
    host.info(
      `Loaded ${plural(section.pages.length, 'page')} in ${result.product} (started in ${formatDuration(result.startupMs)}) in ${formatDuration(result.durationMs)}: ` +
        `${plural(section.runtimeOrigins.length, 'origin')} reached at run time, ${section.missing.length} missing, ${plural(section.scriptErrors.length, 'script error')}`
    )
    if (section.notLoaded.length > 0)
      host.info(`Not loaded, the run's time being up: ${section.notLoaded.length} of the ${pages.length} pages`)
    return { section }
  } catch (error) {
    if (options.signal.aborted) throw error
    return notRun(
      host,
      options.mode,
      `the browser pass could not finish: ${error instanceof Error ? error.message : String(error)}`,
      executable
    )
  }
}

function notRun(
  host: Host,
  mode: Exclude<VerifyBrowserMode, 'off'>,
  reason: string,
  executable: string | null
): BrowserCheck {
  const section = skippedSection(reason, executable)
  if (mode === 'on') {
    return {
      section,
      failure: new ActionError(
        `The site check's browser pass did not run (${setting('verify-browser', 'on')}): ${reason}`,
        {
          code: 'browser-unavailable'
        }
      )
    }
  }
  if (executable) host.warning(`The site was not loaded in a browser: ${reason}`, { title: 'Site check: browser pass' })
  else
    host.notice(
      `The site was not loaded in a browser: ${reason}. Run-time loads are not checked (${setting('verify-browser', 'auto')})`,
      {
        title: 'Site check: no browser'
      }
    )
  return { section }
}

function plural(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`
}
