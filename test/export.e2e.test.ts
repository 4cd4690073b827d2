import { readFile, readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_SITE, SAMPLE_SITE_PAGES, zip } from './emulator/archives.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { exportInputs as quickExportInputs } from './support/export-inputs.ts'
import { runAction } from './support/run-action.ts'

let emulator: Emulator

async function startEmulator(options: EmulatorSetup = {}): Promise<Emulator> {
  emulator = await new Emulator(options).start()
  return emulator
}

afterEach(async () => emulator?.stop())

function exportInputs(overrides: Record<string, string> = {}): Record<string, string> {
  return quickExportInputs(emulator, overrides)
}

describe('export, end to end', () => {
  it('exports, downloads and unpacks the site, producing every output', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ extract: 'true' }))

    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const { outputs } = run
    expect(outputs['job-id']).toMatch(/^se_[0-9a-f]{16}$/)
    expect(outputs.status).toBe('completed')
    expect(outputs['page-count']).toBe(String(SAMPLE_SITE_PAGES))
    expect(outputs['bundle-url']).toMatch(
      new RegExp(`^${emulator.storageUrl}/static-exports/${outputs['job-id']}/bundle\\.tar\\.gz\\?`)
    )
    expect(outputs['expires-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(Date.parse(outputs['expires-at'] ?? '')).toBeGreaterThan(Date.now())

    // The archive on disk is the served one, byte for byte, under RUNNER_TEMP.
    const bundlePath = outputs['bundle-path'] ?? ''
    expect(path.isAbsolute(bundlePath)).toBe(true)
    expect(bundlePath.startsWith(run.runnerTemp)).toBe(true)
    expect((await readFile(bundlePath)).equals((emulator.options.archive as { bytes: Buffer }).bytes)).toBe(true)
    expect(outputs['bundle-sha256']).toBe(await emulator.archiveSha256())

    const sitePath = outputs['site-path'] ?? ''
    expect(await readFile(path.join(sitePath, 'index.html'), 'utf8')).toContain('<h1>Acme Docs</h1>')
    expect(await readFile(path.join(sitePath, 'guides/getting-started.html'), 'utf8')).toContain('Getting started')
    expect(
      (await readdir(path.dirname(sitePath))).filter((name) => name.includes('partial') || name.startsWith('.'))
    ).toEqual([])

    const helmValues = outputs['helm-values-path'] ?? ''
    expect((await stat(helmValues)).mode & 0o777).toBe(0o600)
    expect(await readFile(helmValues, 'utf8')).toContain(
      `staticExport:\n  enabled: true\n  bundleUrl: "${outputs['bundle-url']}"\n`
    )

    // One start, some polls, one bundle, one download; the storage host never saw a credential.
    expect(emulator.requestsTo('start')).toHaveLength(1)
    expect(JSON.parse(emulator.requestsTo('start')[0]?.body ?? '')).toEqual({ domain: 'docs.acme.dev' })
    expect(emulator.requestsTo('status').length).toBeGreaterThan(1)
    expect(emulator.requestsTo('bundle')).toHaveLength(1)
    expect(emulator.requestsTo('download')).toHaveLength(1)
    expect(emulator.requestsTo('download')[0]?.headers.authorization).toBeUndefined()
    for (const request of emulator.requests.filter((r) => r.host === 'api')) {
      expect(request.headers.authorization).toBe(`Bearer ${emulator.options.apiKey}`)
    }
  })

  it('logs progress and page count, groups each phase, and writes a summary without the masked link', async () => {
    // Queued, running, completed, one answer each, however long the action takes between them.
    await startEmulator({ export: { statuses: ['queued', 'running', 'completed'] } })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/se_\w+: running · \d+(\.\d)?% · \d+ pages · [\d.]+ s elapsed/)
    expect(run.stdout).toMatch(new RegExp(`se_\\w+: completed · 100% · ${SAMPLE_SITE_PAGES} pages`))
    for (const group of ['Start the export', 'Wait for export job', 'Generate the bundle', 'Download the bundle']) {
      expect(run.stdout).toContain(`::group::${group}`)
    }
    const linesWithoutMaskCommands = run.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'))
    const signature = new URL(run.outputs['bundle-url'] ?? '').searchParams.get('X-Amz-Signature') ?? ''
    expect(signature).not.toBe('')
    expect(linesWithoutMaskCommands.join('\n')).not.toContain(signature)
    expect(run.stdout).toContain(`::add-mask::${run.outputs['bundle-url']}`)
    expect(run.stdout.split('\n').filter((line) => line.includes(emulator.options.apiKey))).toEqual([
      `::add-mask::${emulator.options.apiKey}`
    ])

    expect(run.summaryText).toMatch(/^✅ Exported docs\.acme\.dev: \d+ pages, [\d.]+ s\n/)
    expect(run.summaryText).toContain(run.outputs['job-id'])
    expect(run.summaryText).toContain(run.outputs['bundle-sha256'])
    expect(run.summaryText).toContain('Link expires')
    expect(run.summary).not.toContain(signature)
  })

  it('shows the link in the summary only when mask-bundle-url is false', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ 'mask-bundle-url': 'false', download: 'false' }))
    expect(run.exitCode).toBe(0)
    expect(run.stdout).not.toContain('::add-mask::http')
    expect(run.summary).toContain('Bundle link')
    expect(run.outputs['bundle-path']).toBeUndefined()
    expect(run.outputs['helm-values-path']).toBeDefined()
    expect(emulator.requestsTo('download')).toHaveLength(0)
  })

  it('sends paths and version only when given, and pins the version in the Helm values', async () => {
    await startEmulator()
    const run = await runAction(
      exportInputs({ paths: 'index\n  guides/getting-started \n\n', version: '2026-11-22', download: 'false' })
    )
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(emulator.requestsTo('start')[0]?.body ?? '')).toEqual({
      domain: 'docs.acme.dev',
      paths: ['index', 'guides/getting-started'],
      version: '2026-11-22'
    })
    expect(await readFile(run.outputs['helm-values-path'] ?? '', 'utf8')).toContain('  version: "2026-11-22"\n')
  })

  it('with wait false, starts the job and returns at once', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ wait: 'false' }))
    expect(run.exitCode).toBe(0)
    expect(run.outputs['job-id']).toMatch(/^se_/)
    expect(run.outputs.status).toBe('queued')
    expect(run.outputs['bundle-url']).toBeUndefined()
    expect(emulator.requestsTo('status')).toHaveLength(0)
    expect(emulator.requestsTo('bundle')).toHaveLength(0)
  })

  it('reuses export-job-id for a fresh link without starting a job', async () => {
    await startEmulator()
    const first = await runAction(exportInputs({ download: 'false' }))
    const jobId = first.outputs['job-id'] ?? ''
    const second = await runAction(exportInputs({ domain: '', 'export-job-id': jobId, extract: 'true' }))
    expect(second.exitCode).toBe(0)
    expect(second.outputs['job-id']).toBe(jobId)
    expect(second.outputs['site-path']).toBeDefined()
    expect(emulator.requestsTo('start')).toHaveLength(1)
    expect(emulator.requestsTo('bundle')).toHaveLength(2)
  })

  it('reduces a pasted URL to its host, with a notice', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ domain: 'https://Docs.Acme.dev/', download: 'false' }))
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain("::notice::Input 'domain' reduced to its host")
    expect(run.stdout).not.toContain('::warning')
    expect(JSON.parse(emulator.requestsTo('start')[0]?.body ?? '')).toEqual({ domain: 'docs.acme.dev' })
  })

  it('warns that a path in domain was dropped, and exports the whole site', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ domain: 'acme.dev/docs', download: 'false' }))
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain(
      `::warning::Input 'domain' has a path ("/docs") that was dropped: the export covers the whole site acme.dev, not only that path.`
    )
    expect(JSON.parse(emulator.requestsTo('start')[0]?.body ?? '')).toEqual({ domain: 'acme.dev' })
  })

  it('warns about inputs that do nothing in the combination given', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ extract: 'true', wait: 'false', 'comment-on': '7' }))
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain("::warning::Input 'extract' does nothing with wait: false")
    expect(run.stdout).toContain("::warning::Input 'comment-on' is used only by command agent-job")
  })

  it('uses the bundle link a completed status carries, without the bundle endpoint', async () => {
    await startEmulator({ bundleInStatus: true })
    const run = await runAction(exportInputs({ extract: 'true' }))
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(emulator.requestsTo('bundle')).toHaveLength(0)
    expect(run.stdout).toContain('The job status carries the bundle link: no bundle call needed')
    expect(run.outputs['bundle-sha256']).toBe(await emulator.archiveSha256())
    expect(run.outputs['bundle-url']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/static-exports\//)
  })

  it('renews an expired link that the status carried by reading the job again', async () => {
    await startEmulator({ bundleInStatus: true })
    emulator.expireNextLinks(1)
    const run = await runAction(exportInputs())
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(emulator.requestsTo('bundle')).toHaveLength(0)
    expect(run.stdout).toContain('asking for a fresh link')
    expect(run.outputs['bundle-sha256']).toBe(await emulator.archiveSha256())
  })

  it('shows progress as the percentage the API sends: 0.5 is 0.5 %', async () => {
    await startEmulator({
      export: { pages: 5, runningProgress: 0.5, statuses: ['running', 'running', 'completed'] }
    })
    const run = await runAction(exportInputs({ download: 'false' }))
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/: running · 0\.5% ·/)
    expect(run.stdout).not.toMatch(/: running · 50% ·/)
  })

  it('sends a User-Agent that names the action and its version to the API', async () => {
    await startEmulator()
    await runAction(exportInputs({ download: 'false' }))
    const agents = emulator.requests
      .filter((request) => request.host === 'api')
      .map((request) => request.headers['user-agent'])
    expect(agents.length).toBeGreaterThan(2)
    for (const agent of agents)
      expect(agent).toMatch(
        /^docs-export-action\/\d+\.\d+\.\d+ \(\+https:\/\/github\.com\/acme\/mintlify-static-export-action\) node\/24\./
      )
  })

  it('accepts other spellings of progress, expiry and the states before the end', async () => {
    await startEmulator({
      progressFormat: 'fraction',
      expiresAtFormat: 'epoch-seconds',
      // The start's answer and a read in each state, however long the action takes between them.
      export: {
        pages: 5,
        queuedName: 'pending',
        runningName: 'RENDERING',
        statuses: ['pending', 'pending', 'RENDERING', 'completed']
      }
    })
    const run = await runAction(exportInputs({ download: 'false' }))
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/: pending · 0% · 0 pages/)
    expect(run.stdout).toMatch(/: rendering · \d+(\.\d)?% ·/)
    expect(run.outputs['expires-at']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/)
  })

  it('unpacks a zip detected by its bytes and steps into the folder that wraps the site', async () => {
    const wrapped = SAMPLE_SITE.map((entry) => ({ ...entry, name: `acme-docs/${entry.name}` }))
    await startEmulator({ archive: { bytes: zip(wrapped), name: 'bundle.tar.gz' } })
    const run = await runAction(exportInputs({ extract: 'true' }))
    expect(run.errors).toEqual([])
    expect(run.stdout).toContain('(zip)')
    const sitePath = run.outputs['site-path'] ?? ''
    expect(await readFile(path.join(sitePath, 'index.html'), 'utf8')).toContain('Acme Docs')
    expect(path.basename(sitePath)).toBe('site')
  })

  it('names the archive itself, after the job and the kind of its bytes, whatever the link calls it', async () => {
    await startEmulator({ archive: { bytes: zip(SAMPLE_SITE), name: 'site' } })
    const run = await runAction(exportInputs({ extract: 'true' }))
    expect(run.errors).toEqual([])
    const jobId = run.outputs['job-id'] ?? ''
    expect(path.basename(run.outputs['bundle-path'] ?? '')).toBe(`bundle-${jobId}.zip`)
    expect(await readFile(path.join(run.outputs['site-path'] ?? '', 'index.html'), 'utf8')).toContain('Acme Docs')
    expect((await stat(run.outputs['bundle-path'] ?? '')).isFile()).toBe(true)
  })

  it('places everything in path when given', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ extract: 'true', path: 'out/docs' }))
    expect(run.exitCode).toBe(0)
    const target = path.join(run.home, 'workspace/out/docs')
    expect(run.outputs['bundle-path']).toBe(path.join(target, `bundle-${run.outputs['job-id']}.tar.gz`))
    expect(run.outputs['site-path']).toBe(path.join(target, 'site'))
    expect(run.outputs['helm-values-path']).toBe(path.join(target, 'helm-values.yaml'))
  })
})

