import type { Run } from '../core/context.js'
import { TimeUpError } from '../core/deadline.js'
import { ActionError, textOf } from '../core/errors.js'
import { countOf, formatDuration } from '../core/format.js'
import type { Host } from '../core/host.js'
import { oneLine } from '../core/log-text.js'
import { input, message } from '../core/message.js'
import { siteCheckError, warnProblems } from './annotations.js'
import { checkInBrowser, type BrowserCheck, type BrowserCheckOptions } from './browser/check.js'
import { skippedSection, withBrowserSection } from './browser/report.js'
import type { ScriptSetSnapshot } from './browser/script-sets.js'
import type { SiteListing } from './findings.js'
import { besideModule } from '../core/worker-file.js'
import { checkSite } from './check.js'
import { withBaseline, type Baseline } from './baseline.js'
import { buildReport, problemLine, writeReport, type Problem, type SiteCheckReport } from './report.js'

/** Where the worker bundle (src/site/worker.ts) is built, beside the action's bundle. */
const WORKER_BUNDLE = 'site-worker/index.js'
/** Problems listed in the log; the report holds them all. */
const LOGGED = 100

export interface VerifyOptions {
  /** `warn`: problems become warnings; `error`: the caller fails the step with `failure`. */
  mode: 'warn' | 'error'
  domain?: string
  expectedPages?: number
  /** Where the JSON report is written: beside the site, not in it. */
  reportPath: string
  /** The browser pass, after the static check; none when absent. */
  browser?: Omit<
    BrowserCheckOptions,
    'domain' | 'mode' | 'tempDirectory' | 'environment' | 'scriptSets' | 'listing'
  > & {
    mode: 'auto' | 'on' | 'off'
  }
  /**
   * Problems known from an earlier run (verify-baseline, read by readBaseline): they are listed,
   * marked known, and do not fail the step under `verify: error`.
   */
  baseline?: Baseline
}

/** A finished check: its report, where it was written, and the step's error under `verify: error`. */
export interface SiteCheck {
  report: SiteCheckReport
  reportPath: string
  failure?: ActionError
}

/** What of the run the check needs: its log, its deadline, where the workspace is. */
type CheckRun = Pick<Run, 'host' | 'deadline' | 'runner'>

/**
 * Checks the unpacked site, then loads it in a browser (each in its log group), writes the JSON
 * report beside the site (not inside: it is not part of what gets deployed), logs the problems,
 * and warns about them under `verify: warn`. Under `warn` a check that cannot finish (an
 * unreadable file) is a warning too, and there is no report.
 */
export async function verifySite(
  sitePath: string,
  options: VerifyOptions,
  run: CheckRun
): Promise<SiteCheck | undefined> {
  const { host } = run
  const { reportPath } = options
  const checked = await host.group('Check the site', () => checkStatically(sitePath, options, run))
  if (!checked) return undefined
  const { scriptSets, listing } = checked
  const asked = options.browser
  const mode = asked?.mode ?? 'off'
  const browser: BrowserCheck =
    asked && mode !== 'off'
      ? await host.group('Load the site in a browser', () =>
          checkInBrowser(
            sitePath,
            checked.report,
            {
              ...asked,
              mode,
              domain: options.domain,
              scriptSets,
              listing,
              environment: run.runner.environment,
              tempDirectory: run.runner.tempDirectory
            },
            host
          )
        )
      : { section: skippedSection('verify-browser: off') }
  const merged = withBrowserSection(checked.report, browser.section)
  // The report of the whole check, made once from the static check's, the browser pass's and the baseline.
  const report = options.baseline ? withBaseline(merged.report, options.baseline) : merged.report
  const browserProblems = report.problems.slice(report.problems.length - merged.added.length)
  if (browserProblems.length > 0) {
    host.info(`The browser pass found ${countOf(browserProblems.length, 'problem')}:`)
    logProblems(host, browserProblems, browserProblems.length)
  }
  try {
    await writeReport(report, reportPath)
  } catch (error) {
    return couldNotFinish(error, options, host)
  }
  host.info(`Site check report: ${reportPath}`)
  if (browser.failure) return { report, reportPath, failure: browser.failure }
  if (report.counts.problems === 0) return { report, reportPath }
  if (options.mode === 'warn' || report.baseline?.new === 0) {
    warnProblems(host, report, reportPath, run.runner.workspace)
    return { report, reportPath }
  }
  return { report, reportPath, failure: siteCheckError(report, reportPath) }
}

/**
 * The static check's report, and each page's set of scripts for the browser pass; undefined (after
 * a warning) when it cannot finish under `warn`.
 */
async function checkStatically(
  sitePath: string,
  options: VerifyOptions,
  { host, deadline }: CheckRun
): Promise<{ report: SiteCheckReport; scriptSets?: ScriptSetSnapshot; listing: SiteListing } | undefined> {
  let report: SiteCheckReport
  let scriptSets: ScriptSetSnapshot | undefined
  let listing: SiteListing
  const signal = deadline.signal()
  try {
    const findings = await checkSite(sitePath, {
      domain: options.domain,
      expectedPages: options.expectedPages,
      workerFile: besideModule(import.meta.url, [WORKER_BUNDLE]),
      signal,
      scriptSets: (options.browser?.mode ?? 'off') !== 'off'
    })
    report = buildReport(findings)
    scriptSets = findings.scriptSets
    listing = findings.listing
  } catch (error) {
    if (signal.aborted && error === signal.reason) throw stopped(error)
    return couldNotFinish(error, options, host)
  }
  // As the log shows it: the problems the baseline knows marked so.
  const shown = options.baseline ? withBaseline(report, options.baseline) : report
  const { counts } = shown
  host.info(
    `Checked ${countOf(counts.files, 'file')} (${countOf(counts.htmlPages, 'page')}, ${countOf(counts.styleSheets, 'style sheet')}, ` +
      `${countOf(counts.internalReferences, 'internal reference')}) in ${formatDuration(shown.durationMs)}` +
      `${shown.threads > 1 ? ` on ${shown.threads} threads` : ''}: ${counts.problems === 0 ? 'no problems' : countOf(counts.problems, 'problem')}` +
      `${shown.baseline ? ` (${shown.baseline.known} known from the baseline ${shown.baseline.source})` : ''}`
  )
  logProblems(host, shown.problems, counts.problems)
  for (const skipped of shown.skipped) host.info(`Not checked: ${oneLine(skipped)}`)
  for (const notice of shown.notices) host.notice(notice, { title: 'Site check: links without .html' })
  return { report, scriptSets, listing }
}

/**
 * A check that cannot finish (an unreadable file, a report that cannot be written): the step's
 * error under `verify: error`, else a warning and no report.
 */
function couldNotFinish(error: unknown, options: VerifyOptions, host: Host): undefined {
  const text = message`The site check could not finish: ${textOf(error)}`
  if (options.mode === 'error') throw new ActionError(text, { code: 'site-check-failed', cause: error })
  host.warning(text, { title: 'Site check' })
  return undefined
}

/** The check stopped by the deadline, or by the run's cancellation (whose reason goes on as it is). */
function stopped(reason: unknown): unknown {
  if (!(reason instanceof TimeUpError)) return reason
  return new ActionError(message`The site check stopped: ${input('timeout-seconds')} ran out before it finished`, {
    code: 'out-of-time',
    cause: reason
  })
}

function logProblems(host: Host, problems: Problem[], total: number): void {
  for (const problem of problems.slice(0, LOGGED)) host.info(`  ${oneLine(problemLine(problem))}`)
  if (total > LOGGED) host.info(`  …and ${total - LOGGED} more, in the report`)
}
