import { MockAgent, type MockPool } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ApiClient } from '../src/api/client.js'
import { ApiError } from '../src/api/errors.js'
import { OutOfTimeError } from '../src/core/retry.js'
import { USER_AGENT } from '../src/core/user-agent.js'
import { actionText, testRun, type RecordingHost } from './support/recording-host.js'

const BASE_URL = 'https://api.mintlify.test'
const API_KEY = 'mint_0123456789abcdef'
const START_PATH = '/v1/static-export/jobs'
const JOB_PATH = '/v1/static-export/jobs/se_1'
const BUNDLE_PATH = '/v1/static-export/jobs/se_1/bundle'
const AGENT_PATH = '/v2/agent/proj_1/job/aj_1'

/** Complete bodies, every field present. */
const STARTED = { jobId: 'se_1', status: 'queued', progress: 0, pageCount: null, error: null }
const RUNNING = { jobId: 'se_1', status: 'running', progress: 45, pageCount: 3, error: null }
const BUNDLE = {
  bundleUrl: 'https://storage.test/se_1/bundle.tar.gz?X-Amz-Signature=abc',
  expiresAt: '2026-11-22T10:00:00Z',
  sizeBytes: 2048
}
const AGENT_JOB = {
  id: 'aj_1',
  status: 'completed',
  prLink: 'https://github.com/acme/docs/pull/7',
  createdAt: null,
  archivedAt: null
}

let agent: MockAgent
let api: MockPool
let client: ApiClient
let host: RecordingHost

beforeEach(() => {
  agent = new MockAgent({ enableCallHistory: true })
  agent.disableNetConnect()
  api = agent.get(BASE_URL)
  const run = testRun()
  host = run.host
  client = new ApiClient({
    baseUrl: BASE_URL,
    apiKey: API_KEY,
    requestTimeoutMs: 2000,
    retryBaseDelayMs: 1,
    run,
    dispatcher: agent
  })
})

afterEach(async () => {
  await agent.close()
})

function calls(): { method?: string; path?: string; headers: Record<string, unknown>; body: unknown }[] {
  return (agent.getCallHistory()?.calls() ?? []).map((call) => ({
    method: call.method,
    path: call.path,
    headers: call.headers ?? {},
    body: call.body
  }))
}

function reply(
  path: string,
  method: 'GET' | 'POST',
  status: number,
  body: unknown,
  headers: Record<string, string> = {}
): void {
  api.intercept({ path, method }).reply(status, body as object, { headers })
}

function logged(): string {
  return host.text()
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error
  )
  expect(error).toBeInstanceOf(ApiError)
  // As the Action writes it: the inputs it names in the workflow's words.
  ;(error as ApiError).message = actionText((error as ApiError).message)
  return error as ApiError
}

