import type { ApiClient } from '../api/client.js'
import type { AgentJob } from '../api/schemas.js'
import type { Run } from '../core/context.js'
import { ActionError, cancelledError } from '../core/errors.js'
import { formatSeconds } from '../core/format.js'
import { oneLine } from '../core/log-text.js'
import { pollUntil } from '../core/poll.js'
import { setOutputs } from '../report/outputs.js'
import type { AgentReport, Outcome } from '../report/report.js'
import type { AgentSettings } from '../settings/index.js'

/** The statuses an agent job ends with. */
export const FINAL_STATUSES = new Set(['completed', 'archived', 'failed'])

/** The issue or pull request to comment on (`comment-on`), and the agent job as the workflow named it. */
export interface CommentRequest {
  issueNumber: number
  projectId: string
  agentJobId: string
  /** The first line of the prompt the run sent, when it sent one. */
  prompt?: string
}

/** Comments the outcome as asked, returning the comment's URL; only a front end that can. */
export type Commenter = (job: AgentJob, request: CommentRequest, run: Run) => Promise<string>

interface AgentContext {
  run: Run
  client: ApiClient
  comment?: Commenter
}

/**
 * What the run asked of the agent before following the job: a new job from the prompt, a follow-up
 * to the job (with the job as it was before it), or nothing.
 */
interface Begun {
  agentJobId: string
  /** After a follow-up: the job as read just before the message, whose outcome is not the new one. */
  before?: AgentJob
  /** The follow-up's own answer showed the job active again. */
  activeAgain?: boolean
}

/**
 * Starts an agent job from the prompt, or sends the prompt to the job as a follow-up, then reads
 * the job (until it ends, unless wait is false), reports its pull request and comments it. The
 * report holds what each step returned, after a failure too.
 */
export async function followAgentJob(
  settings: AgentSettings,
  { run, client, comment }: AgentContext
): Promise<Outcome<AgentReport>> {
  const { host } = run
  const { projectId } = settings
  const startedAt = Date.now()
  const prompt = settings.prompt === undefined ? undefined : firstLine(settings.prompt)
  let agentJobId = settings.agentJobId
  /** The last state read. */
  let job: AgentJob | undefined
  let outcome: AgentJob | undefined
  let commentUrl: string | undefined
  const report = (): AgentReport => ({ command: 'agent-job', startedAt, agentJobId, prompt, job, outcome, commentUrl })
  try {
    const begun = await begin(settings, client, run)
    agentJobId = begun.agentJobId
    const name = `agent job ${agentJobId} (project ${projectId})`
    try {
      outcome = await host.group(`Wait for ${name}`, () =>
        waitForAgentJob(settings, begun, client, run, (state) => {
          job = state
        })
      )
    } catch (error) {
      if (run.cancellation.aborted) throw cancelledError(`while waiting for ${name}`, 'The agent keeps working')
      throw error
    }
    if (!outcome) return { report: report() }
    const ended = outcome
    if (ended.prLink) host.info(`The agent opened ${ended.prLink}`)
    else if (ended.status === 'completed') host.info('The agent finished without changing any files: no pull request')
    if (ended.status === 'archived') host.notice(`The ${name} is archived`)

    if (settings.commentOn !== undefined && comment) {
      const request = { issueNumber: settings.commentOn, projectId, agentJobId: begun.agentJobId, prompt }
      commentUrl = await host.group(`Comment on #${request.issueNumber}`, () => comment(ended, request, run))
    }

    if (ended.status === 'failed') throw new ActionError(`The ${name} failed`, { code: 'job-failed' })
    return { report: report() }
  } catch (error) {
    return { report: report(), failure: error }
  }
}

