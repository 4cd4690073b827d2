import { createHash, randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CLEAN_UP_GRACE_MS } from '../src/core/deadline.js'
import { tarGz } from './emulator/archives.ts'
import { Emulator } from './emulator/server.ts'
import { exportInputs } from './support/export-inputs.ts'
import { startHostileS3, UPLOAD_ID, type HostileS3, type HostileS3Options } from './support/hostile-s3.ts'
import { missingRegistry, startChallenger, startRegistry, startRelay, type Registry } from './support/registry.ts'
import { describeWhere } from './support/requirements.ts'
import { runAction, shownLog } from './support/run-action.ts'
import { runCli } from './support/run-cli.ts'

/**
 * The mirror against storage that misbehaves on purpose, end to end, through dist/index.js and
 * dist/cli/index.js: an S3 endpoint whose error answers go on for hundreds of MiB, one that never
 * answers the parts of a multipart upload nor their abort, and a registry that sends a request to
 * an origin that asks for credentials. What is asserted is what the stores saw and what the step
 * said; never how long it took.
 */

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 })

/** Credentials for the SDK to sign with; the hostile store checks none. */
const AWS = {
  AWS_ACCESS_KEY_ID: 'AKIAHOSTILETEST',
  AWS_SECRET_ACCESS_KEY: 'hostile-secret',
  AWS_REGION: 'us-east-1',
  AWS_EC2_METADATA_DISABLED: 'true'
}
/**
 * A heap far below what an answer of 64 MiB read whole takes (2.7 GiB before the bound), and
 * above what a run takes: a body read whole ends the process with "heap out of memory". A device
 * of the tests only: the action itself sets no V8 flag.
 */
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=96' }
const MiB = 1024 * 1024
/** The step's timeout in these runs: room for the export before the mirror starts, on a busy machine. */
const TIMEOUT_SECONDS = '20'

let emulator: Emulator | undefined
let store: HostileS3 | undefined
afterEach(async () => {
  await emulator?.stop()
  await store?.stop()
  emulator = store = undefined
})

async function start(behaviour: HostileS3Options, archive?: Buffer): Promise<{ emulator: Emulator; store: HostileS3 }> {
  emulator = await new Emulator(archive ? { archive: { bytes: archive } } : {}).start()
  store = await startHostileS3(behaviour)
  return { emulator, store }
}

function actionInputs(emulator: Emulator, store: HostileS3): Record<string, string> {
  return exportInputs(emulator, {
    'mirror-to': 's3://docs/exports',
    'mirror-endpoint': store.endpoint,
    'mirror-check': 'off',
    'timeout-seconds': TIMEOUT_SECONDS
  })
}

function cliArgs(store: HostileS3): string[] {
  return [
    'export',
    '--domain',
    'docs.acme.dev',
    '--mirror-to',
    's3://docs/exports',
    '--mirror-endpoint',
    store.endpoint,
    '--mirror-check',
    'off',
    '--timeout-seconds',
    TIMEOUT_SECONDS,
    '--json'
  ]
}

function cliEnv(emulator: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...AWS,
    MINTLIFY_ADMIN_KEY: emulator.options.apiKey,
    MINTLIFY_BASE_URL: emulator.baseUrl,
    MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
    ...extra
  }
}

/** The store closed the answer long before its end: the rest was never read. */
async function expectClosedEarly(store: HostileS3): Promise<void> {
  const taken = await Promise.all(store.longAnswers)
  expect(taken.length).toBeGreaterThan(0)
  for (const { written, length } of taken) expect(written).toBeLessThan(length / 4)
}