describe('ApiClient: requests', () => {
  it('sends the key as a bearer token and the start body as JSON', async () => {
    reply(START_PATH, 'POST', 202, STARTED)
    const job = await client.startExport({ domain: 'docs.acme.dev', paths: ['/intro'], version: '2026-11-22' })
    expect(job).toEqual({ jobId: 'se_1', status: 'queued', progress: 0, pageCount: undefined, error: undefined })
    const [call] = calls()
    expect(call?.method).toBe('POST')
    expect(call?.path).toBe(START_PATH)
    expect(call?.headers).toMatchObject({
      authorization: `Bearer ${API_KEY}`,
      accept: 'application/json',
      'content-type': 'application/json'
    })
    expect(JSON.parse(String(call?.body))).toEqual({
      domain: 'docs.acme.dev',
      paths: ['/intro'],
      version: '2026-11-22'
    })
  })

  it('sends a User-Agent that names the action and its version with every call', async () => {
    reply(START_PATH, 'POST', 202, STARTED)
    reply(JOB_PATH, 'GET', 200, RUNNING)
    reply(BUNDLE_PATH, 'POST', 200, BUNDLE)
    reply(AGENT_PATH, 'GET', 200, AGENT_JOB)
    await client.startExport({ domain: 'docs.acme.dev' })
    await client.getExportJob('se_1')
    await client.generateBundle('se_1')
    await client.getAgentJob('proj_1', 'aj_1')
    expect(calls().map((call) => call.headers['user-agent'])).toEqual(Array(4).fill(USER_AGENT))
  })

  it('reads the bundle link a completed job’s status carries', async () => {
    reply(JOB_PATH, 'GET', 200, { jobId: 'se_1', status: 'completed', ...BUNDLE })
    const job = await client.getExportJob('se_1')
    expect(job.bundle).toEqual({ bundleUrl: BUNDLE.bundleUrl, expiresAt: '2026-11-22T10:00:00.000Z', sizeBytes: 2048 })
  })

  it('never echoes the signature of a link in a body it cannot read', async () => {
    reply(JOB_PATH, 'GET', 200, { jobId: 'se_1', bundleUrl: `${BUNDLE.bundleUrl}&X-Amz-Credential=AKIA123` })
    const error = await failure(client.getExportJob('se_1'))
    expect(error.message).toContain('no status in the response')
    expect(error.message).toContain('https://storage.test/se_1/bundle.tar.gz?…')
    expect(error.message).not.toContain('X-Amz-Signature')
    expect(error.message).not.toContain('AKIA123')
  })

  it('refuses a status whose bundle link is not an http(s) link', async () => {
    reply(JOB_PATH, 'GET', 200, { jobId: 'se_1', status: 'completed', bundleUrl: 'file:///etc/passwd' })
    expect((await failure(client.getExportJob('se_1'))).message).toContain('bundleUrl is not an http(s) link')
  })

  it('reads a job with GET, no body and no content type', async () => {
    reply(JOB_PATH, 'GET', 200, RUNNING)
    await expect(client.getExportJob('se_1')).resolves.toEqual({
      jobId: 'se_1',
      status: 'running',
      progress: 45,
      pageCount: 3,
      error: undefined
    })
    const [call] = calls()
    expect(call?.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(call?.headers['content-type']).toBeUndefined()
    expect(call?.body ?? undefined).toBeUndefined()
  })

  it('encodes ids in the path', async () => {
    reply('/v1/static-export/jobs/se%2F1%3Fx', 'GET', 200, RUNNING)
    reply('/v2/agent/proj%201/job/aj%231', 'GET', 200, AGENT_JOB)
    await client.getExportJob('se/1?x')
    await client.getAgentJob('proj 1', 'aj#1')
    expect(calls().map((call) => call.path)).toEqual([
      '/v1/static-export/jobs/se%2F1%3Fx',
      '/v2/agent/proj%201/job/aj%231'
    ])
  })

  it('fills a job id the status answer left out with the id asked for', async () => {
    reply(JOB_PATH, 'GET', 200, { status: 'running' })
    reply(AGENT_PATH, 'GET', 200, { status: 'running' })
    await expect(client.getExportJob('se_1')).resolves.toMatchObject({ jobId: 'se_1', status: 'running' })
    await expect(client.getAgentJob('proj_1', 'aj_1')).resolves.toMatchObject({ id: 'aj_1', status: 'running' })
  })

  it('generates a bundle and reads an agent job', async () => {
    reply(BUNDLE_PATH, 'POST', 200, BUNDLE)
    reply(AGENT_PATH, 'GET', 200, AGENT_JOB)
    await expect(client.generateBundle('se_1')).resolves.toEqual({
      bundleUrl: BUNDLE.bundleUrl,
      expiresAt: '2026-11-22T10:00:00.000Z',
      sizeBytes: 2048
    })
    await expect(client.getAgentJob('proj_1', 'aj_1')).resolves.toMatchObject({ id: 'aj_1', prLink: AGENT_JOB.prLink })
  })
})

describe('ApiClient: starting an export', () => {
  it('sends an Idempotency-Key, the same one on a retry', async () => {
    reply(START_PATH, 'POST', 503, { error: 'busy' })
    reply(START_PATH, 'POST', 202, STARTED)
    await client.startExport({ domain: 'docs.acme.dev' })
    const keys = calls().map((call) => call.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(keys[1]).toBe(keys[0])
  })

  it('uses a new key for each start, or the one given', async () => {
    api.intercept({ path: START_PATH, method: 'POST' }).reply(202, STARTED).times(3)
    await client.startExport({ domain: 'docs.acme.dev' })
    await client.startExport({ domain: 'docs.acme.dev' })
    await client.startExport({ domain: 'docs.acme.dev' }, { idempotencyKey: 'my-key-1' })
    const [first, second, third] = calls().map((call) => call.headers['idempotency-key'])
    expect(first).not.toBe(second)
    expect(third).toBe('my-key-1')
  })

  it.each([429, 503])('retries a start refused with %i', async (status) => {
    reply(START_PATH, 'POST', status, { error: 'try later' })
    reply(START_PATH, 'POST', 202, STARTED)
    await expect(client.startExport({ domain: 'docs.acme.dev' })).resolves.toMatchObject({ jobId: 'se_1' })
    expect(calls()).toHaveLength(2)
  })

  it.each([500, 502])('does not retry a start that failed with %i: the server may have acted on it', async (status) => {
    reply(START_PATH, 'POST', status, { error: 'upstream trouble' })
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(calls()).toHaveLength(1)
    expect(error.status).toBe(status)
    expect(error.message).toContain(`start export job (POST ${START_PATH}) failed: HTTP ${status}`)
    expect(error.message).toContain('upstream trouble')
  })

  // BUG: only network errors say so; a 500 or 502 on the start gives no hint that a job may exist.
  it.each([500, 502])('says after a %i on the start that the server may have started a job', async (status) => {
    reply(START_PATH, 'POST', status, { error: 'upstream trouble' })
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(error.message).toMatch(/may have started a job/)
  })

  it('does not retry a start whose connection was reset, and says a job may exist', async () => {
    api
      .intercept({ path: START_PATH, method: 'POST' })
      .replyWithError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(calls()).toHaveLength(1)
    expect(error.message).toContain('failed to reach the API (ECONNRESET)')
    expect(error.message).toContain('may have started a job')
  })

  it('retries a start that never reached the server', async () => {
    api
      .intercept({ path: START_PATH, method: 'POST' })
      .replyWithError(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))
    reply(START_PATH, 'POST', 202, STARTED)
    await expect(client.startExport({ domain: 'docs.acme.dev' })).resolves.toMatchObject({ jobId: 'se_1' })
    expect(calls()).toHaveLength(2)
  })
})

describe('ApiClient: transient faults on reads', () => {
  it.each([500, 502, 503, 504, 429])('retries a status read after %i', async (status) => {
    reply(JOB_PATH, 'GET', status, { error: 'transient' })
    reply(JOB_PATH, 'GET', 200, RUNNING)
    await expect(client.getExportJob('se_1')).resolves.toMatchObject({ status: 'running' })
    expect(calls()).toHaveLength(2)
  })

  it('rides out several faults in a row, logging each retry', async () => {
    for (const status of [500, 502, 503, 504]) reply(JOB_PATH, 'GET', status, { error: `fault ${status}` })
    reply(JOB_PATH, 'GET', 200, RUNNING)
    await expect(client.getExportJob('se_1')).resolves.toMatchObject({ status: 'running' })
    expect(calls()).toHaveLength(5)
    expect(logged()).toContain('HTTP 504 Gateway Timeout: fault 504; retrying in')
    expect(logged()).toContain('(attempt 5 of 5)')
  })

  it('retries a generated bundle, which is safe to repeat', async () => {
    reply(BUNDLE_PATH, 'POST', 500, { error: 'oops' })
    reply(BUNDLE_PATH, 'POST', 200, BUNDLE)
    await expect(client.generateBundle('se_1')).resolves.toMatchObject({ bundleUrl: BUNDLE.bundleUrl })
    expect(calls()).toHaveLength(2)
  })

  it('gives up after five attempts with the last error', async () => {
    for (let i = 1; i <= 5; i++) reply(JOB_PATH, 'GET', 503, { error: `busy ${i}` })
    const error = await failure(client.getExportJob('se_1'))
    expect(calls()).toHaveLength(5)
    expect(error.message).toContain('HTTP 503 Service Unavailable: busy 5')
  })

  it('honours Retry-After', async () => {
    reply(JOB_PATH, 'GET', 429, { error: 'slow down' }, { 'retry-after': '0.2' })
    reply(JOB_PATH, 'GET', 200, RUNNING)
    await client.getExportJob('se_1')
    // With a 1 ms base delay the backoff alone would be 0.0 s.
    expect(logged()).toContain('The API is rate limiting this key; retrying in 0.2 s (attempt 2 of 5)')
  })

  it('does not retry past the run’s deadline, and says the time ran out', async () => {
    const lateClient = new ApiClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      requestTimeoutMs: 2000,
      retryBaseDelayMs: 1,
      run: testRun({ deadlineMs: 0 }),
      dispatcher: agent
    })
    reply(JOB_PATH, 'GET', 503, { error: 'busy' })
    const error = await lateClient.getExportJob('se_1').catch((error: unknown) => error)
    expect(calls()).toHaveLength(1)
    expect(error).toBeInstanceOf(OutOfTimeError)
    expect(((error as Error).cause as ApiError).status).toBe(503)
    expect(actionText((error as Error).message)).toBe(
      'read export job for job se_1 (GET /v1/static-export/jobs/se_1) failed: HTTP 503 Service Unavailable: busy. ' +
        'No time was left for another attempt within timeout-seconds (1 attempt made)'
    )
  })

  it('does not retry past the run’s deadline, whichever call it is', async () => {
    const runClient = new ApiClient({
      baseUrl: BASE_URL,
      apiKey: API_KEY,
      requestTimeoutMs: 2000,
      retryBaseDelayMs: 50,
      run: testRun({ deadlineMs: 120 }),
      dispatcher: agent
    })
    api.intercept({ path: START_PATH, method: 'POST' }).reply(503, { error: 'busy' }).persist()
    const error = await runClient.startExport({ domain: 'docs.acme.dev' }).catch((error: unknown) => error)
    // Backoffs of 50, 100, 200… ms: within 120 ms, fewer attempts than the five a call may make.
    expect(calls().length).toBeLessThan(5)
    expect(error).toBeInstanceOf(OutOfTimeError)
    expect((error as Error).message).toMatch(
      /^start export job \(POST \/v1\/static-export\/jobs\) failed: HTTP 503 Service Unavailable: busy\. No time was left/
    )
  })
})

