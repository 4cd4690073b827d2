import { host } from './host.js'
import type { ApiClient } from './api/client.js'
import type { AgentJob } from './api/schemas.js'
import { ActionError } from './errors.js'
import { formatSeconds } from './format.js'
import { pollUntil } from './poll.js'
import type { AgentSettings } from './settings.js'
import type { AgentReport } from './report.js'
import { writeAgentSummary } from './summary.js'

const FINAL_STATUSES = new Set(['completed', 'archived', 'failed'])

export interface AgentContext {
  /** Epoch milliseconds at which timeout-seconds, counted from the start of the run, ends. */
  deadline: number
  signal: AbortSignal
  /** Comments the outcome on the issue or pull request `comment-on`, returning the comment's URL; only a front end that can. */
  comment?: (job: AgentJob, issueNumber: number) => Promise<string>
}

/**
 * Reads the agent job (until it ends, unless wait is false), reports its pull request, comments it;
 * what it learns goes into `report`, from which the outputs are set.
 */
export async function followAgentJob(
  settings: AgentSettings,
  report: AgentReport,
  client: ApiClient,
  context: AgentContext
): Promise<void> {
  const { signal } = context
  const { projectId, agentJobId } = settings
  const name = `agent job ${agentJobId} (project ${projectId})`
  let job: AgentJob
  try {
    job = await host.group(`Wait for ${name}`, () => waitForAgentJob(settings, report, client, context))
  } catch (error) {
    if (signal.aborted)
      throw new ActionError(`The run was cancelled while waiting for ${name}; the agent keeps working`, {
        code: 'cancelled'
      })
    throw error
  }

  report.outcome = job
  if (job.prLink) host.info(`The agent opened ${job.prLink}`)
  else if (job.status === 'completed') host.info('The agent finished without changing any files: no pull request')
  if (job.status === 'archived') host.notice(`The ${name} is archived`)

  const { comment } = context
  if (settings.commentOn !== undefined && comment) {
    const issueNumber = settings.commentOn
    report.commentUrl = await host.group(`Comment on #${issueNumber}`, () => comment(job, issueNumber))
  }
  await writeAgentSummary(job, report)

  if (job.status === 'failed') throw new ActionError(`The ${name} failed`, { code: 'job-failed' })
}

async function waitForAgentJob(
  settings: AgentSettings,
  report: AgentReport,
  client: ApiClient,
  context: AgentContext
): Promise<AgentJob> {
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
      host.info(`Agent job ${agentJobId}: ${job.status} · ${formatSeconds(elapsedMs)} elapsed`)
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
