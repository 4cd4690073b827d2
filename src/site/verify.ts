import { host } from '../host.js'
import os from 'node:os'
import path from 'node:path'
import { formatDuration, oneLine } from '../format.js'
import type { VerifyBrowserMode, VerifyMode } from '../settings.js'
import { siteCheckError, warnProblems } from './annotations.js'
import { checkInBrowser, type BrowserCheck, type BrowserCheckOptions } from './browser/check.js'
import { mergeBrowserSection, skippedSection } from './browser/report.js'
import type { ScriptSetSnapshot } from './browser/script-sets.js'
import { bundledWorker, checkSite } from './check.js'
import { buildReport, writeReport, type Problem, type SiteCheckReport } from './report.js'

/** Where the worker bundle (src/site/worker.ts) is built, beside the action's bundle. */
const WORKER_BUNDLE = 'site-worker/index.js'
/** Problems listed in the log; the report holds them all. */
const LOGGED = 100

export interface VerifyOptions {
  /** `warn`: problems become warnings; `error`: the caller fails the step with `failure`. */
  mode: Exclude<VerifyMode, 'off'>
  domain?: string
  expectedPages?: number
  /** The browser pass, after the static check; none when absent. */
  browser?: Omit<BrowserCheckOptions, 'domain' | 'mode' | 'tempDirectory' | 'environment' | 'scriptSets'> & {
    mode: VerifyBrowserMode
  }
}

/** A finished check: its report, where it was written, and the step's error under `verify: error`. */
export interface SiteCheck {
  report: SiteCheckReport
  reportPath: string
  failure?: Error
}

/**
 * Checks the unpacked site, then loads it in a browser (each in its log group), writes the JSON
 * report beside the site (not inside: it is not part of what gets deployed), logs the problems,
 * and warns about them under `verify: warn`. Under `warn` a check that cannot finish (an
 * unreadable file) is a warning too, and there is no report.
 */
export async function verifySite(sitePath: string, options: VerifyOptions): Promise<SiteCheck | undefined> {
  const reportPath = path.join(path.dirname(sitePath), 'verify-report.json')
  const checked = await host.group('Check the site', () => checkStatically(sitePath, options))
  if (!checked) return undefined
  const { report, scriptSets } = checked
  const asked = options.browser
  const mode = asked?.mode ?? 'off'
  const browser: BrowserCheck =
    asked && mode !== 'off'
      ? await host.group('Load the site in a browser', () =>
          checkInBrowser(sitePath, report, {
            ...asked,
            mode,
            domain: options.domain,
            scriptSets,
            environment: process.env,
            tempDirectory: process.env.RUNNER_TEMP || os.tmpdir()
          })
        )
      : { section: skippedSection('verify-browser: off') }
  const browserProblems = mergeBrowserSection(report, browser.section)
  if (browserProblems.length > 0) {
    host.info(`The browser pass found ${plural(browserProblems.length, 'problem')}:`)
    logProblems(browserProblems, browserProblems.length)
  }
  try {
    await writeReport(report, reportPath)
  } catch (error) {
    const message = `The site check could not finish: ${error instanceof Error ? error.message : String(error)}`
    if (options.mode === 'error') throw new Error(message, { cause: error })
    host.warning(message, { title: 'Site check' })
    return undefined
  }
  host.info(`Site check report: ${reportPath}`)
  if (browser.failure) return { report, reportPath, failure: browser.failure }
  if (report.counts.problems === 0) return { report, reportPath }
  if (options.mode === 'warn') {
    warnProblems(report, reportPath)
    return { report, reportPath }
  }
  return { report, reportPath, failure: siteCheckError(report, reportPath) }
}

/** The static check's report, and each page's set of scripts for the browser pass; undefined (after a warning) when it cannot finish under `warn`. */
async function checkStatically(
  sitePath: string,
  options: VerifyOptions
): Promise<{ report: SiteCheckReport; scriptSets?: ScriptSetSnapshot } | undefined> {
  let report: SiteCheckReport
  let scriptSets: ScriptSetSnapshot | undefined
  try {
    const findings = await checkSite(sitePath, {
      domain: options.domain,
      expectedPages: options.expectedPages,
      workerFile: bundledWorker(import.meta.url, WORKER_BUNDLE)
    })
    report = buildReport(findings)
    scriptSets = findings.scriptSets
  } catch (error) {
    const message = `The site check could not finish: ${error instanceof Error ? error.message : String(error)}`
    if (options.mode === 'error') throw new Error(message, { cause: error })
    host.warning(message, { title: 'Site check' })
    return undefined
  }
  const { counts } = report
  host.info(
    `Checked ${plural(counts.files, 'file')} (${plural(counts.htmlPages, 'page')}, ${plural(counts.styleSheets, 'style sheet')}, ` +
      `${plural(counts.internalReferences, 'internal reference')}) in ${formatDuration(report.durationMs)}` +
      `${report.threads > 1 ? ` on ${report.threads} threads` : ''}: ${counts.problems === 0 ? 'no problems' : plural(counts.problems, 'problem')}`
  )
  logProblems(report.problems, counts.problems)
  for (const skipped of report.skipped) host.info(`Not checked: ${oneLine(skipped)}`)
  for (const notice of report.notices) host.notice(notice, { title: 'Site check: links without .html' })
  return { report, scriptSets }
}

function logProblems(problems: Problem[], total: number): void {
  for (const problem of problems.slice(0, LOGGED)) host.info(`  ${oneLine(problem.message)}`)
  if (total > LOGGED) host.info(`  …and ${total - LOGGED} more, in the report`)
}

function plural(value: number, noun: string): string {
  return `${value} ${noun}${value === 1 ? '' : 's'}`
}
