import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { CLEAN_UP_GRACE_MS, Deadline } from '../../src/core/deadline.js'
import { mirrorArchive, parseMirrorTarget, type MirrorArchive } from '../../src/mirror/index.js'
import { startHostileS3, UPLOAD_ID, type HostileS3, type HostileS3Options } from '../support/hostile-s3.js'
import { actionText } from '../support/recording-host.js'
import { failureOf, makeArchive, mirrorOptions } from './fixtures.js'

/**
 * The S3 mirror against a store that misbehaves on purpose (test/support/hostile-s3.ts): answers
 * that go on for megabytes, parts and an abort that are never answered, an abort refused. What is
 * asserted is what the store saw (how much of an answer was taken, how many aborts came, whether
 * the client gave one up) and what the failure says; never how long anything took.
 */

const MiB = 1024 * 1024

vi.setConfig({ testTimeout: 60_000 })

let store: HostileS3 | undefined
afterEach(async () => {
  await store?.stop()
  store = undefined
})

beforeAll(() => {
  // Credentials for the SDK to sign with (the store checks none), and no other source of them.
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAHOSTILETEST')
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'hostile-secret')
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true')
  vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent')
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent')
  vi.stubEnv('AWS_PROFILE', undefined)
  vi.stubEnv('AWS_SESSION_TOKEN', undefined)
})
afterAll(() => vi.unstubAllEnvs())

async function mirrorTo(
  behaviour: HostileS3Options,
  archive: MirrorArchive,
  deadline?: Deadline
): Promise<ReturnType<typeof failureOf>> {
  store = await startHostileS3(behaviour)
  const options = mirrorOptions({ check: 'off', ...(deadline ? { deadline } : {}) })
  return failureOf(mirrorArchive(parseMirrorTarget('s3://docs/exports', store.endpoint), archive, options))
}

describe('an answer longer than what is read of one', () => {
  let small: MirrorArchive
  beforeAll(async () => {
    small = await makeArchive(64 * 1024)
  })

  it('stops reading an error of 64 MiB, and fails with its status and the first words of its message, on one line', async () => {
    const error = await mirrorTo({ longError: { status: 400, messageBytes: 64 * MiB } }, small)
    expect(error.code).toBe('mirror')
    const text = actionText(error.text)
    expect(text).toMatch(
      /^Mirror: uploading the archive to s3:\/\/docs\/exports\/ failed: HTTP 400, InvalidArgument: The part is refused because refused refused .*…$/
    )
    expect(text).not.toMatch(/\n/)
    expect(text.length).toBeLessThan(500)
    const [taken] = await Promise.all(store?.longAnswers ?? [])
    // The client closed the connection long before the end: the rest was never read.
    expect(taken?.written).toBeLessThan((taken?.length ?? 0) / 4)
  })

  it('lets the SDK parse an error that fits, and says the first 300 characters of its message', async () => {
    const error = await mirrorTo({ longError: { status: 400, messageBytes: 20 * 1024 } }, small)
    const text = actionText(error.text)
    expect(text).toMatch(/failed: HTTP 400, InvalidArgument: The part is refused because refused /)
    const said = text.slice(text.indexOf('InvalidArgument: ') + 'InvalidArgument: '.length)
    expect(said).toHaveLength(301)
    expect(said.endsWith('…')).toBe(true)
    const [taken] = await Promise.all(store?.longAnswers ?? [])
    expect(taken?.written).toBe(taken?.length)
  })

  it('stops reading the start of a multipart upload that goes on, though its status is 200', async () => {
    const large = await makeArchive(9 * MiB)
    const error = await mirrorTo({ longStart: 200 * MiB }, large)
    expect(actionText(error.text)).toBe(
      'Mirror: uploading the archive to s3://docs/exports/ failed: HTTP 200, error: an answer longer than 64.0 KiB, not read further'
    )
    const [taken] = await Promise.all(store?.longAnswers ?? [])
    expect(taken?.written).toBeLessThan((taken?.length ?? 0) / 4)
    // No upload id came: nothing to abort.
    expect(store?.aborts).toEqual([])
  })
})

describe('the abort of a multipart upload', () => {
  let large: MirrorArchive
  beforeAll(async () => {
    // More than the client's 8 MiB part: a multipart upload.
    large = await makeArchive(9 * MiB)
  })

  it('is given up after the clean-up grace when parts and abort are never answered, and the failure says it may not have completed', async () => {
    const error = await mirrorTo({ silentParts: true, abort: 'silent' }, large, Deadline.in(1500))
    expect(error.code).toBe('out-of-time')
    const key = `exports/${large.sha256}.tar.gz`
    expect(actionText(error.text)).toBe(
      `timeout-seconds ran out while mirroring the archive to s3://docs/${key}. ` +
        `The abort of multipart upload ${UPLOAD_ID} of s3://docs/${key} may not have completed: ` +
        `the store gave no answer within the ${CLEAN_UP_GRACE_MS / 1000} s a clean-up is given. ` +
        'Its parts stay in the bucket, and are billed, until removed: run aws s3api abort-multipart-upload with this bucket, key and upload id, or let a lifecycle rule (AbortIncompleteMultipartUpload) remove them'
    )
    // One abort, for the upload and the key, after every part; the client closed it unanswered.
    expect(store?.aborts.map(({ path, uploadId }) => ({ path, uploadId }))).toEqual([
      { path: `/docs/${key}`, uploadId: UPLOAD_ID }
    ])
    await store?.aborts[0]?.givenUp
    const methods = store?.requests.map((request) => request.method) ?? []
    expect(methods.indexOf('DELETE')).toBe(methods.length - 1)
    expect(methods.filter((method) => method === 'PUT').length).toBeGreaterThan(0)
  })

  it('is sent once when the store answers it 503 (which the SDK would retry), and the failure says what the store said', async () => {
    const error = await mirrorTo({ partStatus: 400, abort: 503 }, large)
    expect(error.code).toBe('mirror')
    const key = `exports/${large.sha256}.tar.gz`
    expect(actionText(error.text)).toContain(
      `Mirror: uploading the archive to s3://docs/exports/ failed. The abort of multipart upload ${UPLOAD_ID} of s3://docs/${key} may not have completed: the store answered HTTP 503 (SlowDown: Please reduce your request rate.)`
    )
    expect(store?.aborts).toHaveLength(1)
  })

  it('leaves the failure as it was when the abort completes', async () => {
    const error = await mirrorTo({ partStatus: 403, abort: 204 }, large)
    expect(actionText(error.text)).toMatch(
      /^Mirror: uploading the archive to s3:\/\/docs\/exports\/ failed: access denied \(HTTP 403\)/
    )
    expect(actionText(error.text)).not.toContain('may not have completed')
    expect(store?.aborts).toHaveLength(1)
  })
})
