import type { ApiClient } from '../api/client.js'
import type { AgentJob } from '../api/schemas.js'
import type { Run } from '../core/context.js'
import { ActionError, cancelledError } from '../core/errors.js'
import { formatSeconds } from '../core/format.js'
import { pollUntil } from '../core/poll.js'
import type { AgentSettings } from '../core/settings.js'
import type { AgentReport } from '../report/report.js'

const FINAL_STATUSES = new Set(['completed', 'archived', 'failed'])

/** The issue or pull request to comment on (`comment-on`), and the agent job as the workflow named it. */
export interface CommentRequest {
  issueNumber: number
  projectId: string
  agentJobId: string
}

/** Comments the outcome as asked, returning the comment's URL; only a front end that can. */
export type Commenter = (job: AgentJob, request: CommentRequest, run: Run) => Promise<string>

interface AgentContext {
  run: Run
  client: ApiClient
  comment?: Commenter
}

/**
 * Reads the agent job (until it ends, unless wait is false), reports its pull request, comments it;
 * what it learns goes into `report`, from which the outputs and the summary are written.
 */
export async function followAgentJob(
  settings: AgentSettings,
  report: AgentReport,
  { run, client, comment }: AgentContext
): Promise<void> {
  const { host } = run
  const { projectId, agentJobId } = settings
  const name = `agent job ${agentJobId} (project ${projectId})`
  let job: AgentJob
  try {
    job = await host.group(`Wait for ${name}`, () => waitForAgentJob(settings, report, client, run))
  } catch (error) {
    if (run.cancellation.aborted) throw cancelledError(`while waiting for ${name}`, 'The agent keeps working')
    throw error
  }

  report.outcome = job
  if (job.prLink) host.info(`The agent opened ${job.prLink}`)
  else if (job.status === 'completed') host.info('The agent finished without changing any files: no pull request')
  if (job.status === 'archived') host.notice(`The ${name} is archived`)

  if (settings.commentOn !== undefined && comment) {
    const issueNumber = settings.commentOn
    report.commentUrl = await host.group(`Comment on #${issueNumber}`, () =>
      comment(job, { issueNumber, projectId, agentJobId }, run)
    )
  }

  if (job.status === 'failed') throw new ActionError(`The ${name} failed`, { code: 'job-failed' })
}

async function waitForAgentJob(
  settings: AgentSettings,
  report: AgentReport,
  client: ApiClient,
  run: Run
): Promise<AgentJob> {
  const { projectId, agentJobId } = settings
  if (!settings.wait) {
    report.job = await client.getAgentJob(projectId, agentJobId)
    return report.job
  }
  let lastStatus = ''
  const outcome = await pollUntil({
    read: () => client.getAgentJob(projectId, agentJobId),
    isFinished: (job) => FINAL_STATUSES.has(job.status),
    onState: (job, elapsedMs) => {
      report.job = job
      if (job.status === lastStatus) return
      run.host.info(`Agent job ${agentJobId}: ${job.status} · ${formatSeconds(elapsedMs)} elapsed`)
      lastStatus = job.status
    },
    intervalMs: settings.pollIntervalMs,
    deadline: run.deadline,
    signal: run.cancellation
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
