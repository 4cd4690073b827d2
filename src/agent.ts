import * as core from '@actions/core'
import type { ApiClient } from './api/client.js'
import type { AgentJob } from './api/schemas.js'
import { upsertAgentComment } from './comment.js'
import { ActionError } from './errors.js'
import { formatSeconds } from './format.js'
import { pollUntil } from './poll.js'
import type { AgentSettings } from './settings.js'
import { code, text, writeSummary } from './summary.js'

const FINAL_STATUSES = new Set(['completed', 'archived', 'failed'])

export interface AgentContext {
  /** Epoch milliseconds at which timeout-seconds, counted from the start of the run, ends. */
  deadline: number
  signal: AbortSignal
}

/** Reads the agent job (until it ends, unless wait is false), reports its pull request, comments it. */
export async function followAgentJob(settings: AgentSettings, client: ApiClient, context: AgentContext): Promise<void> {
  const { signal } = context
  const { projectId, agentJobId } = settings
  const name = `agent job ${agentJobId} (project ${projectId})`
  const startedAt = Date.now()
  let job: AgentJob
  try {
    job = await core.group(`Wait for ${name}`, () => waitForAgentJob(settings, client, context))
  } catch (error) {
    if (signal.aborted) throw new ActionError(`The run was cancelled while waiting for ${name}; the agent keeps working`, { code: 'cancelled' })
    throw error
  }

  core.setOutput('status', job.status)
  core.setOutput('pr-link', job.prLink ?? '')
  if (job.prLink) core.info(`The agent opened ${job.prLink}`)
  else if (job.status === 'completed') core.info('The agent finished without changing any files: no pull request')
  if (job.status === 'archived') core.notice(`The ${name} is archived`)

  let commentUrl: string | undefined
  if (settings.commentOn !== undefined) {
    const issueNumber = settings.commentOn
    commentUrl = await core.group(`Comment on #${issueNumber}`, () => upsertAgentComment({ token: settings.githubToken, issueNumber, job }))
    core.setOutput('comment-url', commentUrl)
  }
  await writeSummary('Agent job', summaryRows(job, startedAt, commentUrl))

  if (job.status === 'failed') throw new ActionError(`The ${name} failed`, { code: 'job-failed' })
}

async function waitForAgentJob(settings: AgentSettings, client: ApiClient, context: AgentContext): Promise<AgentJob> {
  const { projectId, agentJobId } = settings
  if (!settings.wait) return client.getAgentJob(projectId, agentJobId)
  let lastStatus = ''
  const outcome = await pollUntil({
    read: (deadline) => client.getAgentJob(projectId, agentJobId, { deadline }),
    isFinished: (job) => FINAL_STATUSES.has(job.status),
    onState: (job, elapsedMs) => {
      if (job.status === lastStatus) return
      core.info(`Agent job ${agentJobId}: ${job.status} · ${formatSeconds(elapsedMs)} elapsed`)
      lastStatus = job.status
    },
    intervalMs: settings.pollIntervalMs,
    timeoutMs: context.deadline - Date.now(),
    signal: context.signal
  }).catch((error: unknown) => {
    // Also when the last reads ran out of time: the last status seen tells a later step where the job was.
    if (lastStatus) core.setOutput('status', lastStatus)
    throw error
  })
  if (!outcome.finished) {
    if (outcome.state) core.setOutput('status', outcome.state.status)
    throw new ActionError(
      `Agent job ${agentJobId} (project ${projectId}) did not finish within ${formatSeconds(settings.timeoutMs)} ` +
        `(last status: ${outcome.state?.status ?? 'unknown'}); the agent keeps working`,
      { code: 'job-timeout' }
    )
  }
  return outcome.state
}

function summaryRows(job: AgentJob, startedAt: number, commentUrl?: string): [string, string][] {
  const rows: [string, string][] = [
    ['Job', code(job.id)],
    ['Status', text(job.status)]
  ]
  if (job.repository) rows.push(['Repository', text(job.repository)])
  if (job.ref) rows.push(['Ref', code(job.ref)])
  if (job.model) rows.push(['Model', text(job.model)])
  const since = job.createdAt ? Date.parse(job.createdAt) : startedAt
  rows.push(['Duration', formatSeconds(Math.max(0, Date.now() - since))])
  rows.push(['Pull request', job.prLink ? link(job.prLink) : job.status === 'completed' ? 'none (no files changed)' : 'none'])
  if (commentUrl) rows.push(['Comment', link(commentUrl)])
  return rows
}

function link(url: string): string {
  return `<a href="${text(url)}">${text(url)}</a>`
}
