import type { ApiClient } from '../api/client.js'
import type { AgentJob } from '../api/schemas.js'
import type { Run } from '../core/context.js'
import { ActionError, cancelledError } from '../core/errors.js'
import { formatSeconds } from '../core/format.js'
import { pollUntil } from '../core/poll.js'
import type { AgentReport, Outcome } from '../report/report.js'
import type { AgentSettings } from '../settings/index.js'

/** The statuses an agent job ends with. */
export const FINAL_STATUSES = new Set(['completed', 'archived', 'failed'])

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
 * the report holds what each step returned, after a failure too.
 */
export async function followAgentJob(
  settings: AgentSettings,
  { run, client, comment }: AgentContext
): Promise<Outcome<AgentReport>> {
  const { host } = run
  const { projectId, agentJobId } = settings
  const name = `agent job ${agentJobId} (project ${projectId})`
  const startedAt = Date.now()
  /** The last state read. */
  let job: AgentJob | undefined
  let outcome: AgentJob | undefined
  let commentUrl: string | undefined
  const report = (): AgentReport => ({ command: 'agent-job', startedAt, job, outcome, commentUrl })
  try {
    try {
      outcome = await host.group(`Wait for ${name}`, () =>
        waitForAgentJob(settings, client, run, (state) => {
          job = state
        })
      )
    } catch (error) {
      if (run.cancellation.aborted) throw cancelledError(`while waiting for ${name}`, 'The agent keeps working')
      throw error
    }
    const ended = outcome
    if (ended.prLink) host.info(`The agent opened ${ended.prLink}`)
    else if (ended.status === 'completed') host.info('The agent finished without changing any files: no pull request')
    if (ended.status === 'archived') host.notice(`The ${name} is archived`)

    if (settings.commentOn !== undefined && comment) {
      const issueNumber = settings.commentOn
      commentUrl = await host.group(`Comment on #${issueNumber}`, () =>
        comment(ended, { issueNumber, projectId, agentJobId }, run)
      )
    }

    if (ended.status === 'failed') throw new ActionError(`The ${name} failed`, { code: 'job-failed' })
    return { report: report() }
  } catch (error) {
    return { report: report(), failure: error }
  }
}

/** The job once it ended (or as read once, with wait: false), telling `onState` of every state read. */
async function waitForAgentJob(
  settings: AgentSettings,
  client: ApiClient,
  run: Run,
  onState: (job: AgentJob) => void
): Promise<AgentJob> {
  const { projectId, agentJobId } = settings
  if (!settings.wait) {
    const job = await client.getAgentJob(projectId, agentJobId)
    onState(job)
    return job
  }
  let lastStatus = ''
  const outcome = await pollUntil({
    read: () => client.getAgentJob(projectId, agentJobId),
    isFinished: (job) => FINAL_STATUSES.has(job.status),
    onState: (job, elapsedMs) => {
      onState(job)
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
