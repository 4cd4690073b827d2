import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import { parse } from 'yaml'
import { Emulator } from './emulator/server.ts'
import { exportInputs } from './support/export-inputs.ts'
import { missingRegistry, startRegistry, type Registry } from './support/registry.ts'
import { describeWhere } from './support/requirements.ts'
import { runAction, shownLog } from './support/run-action.ts'
import { runCli } from './support/run-cli.ts'
import { sharedSwift } from './support/shared-swift.ts'
import { missingSwift, type Swift } from './support/swift.ts'

/**
 * The mirror end to end, through dist/index.js and dist/cli/index.js, against real storage servers
 * on loopback: OpenStack Swift's S3 API and CNCF distribution (docker-registry) with a read-only
 * twin for anonymous reads. The chart's view is checked as the chart has it: the Helm values file
 * and a GET of its link without credentials.
 */

// The storage servers start in seconds on an idle machine, in a minute on a busy one.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 })

let emulator: Emulator
afterEach(async () => emulator?.stop())

async function startEmulator(): Promise<Emulator> {
  emulator = await new Emulator().start()
  return emulator
}

/** The values the chart is given. */
async function helmValues(file: string | undefined): Promise<{ text: string; values: Record<string, unknown> }> {
  const text = await readFile(file ?? '', 'utf8')
  return { text, values: (parse(text) as { staticExport: Record<string, unknown> }).staticExport }
}

/** The body at `url`, fetched as the chart fetches it: no credentials. */
async function anonymousSha256(url: string): Promise<string> {
  const response = await fetch(url)
  expect(response.status, url).toBe(200)
  return createHash('sha256')
    .update(Buffer.from(await response.arrayBuffer()))
    .digest('hex')
}