describe('export failures, end to end', () => {
  it('fails with the server error and the job id when the job fails', async () => {
    await startEmulator({
      export: {
        queuedMs: 50,
        runningMs: 100,
        pages: 5,
        outcome: 'failed',
        error: 'Build failed: broken link in guides/setup.mdx',
        queuedName: 'queued',
        runningName: 'running'
      }
    })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    const jobId = run.outputs['job-id'] ?? ''
    expect(jobId).toMatch(/^se_/)
    expect(run.outputs.status).toBe('failed')
    expect(run.errors).toEqual([`Export job ${jobId} failed: Build failed: broken link in guides/setup.mdx`])
    expect(emulator.requestsTo('bundle')).toHaveLength(0)
  })

  it('fails on timeout naming the job, keeping job-id for a later run', async () => {
    await startEmulator({
      export: {
        queuedMs: 100,
        runningMs: 60_000,
        pages: 50,
        outcome: 'completed',
        queuedName: 'queued',
        runningName: 'running'
      }
    })
    const run = await runAction(exportInputs({ 'timeout-seconds': '1', 'poll-interval-seconds': '0.2' }))
    expect(run.exitCode).toBe(1)
    const jobId = run.outputs['job-id'] ?? ''
    // The last status seen, so that a later step knows where the job was.
    expect(run.outputs.status).toBe('running')
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      new RegExp(`^Export job ${jobId} did not finish within 1(\\.0)? s \\(last seen: ${jobId}: running · `)
    )
    expect(run.errors[0]).toContain(`export-job-id: ${jobId}`)
    // The job runs for a minute: only the deadline can have ended the run, which exited by itself.
    expect(run.signal).toBeNull()
  })

  it('bounds the whole run by timeout-seconds, retries of the start included', async () => {
    await startEmulator()
    emulator.inject('start', { status: 503, body: JSON.stringify({ error: 'Service unavailable.' }) }, 100)
    const run = await runAction(exportInputs({ 'timeout-seconds': '5', 'poll-interval-seconds': '1' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      /^start export job \(POST \/v1\/static-export\/jobs\) failed: HTTP 503 Service Unavailable: Service unavailable\. No time was left for another attempt within timeout-seconds \(\d attempts made\)/
    )
    const starts = emulator.requestsTo('start')
    expect(starts.length).toBeGreaterThan(1)
    expect(run.errors[0]).toContain(`(${starts.length} attempts made)`)
    // Every attempt began within the five seconds: the waits between them, as the action scheduled them, fit.
    const waits = [...run.stdout.matchAll(/retrying in (\d+\.\d) s/g)].map((match) => Number(match[1]))
    expect(waits).toHaveLength(starts.length - 1)
    expect(waits.reduce((sum, seconds) => sum + seconds, 0)).toBeLessThan(5)
  })

  it('names the job once when the status reads run out of time', async () => {
    await startEmulator()
    emulator.inject('status', { status: 503 }, 100)
    const run = await runAction(exportInputs({ 'timeout-seconds': '3', 'poll-interval-seconds': '0.5' }))
    expect(run.exitCode).toBe(1)
    const jobId = run.outputs['job-id'] ?? ''
    expect(run.errors).toEqual([
      expect.stringMatching(
        new RegExp(
          `^read export job for job ${jobId} \\(GET /v1/static-export/jobs/${jobId}\\) failed: HTTP 503 Service Unavailable: .*No time was left`
        )
      )
    ])
  })

  it('fails at once on 409 from the start: another export is running, take turns or pass export-job-id', async () => {
    await startEmulator()
    emulator.inject('start', {
      status: 409,
      body: JSON.stringify({ error: 'A static export is already queued or running for this deployment.' })
    })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(emulator.requestsTo('start')).toHaveLength(1)
    expect(run.errors).toEqual([
      'start export job (POST /v1/static-export/jobs) failed: HTTP 409 Conflict: A static export is already queued or running for this deployment. ' +
        'Another export of this deployment is running. Give the runs that export this site one `concurrency:` group ' +
        '(GitHub Actions: https://docs.github.com/en/actions/using-jobs/using-concurrency) so that they take turns; ' +
        'or, knowing the running export, pass its id as export-job-id to collect it'
    ])
  })

  it('points a 404 on the start at base-url, showing the address without a query', async () => {
    await startEmulator()
    emulator.inject('start', { status: 404, body: JSON.stringify({ error: 'Not found' }) })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(
      `The API has no export endpoint at ${emulator.baseUrl}/v1/static-export/jobs: check base-url`
    )
    expect(run.errors[0]).not.toContain('export-job-id')
  })

  it('ends each sentence of an error once', async () => {
    await startEmulator()
    emulator.inject('start', { status: 401, body: JSON.stringify({ error: 'Authentication failed.' }) })
    const run = await runAction(exportInputs())
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('HTTP 401 Unauthorized: Authentication failed. The API key was refused')
    expect(run.errors[0]).not.toContain('..')
  })

  it('fails on 401 with the API error and a hint, without retrying', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ 'api-key': 'mint_revoked_key' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(
      'start export job (POST /v1/static-export/jobs) failed: HTTP 401 Unauthorized: Invalid or missing API key'
    )
    expect(run.errors[0]).toContain('revoked or expired')
    expect(run.errors[0]).not.toContain('mint_revoked_key')
    expect(emulator.requestsTo('start')).toHaveLength(1)
  })

  it('names the job on a 401 while reading an existing job', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ 'api-key': 'mint_revoked_key', 'export-job-id': 'se_0123' }))
    expect(run.exitCode).toBe(1)
    expect(run.outputs['job-id']).toBe('se_0123')
    expect(run.errors).toEqual([
      expect.stringContaining('read export job for job se_0123 (GET /v1/static-export/jobs/se_0123) failed: HTTP 401')
    ])
  })

  it('fails on 403 with the plan refusal', async () => {
    await startEmulator({ plan: 'free' })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain('HTTP 403 Forbidden: Static export is not enabled for this organization')
    expect(run.errors[0]).toContain('enterprise plan')
    expect(emulator.requestsTo('start')).toHaveLength(1)
  })

  it('fails on 404 for an unknown export-job-id, naming it', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ 'export-job-id': 'se_missing' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^read export job for job se_missing .* HTTP 404 Not Found: No static export job se_missing\. Check export-job-id/
      )
    ])
  })
})
