import * as core from '@actions/core'
import type { AgentJob } from './api/schemas.js'
import { ActionError } from './errors.js'
import { boundedFetch, GITHUB_API_VERSION } from './net.js'
import { USER_AGENT } from './user-agent.js'

interface AgentComment {
  token: string
  issueNumber: number
  job: AgentJob
}

/** Installation tokens (the workflow's GITHUB_TOKEN) cannot ask who they are; they write as this bot. */
const ACTIONS_BOT = 'github-actions[bot]'

/** GitHub refuses a comment body longer than this many characters. */
const MAX_COMMENT_CHARS = 65_536

/**
 * Posts the agent job's outcome on the issue or pull request, or updates the comment an earlier run
 * posted for the same job (found by its hidden marker, among the token's own comments only).
 * Two runs for the same job that race converge on one comment: after creating, each looks again,
 * keeps the oldest marked comment and deletes the newer ones. Returns the comment's URL.
 */
export async function upsertAgentComment({ token, issueNumber, job }: AgentComment): Promise<string> {
  // Loaded here so that exports, which never comment, do not pay for the GitHub client at start-up.
  const github = await import('@actions/github')
  if (!process.env.GITHUB_REPOSITORY) {
    throw new ActionError('Cannot comment: GITHUB_REPOSITORY is not set (it names the repository of the issue)', {
      code: 'environment'
    })
  }
  const { owner, repo } = github.context.repo
  // Through the run's HTTP policy: its connection pool (and proxy), and a bound on every answer.
  const octokit = github.getOctokit(token, { userAgent: USER_AGENT, request: { fetch: boundedFetch } })
  octokit.hook.before('request', (options) => {
    options.headers['x-github-api-version'] = GITHUB_API_VERSION
  })
  const marker = `<!-- mintlify-agent-job:${job.id} -->`
  const body = fitComment(commentBody(job, marker), runUrl())
  try {
    const author = await tokenLogin(octokit)
    const markedComments = async (): Promise<IssueComment[]> => {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: issueNumber,
        per_page: 100
      })
      return comments
        .filter((comment) => comment.user?.login === author && comment.body?.includes(marker))
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
      core.info(`Commented ${kept.html_url}`)
      return kept.html_url
    }
    const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: kept.id, body })
    core.info(
      `Updated ${data.html_url}${duplicates.length > 0 ? ` (and removed ${duplicates.length} duplicate${duplicates.length === 1 ? '' : 's'})` : ''}`
    )
    return data.html_url
  } catch (error) {
    throw commentError(error, `${owner}/${repo}#${issueNumber}`)
  }
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

/** The body, cut to GitHub's limit where needed, ending with a pointer to the run's full log. */
function fitComment(body: string, link?: string): string {
  if (body.length <= MAX_COMMENT_CHARS) return body
  const note = `\n\n… (cut to GitHub's ${MAX_COMMENT_CHARS.toLocaleString('en')}-character limit${link ? `; the whole outcome is in ${link}` : ''})`
  return body.slice(0, MAX_COMMENT_CHARS - note.length) + note
}

/** The workflow run's page, where the runner says which it is. */
function runUrl(): string | undefined {
  const {
    GITHUB_SERVER_URL: server = 'https://github.com',
    GITHUB_REPOSITORY: repository,
    GITHUB_RUN_ID: runId
  } = process.env
  return repository && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined
}

type Octokit = ReturnType<typeof import('@actions/github').getOctokit>

async function tokenLogin(octokit: Octokit): Promise<string> {
  try {
    return (await octokit.rest.users.getAuthenticated()).data.login
  } catch (error) {
    if (httpStatus(error) === 403 || httpStatus(error) === 401) return ACTIONS_BOT
    throw error
  }
}

export function commentBody(job: AgentJob, marker: string): string {
  const outcome =
    job.status === 'failed'
      ? 'The agent job **failed**.'
      : job.prLink
        ? `The agent opened ${job.prLink}.`
        : job.status === 'completed' || job.status === 'archived'
          ? 'The agent finished without changing any files: no pull request.'
          : `The agent is still working (status: ${job.status}).`
  const rows = [
    ['Job', `\`${job.id}\``],
    ['Status', job.status],
    ['Repository', job.repository],
    ['Ref', job.ref ? `\`${job.ref}\`` : undefined],
    ['Model', job.model]
  ].filter((row): row is [string, string] => row[1] !== undefined)
  return [
    marker,
    `**Agent job \`${job.id}\`**: ${outcome}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([key, value]) => `| ${key} | ${value} |`)
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
  return new ActionError(`Commenting on ${target} failed: ${reason}`, { code: 'github', cause: error })
}
