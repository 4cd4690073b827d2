import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { projectFlow, UNSCOPED_FLOW } from '../src/api/calls.js'
import { ApiClient } from '../src/api/client.js'
import { ApiError } from '../src/api/errors.js'
import { textOf } from '../src/core/errors.js'
import { OutOfTimeError } from '../src/core/retry.js'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { actionText, testRun, type RecordingHost } from './support/recording-host.js'

/**
 * The client against the emulator (a real loopback server): the project-scoped export flow, the
 * unscoped start that is gone, the answers that ask a run to wait (409, 429), the three causes of
 * a 403, and agent jobs created and sent a follow-up. Every request is checked against what the
 * vendor describes (vendor-openapi/: the published files, and the README's facts on the
 * project-scoped flow).
 */

const PROJECT = 'proj_acme'
const FLOW = projectFlow(PROJECT)

let emulator: Emulator
let host: RecordingHost
/** What the client's waits asked for; with a virtual clock, they take no time. */
let sleeps: number[]

afterEach(async () => {
  vi.restoreAllMocks()
  await emulator.stop()
})

beforeEach(() => {
  sleeps = []
})

async function clientFor(setup: EmulatorSetup = {}, deadlineMs = 60_000): Promise<ApiClient> {
  emulator = await new Emulator(setup).start()
  const run = testRun({ deadlineMs })
  host = run.host
  return new ApiClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.options.apiKey,
    requestTimeoutMs: 5000,
    retryBaseDelayMs: 1,
    run
  })
}

/** A client whose waits move a virtual clock (Date.now) instead of taking time: for long waits. */
async function virtualClockClient(setup: EmulatorSetup = {}, deadlineMs = 60_000): Promise<ApiClient> {
  const realNow = Date.now.bind(Date)
  let offset = 0
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset)
  emulator = await new Emulator(setup).start()
  const run = testRun({ deadlineMs })
  host = run.host
  return new ApiClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.options.apiKey,
    requestTimeoutMs: 5000,
    retryBaseDelayMs: 1,
    run,
    sleep: async (ms) => {
      sleeps.push(ms)
      offset += ms
    }
  })
}

async function failure(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error
  )
  expect(error).toBeInstanceOf(Error)
  // As the Action writes it: the inputs it names in the workflow's words.
  ;(error as Error).message = actionText(textOf(error))
  return error as Error & { code?: string }
}

const calls = (): { method: string; path: string; body: string; contentType?: string }[] =>
  emulator.requests
    .filter((request) => request.host === 'api')
    .map(({ method, path, body, headers }) => ({ method, path, body, contentType: headers['content-type'] }))

