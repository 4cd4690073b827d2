import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BAD_PROJECT_START, Emulator, type EmulatorSetup } from './emulator/server.ts'
import { DILATION } from './support/clock.ts'
import { agentInputs, exportInputs } from './support/export-inputs.ts'
import { runAction } from './support/run-action.ts'
import { runCli } from './support/run-cli.ts'

/**
 * The vendor's API as it moves, through dist/index.js and dist/cli/index.js against the emulator:
 * the project-scoped export flow (and the switch to it within a workflow that passes both
 * `domain` and `project-id`), the answers that ask the workflow to wait (409, 429), the three
 * causes of a 403, and agent jobs started from a prompt or given a follow-up. Every request is held
 * to the vendor's description of the flow in use (`../shared/vendor-openapi/`).
 */

let emulator: Emulator

async function start(setup: EmulatorSetup = {}): Promise<Emulator> {
  emulator = await new Emulator(setup).start()
  return emulator
}
afterEach(async () => emulator?.stop())

const PROJECT = 'proj_acme'

/** The key and address of the emulator for the command line. */
/** The `::notice::` lines of a run's log. */
function notices(stdout: string): string[] {
  return [...stdout.matchAll(/^::notice[^:]*::(.*)$/gm)].map((match) => match[1] ?? '')
}

function cliEnv(): Record<string, string> {
  return { MINTLIFY_ADMIN_KEY: emulator.options.apiKey, MINTLIFY_BASE_URL: emulator.baseUrl }
}

describe('the project-scoped export flow', () => {
  it('exports with project-id and no domain: a start with no body, the link on the completed job, a zip unpacked and checked', async () => {
    await start({ flow: 'project' })
    const run = await runAction(exportInputs(emulator, { domain: '', 'project-id': PROJECT, extract: 'true' }))
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const [started] = emulator.requestsTo('project-start')
    expect(started).toMatchObject({ method: 'POST', path: `/v1/static-export/${PROJECT}/jobs`, body: '' })
    expect(started?.headers['content-type']).toBeUndefined()
    expect(run.outputs['job-id']).toMatch(/^[0-9a-f]{24}$/)
    for (const read of emulator.requestsTo('project-status')) {
      expect(read).toMatchObject({ method: 'GET', path: `/v1/static-export/${PROJECT}/jobs/${run.outputs['job-id']}` })
    }
    // No bundle endpoint, and nothing of the unscoped flow.
    expect(emulator.requestsTo('bundle')).toEqual([])
    expect(emulator.requestsTo('start')).toEqual([])
    expect(run.outputs['bundle-path']).toMatch(/bundle-[0-9a-f]{24}\.zip$/)
    expect(run.outputs['site-path']).toBeDefined()
    // The job gives no page count: the pages of the unpacked site.
    expect(Number(run.outputs['page-count'])).toBeGreaterThan(0)
    expect(run.stdout).not.toMatch(/\d+%/)
    expect(run.stdout).toMatch(/: completed · [\d.]+ s elapsed/)
  })

  it('with domain and project-id, starts by domain while the API serves it, then under the project once it is gone, with one notice each time', async () => {
    await start({ flow: 'switch', switchAfterStarts: 1 })
    const inputs = exportInputs(emulator, { 'project-id': PROJECT })
    const before = await runAction(inputs)
    expect(before.exitCode).toBe(0)
    expect(notices(before.stdout).filter((notice) => notice.includes('Export started'))).toEqual([
      'Export started by domain (POST /v1/static-export/jobs), the flow the API serves; the project-scoped one is used once it is gone'
    ])
    expect(emulator.requestsTo('start')).toHaveLength(1)
    expect(emulator.requestsTo('project-start')).toHaveLength(0)

    const after = await runAction(inputs)
    expect(after.errors).toEqual([])
    expect(after.exitCode).toBe(0)
    expect(notices(after.stdout).filter((notice) => notice.includes('Export started'))).toEqual([
      `Export started under project ${PROJECT} (POST /v1/static-export/${PROJECT}/jobs): the start by domain answered HTTP 404`
    ])
    expect(emulator.requestsTo('start')).toHaveLength(2)
    expect(emulator.requestsTo('project-start')).toHaveLength(1)
    expect(after.outputs['bundle-sha256']).toMatch(/^[0-9a-f]{64}$/)
  })

  it('takes a 405 on the start by domain as the flow gone too, on the command line', async () => {
    await start({ flow: 'project', goneStatus: 405 })
    const run = await runCli(
      ['export', '--domain', 'docs.acme.dev', '--project-id', PROJECT, '--json', '--out', 'out'],
      {
        env: { ...cliEnv(), MINTLIFY_POLL_INTERVAL_SECONDS: '0.05', MINTLIFY_VERIFY_BROWSER: 'off' }
      }
    )
    expect(run.exitCode, run.stderr).toBe(0)
    expect(run.stderr).toContain('the start by domain answered HTTP 405')
    expect(JSON.parse(run.stdout)).toMatchObject({
      status: 'completed',
      jobId: expect.stringMatching(/^[0-9a-f]{24}$/) as string
    })
  })

  it('reads an existing job in the project-scoped flow, a fresh link from reading it again', async () => {
    await start({ flow: 'project' })
    const first = await runAction(exportInputs(emulator, { domain: '', 'project-id': PROJECT, download: 'false' }))
    const jobId = first.outputs['job-id'] ?? ''
    const again = await runAction(
      exportInputs(emulator, { domain: '', 'project-id': PROJECT, 'export-job-id': jobId, download: 'false' })
    )
    expect(again.exitCode).toBe(0)
    expect(emulator.requestsTo('project-start')).toHaveLength(1)
    expect(again.outputs['bundle-url']).not.toBe(first.outputs['bundle-url'])
  })
})

