import { followAgentJob, type AgentContext } from './agent.js'
import { ApiClient } from './api/client.js'
import { exportSite } from './export.js'
import type { RunReport } from './report.js'
import type { Settings } from './settings.js'
import { writeBrowserSummary } from './site/browser/summary.js'
import { writeSiteCheckSummary } from './site/summary.js'
import { writeExportSummary } from './summary.js'

interface RunOptions {
  signal: AbortSignal
  /** How the front end comments an agent job's outcome, when it can. */
  comment?: AgentContext['comment']
}

/** An empty report for the command of the settings, which the run fills in as it goes. */
export function newReport(settings: Settings): RunReport {
  return { command: settings.command, startedAt: Date.now() }
}

/**
 * Runs the command of the settings, whatever the front end: what it learns goes into `report`,
 * from which the front end sets its outputs, after a failure too.
 */
export async function runCommand(
  settings: Settings,
  report: RunReport,
  { signal, comment }: RunOptions
): Promise<void> {
  // timeout-seconds bounds the whole run: every poll, call, retry and the download.
  const deadline = Date.now() + settings.timeoutMs
  const client = new ApiClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    requestTimeoutMs: requestTimeoutMs(settings),
    retryBaseDelayMs: retryBaseDelayMs(settings),
    deadline,
    signal
  })
  if (settings.command === 'export' && report.command === 'export') {
    try {
      await exportSite(settings, report, {
        client,
        deadline,
        signal,
        retryBaseDelayMs: retryBaseDelayMs(settings),
        stallTimeoutMs: requestTimeoutMs(settings)
      })
    } finally {
      await writeExportSummary(report, !settings.maskBundleUrl)
      if (report.siteCheck) await writeSiteCheckSummary(report.siteCheck)
      if (report.siteCheck?.report.browser) await writeBrowserSummary(report.siteCheck.report.browser)
    }
  } else if (settings.command === 'agent-job' && report.command === 'agent-job') {
    await followAgentJob(settings, report, client, { deadline, signal, comment })
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