describe('ApiClient: permanent errors', () => {
  it.each([
    [400, 'read export job', JOB_PATH, () => client.getExportJob('se_1'), undefined],
    [401, 'read export job', JOB_PATH, () => client.getExportJob('se_1'), 'The API key was refused'],
    [403, 'read export job', JOB_PATH, () => client.getExportJob('se_1'), 'Static export needs an enterprise plan'],
    [404, 'read export job', JOB_PATH, () => client.getExportJob('se_1'), 'Check export-job-id'],
    [409, 'generate export bundle', BUNDLE_PATH, () => client.generateBundle('se_1'), 'The job has not finished'],
    [422, 'start export job', START_PATH, () => client.startExport({ domain: 'docs.acme.dev' }), undefined],
    [
      403,
      'read agent job',
      AGENT_PATH,
      () => client.getAgentJob('proj_1', 'aj_1'),
      'The key may not read this project'
    ],
    [404, 'read agent job', AGENT_PATH, () => client.getAgentJob('proj_1', 'aj_1'), 'Check project-id and agent-job-id']
  ])('does not retry %i from %s, and says what, where, why and what to do', async (status, name, path, call, hint) => {
    reply(path, path === JOB_PATH || path === AGENT_PATH ? 'GET' : 'POST', status, { error: `API says no (${status})` })
    const error = await failure(call())
    expect(calls()).toHaveLength(1)
    expect(error).toMatchObject({ status, retryable: false, detail: `API says no (${status})` })
    expect(error.message).toContain(name)
    expect(error.message).toContain(path)
    expect(error.message).toContain(`HTTP ${status} `)
    expect(error.message).toContain(`API says no (${status})`)
    if (hint) expect(error.message).toContain(hint)
  })

  it('ends a sentence once when the API text already ends with a full stop', async () => {
    reply(START_PATH, 'POST', 401, { error: 'Authentication failed.' })
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(error.message).toBe(
      `start export job (POST ${START_PATH}) failed: HTTP 401 Unauthorized: Authentication failed. ` +
        'The API key was refused: it may be revoked or expired. Give a current admin key (mint_…) as api-key'
    )
  })

  it('points a 404 on the start at base-url, showing the address asked', async () => {
    reply(START_PATH, 'POST', 404, { error: 'Not Found' })
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(error.message).toContain(`The API has no export endpoint at ${BASE_URL}${START_PATH}: check base-url`)
    expect(error.message).not.toContain('export-job-id')
  })

  it('says on a 409 from the start that another export is running, without retrying', async () => {
    reply(START_PATH, 'POST', 409, { error: 'An export is already running for this deployment' })
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(calls()).toHaveLength(1)
    expect(error.code).toBe('export-busy')
    expect(error.message).toContain(
      'HTTP 409 Conflict: An export is already running for this deployment. Another export of this deployment is running'
    )
    expect(error.message).toContain('one `concurrency:` group')
    expect(error.message).toContain('pass its id as export-job-id to collect it')
  })

  it('names the job in errors about it', async () => {
    reply(JOB_PATH, 'GET', 401, { error: 'Invalid or missing API key' })
    const error = await failure(client.getExportJob('se_1'))
    expect(error.message).toBe(
      `read export job for job se_1 (GET ${JOB_PATH}) failed: HTTP 401 Unauthorized: Invalid or missing API key. ` +
        'The API key was refused: it may be revoked or expired. Give a current admin key (mint_…) as api-key'
    )
  })

  it('reads an error given as an object with a message', async () => {
    reply(JOB_PATH, 'GET', 404, { error: { code: 'not_found', message: 'No such job' } })
    expect((await failure(client.getExportJob('se_1'))).detail).toBe('No such job')
  })

  it('shows an error body that is not JSON by its first bytes', async () => {
    const page = `<html>\n<head><title>403 Forbidden</title></head>\n<body>Blocked by the firewall</body></html>${' pad'.repeat(100)}`
    api.intercept({ path: JOB_PATH, method: 'GET' }).reply(403, page, { headers: { 'content-type': 'text/html' } })
    const error = await failure(client.getExportJob('se_1'))
    expect(error.message).toContain('HTTP 403 Forbidden: ')
    // Line breaks flattened, cut at 200 characters.
    expect(error.detail).toContain(
      '<html> <head><title>403 Forbidden</title></head> <body>Blocked by the firewall</body></html> pad'
    )
    expect(error.detail?.replace(/^"|"$/g, '')).toHaveLength(201)
    expect(error.detail).toMatch(/ pad…"?$/)
  })

  it('leaves the detail out when the error body is empty', async () => {
    api.intercept({ path: JOB_PATH, method: 'GET' }).reply(404, '')
    const error = await failure(client.getExportJob('se_1'))
    expect(error.detail).toBeUndefined()
    expect(error.message).toContain('HTTP 404 Not Found. Check export-job-id')
  })
})

describe('ApiClient: answers past the bound', () => {
  it('stops at 1 MiB, naming the call, the bound and the content type, without retrying', async () => {
    const big = `{"jobId":"se_1","status":"running","pad":"${'x'.repeat(1024 * 1024)}"}`
    api
      .intercept({ path: JOB_PATH, method: 'GET' })
      .reply(200, big, { headers: { 'content-type': 'application/json' } })
    const error = await failure(client.getExportJob('se_1'))
    expect(error).toMatchObject({ code: 'too-large', retryable: false })
    expect(error.message).toBe(
      'read export job for job se_1 (GET /v1/static-export/jobs/se_1) sent an answer larger than 1.0 MiB (content type application/json); it was not read further'
    )
    expect(calls()).toHaveLength(1)
  })

  it('does not read an answer whose Content-Length announces more than the bound', async () => {
    api
      .intercept({ path: JOB_PATH, method: 'GET' })
      .reply(503, 'x'.repeat(10), { headers: { 'content-length': String(2 * 1024 * 1024) } })
    const error = await failure(client.getExportJob('se_1'))
    expect(error.message).toContain('sent an answer larger than 1.0 MiB (content type not given)')
    expect(calls()).toHaveLength(1)
  })

  it('reads an answer of exactly 1 MiB', async () => {
    const body = JSON.stringify({ ...RUNNING, pad: '' })
    const padded = body.replace('"pad":""', `"pad":"${'x'.repeat(1024 * 1024 - body.length)}"`)
    expect(Buffer.byteLength(padded)).toBe(1024 * 1024)
    api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, padded)
    await expect(client.getExportJob('se_1')).resolves.toMatchObject({ status: 'running' })
  })
})