/** Creates the job from the prompt, or sends the prompt to the job as a follow-up; with no prompt, nothing. */
async function begin(settings: AgentSettings, client: ApiClient, run: Run): Promise<Begun> {
  const { host } = run
  const { projectId, prompt, agentJobId } = settings
  if (prompt === undefined) return { agentJobId: agentJobId ?? '' }
  const shown = JSON.stringify(firstLine(prompt))
  if (agentJobId === undefined) {
    const created = await host.group(`Start an agent job in project ${projectId}`, () =>
      client.createAgentJob(projectId, prompt)
    )
    host.info(`Started agent job ${created.id} from the prompt ${shown} (${prompt.length} characters)`)
    // Known at once, so that a run stopped before its end still says which job it started.
    setOutputs(host, { report: { command: 'agent-job', startedAt: Date.now(), agentJobId: created.id } })
    return { agentJobId: created.id }
  }
  return host.group(`Send a follow-up to agent job ${agentJobId}`, async () => {
    const before = await client.getAgentJob(projectId, agentJobId)
    const answer = await client.sendAgentMessage(projectId, agentJobId, prompt)
    host.info(
      `Sent the prompt ${shown} (${prompt.length} characters) to agent job ${agentJobId}, which was ${before.status}`
    )
    return { agentJobId, before, activeAgain: answer?.status === 'active' }
  })
}

/**
 * The job once it ended (or as read once, with wait: false), telling `onState` of every state read.
 *
 * After a follow-up, the API does not say how soon the job turns `active` again: a final status
 * read before it did is the outcome of the work before the message. So a final status counts only
 * once the job has been seen active since the message (its answer included), or once it reads
 * otherwise than just before the message (another status, another pull request). With wait: false
 * a job that still reads as before has no new outcome yet: undefined.
 */
async function waitForAgentJob(
  settings: AgentSettings,
  begun: Begun,
  client: ApiClient,
  run: Run,
  onState: (job: AgentJob) => void
): Promise<AgentJob | undefined> {
  const { projectId } = settings
  const { agentJobId, before } = begun
  let activeAgain = begun.activeAgain ?? false
  const isNewOutcome = (job: AgentJob): boolean =>
    FINAL_STATUSES.has(job.status) &&
    (before === undefined || activeAgain || job.status !== before.status || job.prLink !== before.prLink)
  const read = async (): Promise<AgentJob> => {
    const job = await client.getAgentJob(projectId, agentJobId)
    if (job.status === 'active') activeAgain = true
    onState(job)
    return job
  }
  if (!settings.wait) {
    const job = await read()
    if (isNewOutcome(job) || !FINAL_STATUSES.has(job.status)) return job
    run.host.info(
      `Agent job ${agentJobId} still shows its outcome from before the follow-up (${job.status}); not waiting`
    )
    return undefined
  }
  let lastStatus = ''
  let saidStale = false
  const outcome = await pollUntil({
    read,
    isFinished: isNewOutcome,
    onState: (job, elapsedMs) => {
      if (!isNewOutcome(job) && FINAL_STATUSES.has(job.status) && !saidStale) {
        run.host.info(
          `Agent job ${agentJobId} still shows its outcome from before the follow-up (${job.status}): waiting for it to take the prompt`
        )
        saidStale = true
      }
      if (job.status === lastStatus) return
      run.host.info(`Agent job ${agentJobId}: ${job.status} · ${formatSeconds(elapsedMs)} elapsed`)
      lastStatus = job.status
    },
    intervalMs: settings.pollIntervalMs,
    deadline: run.deadline,
    signal: run.cancellation
  })
  if (!outcome.finished) {
    const stale = outcome.state && before && FINAL_STATUSES.has(outcome.state.status)
    throw new ActionError(
      `Agent job ${agentJobId} (project ${projectId}) did not finish within ${formatSeconds(settings.timeoutMs)} ` +
        (stale
          ? `(it still shows its outcome from before the follow-up: ${outcome.state?.status}); the agent may still take the prompt`
          : `(last status: ${outcome.state?.status ?? 'unknown'}); the agent keeps working`),
      { code: 'job-timeout' }
    )
  }
  return outcome.state
}

/** A prompt as logs, the summary and the comment show it: its first line, on one line. */
function firstLine(prompt: string): string {
  return oneLine(prompt.trim().split(/\r?\n/, 1)[0] ?? '')
}