describeWhere(missingSwift(), 'mirror to an S3-compatible bucket, end to end (Swift)', () => {
  let swift: Swift
  /** The runner's AWS credentials, as aws-actions/configure-aws-credentials sets them. */
  let aws: Record<string, string>

  beforeAll(async () => {
    swift = await sharedSwift()
    await swift.createBucket('docs', { publicRead: true })
    await swift.createBucket('private')
    aws = swift.awsEnvironment
  })
  afterAll(async () => swift?.stop())

  function mirrorInputs(bucket: string, overrides: Record<string, string> = {}): Record<string, string> {
    return exportInputs(emulator, {
      extract: 'true',
      'mirror-to': `s3://${bucket}/exports/acme`,
      'mirror-endpoint': swift.endpoint,
      'mirror-public-url': swift.publicBase(bucket),
      ...overrides
    })
  }

  it('copies the archive, its manifest and latest.json, points the Helm values at the copy, and skips the upload on a second run', async () => {
    await startEmulator()
    const run = await runAction(mirrorInputs('docs'), { env: aws })
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const sha256 = run.outputs['bundle-sha256'] ?? ''
    const key = `exports/acme/${sha256}.tar.gz`
    expect(run.outputs['mirror-url']).toBe(`${swift.publicBase('docs')}/${key}`)
    expect(run.outputs['mirror-ref']).toBeUndefined()
    expect(await anonymousSha256(run.outputs['mirror-url'] ?? '')).toBe(sha256)
    expect((await swift.listObjects('docs', 'exports/acme/')).sort()).toEqual(
      [key, `exports/acme/${sha256}.manifest.json`, 'exports/acme/latest.json'].sort()
    )
    const latest = (await (await fetch(`${swift.publicBase('docs')}/exports/acme/latest.json`)).json()) as Record<
      string,
      unknown
    >
    expect(latest).toMatchObject({ version: 1, key, sha256, jobId: run.outputs['job-id'] })
    expect(latest.manifestKey).toBe(`exports/acme/${sha256}.manifest.json`)

    const { text, values } = await helmValues(run.outputs['helm-values-path'])
    expect(values).toEqual({ enabled: true, bundleUrl: run.outputs['mirror-url'], version: sha256 })
    expect(text).toContain(`# Export job ${run.outputs['job-id']}; its archive's SHA-256 ${sha256}`)
    // The vendor's expiring link stays in its output, and out of the chart's values.
    expect(text).not.toContain(new URL(run.outputs['bundle-url'] ?? '').host)
    // No credential in the log.
    expect(shownLog(run)).not.toContain(swift.secretAccessKey)

    const again = await runAction(mirrorInputs('docs'), { env: aws })
    expect(again.exitCode).toBe(0)
    expect(again.stdout).toContain('holds this archive already (same size and SHA-256): not uploaded again')
    expect(again.outputs['mirror-url']).toBe(run.outputs['mirror-url'])
  })

  it('fails the step when the chart could not read the copy, saying how to fix it; the command line exits 6', async () => {
    await startEmulator()
    const run = await runAction(mirrorInputs('private'), { env: aws })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('The chart could not fetch')
    expect(run.errors[0]).toContain('mirror-public-url')
    const cli = await runCli(
      [
        'export',
        '--domain',
        'docs.acme.dev',
        '--mirror-to',
        's3://private/exports/acme',
        '--mirror-endpoint',
        swift.endpoint,
        '--mirror-public-url',
        swift.publicBase('private'),
        '--json'
      ],
      {
        env: {
          ...aws,
          MINTLIFY_ADMIN_KEY: emulator.options.apiKey,
          MINTLIFY_BASE_URL: emulator.baseUrl,
          MINTLIFY_POLL_INTERVAL_SECONDS: '0.05'
        }
      }
    )
    expect(cli.exitCode).toBe(6)
    expect(JSON.parse(cli.stdout)).toMatchObject({ error: { code: 'mirror' } })
    expect(cli.stderr).toContain('--mirror-public-url')
  })

  it('with mirror-check: off, says in a notice that the link was not read back', async () => {
    await startEmulator()
    const run = await runAction(mirrorInputs('private', { 'mirror-check': 'off' }), { env: aws })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/::notice::Mirror: mirror-check: off: .* was not read back/)
  })

  it('refuses the wrong credentials with a clear error, and a bucket that does not exist, before the export starts', async () => {
    await startEmulator()
    const wrong = await runAction(mirrorInputs('docs'), { env: { ...aws, AWS_SECRET_ACCESS_KEY: 'not-the-secret' } })
    expect(wrong.exitCode).toBe(1)
    expect(wrong.errors[0]).toContain('No export was started: Mirror: starting a probe upload (aborted at once) to')
    expect(wrong.errors[0]).toContain('refused the credentials')
    expect(shownLog(wrong)).not.toContain('not-the-secret')
    const missing = await runAction(mirrorInputs('nowhere'), { env: aws })
    expect(missing.exitCode).toBe(1)
    expect(missing.errors[0]).toContain('the bucket nowhere does not exist')
    // Neither cost an export.
    expect(emulator.requests).toEqual([])
    // The probe that passes leaves nothing: an upload started and aborted stores no object.
    const run = await runAction(mirrorInputs('docs'), { env: aws })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain("Mirror: s3://docs/exports/acme/ takes an upload with the runner's credentials")
    expect((await swift.listObjects('docs')).filter((key) => key.includes('.docs-export-probe-'))).toEqual([])
    expect((await swift.listObjects('docs+segments')).filter((key) => key.includes('.docs-export-probe-'))).toEqual([])
  })

  it('refuses a malformed mirror-to, or a plain-http endpoint off this machine, before any request', async () => {
    await startEmulator()
    const bad = await runAction(mirrorInputs('docs', { 'mirror-to': 'ftp://docs/exports' }), { env: aws })
    expect(bad.exitCode).toBe(1)
    expect(bad.errors[0]).toContain('Input \'mirror-to\' has the scheme "ftp"')
    const http = await runAction(mirrorInputs('docs', { 'mirror-endpoint': 'http://s3.example.com' }), { env: aws })
    expect(http.errors[0]).toContain("Input 'mirror-endpoint'")
    expect(emulator.requests).toEqual([])
  })
})

