import * as core from '@actions/core'
import { followAgentJob } from './agent.js'
import { ApiClient } from './api/client.js'
import { failureMessage } from './errors.js'
import { exportSite, type ExportReport } from './export.js'
import { readSettings, type Settings } from './settings.js'
import { writeSiteCheckSummary } from './site/summary.js'
import { writeExportSummary } from './summary.js'

/** The runner sends SIGINT on cancel and SIGTERM 7.5 s later; the step must be gone well before. */
const EXIT_AFTER_CANCEL_MS = 900

/** The action: settings → the command → outputs and summary; every failure ends in one setFailed. */
export async function run(): Promise<void> {
  const cancellation = new AbortController()
  const cancel = (signal: NodeJS.Signals): void => {
    core.info(`Received ${signal}: stopping`)
    cancellation.abort(new Error(`cancelled by ${signal}`))
    setTimeout(() => process.exit(1), EXIT_AFTER_CANCEL_MS).unref()
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
      const report: ExportReport = { startedAt: Date.now() }
      try {
        await exportSite(settings, report, {
          client,
          deadline,
          signal: cancellation.signal,
          retryBaseDelayMs: retryBaseDelayMs(settings),
          stallTimeoutMs: requestTimeoutMs(settings)
        })
      } finally {
        await writeExportSummary(report, !settings.maskBundleUrl)
        if (report.siteCheck) await writeSiteCheckSummary(report.siteCheck)
      }
    } else {
      await followAgentJob(settings, client, { deadline, signal: cancellation.signal })
    }
  } catch (error) {
    core.setFailed(failureMessage(error))
  } finally {
    process.off('SIGINT', cancel)
    process.off('SIGTERM', cancel)
  }
}

/** One request may take a sixth of the whole wait, between 1 and 30 seconds, so a retry still fits. */
function requestTimeoutMs(settings: Settings): number {
  return Math.min(30_000, Math.max(1000, settings.timeoutMs / 6))
}

/** No retry waits longer at first than a poll would. */
function retryBaseDelayMs(settings: Settings): number {
  return Math.min(1000, settings.pollIntervalMs)
}
