import { mkdir } from 'node:fs/promises'
import { ApiClient } from '../api/client.js'
import type { Run } from '../core/context.js'
import { Deadline } from '../core/deadline.js'
import type { Host } from '../core/host.js'
import { OutputFolder } from '../core/layout.js'
import { Network } from '../core/net.js'
import type { RunnerFacts } from '../core/runner.js'
import type { AgentReport, DeploymentCheckReport, ExportReport } from '../report/report.js'
import type { AgentSettings, CheckDeploymentSettings, ExportSettings, Settings } from '../settings/index.js'
import { followAgentJob, type Commenter } from './agent.js'
import { checkDeploymentCommand } from './check-deployment.js'
import { exportSite } from './export.js'
import { writeSummaries } from './summary.js'

/** What a front end brings to a run. */
export interface FrontEnd {
  host: Host
  /** Aborted when the run is cancelled. */
  cancellation: AbortSignal
  runner: RunnerFacts
  /** How the front end comments an agent job's outcome, when it can. */
  comment?: Commenter
}

/** Each command's settings with what its run made. */
type CommandRun =
  | { command: 'export'; settings: ExportSettings; report: ExportReport }
  | { command: 'agent-job'; settings: AgentSettings; report: AgentReport }
  | { command: 'check-deployment'; settings: CheckDeploymentSettings; report: DeploymentCheckReport }

/** A run that is over: its command's settings and report, and its failure when it failed. */
export type FinishedRun = CommandRun & { failure?: unknown }

/**
 * Runs the command of the settings, whatever the front end, and writes the job summary whatever
 * the outcome. The front end sets its outputs from the report, and fails the step with the failure.
 */
export async function runCommand(settings: Settings, frontEnd: FrontEnd): Promise<FinishedRun> {
  const run = startRun(settings, frontEnd)
  const finished = await runOne(settings, run, frontEnd)
  await writeSummaries(run, finished)
  return finished
}

async function runOne(settings: Settings, run: Run, frontEnd: FrontEnd): Promise<FinishedRun> {
  if (settings.command === 'check-deployment') {
    return {
      command: settings.command,
      settings,
      ...(await checkDeploymentCommand(settings, run, retryBaseDelayMs(settings)))
    }
  }
  const client = new ApiClient({
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    requestTimeoutMs: requestTimeoutMs(settings),
    retryBaseDelayMs: retryBaseDelayMs(settings),
    run
  })
  if (settings.command === 'agent-job') {
    return {
      command: settings.command,
      settings,
      ...(await followAgentJob(settings, { run, client, comment: frontEnd.comment }))
    }
  }
  const outcome = await exportSite(settings, {
    run,
    client,
    retryBaseDelayMs: retryBaseDelayMs(settings),
    stallTimeoutMs: requestTimeoutMs(settings)
  })
  return { command: settings.command, settings, ...outcome }
}

/** The run's context: `timeout-seconds` counts from here. */
function startRun(settings: Settings, { host, cancellation, runner }: FrontEnd): Run {
  for (const credential of runner.credentials) host.setSecret(credential)
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

/** One request may take a sixth of the whole wait, between 1 and 30 seconds, so a retry still fits. */
function requestTimeoutMs(settings: Settings): number {
  return Math.min(30_000, Math.max(1000, settings.timeoutMs / 6))
}

/** No retry waits longer at first than a poll would. */
function retryBaseDelayMs(settings: Settings): number {
  return Math.min(1000, settings.pollIntervalMs)
}