describeWhere(missingRegistry(), 'mirror to an OCI registry, end to end (distribution)', () => {
  let registry: Registry

  beforeAll(async () => {
    registry = await startRegistry({ auth: 'htpasswd', readOnlyMirror: true })
  })
  afterAll(async () => registry?.stop())

  it('pushes the archive as an artifact, pinned by digest, read anonymously through the read-only twin; the command line too', async () => {
    await startEmulator()
    const inputs = exportInputs(emulator, {
      'mirror-to': `oci://${registry.host}/docs/acme:latest`,
      'mirror-username': registry.username,
      'mirror-password': registry.password,
      'mirror-public-url': registry.readOnly?.url ?? '',
      version: '2026-11-26'
    })
    const run = await runAction(inputs)
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const sha256 = run.outputs['bundle-sha256'] ?? ''
    expect(run.outputs['mirror-url']).toBe(`${registry.readOnly?.url}/v2/docs/acme/blobs/sha256:${sha256}`)
    expect(run.outputs['mirror-ref']).toMatch(new RegExp(`^${registry.host}/docs/acme@sha256:[0-9a-f]{64}$`))
    expect(await anonymousSha256(run.outputs['mirror-url'] ?? '')).toBe(sha256)
    expect((await helmValues(run.outputs['helm-values-path'])).values).toEqual({
      enabled: true,
      bundleUrl: run.outputs['mirror-url'],
      version: '2026-11-26'
    })
    // The password was masked at once, and never written.
    expect(run.stdout).toContain(`::add-mask::${registry.password}`)
    expect(run.stdout.split(registry.password)).toHaveLength(2)

    const cli = await runCli(
      [
        'export',
        '--domain',
        'docs.acme.dev',
        '--mirror-to',
        `oci://${registry.host}/docs/acme`,
        '--mirror-username',
        registry.username,
        '--mirror-public-url',
        registry.readOnly?.url ?? '',
        '--json'
      ],
      {
        env: {
          MINTLIFY_ADMIN_KEY: emulator.options.apiKey,
          MINTLIFY_BASE_URL: emulator.baseUrl,
          MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
          MINTLIFY_MIRROR_PASSWORD: registry.password
        }
      }
    )
    expect(cli.exitCode, cli.stderr).toBe(0)
    const outputs = JSON.parse(cli.stdout) as Record<string, string>
    expect(outputs.mirrorUrl).toMatch(/\/v2\/docs\/acme\/blobs\/sha256:[0-9a-f]{64}$/)
    expect(outputs.mirrorRef).toMatch(/@sha256:[0-9a-f]{64}$/)
    expect(cli.stderr).not.toContain(registry.password)
  })

  it('refuses a wrong registry password before the export starts, and never prints it', async () => {
    await startEmulator()
    const run = await runAction(
      exportInputs(emulator, {
        'mirror-to': `oci://${registry.host}/docs/acme`,
        'mirror-username': registry.username,
        'mirror-password': 'not-the-password'
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(/^No export was started: Mirror: /)
    // Once, in the mask that keeps it out of the log.
    expect(run.stdout.split('not-the-password')).toHaveLength(2)
    expect(run.stdout).toContain('::add-mask::not-the-password')
    expect(emulator.requests).toEqual([])
  })

  it('fails the step when the registry itself is the public address and asks every reader for credentials', async () => {
    await startEmulator()
    const run = await runAction(
      exportInputs(emulator, {
        'mirror-to': `oci://${registry.host}/docs/acme`,
        'mirror-username': registry.username,
        'mirror-password': registry.password
      })
    )
    expect(run.exitCode).toBe(1)
    expect(run.errors[0]).toContain('The chart could not fetch')
    expect(run.errors[0]).toContain('read-only mirror')
  })
})
