import { createHash } from 'node:crypto'
import type { AgentJob } from '../api/schemas.js'
import type { CommentRequest } from '../commands/agent.js'
import type { Run } from '../core/context.js'
import { TimeUpError } from '../core/deadline.js'
import { ActionError } from '../core/errors.js'
import { renderInline, renderTable, type Inline } from '../core/markup.js'
import { input, message } from '../core/message.js'
import { shownPullRequest } from '../report/github-links.js'
import { githubClient, leftNoTimeToRetry, type Octokit } from './github.js'

interface AgentComment {
  token: string
  request: CommentRequest
  job: AgentJob
  run: Run
}

/** Installation tokens (the workflow's GITHUB_TOKEN) cannot ask who they are; they write as this bot. */
const ACTIONS_BOT = 'github-actions[bot]'

/**
 * Posts the agent job's outcome on the issue or pull request, or updates the comment an earlier run
 * posted for the same job (found by its hidden marker, among the token's own comments only).
 * Two runs for the same job that race converge on one comment: after creating, each looks again,
 * keeps the oldest marked comment and deletes the newer ones. Returns the comment's URL.
 */
export async function upsertAgentComment({ token, request, job, run }: AgentComment): Promise<string> {
  const { host, runner, deadline } = run
  const { issueNumber } = request
  if (!runner.repository) {
    throw new ActionError('Cannot comment: GITHUB_REPOSITORY is not set (it names the repository of the issue)', {
      code: 'environment'
    })
  }
  const { owner, repo } = runner.repository
  const octokit = await githubClient(token, run)
  const marker = commentMarker(request)
  const body = commentBody(job, marker, runner.serverUrl, request.prompt)
  const signal = deadline.signal()
  try {
    signal.throwIfAborted()
    const author = await tokenLogin(octokit)
    const markedComments = async (): Promise<IssueComment[]> => {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: issueNumber,
        per_page: 100
      })
      return comments
        .filter((comment) => comment.user?.login === author && comment.body?.startsWith(marker))
        .sort((a, b) => a.id - b.id)
    }
    let marked = await markedComments()
    let created: IssueComment | undefined
    if (marked.length === 0) {
      created = (await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body })).data
      // Another run for the same job may have listed before this one created: look again.
      marked = await markedComments()
    }
    const [kept = created, ...duplicates] = marked
    if (!kept) throw new Error('the comment was neither found nor created')
    // The listing may lag behind the comment just created: it is a duplicate all the same.
    if (created && kept.id !== created.id && !duplicates.some((duplicate) => duplicate.id === created.id))
      duplicates.push(created)
    for (const duplicate of duplicates) await deleteComment(octokit, owner, repo, duplicate.id)
    if (kept.id === created?.id) {
      host.info(`Commented ${kept.html_url}`)
      return kept.html_url
    }
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: kept.id, body })
    host.info(
      `Updated ${data.html_url}${duplicates.length > 0 ? ` (and removed ${duplicates.length} duplicate${duplicates.length === 1 ? '' : 's'})` : ''}`
    )
    return data.html_url
  } catch (error) {
    if (signal.aborted) throw stopped(signal.reason, `${owner}/${repo}#${issueNumber}`)
    throw commentError(error, `${owner}/${repo}#${issueNumber}`)
  }
}

/** The comment stopped by the deadline, or by the run's cancellation (whose reason goes on as it is). */
function stopped(reason: unknown, target: string): unknown {
  if (!(reason instanceof TimeUpError)) return reason
  return new ActionError(message`Commenting on ${target} stopped: ${input('timeout-seconds')} ran out`, {
    code: 'out-of-time',
    cause: reason
  })
}

type IssueComment = Awaited<ReturnType<Octokit['rest']['issues']['listComments']>>['data'][number]

/** A racing run may have deleted the duplicate already. */
async function deleteComment(octokit: Octokit, owner: string, repo: string, id: number): Promise<void> {
  try {
    await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id })
  } catch (error) {
    if (httpStatus(error) !== 404) throw error
  }
}

async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login
  } catch (error) {
    if (httpStatus(error) === 403 || httpStatus(error) === 401) return ACTIONS_BOT
    throw error
  }
}

/**
 * The hidden first line that finds the comment again: a hash of the project and the agent job as
 * the workflow named them (settings), so that nothing the API sends can forge or close it; and
 * since every value in the body is escaped (`<` among them), no other line can hold a marker.
 */
export function commentMarker({ projectId, agentJobId }: Pick<CommentRequest, 'projectId' | 'agentJobId'>): string {
  const digest = createHash('sha256').update(`${projectId}\n${agentJobId}`).digest('hex').slice(0, 32)
  return `<!-- docs-export-action agent-job ${digest} -->`
}

/**
 * The comment: the marker, the outcome, and the job's fields, as HTML on consecutive lines (no
 * blank line, so Markdown never takes over), every value from the API escaped and cut to
 * LONGEST_VALUE by src/core/markup.ts. Only a pull request of the workflow's GitHub (`serverUrl`)
 * is a link; any other prLink is shown as text.
 */
export function commentBody(job: AgentJob, marker: string, serverUrl: string, prompt?: string): string {
  const pullRequest = job.prLink === undefined ? undefined : shownPullRequest(job.prLink, serverUrl)
  const outcome: Inline =
    job.status === 'failed'
      ? ['The agent job ', { strong: 'failed' }, '.']
      : pullRequest
        ? ['The agent opened ', pullRequest, '.']
        : job.status === 'completed' || job.status === 'archived'
          ? 'The agent finished without changing any files: no pull request.'
          : `The agent is still working (status: ${job.status}).`
  const rows: [string, Inline | undefined][] = [
    ['Job', { code: job.id }],
    ['Status', job.status],
    ['Repository', job.repository === undefined ? undefined : { code: job.repository }],
    ['Ref', job.ref === undefined ? undefined : { code: job.ref }],
    ['Model', job.model],
    // The first line only: the rest of a prompt is the workflow's, and may be long.
    ['Prompt', prompt]
  ]
  return [
    marker,
    `<p>${renderInline([{ strong: ['Agent job ', { code: job.id }] }, ': ', outcome])}</p>`,
    renderTable(rows.filter((row): row is [string, Inline] => row[1] !== undefined))
  ].join('\n')
}

function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : undefined
}

/** Turns GitHub's refusals into what the workflow must change. */
function commentError(error: unknown, target: string): ActionError {
  const status = httpStatus(error)
  const reason = (error as Error).message
  if (status === 403 || status === 401) {
    return new ActionError(`Commenting on ${target} was refused (HTTP ${status}: ${reason})`, {
      code: 'github-refused',
      hint:
        "Give the workflow's token permission to write comments: " +
        '`permissions: issues: write` for an issue, `pull-requests: write` for a pull request',
      cause: error
    })
  }
  if (status === 404) {
    return new ActionError(
      `Cannot comment on ${target}: no such issue or pull request, or the token cannot see it (HTTP 404)`,
      {
        code: 'github-not-found',
        cause: error
      }
    )
  }
  if (leftNoTimeToRetry(error)) {
    return new ActionError(
      message`Commenting on ${target} failed: ${reason}. No time was left for another attempt within ${input('timeout-seconds')}`,
      { code: 'out-of-time', cause: error }
    )
  }
  return new ActionError(`Commenting on ${target} failed: ${reason}`, { code: 'github', cause: error })
}