// The waits are the API's and the action's, in scheduled time: the action runs on the emulator's
// dilated clock, so the times it waits and the ones the emulator records are the same ones, shorter.
describe('answers that ask the workflow to wait', () => {
  it('waits out a 409 (another export of the deployment running) and starts again: 15 s, then 30 s', async () => {
    await start({ flow: 'project', busyStarts: 2, clockScale: DILATION })
    const run = await runAction(
      exportInputs(emulator, { domain: '', 'project-id': PROJECT, download: 'false', 'timeout-seconds': '300' }),
      { clock: emulator.clock }
    )
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const starts = emulator.requestsTo('project-start')
    expect(starts).toHaveLength(3)
    expect(run.stdout).toContain('another export of this deployment is running; starting again in 15 s')
    expect(run.stdout).toContain('another export of this deployment is running; starting again in 30 s')
    const [first, second, third] = starts.map((request) => request.at)
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(14_900)
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(29_900)
  })

  it('fails a 409 at once with wait: false, pointing at concurrency groups', async () => {
    await start({ flow: 'project', busyStarts: 5 })
    const run = await runAction(exportInputs(emulator, { domain: '', 'project-id': PROJECT, wait: 'false' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('HTTP 409 Conflict')
    expect(run.errors[0]).toContain('`concurrency:` group')
    expect(emulator.requestsTo('project-start')).toHaveLength(1)
  })

  it('waits for a Retry-After that fits before the deadline', async () => {
    await start({ flow: 'project', clockScale: DILATION })
    emulator.inject('project-start', { rateLimited: { retryAfterSeconds: 2 } })
    const run = await runAction(
      exportInputs(emulator, { domain: '', 'project-id': PROJECT, download: 'false', 'timeout-seconds': '300' }),
      { clock: emulator.clock }
    )
    expect(run.exitCode).toBe(0)
    const [limited, next] = emulator.requestsTo('project-start')
    expect((next?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1900)
  })

  it('fails at once on a Retry-After past the deadline, naming the limit and when to try again', async () => {
    await start({ flow: 'project', exportStartsPerHour: 1, retryAfterFormat: 'date' })
    await runAction(exportInputs(emulator, { domain: '', 'project-id': PROJECT, download: 'false' }))
    const run = await runAction(
      exportInputs(emulator, { domain: '', 'project-id': PROJECT, download: 'false', 'timeout-seconds': '60' })
    )
    expect(run.exitCode).toBe(1)
    // At once: no wait was announced (each is, before it begins), and no start was tried again.
    expect(run.stdout).not.toMatch(/retrying in|starting again in/)
    expect(run.errors[0]).toContain('HTTP 429')
    expect(run.errors[0]).toContain('10 export starts per organisation per hour')
    expect(run.errors[0]).toMatch(/Try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/)
    expect(emulator.requestsTo('project-start')).toHaveLength(2)
  })

  it('ends the command line on a 429 past the deadline with exit code 1 and the limit in --json', async () => {
    await start({ flow: 'project' })
    emulator.inject('project-start', { rateLimited: { retryAfterSeconds: 3600 } })
    const run = await runCli(['export', '--project-id', PROJECT, '--no-download', '--json'], { env: cliEnv() })
    expect(run.exitCode).toBe(1)
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'rate-limited' } })
  })
})

describe('the causes of a 403, and a malformed project id', () => {
  it.each([
    [{ plan: 'free' as const }, 'enterprise plan'],
    [{ keyAccess: 'read-only' as const }, 'This key can only read: create a key that may write'],
    [{ ipAllowlist: ['192.0.2.1'] }, "The runner's address is not on the key's allowlist"]
  ])('%j: one message that says what to do', async (setup, advice) => {
    await start({ flow: 'project', ...setup })
    const run = await runAction(exportInputs(emulator, { domain: '', 'project-id': PROJECT }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('HTTP 403')
    expect(run.errors[0]).toContain(advice)
  })

  it('names project-id when the API calls it malformed, and exits 2 on the command line', async () => {
    await start({ flow: 'project' })
    const run = await runAction(exportInputs(emulator, { domain: '', 'project-id': 'proj.acme' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors[0]).toContain("Input 'project-id' is not a project id the API accepts")
    const cli = await runCli(['export', '--project-id', 'proj.acme'], { env: cliEnv() })
    expect(cli.exitCode).toBe(2)
    expect(cli.stderr).toContain('Option --project-id is not a project id the API accepts')
  })

  it('names both causes when the API names both, project-id first with where to copy it from', async () => {
    await start({ flow: 'project', basePath: '/docs' })
    const run = await runAction(exportInputs(emulator, { domain: '', 'project-id': PROJECT }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      `start export job (POST /v1/static-export/${PROJECT}/jobs) failed: HTTP 400 Bad Request: ${BAD_PROJECT_START}. ` +
        "The API's answer names two causes: either project-id is not a project id it accepts (copy it from the API keys page of the dashboard), " +
        "or the static export does not support this deployment's basePath (ask Mintlify about exporting it)"
    ])
    // Not a usage error: the answer does not say which cause applies.
    const cli = await runCli(['export', '--project-id', PROJECT, '--json'], { env: cliEnv() })
    expect(cli.exitCode).toBe(1)
    expect(JSON.parse(cli.stdout)).toMatchObject({ error: { code: 'http-status' } })
    expect(cli.stderr).toContain(
      'either --project-id is not a project id it accepts (copy it from the API keys page of the dashboard), or the static export'
    )
  })
})

describe('agent jobs started from a prompt', () => {
  const PROMPT = 'Document the new /v2/search endpoint\n\nThe issue body: it lists the parameters.'

  it('creates the job, sets agent-job-id at once, follows it to its pull request and comments it', async () => {
    await start({ agent: { id: 'aj_new', activeMs: 300 } })
    const run = await runAction(agentInputs(emulator, { 'agent-job-id': '', prompt: PROMPT, 'comment-on': '7' }), {
      env: { GITHUB_API_URL: emulator.github.url }
    })
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const [created] = emulator.requestsTo('agent-create')
    expect(created).toMatchObject({ method: 'POST', path: `/v2/agent/${PROJECT}/job` })
    expect(JSON.parse(created?.body ?? '')).toEqual({ prompt: PROMPT })
    expect(run.outputs['agent-job-id']).toBe('aj_new')
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/42')
    // Set before the wait, as soon as the job exists: the runner's output file has it first.
    expect(await readFile(path.join(run.home, 'output.txt'), 'utf8')).toMatch(/^agent-job-id<</)
    const [comment] = emulator.github.comments
    expect(comment?.body).toContain('Document the new /v2/search endpoint')
    expect(comment?.body).not.toContain('lists the parameters')
    // The prompt is never logged whole.
    expect(run.stdout).not.toContain('lists the parameters')
    expect(run.summaryText).toContain('Document the new /v2/search endpoint')
  })

  it('sends a follow-up and never reports the outcome from before it, however long the job shows it', async () => {
    await start()
    emulator.addAgentJob(PROJECT, 'aj_42', {
      activeMs: 0,
      followUp: { staleReads: 3, activeReads: 2, prLink: 'https://github.com/acme/docs/pull/43' }
    })
    const run = await runAction(agentInputs(emulator, { prompt: 'Also document the rate limits' }))
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(emulator.requestsTo('agent-message')).toHaveLength(1)
    expect(JSON.parse(emulator.requestsTo('agent-message')[0]?.body ?? '')).toEqual({
      prompt: 'Also document the rate limits'
    })
    expect(run.outputs['pr-link']).toBe('https://github.com/acme/docs/pull/43')
    expect(run.stdout).toContain('still shows its outcome from before the follow-up (completed)')
    // Three stale reads, two active ones, then the new outcome.
    expect(emulator.requestsTo('agent').length).toBeGreaterThanOrEqual(1 + 3 + 2 + 1)
  })

  it('refuses an empty prompt and one past its limit before any request; takes a prompt from a file on the command line', async () => {
    await start({ agent: { id: 'aj_cli', activeMs: 100 } })
    const tooLong = await runAction(agentInputs(emulator, { 'agent-job-id': '', prompt: 'x'.repeat(100_001) }))
    expect(tooLong.exitCode).toBe(1)
    expect(tooLong.errors[0]).toContain("Input 'prompt' is 100001 characters long; the limit is 100000")
    const none = await runAction(agentInputs(emulator, { 'agent-job-id': '', prompt: '  \n ' }))
    expect(none.errors[0]).toContain("Input 'agent-job-id' is required for command agent-job unless prompt is given")
    expect(emulator.requests).toEqual([])

    const cwd = path.dirname(tooLong.home)
    await writeFile(path.join(cwd, 'prompt.txt'), PROMPT)
    const cli = await runCli(['agent-job', '--project-id', PROJECT, '--prompt-file', 'prompt.txt', '--json'], {
      env: { ...cliEnv(), MINTLIFY_POLL_INTERVAL_SECONDS: '0.05' },
      cwd
    })
    expect(cli.exitCode, cli.stderr).toBe(0)
    expect(JSON.parse(cli.stdout)).toMatchObject({
      agentJobId: 'aj_cli',
      prLink: 'https://github.com/acme/docs/pull/42'
    })
    expect(JSON.parse(emulator.requestsTo('agent-create')[0]?.body ?? '')).toEqual({ prompt: PROMPT })
    const both = await runCli(['agent-job', '--project-id', PROJECT, '--prompt', 'a', '--prompt-file', 'prompt.txt'], {
      env: cliEnv(),
      cwd
    })
    expect(both.exitCode).toBe(2)
    expect(both.stderr).toContain('Give --prompt or --prompt-file, not both')
  })

  it('fails at once when the agent is past its hourly uses and the wait does not fit', async () => {
    await start({ agentUsesPerHour: 0 })
    const run = await runAction(agentInputs(emulator, { 'agent-job-id': '', prompt: 'Fix the typo' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors[0]).toContain('100 uses per project per hour')
    expect(run.outputs['agent-job-id']).toBeUndefined()
  })
})
