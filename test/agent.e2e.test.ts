import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { commentMarker } from '../src/action/comment.ts'
import { Emulator } from './emulator/server.ts'
import { agentInputs } from './support/export-inputs.ts'
import { renderGfm } from './support/gfm.ts'
import { FAKE_GITHUB_TOKEN, runAction } from './support/run-action.ts'

/** The hidden first line of the comment for agent job aj_42 of proj_acme. */
const MARKER = commentMarker({ projectId: 'proj_acme', agentJobId: 'aj_42' })
const OPENED = 'The agent opened https://github.com/acme/docs/pull/42.'

/** A comment's text as GitHub shows it. */
function shownBody(body: string | undefined): string {
  return renderGfm(body ?? '').text
}

let emulator: Emulator

beforeEach(async () => {
  emulator = await new Emulator().start()
})
afterEach(async () => emulator.stop())

function runAgent(overrides: Record<string, string> = {}): ReturnType<typeof runAction> {
  return runAction(agentInputs(emulator, overrides), { env: { GITHUB_API_URL: emulator.github.url } })
}

describe('agent-job, end to end', () => {
  it('waits for the job and surfaces its pull request', async () => {
    // Active for three reads, however long the action takes to start: then its pull request.
    emulator.addAgentJob('proj_acme', 'aj_42', { statuses: ['active', 'active', 'active', 'completed'] })
    const run = await runAgent()
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('completed')
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/42')
    expect(run.outputs['comment-url']).toBeUndefined()
    // Each status change is logged once, not every poll.
    expect(run.stdout.match(/Agent job aj_42: active/g)).toHaveLength(1)
    expect(run.stdout.match(/Agent job aj_42: completed/g)).toHaveLength(1)
    expect(emulator.requestsTo('agent').length).toBeGreaterThan(1)
    expect(emulator.requestsTo('agent')[0]?.path).toBe('/v2/agent/proj_acme/job/aj_42')
    expect(run.summaryText).toMatch(/^✅ Agent job aj_42: completed with a pull request, [\d.]+ s\n/)
    expect(run.summary).toContain('<a href="https://github.com/acme/docs/pull/42">')
    expect(run.summaryText).toContain('claude-sonnet-4-5')
    expect(run.summaryText).toContain('main')
    expect(emulator.github.requests).toHaveLength(0)
  })

  it('outputs an empty pr-link when the agent changed no files', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0, prLink: null })
    const run = await runAgent()
    expect(run.exitCode).toBe(0)
    expect(run.outputs['pr-link']).toBe('')
    expect(run.stdout).toContain('without changing any files')
  })

  it('ends an archived job successfully, with a notice', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0, outcome: 'archived' })
    const run = await runAgent()
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('archived')
    expect(run.stdout).toContain('::notice::The agent job aj_42 (project proj_acme) is archived')
  })

  it('fails a failed job, naming the project and the job', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 100, outcome: 'failed' })
    const run = await runAgent()
    expect(run.exitCode).toBe(1)
    expect(run.outputs.status).toBe('failed')
    expect(run.errors).toEqual(['The agent job aj_42 (project proj_acme) failed'])
  })

  it('fails at once on 404 with the API error, without retrying', async () => {
    const run = await runAgent({ 'agent-job-id': 'aj_missing' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(
      'read agent job for job aj_missing (GET /v2/agent/proj_acme/job/aj_missing) failed: HTTP 404 Not Found: Agent job aj_missing not found'
    )
    expect(emulator.requestsTo('agent')).toHaveLength(1)
  })

  it('fails on timeout, naming the project and the job', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 60_000 })
    const run = await runAgent({ 'timeout-seconds': '0.5', 'poll-interval-seconds': '0.1' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Agent job aj_42 \(project proj_acme\) did not finish within 0\.5 s \(last status: active\)/
      )
    ])
    expect(run.outputs.status).toBe('active')
    // The summary is written whatever the outcome, with what was last seen of the job, and the error.
    expect(run.summaryText).toMatch(/^❌ Agent job aj_42: timeout-seconds ran out \(0\.5 s\)\nError: Agent job aj_42 /)
    expect(run.summary).toContain('<tr><td>Status</td><td>active</td></tr>')
    expect(run.summary).not.toContain('Pull request')
  })

  it('writes its summary when the job cannot be read at all', async () => {
    const run = await runAgent({ 'agent-job-id': 'aj_missing' })
    expect(run.exitCode).toBe(1)
    expect(run.summaryText).toMatch(/^❌ Agent job aj_missing: the API answered HTTP 404\n/)
    expect(run.summaryText).toContain('Jobaj_missing')
    expect(run.summary).toContain('<tr><td>Status</td><td>unknown</td></tr>')
  })

  it('keeps the last status seen when the reads that follow run out of time', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 60_000 })
    const running = runAgent({ 'timeout-seconds': '3', 'poll-interval-seconds': '0.3' })
    while (emulator.requestsTo('agent').length === 0) await new Promise((resolve) => setTimeout(resolve, 20))
    // Each read that follows is refused with a wait longer than the time left: the deadline, not the
    // count of attempts (which a fast machine would use up first, their backoff jittered), ends the run.
    emulator.inject('agent', { status: 503, headers: { 'retry-after': '60' } }, 100)
    const run = await running
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining('No time was left for another attempt within timeout-seconds')])
    expect(run.outputs.status).toBe('active')
  })

  it('with wait false, reads the job once', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 60_000 })
    const run = await runAgent({ wait: 'false' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs.status).toBe('active')
    expect(run.outputs['pr-link']).toBe('')
    expect(emulator.requestsTo('agent')).toHaveLength(1)
  })
})