describe('ApiClient: unexpected successful answers', () => {
  it('reports a 200 that is not JSON by its first bytes', async () => {
    const page = '<!doctype html>\n<html><head><title>Sign in</title></head><body>Captive portal</body></html>'
    api.intercept({ path: JOB_PATH, method: 'GET' }).reply(200, page, { headers: { 'content-type': 'text/html' } })
    const error = await failure(client.getExportJob('se_1'))
    expect(error.message).toContain(
      'read export job for job se_1 (GET /v1/static-export/jobs/se_1) returned something that is not JSON: '
    )
    expect(error.message).toContain(
      '<!doctype html> <html><head><title>Sign in</title></head><body>Captive portal</body></html>'
    )
    expect(calls()).toHaveLength(1)
    expect(error.code).toBe('not-json')
    expect(logged()).toContain(
      'The answer to read export job for job se_1 (GET /v1/static-export/jobs/se_1) is not JSON; its content type: text/html'
    )
  })

  it('reports a start answer without a job id, with what came back', async () => {
    reply(START_PATH, 'POST', 202, { status: 'queued', progress: 0, pageCount: null, error: null })
    const error = await failure(client.startExport({ domain: 'docs.acme.dev' }))
    expect(error.message).toContain(
      'start export job (POST /v1/static-export/jobs) returned an unexpected response (no jobId in the response)'
    )
    expect(error.message).toContain('"status":"queued"')
  })

  it('reports a bundle without a usable link', async () => {
    reply(BUNDLE_PATH, 'POST', 200, { bundleUrl: 'file:///etc/passwd', expiresAt: null, sizeBytes: null })
    const error = await failure(client.generateBundle('se_1'))
    expect(error.message).toContain('returned an unexpected response (bundleUrl is not an http(s) link)')
  })
})
