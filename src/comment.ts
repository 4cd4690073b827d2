import * as core from '@actions/core'
import type { AgentJob } from './api/schemas.js'

export interface AgentComment {
  token: string
  issueNumber: number
  job: AgentJob
}

/** Installation tokens (the workflow's GITHUB_TOKEN) cannot ask who they are; they write as this bot. */
const ACTIONS_BOT = 'github-actions[bot]'

/**
 * Posts the agent job's outcome on the issue or pull request, or updates the comment an earlier run
 * posted for the same job (found by its hidden marker, among the token's own comments only).
 * Returns the comment's URL.
 */
export async function upsertAgentComment({ token, issueNumber, job }: AgentComment): Promise<string> {
  // Loaded here so that exports, which never comment, do not pay for the GitHub client at start-up.
  const github = await import('@actions/github')
  if (!process.env.GITHUB_REPOSITORY) throw new Error('Cannot comment: GITHUB_REPOSITORY is not set (it names the repository of the issue)')
  const { owner, repo } = github.context.repo
  const octokit = github.getOctokit(token)
  const marker = `<!-- mintlify-agent-job:${job.id} -->`
  const body = commentBody(job, marker)
  try {
    const author = await tokenLogin(octokit)
    const comments = await octokit.paginate(octokit.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 })
    const previous = comments.find((comment) => comment.user?.login === author && comment.body?.includes(marker))
    if (previous) {
      const { data } = await octokit.rest.issues.updateComment({ owner, repo, comment_id: previous.id, body })
      core.info(`Updated ${data.html_url}`)
      return data.html_url
    }
    const { data } = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body })
    core.info(`Commented ${data.html_url}`)
    return data.html_url
  } catch (error) {
    throw commentError(error, `${owner}/${repo}#${issueNumber}`)
  }
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
  return [marker, `**Agent job \`${job.id}\`**: ${outcome}`, '', '| | |', '|---|---|', ...rows.map(([key, value]) => `| ${key} | ${value} |`)].join(
    '\n'
  )
}

function httpStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : undefined
}

/** Turns GitHub's refusals into what the workflow must change. */
function commentError(error: unknown, target: string): Error {
  const status = httpStatus(error)
  const reason = (error as Error).message
  if (status === 403 || status === 401) {
    return new Error(
      `Commenting on ${target} was refused (HTTP ${status}: ${reason}). Give the workflow's token permission to write comments: ` +
        '`permissions: issues: write` for an issue, `pull-requests: write` for a pull request',
      { cause: error }
    )
  }
  if (status === 404) {
    return new Error(`Cannot comment on ${target}: no such issue or pull request, or the token cannot see it (HTTP 404)`, { cause: error })
  }
  return new Error(`Commenting on ${target} failed: ${reason}`, { cause: error })
}