describe('agent-job comment, end to end', () => {
  it('comments the outcome once and updates that comment on a later run', async () => {
    // Active when the first run reads it once, completed for the second, however long each takes to start.
    emulator.addAgentJob('proj_acme', 'aj_42', { statuses: ['active', 'completed'] })
    const first = await runAgent({ wait: 'false', 'comment-on': '7' })
    expect(first.exitCode).toBe(0)
    expect(emulator.github.commentsOn(7)).toHaveLength(1)
    expect(shownBody(emulator.github.commentsOn(7)[0]?.body)).toContain('still working')
    expect(first.outputs['comment-url']).toBe(emulator.github.commentsOn(7)[0]?.html_url)

    const second = await runAgent({ 'comment-on': '7' })
    expect(second.exitCode).toBe(0)
    const comments = emulator.github.commentsOn(7)
    expect(comments).toHaveLength(1)
    expect(comments[0]?.body.startsWith(`${MARKER}\n`)).toBe(true)
    expect(shownBody(comments[0]?.body)).toContain(OPENED)
    expect(shownBody(comments[0]?.body)).toContain('https://github.com/acme/docs')
    expect(shownBody(comments[0]?.body)).toContain('claude-sonnet-4-5')
    expect(second.outputs['comment-url']).toBe(first.outputs['comment-url'])
    expect(second.stdout).toContain(`Updated ${comments[0]?.html_url}`)
    for (const request of emulator.github.requests) {
      expect(request.authorization).toBe(`token ${FAKE_GITHUB_TOKEN}`)
      expect(request.userAgent).toMatch(/^docs-export-action\/\d+\.\d+\.\d+ /)
    }
  })

  it('sends the GitHub REST API version with every GitHub call', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(0)
    expect(emulator.github.requests.length).toBeGreaterThanOrEqual(3)
    expect(emulator.github.requests.map((request) => request.apiVersion)).toEqual(
      emulator.github.requests.map(() => '2022-11-28')
    )
  })

  it("stops reading a GitHub answer past 1 MiB and fails the comment, naming the call and the answer's content type", async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    emulator.github.options.endlessLists = true
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      "Commenting on acme/docs#7 failed: GitHub's answer to GET /repos/acme/docs/issues/7/comments is larger than 1.0 MiB " +
        '(content type application/json; charset=utf-8); it was not read further'
    ])
    expect(emulator.github.requests.filter((request) => request.path.endsWith('/comments'))).toHaveLength(1)
    expect(emulator.github.endlessBytesSent).toBeLessThan(32 * 1024 * 1024)
  })

  it('converges on one comment when two runs for the same job race', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    // Every list waits long enough that both runs have listed before either creates.
    emulator.github.options.listDelayMs = 1500
    const [a, b] = await Promise.all([runAgent({ 'comment-on': '7' }), runAgent({ 'comment-on': '7' })])
    expect([a.exitCode, b.exitCode]).toEqual([0, 0])
    const comments = emulator.github.commentsOn(7)
    expect(comments).toHaveLength(1)
    expect(emulator.github.requests.filter((r) => r.method === 'POST')).toHaveLength(2)
    expect(emulator.github.requests.filter((r) => r.method === 'DELETE')).not.toHaveLength(0)
    expect(a.outputs['comment-url']).toBe(comments[0]?.html_url)
    expect(b.outputs['comment-url']).toBe(comments[0]?.html_url)
    expect(shownBody(comments[0]?.body)).toContain(OPENED)
  })

  it('deletes the comment it just created when a lagging listing shows only an older one', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    const older = emulator.github.addComment(7, `${MARKER}\nfrom another run`, 'github-actions[bot]')
    // The first listing does not show the older comment yet; the second does not show the new one yet.
    emulator.github.options.listView = (comments, listNumber) =>
      listNumber === 1 ? [] : comments.filter((comment) => comment.id === older.id)
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(0)
    expect(emulator.github.commentsOn(7).map((comment) => comment.id)).toEqual([older.id])
    expect(shownBody(older.body)).toContain(OPENED)
    expect(run.outputs['comment-url']).toBe(older.html_url)
  })

  it("keeps the body within GitHub's limit, cutting an overlong value", async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0, model: 'm'.repeat(70_000) })
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(0)
    const body = emulator.github.commentsOn(7)[0]?.body ?? ''
    expect(body.length).toBeLessThanOrEqual(65_536)
    expect(body.startsWith(`${MARKER}\n`)).toBe(true)
    expect(shownBody(body)).toContain(`Model${'m'.repeat(999)}…`)
  })

  it('pages through every comment and only updates its own', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    for (let i = 0; i < 70; i++) emulator.github.addComment(7, `comment ${i}`, 'octocat')
    // Someone quoting the marker must not have their comment overwritten.
    const quoted = emulator.github.addComment(7, `${MARKER}\nquoted by someone else`, 'octocat')
    const own = emulator.github.addComment(7, `${MARKER}\nold outcome`, 'github-actions[bot]')

    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(0)
    expect(emulator.github.commentsOn(7)).toHaveLength(72)
    expect(shownBody(own.body)).toContain(OPENED)
    expect(quoted.body).toBe(`${MARKER}\nquoted by someone else`)
    expect(run.outputs['comment-url']).toBe(own.html_url)
    expect(emulator.github.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/comments')).length).toBe(3)
  })

  it("matches a personal token's own login", async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    emulator.github.options.tokenLogin = 'docs-bot'
    await runAgent({ 'comment-on': '7' })
    await runAgent({ 'comment-on': '7' })
    expect(emulator.github.commentsOn(7)).toHaveLength(1)
    expect(emulator.github.commentsOn(7)[0]?.user.login).toBe('docs-bot')
  })

  it('comments after GitHub answers a 502 and then a secondary rate limit, waiting as GitHub asks', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    emulator.github.faults.push(
      { method: 'GET', status: 502, body: { message: 'Server Error' } },
      {
        method: 'POST',
        status: 403,
        body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.' },
        headers: { 'retry-after': '1' }
      }
    )
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(emulator.github.faults).toEqual([])
    expect(emulator.github.commentsOn(7)).toHaveLength(1)
    expect(run.outputs['comment-url']).toBe(emulator.github.commentsOn(7)[0]?.html_url)
    expect(run.stdout).toContain("GitHub's secondary rate limit was reached; retrying in 1 s")
    // The wait GitHub asked for was kept: the second POST came at least a second after the first.
    const posts = emulator.github.requests.filter((request) => request.method === 'POST')
    expect(posts).toHaveLength(2)
    expect((posts[1]?.at ?? 0) - (posts[0]?.at ?? 0)).toBeGreaterThanOrEqual(1000)
  })

  it('stops retrying GitHub at the deadline, and says the time ran out', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    for (let i = 0; i < 10; i++)
      emulator.github.faults.push({ method: 'GET', status: 503, body: { message: 'Unavailable' } })
    const run = await runAgent({ 'comment-on': '7', 'timeout-seconds': '2' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      'Commenting on acme/docs#7 failed: Unavailable. No time was left for another attempt within timeout-seconds'
    ])
    // No attempt was started whose wait could not end in time (1 s, then 4 s, of the 2 s given).
    expect(emulator.github.requests.length).toBeLessThanOrEqual(2)
    expect(emulator.github.commentsOn(7)).toEqual([])
    // The summary is still written, with the job's outcome.
    expect(run.summaryText).toMatch(
      /^❌ Agent job aj_42: completed with a pull request, but timeout-seconds ran out \(2 s\)\n/
    )
    expect(run.summary).toContain('https://github.com/acme/docs/pull/42')
  })

  it('comments a failed job, then fails the step', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0, outcome: 'failed' })
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(1)
    expect(shownBody(emulator.github.commentsOn(7)[0]?.body)).toContain('The agent job failed.')
  })

  it('says which permission is missing when GitHub refuses the comment', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    emulator.github.options.canWrite = false
    const run = await runAgent({ 'comment-on': '7' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('Commenting on acme/docs#7 was refused (HTTP 403')
    expect(run.errors[0]).toContain('issues: write')
    expect(run.errors[0]).toContain('pull-requests: write')
  })

  it('fails clearly for an unknown issue', async () => {
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    const run = await runAgent({ 'comment-on': '999' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringContaining('Cannot comment on acme/docs#999: no such issue or pull request')
    ])
    expect(run.stdout.split('\n').filter((line) => line.includes(FAKE_GITHUB_TOKEN))).toEqual([
      `::add-mask::${FAKE_GITHUB_TOKEN}`
    ])
  })
})