describe('an S3 error answer of hundreds of MiB', () => {
  const ERROR =
    /^Export job se_\w+: Mirror: uploading the archive to s3:\/\/docs\/exports\/ failed: HTTP 400, InvalidArgument: The part is refused because refused .{200,}…\. The export is done: run again with (export-job-id: |--export-job-id )se_\w+ to go on without starting a new one$/

  it('64 MiB, through the Action with a small heap: one line with the status and the first words, job-id set', async () => {
    const { emulator, store } = await start({ longError: { status: 400, messageBytes: 64 * MiB } })
    const run = await runAction(actionInputs(emulator, store), { env: { ...AWS, ...SMALL_HEAP } })
    expect(run.stderr).not.toContain('heap out of memory')
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(ERROR)
    expect(run.errors[0]?.length).toBeLessThan(600)
    expect(run.outputs['job-id']).toMatch(/^se_/)
    await expectClosedEarly(store)
  })

  it('200 MiB, through the command line with a small heap: exit code 6, the same line, the job id in the JSON', async () => {
    const { emulator, store } = await start({ longError: { status: 400, messageBytes: 200 * MiB } })
    const cli = await runCli(cliArgs(store), { env: cliEnv(emulator, SMALL_HEAP), timeoutMs: 120_000 })
    expect(cli.stderr).not.toContain('heap out of memory')
    expect(cli.exitCode).toBe(6)
    const json = JSON.parse(cli.stdout) as { jobId?: string; error?: { code: string; message: string } }
    expect(json.jobId).toMatch(/^se_/)
    expect(json.error?.code).toBe('mirror')
    expect(json.error?.message).toMatch(ERROR)
    await expectClosedEarly(store)
  })

  it('200 MiB, through the Action too', async () => {
    const { emulator, store } = await start({ longError: { status: 400, messageBytes: 200 * MiB } })
    const run = await runAction(actionInputs(emulator, store), { env: { ...AWS, ...SMALL_HEAP } })
    expect(run.stderr).not.toContain('heap out of memory')
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(ERROR)
    expect(run.outputs['job-id']).toMatch(/^se_/)
    await expectClosedEarly(store)
  })
})

describe('an S3 endpoint that answers neither the parts nor the abort', () => {
  /** More than the client's 8 MiB part: a multipart upload. */
  let archive: Buffer
  beforeAll(() => {
    archive = tarGz([
      { name: 'index.html', content: '<!doctype html><title>Docs</title>\n' },
      { name: 'assets/media.bin', content: randomBytes(9 * MiB) }
    ])
  })

  /** The mirror's key for the archive: its SHA-256, which no output carries after the failure. */
  const sha256 = (): string => createHash('sha256').update(archive).digest('hex')

  /** What the step says of the abort. */
  function abortNotice(): string {
    const key = `exports/${sha256()}.tar.gz`
    return (
      `timeout-seconds ran out while mirroring the archive to s3://docs/${key}. ` +
      `The abort of multipart upload ${UPLOAD_ID} of s3://docs/${key} may not have completed: ` +
      `the store gave no answer within the ${CLEAN_UP_GRACE_MS / 1000} s a clean-up is given. ` +
      'Its parts stay in the bucket, and are billed, until removed'
    )
  }

  /** One abort was sent, for the upload, and the client gave it up unanswered. */
  async function expectOneAbortGivenUp(store: HostileS3): Promise<void> {
    expect(store.aborts.map(({ path, uploadId }) => ({ path, uploadId }))).toEqual([
      { path: `/docs/exports/${sha256()}.tar.gz`, uploadId: UPLOAD_ID }
    ])
    await store.aborts[0]?.givenUp
  }

  it('the Action ends at timeout-seconds plus the clean-up grace, saying the abort may not have completed', async () => {
    const { emulator, store } = await start({ silentParts: true, abort: 'silent' }, archive)
    const run = await runAction(actionInputs(emulator, store), { env: AWS, timeoutMs: 120_000 })
    expect(run.signal).toBeNull()
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(abortNotice())
    expect(run.outputs['job-id']).toMatch(/^se_/)
    expect(run.outputs['bundle-sha256']).toBeUndefined()
    await expectOneAbortGivenUp(store)
    // Nothing moved: the progress line was not repeated.
    expect(run.stdout.split('\n').filter((line) => line.startsWith('Mirror: uploaded 0 B')).length).toBeLessThanOrEqual(
      1
    )
  })

  it('the command line too: exit code 3, the same notice, the job id in the JSON', async () => {
    const { emulator, store } = await start({ silentParts: true, abort: 'silent' }, archive)
    const cli = await runCli(cliArgs(store), { env: cliEnv(emulator), timeoutMs: 120_000 })
    expect(cli.signal).toBeNull()
    expect(cli.exitCode).toBe(3)
    const json = JSON.parse(cli.stdout) as {
      jobId?: string
      bundleSha256?: string
      error?: { code: string; message: string }
    }
    expect(json.jobId).toMatch(/^se_/)
    expect(json.error?.code).toBe('out-of-time')
    expect(json.error?.message).toContain(abortNotice().replace('timeout-seconds', '--timeout-seconds'))
    expect(json.bundleSha256).toBeUndefined()
    await expectOneAbortGivenUp(store)
  })
})