/** Reads until the job completes; the emulator's default job takes half a second. */
async function completed(client: ApiClient, jobId: string): Promise<Awaited<ReturnType<ApiClient['getExportJob']>>> {
  for (;;) {
    const job = await client.getExportJob(jobId, FLOW)
    if (job.status === 'completed') return job
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('the project-scoped export flow', () => {
  it('starts with POST /v1/static-export/{projectId}/jobs and no body, and gets a job of 24 hex characters', async () => {
    const client = await clientFor({ flow: 'project' })
    const job = await client.startExport({ domain: 'docs.acme.dev', paths: ['intro'], version: 'v1' }, { flow: FLOW })
    expect(job).toMatchObject({ status: 'queued', progress: undefined, pageCount: undefined })
    expect(job.jobId).toMatch(/^[0-9a-f]{24}$/)
    expect(calls()).toEqual([
      { method: 'POST', path: `/v1/static-export/${PROJECT}/jobs`, body: '', contentType: undefined }
    ])
  })

  it('reads the job under the project: no progress or page count, then the link once completed, fresh on each read', async () => {
    const client = await clientFor({ flow: 'project' })
    const { jobId } = await client.startExport({ domain: '' }, { flow: FLOW })
    const running = await client.getExportJob(jobId, FLOW)
    expect(running).toMatchObject({ jobId, progress: undefined, pageCount: undefined })
    expect(running.bundle).toBeUndefined()
    const first = await completed(client, jobId)
    const second = await client.getExportJob(jobId, FLOW)
    expect(first.bundle?.bundleUrl).toMatch(new RegExp(`/static-exports/${jobId}/export\\.zip\\?`))
    expect(first.bundle?.sizeBytes).toBe((emulator.options.archive as { bytes: Buffer }).bytes.length)
    expect(Date.parse(first.bundle?.expiresAt ?? '')).toBeGreaterThan(Date.now())
    expect(second.bundle?.bundleUrl).not.toBe(first.bundle?.bundleUrl)
    const reads = calls().slice(1)
    expect(
      reads.every((call) => call.method === 'GET' && call.path === `/v1/static-export/${PROJECT}/jobs/${jobId}`)
    ).toBe(true)
    expect(reads.every((call) => call.body === '')).toBe(true)
  })

  it('keeps the unscoped flow as published: the start by domain, with its body, and the bundle endpoint', async () => {
    const client = await clientFor({ flow: 'both' })
    const job = await client.startExport({ domain: 'docs.acme.dev', version: 'v1' }, { flow: UNSCOPED_FLOW })
    await client.getExportJob(job.jobId)
    expect(calls()[0]).toEqual({
      method: 'POST',
      path: '/v1/static-export/jobs',
      body: '{"domain":"docs.acme.dev","version":"v1"}',
      contentType: 'application/json'
    })
    expect(calls()[1]).toMatchObject({ method: 'GET', path: `/v1/static-export/jobs/${job.jobId}` })
  })

  it.each([404, 405] as const)(
    'tells an unscoped start that is gone (%i) by its code, endpoint-gone, without retrying',
    async (goneStatus) => {
      const client = await clientFor({ flow: 'switch', goneStatus })
      const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
      expect(error).toBeInstanceOf(ApiError)
      expect(error.code).toBe('endpoint-gone')
      expect(error.message).toContain(`HTTP ${goneStatus}`)
      expect(error.message).toContain('Where exports have moved under the project, give project-id')
      // The run then switches, and the project-scoped start answers.
      await expect(client.startExport({ domain: 'docs.acme.dev' }, { flow: FLOW })).resolves.toMatchObject({
        status: 'queued'
      })
      expect(calls().map((call) => `${call.method} ${call.path}`)).toEqual([
        'POST /v1/static-export/jobs',
        `POST /v1/static-export/${PROJECT}/jobs`
      ])
    }
  )

  it('sees the switch after the starts the emulator still serves unscoped', async () => {
    const client = await clientFor({ flow: 'switch', switchAfterStarts: 1 })
    await expect(client.startExport({ domain: 'docs.acme.dev' })).resolves.toMatchObject({ status: 'queued' })
    expect((await failure(client.startExport({ domain: 'docs.acme.dev' }))).code).toBe('endpoint-gone')
  })

  it('says, on an API without the project-scoped flow, to check project-id and base-url or give domain', async () => {
    const client = await clientFor({ flow: 'unscoped' })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(error.code).toBe('http-status')
    expect(error.message).toContain(
      `The API has no project-scoped export at ${emulator.baseUrl}/v1/static-export/${PROJECT}/jobs: check project-id and base-url. An API that still exports by domain needs domain`
    )
  })

  it('makes a malformed project id an input error that names project-id', async () => {
    const client = await clientFor({ flow: 'project' })
    const error = await failure(client.startExport({ domain: '' }, { flow: projectFlow('proj.acme') }))
    expect(error.code).toBe('input')
    expect(error.message).toBe(
      'start export job (POST /v1/static-export/proj.acme/jobs) failed: HTTP 400 Bad Request: Invalid project ID: proj.acme. ' +
        "Input 'project-id' is not a project id the API accepts: copy it from the API keys page of the dashboard"
    )
    expect(calls()).toHaveLength(1)
  })

  it('keeps a 400 about the basePath out of the input errors', async () => {
    const client = await clientFor({ flow: 'project' })
    emulator.inject('project-start', {
      status: 400,
      body: JSON.stringify({ error: 'Static export does not support deployments with a basePath' })
    })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(error.code).toBe('http-status')
    expect(error.message).toContain("As the API says, the static export does not support this deployment's basePath")
    expect(error.message).not.toContain('project-id')
  })
})

describe('another export of the deployment is running (409)', () => {
  it('fails a single start with export-busy, without retrying, pointing at concurrency groups', async () => {
    const client = await clientFor({ flow: 'project', busyStarts: 1 })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(error.code).toBe('export-busy')
    expect(error.message).toBe(
      `start export job (POST /v1/static-export/${PROJECT}/jobs) failed: HTTP 409 Conflict: A static export is already queued or running for this deployment. ` +
        'Another export of this deployment is running. Give the runs that export this site one `concurrency:` group ' +
        '(GitHub Actions: https://docs.github.com/en/actions/using-jobs/using-concurrency) so that they take turns; ' +
        'or, knowing the running export, pass its id as export-job-id to collect it'
    )
    expect(calls()).toHaveLength(1)
  })

  it('answers 409 while a job of the same project is queued or running', async () => {
    const client = await clientFor({ flow: 'project' })
    await client.startExport({ domain: '' }, { flow: FLOW })
    expect((await failure(client.startExport({ domain: '' }, { flow: FLOW }))).code).toBe('export-busy')
  })

  it('starts again after 15 s, then 30 s, logging one line each time, with a new key for each start', async () => {
    const client = await virtualClockClient({ flow: 'project', busyStarts: 2 })
    const job = await client.startExportWhenFree({ domain: '' }, { flow: FLOW, wait: true })
    expect(job.jobId).toMatch(/^[0-9a-f]{24}$/)
    expect(sleeps).toEqual([15_000, 30_000])
    expect(host.of('info').map(({ message }) => message)).toEqual([
      'another export of this deployment is running; starting again in 15 s',
      'another export of this deployment is running; starting again in 30 s'
    ])
    const starts = emulator.requestsTo('project-start')
    expect(starts).toHaveLength(3)
    expect(new Set(starts.map((start) => start.headers['idempotency-key'])).size).toBe(3)
    expect(starts.every((start) => start.body === '')).toBe(true)
  })

  it('grows the wait to 60 s and keeps it there', async () => {
    const client = await virtualClockClient({ flow: 'project', busyStarts: 5 }, 3_600_000)
    await client.startExportWhenFree({ domain: '' }, { flow: FLOW, wait: true })
    expect(sleeps).toEqual([15_000, 30_000, 60_000, 60_000, 60_000])
  })

  it('never sleeps past the deadline: the last 409 ends the run, saying the time ran out', async () => {
    const client = await virtualClockClient({ flow: 'project', busyStarts: 100 }, 100_000)
    const error = await failure(client.startExportWhenFree({ domain: '' }, { flow: FLOW, wait: true }))
    // 15 s and 30 s fit in 100 s; the next 60 s would end at 105 s.
    expect(sleeps).toEqual([15_000, 30_000])
    expect(error).toBeInstanceOf(OutOfTimeError)
    expect((error.cause as ApiError).code).toBe('export-busy')
    expect(error.message).toMatch(
      /Another export of this deployment is running\..*No time was left for another attempt within timeout-seconds \(3 attempts made\)$/
    )
  })

  it('with wait: false, fails at once with the same message', async () => {
    const client = await virtualClockClient({ flow: 'project', busyStarts: 1 })
    const error = await failure(client.startExportWhenFree({ domain: '' }, { flow: FLOW, wait: false }))
    expect(error.code).toBe('export-busy')
    expect(error.message).toContain(
      'Another export of this deployment is running. Give the runs that export this site one `concurrency:` group'
    )
    expect(sleeps).toEqual([])
    expect(host.of('info')).toEqual([])
    expect(emulator.requestsTo('project-start')).toHaveLength(1)
  })
})

describe('rate limits (429)', () => {
  it.each(['seconds', 'date'] as const)(
    'waits for a Retry-After in %s that fits before the deadline, naming the limit',
    async (format) => {
      const client = await virtualClockClient({ flow: 'project' })
      emulator.inject('project-start', { rateLimited: { retryAfterSeconds: 1, format } })
      await expect(client.startExport({ domain: '' }, { flow: FLOW })).resolves.toMatchObject({ status: 'queued' })
      const [limited, accepted] = emulator.requestsTo('project-start')
      // One wait, as long as the API asked: an HTTP date has whole seconds, so it may ask for a little less.
      expect(sleeps).toHaveLength(1)
      if (format === 'seconds') expect(sleeps).toEqual([1000])
      else expect(sleeps[0]).toBeLessThanOrEqual(1000)
      expect((accepted?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(sleeps[0] ?? Infinity)
      expect(host.text()).toContain(
        'HTTP 429 Too Many Requests: Rate limit exceeded: at most 10 static export jobs can be started per organization per hour.'
      )
      expect(host.text()).toContain('The API allows 10 export starts per organisation per hour; retrying in')
    }
  )

  it('waits a whole Retry-After longer than a minute when it fits', async () => {
    const client = await virtualClockClient({ flow: 'project' }, 600_000)
    emulator.inject('project-start', { rateLimited: { retryAfterSeconds: 90 } })
    await client.startExport({ domain: '' }, { flow: FLOW })
    expect(sleeps).toEqual([90_000])
  })

  it('ends at once, well before the deadline, when the wait does not fit, saying when to try again', async () => {
    const client = await virtualClockClient({ flow: 'project', exportStartsPerHour: 1 }, 20_000)
    await client.startExport({ domain: '' }, { flow: projectFlow('proj_other') })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(sleeps).toEqual([])
    expect(error.code).toBe('rate-limited')
    expect(error.message).toMatch(
      /HTTP 429 Too Many Requests: Rate limit exceeded: at most 1 static export jobs can be started per organization per hour\. The API allows 10 export starts per organisation per hour\. Try again after \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(in (59|60) min \d+ s\): the wait the API asks for does not fit in timeout-seconds$/
    )
    expect(emulator.requestsTo('project-start')).toHaveLength(2)
  })

  it('ends at once on a Retry-After given as a date past the deadline', async () => {
    const client = await clientFor({ flow: 'project' }, 20_000)
    emulator.inject('project-start', { rateLimited: { retryAfterSeconds: 1800, format: 'date' } })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(error.code).toBe('rate-limited')
    expect(error.message).toContain('Try again after')
    expect(emulator.requestsTo('project-start')).toHaveLength(1)
  })

  it('names the agent’s limit on an agent call', async () => {
    const client = await clientFor({ agentUsesPerHour: 1 }, 20_000)
    await client.createAgentJob(PROJECT, 'Document the new flag')
    const error = await failure(client.createAgentJob(PROJECT, 'Document another flag'))
    expect(error.code).toBe('rate-limited')
    expect(error.message).toContain('The API allows the agent 100 uses per project per hour. Try again after')
    expect(emulator.requestsTo('agent-create')).toHaveLength(2)
  })
})

describe('403: one message per cause, each saying what to do', () => {
  it.each([
    [
      'the plan',
      { plan: 'free' },
      "Static export is not part of this organisation's plan: it needs an enterprise plan (ask Mintlify to enable it)"
    ],
    ['the key’s write scope', { keyAccess: 'read-only' }, 'This key can only read: create a key that may write'],
    [
      'the allowlist',
      { ipAllowlist: ['203.0.113.7'] },
      "The runner's address is not on the key's allowlist: add the address"
    ]
  ] as [string, EmulatorSetup, string][])('%s, as the API’s text names it', async (_cause, setup, expected) => {
    const client = await clientFor({ flow: 'project', ...setup })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(error.code).toBe('access-refused')
    expect(error.message).toContain(`HTTP 403 Forbidden: ${(error as ApiError).detail} ${expected}`)
    expect(calls()).toHaveLength(1)
  })

  it('the write scope on an agent call too', async () => {
    const client = await clientFor({ keyAccess: 'read-only' })
    const error = await failure(client.createAgentJob(PROJECT, 'Fix the typo'))
    expect(error.message).toContain('This key can only read: create a key that may write')
  })

  it('all three, when the API’s text names none', async () => {
    const client = await clientFor({ flow: 'project' })
    emulator.inject('project-start', { status: 403, body: JSON.stringify({ error: 'Forbidden' }) })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    expect(error.message).toContain(
      'HTTP 403 Forbidden: Forbidden. Static export needs an enterprise plan (Mintlify enables it), a key that may write ' +
        "(a key that can only read is refused: create one that may write) and, when the key has an allowlist, the runner's address on it (add it there). " +
        'The answer does not say which is missing'
    )
  })

  it('shows the API’s text on one line, however it is written', async () => {
    const client = await clientFor({ flow: 'project' })
    emulator.inject('project-start', {
      status: 403,
      body: JSON.stringify({ error: 'IP not allowed\n::error::forged\r\u001b[2J' })
    })
    const error = await failure(client.startExport({ domain: '' }, { flow: FLOW }))
    for (const control of ['\n', '\r', '\u001b']) expect(error.message).not.toContain(control)
    expect(error.message).toContain('IP not allowed\\n::error::forged\\r\\u001b[2J')
    expect(error.message).toContain("The runner's address is not on the key's allowlist")
  })
})

describe('agent jobs from a prompt', () => {
  it('creates a job: POST /v2/agent/{projectId}/job with { prompt }, 201, active, no pull request yet', async () => {
    const client = await clientFor({ agent: { activeMs: 0 } })
    const job = await client.createAgentJob(PROJECT, 'Document the --prompt flag\nwith an example')
    expect(job).toMatchObject({ status: 'active', prLink: undefined })
    expect(job.id).toMatch(/^[0-9a-f]{24}$/)
    expect(calls()).toEqual([
      {
        method: 'POST',
        path: `/v2/agent/${PROJECT}/job`,
        body: JSON.stringify({ prompt: 'Document the --prompt flag\nwith an example' }),
        contentType: 'application/json'
      }
    ])
    expect(emulator.agents.prompts(PROJECT, job.id)).toEqual(['Document the --prompt flag\nwith an example'])
  })

  it.each([
    ['a 500', { status: 500 }],
    ['a reset connection', { reset: true }]
  ] as const)('does not create again after %s: the API may have acted on it', async (_what, fault) => {
    const client = await clientFor()
    emulator.inject('agent-create', fault)
    const error = await failure(client.createAgentJob(PROJECT, 'Fix the typo'))
    expect(emulator.requestsTo('agent-create')).toHaveLength(1)
    expect(error.message).toContain(
      'The API may have created the agent job all the same, and offers no way to list jobs: check the dashboard before running again, and follow that job with agent-job-id'
    )
  })

  it('creates again after a 503, which the API answers before acting', async () => {
    const client = await clientFor()
    emulator.inject('agent-create', { status: 503 })
    await expect(client.createAgentJob(PROJECT, 'Fix the typo')).resolves.toMatchObject({ status: 'active' })
    expect(emulator.requestsTo('agent-create')).toHaveLength(2)
  })

  it('says which inputs to check when the API refuses the request (400)', async () => {
    const client = await clientFor()
    const error = await failure(client.createAgentJob(PROJECT, ''))
    expect(error.message).toContain(
      'HTTP 400 Bad Request: prompt is required and must be a non-empty string. Check project-id and prompt'
    )
  })

  it('sends a follow-up: POST …/job/{id}/message with { prompt }, 200; the job reports its old outcome for a while', async () => {
    const client = await clientFor()
    emulator.addAgentJob(PROJECT, 'aj_42', {
      activeMs: 0,
      followUp: { staleReads: 3, activeReads: 2, prLink: 'https://github.com/acme/docs/pull/43' }
    })
    expect(await client.getAgentJob(PROJECT, 'aj_42')).toMatchObject({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/42'
    })
    const answer = await client.sendAgentMessage(PROJECT, 'aj_42', 'Also cover the CLI')
    expect(answer).toMatchObject({ id: 'aj_42', status: 'completed', prLink: 'https://github.com/acme/docs/pull/42' })
    const seen = []
    for (let read = 0; read < 6; read++) {
      const job = await client.getAgentJob(PROJECT, 'aj_42')
      seen.push(`${job.status} ${job.prLink ?? '-'}`)
    }
    expect(seen).toEqual([
      'completed https://github.com/acme/docs/pull/42',
      'completed https://github.com/acme/docs/pull/42',
      'completed https://github.com/acme/docs/pull/42',
      'active -',
      'active -',
      'completed https://github.com/acme/docs/pull/43'
    ])
    const message = calls().find((call) => call.path.endsWith('/message'))
    expect(message).toEqual({
      method: 'POST',
      path: `/v2/agent/${PROJECT}/job/aj_42/message`,
      body: JSON.stringify({ prompt: 'Also cover the CLI' }),
      contentType: 'application/json'
    })
  })

  it('does not send a follow-up again after a 502, and names the job on a 404', async () => {
    const client = await clientFor()
    emulator.addAgentJob(PROJECT, 'aj_42')
    emulator.inject('agent-message', { status: 502 })
    const unknown = await failure(client.sendAgentMessage(PROJECT, 'aj_42', 'Also cover the CLI'))
    expect(emulator.requestsTo('agent-message')).toHaveLength(1)
    expect(unknown.message).toContain('The API may have passed the message to the agent all the same')
    const missing = await failure(client.sendAgentMessage(PROJECT, 'aj_missing', 'Also cover the CLI'))
    expect(missing.message).toContain(
      `send follow-up message for job aj_missing (POST /v2/agent/${PROJECT}/job/aj_missing/message) failed: HTTP 404 Not Found: Agent job aj_missing not found. Check project-id and agent-job-id`
    )
  })
})
