import * as core from '@actions/core'
import { followAgentJob } from './agent.js'
import { ApiClient } from './api/client.js'
import { exportSite } from './export.js'
import { outputsOf } from './outputs.js'
import type { ExportReport, RunReport } from './report.js'
import { readSettings, type Settings } from './settings.js'
import { writeBrowserSummary } from './site/browser/summary.js'
import { writeSiteCheckSummary } from './site/summary.js'
import { writeExportSummary } from './summary.js'

/** The runner sends SIGINT on cancel and SIGTERM 7.5 s later; the step must be gone well before. */
const EXIT_AFTER_CANCEL_MS = 900

/** The action: settings → the command → outputs and summary; every failure ends in one setFailed. */
export async function run(): Promise<void> {
  const cancellation = new AbortController()
  let report: RunReport | undefined
  const cancel = (signal: NodeJS.Signals): void => {
    core.info(`Received ${signal}: stopping`)
    cancellation.abort(new Error(`cancelled by ${signal}`))
    setTimeout(() => {
      // A step that does not heed the cancellation in time still leaves what it learned, the job id first.
      if (report) setOutputs(report)
      process.exit(1)
    }, EXIT_AFTER_CANCEL_MS).unref()
  }
  process.once('SIGINT', cancel)
  process.once('SIGTERM', cancel)
  try {
    const settings = readSettings()
    // timeout-seconds bounds the whole run: every poll, call, retry and the download.
    const deadline = Date.now() + settings.timeoutMs
    const client = new ApiClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      requestTimeoutMs: requestTimeoutMs(settings),
      retryBaseDelayMs: retryBaseDelayMs(settings),
      deadline,
      signal: cancellation.signal
    })
    if (settings.command === 'export') {
      const exportReport: ExportReport = { command: 'export', startedAt: Date.now() }
      report = exportReport
      try {
        await exportSite(settings, exportReport, {
          client,
          deadline,
          signal: cancellation.signal,
          retryBaseDelayMs: retryBaseDelayMs(settings),
          stallTimeoutMs: requestTimeoutMs(settings)
        })
      } finally {
        await writeExportSummary(exportReport, !settings.maskBundleUrl)
        if (exportReport.siteCheck) await writeSiteCheckSummary(exportReport.siteCheck)
        if (exportReport.siteCheck?.report.browser) await writeBrowserSummary(exportReport.siteCheck.report.browser)
      }
    } else {
      report = { command: 'agent-job', startedAt: Date.now() }
      await followAgentJob(settings, report, client, { deadline, signal: cancellation.signal })
    }
  } catch (error) {
    core.setFailed(error instanceof Error ? error.message : String(error))
  } finally {
    if (report) setOutputs(report)
    process.off('SIGINT', cancel)
    process.off('SIGTERM', cancel)
  }
}

/** The one place where outputs are set: from the report, once the run is over. */
function setOutputs(report: RunReport): void {
  for (const [name, value] of Object.entries(outputsOf(report))) core.setOutput(name, value)
}

/** One request may take a sixth of the whole wait, between 1 and 30 seconds, so a retry still fits. */
function requestTimeoutMs(settings: Settings): number {
  return Math.min(30_000, Math.max(1000, settings.timeoutMs / 6))
}

/** No retry waits longer at first than a poll would. */
function retryBaseDelayMs(settings: Settings): number {
  return Math.min(1000, settings.pollIntervalMs)
}
