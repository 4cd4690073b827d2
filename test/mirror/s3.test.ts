import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { mirrorArchive, parseMirrorTarget, type MirrorArchive } from '../../src/mirror/index.js'
import { actionText } from '../support/recording-host.js'
import { startRelay } from '../support/registry.js'
import { describeWhere } from '../support/requirements.js'
import { sharedSwift } from '../support/shared-swift.js'
import { missingSwift, type Swift } from '../support/swift.js'
import { AWS_CLI, failureOf, makeArchive, mirrorOptions, run } from './fixtures.js'

/**
 * The mirror against a real S3 implementation: OpenStack Swift with s3api on loopback, which
 * checks SigV4 signatures and does multipart uploads. Credentials reach the SDK as they do on a
 * runner, through AWS_* variables; Debian's awscli reads back what was written.
 */

/** Larger than the mirror's 8 MiB part: a multipart upload of three parts. */
const MULTIPART_BYTES = 20 * 1024 * 1024
/** Large enough that the upload is still going when its first part is stored. */
const CUT_BYTES = 200 * 1024 * 1024

// Swift's five servers start in seconds on an idle machine, in a minute on a busy one; uploads of hundreds of MiB too.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 })

describeWhere(missingSwift(), 'mirror to S3 (Swift with s3api)', () => {
  let swift: Swift
  let archive: MirrorArchive

  beforeAll(async () => {
    swift = await sharedSwift()
    await swift.createBucket('docs', { publicRead: true })
    await swift.createBucket('private')
    archive = await makeArchive(MULTIPART_BYTES)
    credentials(swift.secretAccessKey)
    // No other source of credentials: no profile, and no instance metadata service to ask off this machine.
    vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true')
    vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent')
    vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent')
    vi.stubEnv('AWS_PROFILE', undefined)
    vi.stubEnv('AWS_SESSION_TOKEN', undefined)
  })

  afterAll(async () => {
    vi.unstubAllEnvs()
    await swift?.stop()
  })

  function credentials(secret: string): void {
    vi.stubEnv('AWS_ACCESS_KEY_ID', swift.accessKeyId)
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', secret)
  }

  /** Debian's awscli on the same endpoint with the same credentials: a reader that is not the SDK we use. */
  function aws(...args: string[]): string {
    return run(AWS_CLI, [...args, '--endpoint-url', swift.endpoint, '--output', 'json'], {
      ...process.env,
      ...swift.awsEnvironment
    })
  }

  it('uploads the archive, its manifest and latest.json, and reads the link back without credentials', async () => {
    const manifest = await makeManifest()
    const options = mirrorOptions({
      publicUrl: swift.publicBase('docs'),
      manifestPath: manifest,
      version: '2026-11-22'
    })
    const result = await mirrorArchive(parseMirrorTarget('s3://docs/exports/acme', swift.endpoint), archive, options)

    const key = `exports/acme/${archive.sha256}.tar.gz`
    expect(result).toEqual({
      url: `${swift.publicBase('docs')}/${key}`,
      location: `s3://docs/${key}`,
      uploaded: true,
      checked: true
    })
    expect(options.host.text('info')).toMatch(/Mirror: uploaded 20\.\d MiB to s3:\/\/docs\/exports\/acme\//)
    expect(options.host.text('info')).toContain('serves the archive without credentials (SHA-256 matches)')

    const listed = JSON.parse(aws('s3api', 'list-objects-v2', '--bucket', 'docs', '--prefix', 'exports/acme/')) as {
      Contents: { Key: string; Size: number }[]
    }
    expect(listed.Contents.map((object) => object.Key).sort()).toEqual(
      [key, `exports/acme/${archive.sha256}.manifest.json`, 'exports/acme/latest.json'].sort()
    )
    expect(listed.Contents.find((object) => object.Key === key)?.Size).toBe(archive.sizeBytes)
    const head = JSON.parse(aws('s3api', 'head-object', '--bucket', 'docs', '--key', key)) as {
      Metadata: Record<string, string>
      ContentType: string
    }
    expect(head.Metadata.sha256).toBe(archive.sha256)
    expect(head.ContentType).toBe('application/gzip')

    const latest = (await (await fetch(`${swift.publicBase('docs')}/exports/acme/latest.json`)).json()) as object
    expect(latest).toEqual({
      version: 1,
      key,
      sha256: archive.sha256,
      jobId: 'se_mirror_1',
      exportVersion: '2026-11-22',
      createdAt: '2026-11-22T10:00:00Z',
      manifestKey: `exports/acme/${archive.sha256}.manifest.json`
    })
  })

  it('does not upload the archive again when the same bytes are there, and says so', async () => {
    const options = mirrorOptions({ publicUrl: swift.publicBase('docs') })
    const result = await mirrorArchive(parseMirrorTarget('s3://docs/exports/acme', swift.endpoint), archive, options)
    expect(result.uploaded).toBe(false)
    expect(result.checked).toBe(true)
    expect(options.host.text('info')).toContain(
      `s3://docs/exports/acme/${archive.sha256}.tar.gz holds this archive already (same size and SHA-256): not uploaded again`
    )
    expect(options.host.text('info')).not.toContain('Mirror: uploaded')
  })

  it('fails with the store refusing the credentials when the secret is wrong', async () => {
    credentials('not-the-secret')
    try {
      const options = mirrorOptions({ publicUrl: swift.publicBase('docs') })
      const error = await failureOf(
        mirrorArchive(parseMirrorTarget('s3://docs/wrong', swift.endpoint), archive, options)
      )
      expect(error.code).toBe('mirror')
      expect(actionText(error.text)).toContain('the store refused the credentials (SignatureDoesNotMatch)')
      expect(actionText(error.text)).not.toContain('not-the-secret')
      expect(options.host.transcript()).not.toContain('not-the-secret')
    } finally {
      credentials(swift.secretAccessKey)
    }
    expect(await swift.listObjects('docs', 'wrong/')).toEqual([])
  })

  it('fails naming the bucket when it does not exist', async () => {
    const error = await failureOf(
      mirrorArchive(parseMirrorTarget('s3://no-such-bucket/x', swift.endpoint), archive, mirrorOptions())
    )
    expect(error.code).toBe('mirror')
    expect(actionText(error.text)).toContain(`the bucket no-such-bucket does not exist at ${swift.endpoint}`)
  })

  it('fails when the copy cannot be read without credentials, and says what to do', async () => {
    const options = mirrorOptions({ publicUrl: swift.publicBase('private') })
    const error = await failureOf(
      mirrorArchive(parseMirrorTarget('s3://private/exports', swift.endpoint), archive, options)
    )
    expect(error.code).toBe('mirror')
    expect(actionText(error.text)).toMatch(
      /^The chart could not fetch http:\/\/127\.0\.0\.1:\d+\/v1\/AUTH_\w+\/private\/exports\/[0-9a-f]{64}\.tar\.gz: it answered HTTP 401 to a request without credentials\. Make the prefix readable without credentials/
    )
    expect(actionText(error.text)).toContain('mirror-public-url')
    // The copy itself is complete: only the chart's view of it is missing.
    expect(await swift.listObjects('private', 'exports/')).toContain(`exports/${archive.sha256}.tar.gz`)
  })

  it("fails on the endpoint's own path-style URL, which Swift does not serve anonymously", async () => {
    const error = await failureOf(
      mirrorArchive(parseMirrorTarget('s3://docs/default', swift.endpoint), archive, mirrorOptions())
    )
    expect(actionText(error.text)).toContain(`The chart could not fetch ${swift.endpoint}/docs/default/`)
    expect(actionText(error.text)).toContain('HTTP 400')
  })

  it('with mirror-check off, gives a notice that the link was not read back', async () => {
    const options = mirrorOptions({ check: 'off' })
    const result = await mirrorArchive(parseMirrorTarget('s3://private/unchecked', swift.endpoint), archive, options)
    expect(result.checked).toBe(false)
    expect(result.url).toBe(`${swift.endpoint}/private/unchecked/${archive.sha256}.tar.gz`)
    expect(options.host.text('notice')).toContain('mirror-check: off')
    expect(options.host.text('notice')).toContain('was not read back')
  })

  it("goes through the proxy that the runner's environment names", async () => {
    const proxy = await startRelay(swift.endpoint)
    try {
      const options = mirrorOptions({ check: 'off', environment: { HTTP_PROXY: proxy.url } })
      await mirrorArchive(parseMirrorTarget('s3://docs/proxied', swift.endpoint), archive, options)
      // A proxy gets the whole URL in the request line.
      const key = `/docs/proxied/${archive.sha256}.tar.gz`
      expect(proxy.requests.some((request) => request.url.startsWith(`${swift.endpoint}${key}`))).toBe(true)
      expect(
        proxy.requests.some((request) => request.url.startsWith(`${swift.endpoint}/docs/proxied/latest.json`))
      ).toBe(true)
    } finally {
      await proxy.stop()
    }
  })

  it('leaves no object, no part and no latest.json when the run is cancelled during a multipart upload', async () => {
    const large = await makeArchive(CUT_BYTES)
    const cancellation = new AbortController()
    const options = mirrorOptions({ cancellation: cancellation.signal, check: 'off' })
    const mirrored = mirrorArchive(parseMirrorTarget('s3://docs/cut', swift.endpoint), large, options)
    // Cut once Swift holds a part of the upload, an observation of the store, not of the clock.
    while ((await swift.segments('docs', 'cut/')).length === 0) await sleep(20)
    cancellation.abort(new Error('cancelled by SIGINT'))
    const error = await failureOf(mirrored)

    expect(error.code).toBe('cancelled')
    expect(await swift.listObjects('docs', 'cut/')).toEqual([])
    expect(await swift.segments('docs', 'cut/')).toEqual([])
    const uploads = aws('s3api', 'list-multipart-uploads', '--bucket', 'docs')
    expect(uploads.trim() === '' ? [] : ((JSON.parse(uploads) as { Uploads?: unknown[] }).Uploads ?? [])).toEqual([])
  })
})

async function makeManifest(): Promise<string> {
  const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'mirror-manifest-')), 'manifest.json')
  await writeFile(file, `${JSON.stringify({ version: 1, jobId: 'se_mirror_1', files: [] })}\n`)
  return file
}
