import * as core from '@actions/core'
import type { ApiClient } from './api/client.js'
import type { AgentJob } from './api/schemas.js'
import { upsertAgentComment } from './comment.js'
import { ActionError } from './errors.js'
import { formatSeconds } from './format.js'
import { pollUntil } from './poll.js'
import type { AgentSettings } from './settings.js'
import type { AgentReport } from './report.js'
import { writeAgentSummary } from './summary.js'

const FINAL_STATUSES = new Set(['completed', 'archived', 'failed'])

interface AgentContext {
  /** Epoch milliseconds at which timeout-seconds, counted from the start of the run, ends. */
  deadline: number
  signal: AbortSignal
}

/**
 * Reads the agent job (until it ends, unless wait is false), reports its pull request, comments it;
 * what it learns goes into `report`, from which the outputs are set.
 */
export async function followAgentJob(settings: AgentSettings, report: AgentReport, client: ApiClient, context: AgentContext): Promise<void> {
  const { signal } = context
  const { projectId, agentJobId } = settings
  const name = `agent job ${agentJobId} (project ${projectId})`
  let job: AgentJob
  try {
    job = await core.group(`Wait for ${name}`, () => waitForAgentJob(settings, report, client, context))
  } catch (error) {
    if (signal.aborted) throw new ActionError(`The run was cancelled while waiting for ${name}; the agent keeps working`, { code: 'cancelled' })
    throw error
  }

  report.outcome = job
  if (job.prLink) core.info(`The agent opened ${job.prLink}`)
  else if (job.status === 'completed') core.info('The agent finished without changing any files: no pull request')
  if (job.status === 'archived') core.notice(`The ${name} is archived`)

  if (settings.commentOn !== undefined) {
    const issueNumber = settings.commentOn
    report.commentUrl = await core.group(`Comment on #${issueNumber}`, () => upsertAgentComment({ token: settings.githubToken, issueNumber, job }))
  }
  await writeAgentSummary(job, report)

  if (job.status === 'failed') throw new ActionError(`The ${name} failed`, { code: 'job-failed' })
}

async function waitForAgentJob(settings: AgentSettings, report: AgentReport, client: ApiClient, context: AgentContext): Promise<AgentJob> {
  const { projectId, agentJobId } = settings
  if (!settings.wait) {
    report.job = await client.getAgentJob(projectId, agentJobId)
    return report.job
  }
  let lastStatus = ''
  const outcome = await pollUntil({
    read: (deadline) => client.getAgentJob(projectId, agentJobId, { deadline }),
    isFinished: (job) => FINAL_STATUSES.has(job.status),
    onState: (job, elapsedMs) => {
      report.job = job
      if (job.status === lastStatus) return
      core.info(`Agent job ${agentJobId}: ${job.status} · ${formatSeconds(elapsedMs)} elapsed`)
      lastStatus = job.status
    },
    intervalMs: settings.pollIntervalMs,
    timeoutMs: context.deadline - Date.now(),
    signal: context.signal
  })
  if (!outcome.finished) {
    throw new ActionError(
      `Agent job ${agentJobId} (project ${projectId}) did not finish within ${formatSeconds(settings.timeoutMs)} ` +
        `(last status: ${outcome.state?.status ?? 'unknown'}); the agent keeps working`,
      { code: 'job-timeout' }
    )
  }
  return outcome.state
}
