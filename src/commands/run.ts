import { ApiClient } from '../api/client.js'
import type { Run } from '../core/context.js'
import { Deadline } from '../core/deadline.js'
import type { Host } from '../core/host.js'
import { OutputFolder } from '../core/layout.js'
import { Network } from '../core/net.js'
import type { RunnerFacts } from '../core/runner.js'
import type { Settings } from '../core/settings.js'
import type { RunReport } from '../report/report.js'
import { writeAgentSummary, writeExportSummary } from '../report/summary.js'
import { writeBrowserSummary } from '../site/browser/summary.js'
import { writeSiteCheckSummary } from '../site/summary.js'
import { mkdir } from 'node:fs/promises'
import { writeDeploymentSummary } from '../deployment/summary.js'
import { writeChangesSummary } from '../manifest/summary.js'
import { followAgentJob, type Commenter } from './agent.js'
import { checkDeploymentCommand } from './check-deployment.js'
import { exportSite } from './export.js'

/** What a front end brings to a run. */
export interface FrontEnd {
  host: Host
  /** Aborted when the run is cancelled. */
  cancellation: AbortSignal
  runner: RunnerFacts
  /** How the front end comments an agent job's outcome, when it can. */
  comment?: Commenter
}

/** An empty report for the command of the settings, which the run fills in as it goes. */
export function newReport(settings: Settings): RunReport {
  return { command: settings.command, startedAt: Date.now() }
}

/**
 * Runs the command of the settings, whatever the front end: what it learns goes into `report`,
 * from which the front end sets its outputs, after a failure too. The job summary is written at
 * the end, whatever the outcome.
 */
export async function runCommand(settings: Settings, report: RunReport, frontEnd: FrontEnd): Promise<void> {
  const run = startRun(settings, frontEnd)
  try {
    if (settings.command === 'check-deployment') {
      if (report.command === 'check-deployment')
        await checkDeploymentCommand(settings, report, run, retryBaseDelayMs(settings))
      return
    }
    const client = new ApiClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      requestTimeoutMs: requestTimeoutMs(settings),
      retryBaseDelayMs: retryBaseDelayMs(settings),
      run
    })
    if (settings.command === 'export' && report.command === 'export') {
      await exportSite(settings, report, {
        run,
        client,
        retryBaseDelayMs: retryBaseDelayMs(settings),
        stallTimeoutMs: requestTimeoutMs(settings)
      })
    } else if (settings.command === 'agent-job' && report.command === 'agent-job') {
      await followAgentJob(settings, report, { run, client, comment: frontEnd.comment })
    }
  } finally {
    await writeSummaries(run, settings, report)
  }
}

/** The run's context: `timeout-seconds` counts from here. */
function startRun(settings: Settings, { host, cancellation, runner }: FrontEnd): Run {
  const path = settings.command === 'agent-job' ? undefined : settings.path
  return {
    host,
    deadline: Deadline.in(settings.timeoutMs, cancellation),
    cancellation,
    runner,
    network:
      settings.command === 'check-deployment' ? Network.forDeployment(settings.url) : Network.forApi(settings.baseUrl),
    output: new OutputFolder(async (jobId) => {
      if (!path) return host.newDirectory(jobId)
      await mkdir(path, { recursive: true })
      return path
    })
  }
}

async function writeSummaries({ host, runner }: Run, settings: Settings, report: RunReport): Promise<void> {
  if (settings.command === 'agent-job' && report.command === 'agent-job') {
    await writeAgentSummary(host, settings, report, runner.serverUrl)
  } else if (report.command === 'check-deployment') {
    if (report.deployment) await writeDeploymentSummary(report.deployment, report.reportPath ?? '', host)
  } else if (settings.command === 'export' && report.command === 'export') {
    await writeExportSummary(host, report, !settings.maskBundleUrl)
    if (report.changes) await writeChangesSummary(report.changes.changes, report.changes.path, host)
    if (report.siteCheck) await writeSiteCheckSummary(host, report.siteCheck)
    if (report.siteCheck?.report.browser) await writeBrowserSummary(host, report.siteCheck.report.browser)
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