describeWhere(missingRegistry(), 'a registry that sends a blob HEAD to an origin that asks for credentials', () => {
  let registry: Registry
  beforeAll(async () => {
    registry = await startRegistry({ auth: 'htpasswd' })
  })
  afterAll(async () => registry?.stop())

  it('the credentials never arrive there, through the Action and the command line; the error names that origin', async () => {
    emulator = await new Emulator().start()
    const other = await startChallenger()
    const front = await startRelay(registry.url, {
      redirect: ({ method, url }) => (method === 'HEAD' && url.includes('/blobs/') ? `${other.url}${url}` : undefined)
    })
    try {
      const run = await runAction(
        exportInputs(emulator, {
          'mirror-to': `oci://${front.host}/docs/acme`,
          'mirror-username': registry.username,
          'mirror-password': registry.password,
          'mirror-check': 'off'
        })
      )
      expect(run.exitCode).toBe(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain(
        `was answered HTTP 401 by ${other.url}, where the registry sent it, not by the registry`
      )
      expect(run.errors[0]).not.toContain('refused the credentials')
      expect(run.outputs['job-id']).toMatch(/^se_/)

      const cli = await runCli(
        [
          'export',
          '--domain',
          'docs.acme.dev',
          '--mirror-to',
          `oci://${front.host}/docs/acme`,
          '--mirror-username',
          registry.username,
          '--mirror-check',
          'off',
          '--json'
        ],
        { env: cliEnv(emulator, { MINTLIFY_MIRROR_PASSWORD: registry.password }) }
      )
      expect(cli.exitCode).toBe(6)
      expect((JSON.parse(cli.stdout) as { error?: { message: string } }).error?.message).toContain(`by ${other.url}`)

      // Both runs: the other origin saw two HEADs, no credentials and no token request; the registry's own origin saw the credentials.
      expect(other.requests.map((request) => [request.method, request.authorization])).toEqual([
        ['HEAD', undefined],
        ['HEAD', undefined]
      ])
      expect(front.requests.some((request) => request.authorization?.startsWith('Basic '))).toBe(true)
    } finally {
      await front.stop()
      await other.stop()
    }
  })
})

describe('an S3 endpoint whose error text echoes the session token', () => {
  const TOKEN = 'IQoJb3JpZ2luX2VjEXAMPLE/session+token=='
  const SECRET_ENV = { ...AWS, AWS_SESSION_TOKEN: TOKEN }

  it('keeps the token, and every AWS credential, out of the error, the log and the summary', async () => {
    const { emulator, store } = await start({ echoToken: true })
    const run = await runAction(actionInputs(emulator, store), { env: SECRET_ENV })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    // The store's words are shown, the token in them masked.
    expect(run.errors[0]).toContain("Unsupported header 'x-amz-security-token' received: ***")
    for (const secret of [TOKEN, AWS.AWS_SECRET_ACCESS_KEY]) {
      expect(shownLog(run)).not.toContain(secret)
      expect(run.summary).not.toContain(secret)
      expect(run.stdout).toContain(`::add-mask::${secret}`)
    }
    expect(run.summaryText).toContain('received: ***')
    // The store saw the token: the request carried it.
    expect(store.requests.length).toBeGreaterThan(0)
  })

  it('the command line too: stderr and --json blank it', async () => {
    const { emulator, store } = await start({ echoToken: true })
    const cli = await runCli(cliArgs(store), { env: cliEnv(emulator, { AWS_SESSION_TOKEN: TOKEN }) })
    expect(cli.exitCode).toBe(6)
    expect(cli.stderr).not.toContain(TOKEN)
    expect(cli.stdout).not.toContain(TOKEN)
    const json = JSON.parse(cli.stdout) as { error?: { message: string } }
    expect(json.error?.message).toContain('received: ***')
  })
})
