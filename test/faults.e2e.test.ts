import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { SAMPLE_SITE, tar, tarGz, zip, type ArchiveEntry } from './emulator/archives.ts'
import { Emulator, type EmulatorOptions, type Fault, type Route } from './emulator/server.ts'
import { DILATION } from './support/clock.ts'
import { exportInputs as quickExportInputs } from './support/export-inputs.ts'
import { runAction, type ActionRun } from './support/run-action.ts'

/**
 * The fault matrix: each fault injected at each step of an export, run through the built action.
 * docs/reliability.md lists these rows by their test names.
 */

let emulator: Emulator

async function startEmulator(options: Partial<EmulatorOptions> = {}): Promise<Emulator> {
  emulator = await new Emulator(options).start()
  return emulator
}

afterEach(async () => emulator?.stop())

function exportInputs(overrides: Record<string, string> = {}): Record<string, string> {
  // A sixth of the timeout, one second, is the per-request timeout: a hung response is abandoned quickly.
  return quickExportInputs(emulator, { 'timeout-seconds': '6', extract: 'true', ...overrides })
}

async function expectByteIdenticalSuccess(run: ActionRun): Promise<void> {
  expect(run.errors).toEqual([])
  expect(run.exitCode).toBe(0)
  expect(run.outputs.status).toBe('completed')
  expect(run.outputs['bundle-sha256']).toBe(await emulator.archiveSha256())
  expect(
    (await readFile(run.outputs['bundle-path'] ?? '')).equals((emulator.options.archive as { bytes: Buffer }).bytes)
  ).toBe(true)
  expect(existsSync(path.join(run.outputs['site-path'] ?? '', 'index.html'))).toBe(true)
  const leftovers = (await readdir(path.dirname(run.outputs['bundle-path'] ?? ''))).filter(
    (name) => name.endsWith('.partial') || name.startsWith('.')
  )
  expect(leftovers).toEqual([])
  expect(emulator.exportJobs.size).toBe(1)
}

const retryAfterDate = (): string => new Date(Date.now() + 1000).toUTCString()

/** Transient faults: retried, and the run succeeds with the served archive. */
const transient: [Route, string, () => Fault][] = [
  ['start', '429 with Retry-After in seconds', () => ({ status: 429, headers: { 'retry-after': '1' } })],
  ['start', '503', () => ({ status: 503 })],
  [
    'status',
    '429 with Retry-After as an HTTP date',
    () => ({ status: 429, headers: { 'retry-after': retryAfterDate() } })
  ],
  ['status', '500', () => ({ status: 500 })],
  [
    'status',
    '502 (an HTML page from a proxy)',
    () => ({ status: 502, body: '<html><body>Bad Gateway</body></html>', headers: { 'content-type': 'text/html' } })
  ],
  ['status', '503', () => ({ status: 503 })],
  ['status', '504', () => ({ status: 504 })],
  ['status', 'connection reset', () => ({ reset: true })],
  ['status', 'no response (request timeout)', () => ({ hang: true })],
  ['bundle', '429', () => ({ status: 429, headers: { 'retry-after': '0' } })],
  ['bundle', '500', () => ({ status: 500 })],
  ['bundle', '503', () => ({ status: 503 })],
  ['bundle', 'connection reset', () => ({ reset: true })],
  ['bundle', 'no response (request timeout)', () => ({ hang: true })],
  ['download', '429', () => ({ status: 429, headers: { 'retry-after': '0' } })],
  ['download', '500', () => ({ status: 500 })],
  ['download', '503', () => ({ status: 503 })],
  ['download', 'connection reset', () => ({ reset: true })],
  ['download', 'no response (stall timeout)', () => ({ hang: true })],
  ['download', 'body cut short (Content-Length)', () => ({ truncate: true })]
]

describe('transient faults are retried and the run still succeeds', () => {
  it.each(transient)('%s: %s', async (route, _name, fault) => {
    await startEmulator()
    emulator.inject(route, fault(), 2)
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(run.stdout).toMatch(/retrying in \d+\.\d s \(attempt 2 of 5\)/)
    expect(emulator.requestsTo(route).length).toBeGreaterThanOrEqual(3)
    expect(emulator.requestsTo('start')).toHaveLength(route === 'start' ? 3 : 1)
  })

  it('start: connection refused', async () => {
    await startEmulator()
    // Refused until the action has said so; its next attempt, after a backoff of half a second or more, finds the API back.
    let refused = (): void => undefined
    await emulator.refuseConnectionsUntil(new Promise<void>((resolve) => (refused = resolve)))
    const run = await runAction(exportInputs({ 'poll-interval-seconds': '1', 'timeout-seconds': '30' }), {
      onStdout: (text) => {
        if (text.includes('ECONNREFUSED')) refused()
      }
    })
    await expectByteIdenticalSuccess(run)
    expect(run.stdout).toContain('ECONNREFUSED')
  })

  it('download: a body shorter than the announced sizeBytes', async () => {
    await startEmulator()
    const archive = (emulator.options.archive as { bytes: Buffer }).bytes
    emulator.inject('download', { replaceBody: archive.subarray(0, archive.length - 10) })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(run.stdout).toContain(`but the API announced ${archive.length} (sizeBytes)`)
  })

  it('Retry-After is honoured', async () => {
    // On the emulator's dilated clock: the 2 s are waited, and recorded, in scheduled time.
    await startEmulator({ clockScale: DILATION })
    emulator.inject('status', { status: 429, headers: { 'retry-after': '2' } })
    const run = await runAction(exportInputs({ 'timeout-seconds': '600' }), { clock: emulator.clock })
    await expectByteIdenticalSuccess(run)
    const [limited, next] = emulator.requestsTo('status')
    expect((next?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1900)
  })
})

describe('a start that the server may have acted on is not repeated', () => {
  const ambiguous: [string, Fault][] = [
    ['500', { status: 500 }],
    ['connection reset', { reset: true }],
    ['no response', { hang: true }]
  ]
  it.each(ambiguous)('start: %s', async (_name, fault) => {
    await startEmulator()
    emulator.inject('start', fault)
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(/^start export job \(POST \/v1\/static-export\/jobs\)/)
    expect(emulator.requestsTo('start')).toHaveLength(1)
  })

  it('every start carries an Idempotency-Key, the same across retries', async () => {
    await startEmulator()
    emulator.inject('start', { status: 503 })
    await runAction(exportInputs({ download: 'false', extract: 'false' }))
    const keys = emulator.requestsTo('start').map((request) => request.headers['idempotency-key'])
    expect(keys).toHaveLength(2)
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
  })
})

describe('permanent faults: one request, one clear error', () => {
  const permanent: [Route, number, string, RegExp][] = [
    [
      'start',
      400,
      'domain must be a hostname',
      /start export job \(POST \/v1\/static-export\/jobs\) failed: HTTP 400 Bad Request: domain must be a hostname\. The API refused the export request: check domain, paths and version$/
    ],
    [
      'start',
      401,
      'Invalid API key',
      /HTTP 401 Unauthorized: Invalid API key\. The API key was refused: it may be revoked or expired/
    ],
    [
      'start',
      403,
      'IP address not in allowlist',
      /HTTP 403 Forbidden: IP address not in allowlist\. The runner's address is not on the key's allowlist: add the address/
    ],
    [
      'start',
      422,
      'paths[0] is not a page',
      /HTTP 422 Unprocessable Entity: paths\[0\] is not a page\. The API refused the export request/
    ],
    [
      'status',
      404,
      'No static export job',
      /^read export job for job se_\w+ .*HTTP 404 Not Found: No static export job\. Check export-job-id/
    ],
    ['status', 403, 'Key lacks scope', /^read export job for job se_\w+ .*HTTP 403 Forbidden: Key lacks scope/],
    [
      'bundle',
      409,
      'Job has not completed',
      /^generate export bundle for job se_\w+ .*HTTP 409 Conflict: Job has not completed\. The job has not finished/
    ],
    ['bundle', 404, 'No static export job', /^generate export bundle for job se_\w+ .*HTTP 404 Not Found/]
  ]

  it.each(permanent)('%s: HTTP %i', async (route, status, message, expected) => {
    await startEmulator()
    emulator.inject(route, { status, body: JSON.stringify({ error: message }) })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringMatching(expected)])
    expect(emulator.requestsTo(route)).toHaveLength(1)
    if (route !== 'start') expect(run.outputs['job-id']).toMatch(/^se_/)
  })

  it('start: a 200 that is an HTML page, shown by its first bytes', async () => {
    await startEmulator()
    emulator.inject('start', {
      status: 200,
      body: '<!DOCTYPE html><html><title>Sign in to the corporate proxy</title>',
      headers: { 'content-type': 'text/html' }
    })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      'start export job (POST /v1/static-export/jobs) returned something that is not JSON: <!DOCTYPE html><html><title>Sign in to the corporate proxy</title>'
    ])
  })

  it('status: an answer that never ends is read to 1 MiB, then the step fails at once, without a retry', async () => {
    await startEmulator()
    emulator.inject('status', { endless: true, contentType: 'application/json' })
    const run = await runAction(exportInputs({ 'timeout-seconds': '60' }))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^read export job for job se_\w+ \(GET \/v1\/static-export\/jobs\/se_\w+\) sent an answer larger than 1\.0 MiB \(content type application\/json\); it was not read further$/
      )
    ])
    expect(emulator.requestsTo('status')).toHaveLength(1)
    // What the action took before it hung up: its bound, and what the sockets held in flight.
    expect(emulator.endlessBytesSent).toBeLessThan(32 * 1024 * 1024)
  })

  it('start: a response without jobId', async () => {
    await startEmulator()
    emulator.inject('start', { status: 202, body: '{"status":"queued"}' })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      'start export job (POST /v1/static-export/jobs) returned an unexpected response (no jobId in the response): {"status":"queued"}'
    ])
  })

  it('download: a 403 that is not about expiry is not retried', async () => {
    await startEmulator()
    emulator.inject('download', {
      status: 403,
      body: '<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>'
    })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Export job se_\w+: Download of http:\/\/127\.0\.0\.1:\d+\/static-exports\/se_\w+\/bundle\.tar\.gz\?… failed: HTTP 403: Access Denied$/
      )
    ])
    expect(emulator.requestsTo('download')).toHaveLength(1)
  })

  it('download: transient faults that never stop end in a clear error after a bounded number of attempts', async () => {
    await startEmulator()
    emulator.inject('download', { status: 503 }, 10)
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringMatching(/^Export job se_\w+: Download of .* failed: HTTP 503$/)])
    expect(emulator.requestsTo('download')).toHaveLength(5)
  })
})

describe('expired links are renewed, never a failure', () => {
  it('a link whose expiresAt has passed', async () => {
    await startEmulator()
    emulator.expireNextLinks(1)
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(run.stdout).toContain('too soon to download safely; asking for a fresh link')
    expect(emulator.requestsTo('bundle')).toHaveLength(2)
    expect(emulator.requestsTo('download')).toHaveLength(1)
    expect(Date.parse(run.outputs['expires-at'] ?? '')).toBeGreaterThan(Date.now())
    expect(await readFile(run.outputs['helm-values-path'] ?? '', 'utf8')).toContain(run.outputs['bundle-url'])
  })

  it('a link the storage host refuses as expired (403 AccessDenied, Request has expired)', async () => {
    await startEmulator()
    emulator.inject('download', {
      status: 403,
      body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(run.stdout).toContain('refused the link as expired (HTTP 403); asking for a fresh link')
    expect(emulator.requestsTo('bundle')).toHaveLength(2)
  })

  it('links that keep expiring: bounded, then a clear error', async () => {
    await startEmulator({ linkTtlMs: 10_000 })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Export job se_\w+: every bundle link \(3 asked for\) had expired before it could be downloaded/
      )
    ])
    expect(emulator.requestsTo('bundle')).toHaveLength(3)
    expect(emulator.requestsTo('download')).toHaveLength(0)
  })

  it.each([['offset'], ['epoch-ms']] as const)('expiresAt written as %s is read correctly', async (expiresAtFormat) => {
    await startEmulator({ expiresAtFormat })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(
      Math.abs(Date.parse(run.outputs['expires-at'] ?? '') - Date.now() - emulator.options.linkTtlMs)
    ).toBeLessThan(60_000)
  })
})

describe('a cut download is resumed, never fetched again', () => {
  const archive = (): Buffer => (emulator.options.archive as { bytes: Buffer }).bytes
  const downloads = (): { range?: string; ifRange?: string; bytes: number; path: string }[] =>
    emulator.requestsTo('download').map((request) => ({
      range: request.headers.range,
      ifRange: request.headers['if-range'] as string | undefined,
      bytes: request.bodyBytes ?? 0,
      path: request.path
    }))

  it('download: a reset in the middle of the body', async () => {
    await startEmulator()
    const half = Math.floor(archive().length / 2)
    emulator.inject('download', { resetAfterBytes: half })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    const [first, second] = downloads()
    expect(downloads()).toHaveLength(2)
    expect(first?.range).toBeUndefined()
    expect(second?.range).toBe(`bytes=${half}-`)
    expect(second?.ifRange).toMatch(/^"[0-9a-f]{32}"$/)
    // Every byte of the archive was sent once.
    expect((first?.bytes ?? 0) + (second?.bytes ?? 0)).toBe(archive().length)
    expect(run.stdout).toMatch(/retrying in \d+\.\d s \(attempt 2 of 5\), from byte \d+/)
  })

  it('download: a host that ignores Range starts the file again from zero', async () => {
    await startEmulator()
    const half = Math.floor(archive().length / 2)
    emulator.inject('download', { resetAfterBytes: half }).inject('download', { ignoreRange: true })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(downloads().map((request) => [request.range, request.bytes])).toEqual([
      [undefined, half],
      [`bytes=${half}-`, archive().length]
    ])
    expect(run.stdout).toContain(
      'The storage host sent the whole file again (HTTP 200, not the rest asked for); starting from the first byte'
    )
  })

  it('download: an object that changed between attempts is fetched whole, the new one', async () => {
    const before = tar(SAMPLE_SITE)
    // The same length, other bytes from the first file on: a resumed file would mix the two.
    const after = tar(
      SAMPLE_SITE.map((entry) =>
        entry.name === 'index.html'
          ? { ...entry, content: String(entry.content).replace('Acme Docs', 'Acme Dock') }
          : entry
      )
    )
    expect(after.length).toBe(before.length)
    await startEmulator({ archive: { bytes: before, name: 'bundle.tar' } })
    const half = Math.floor(before.length / 2)
    emulator.inject('download', { resetAfterBytes: half, replaceArchiveWith: { bytes: after, name: 'bundle.tar' } })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(run.outputs['bundle-sha256']).toBe(createHash('sha256').update(after).digest('hex'))
    const [, second] = downloads()
    expect(second?.range).toBe(`bytes=${half}-`)
    expect(second?.bytes).toBe(after.length)
  })

  it('download: a host that sends no ETag: the next attempt starts from zero', async () => {
    await startEmulator({ omitEtag: true })
    const half = Math.floor(archive().length / 2)
    emulator.inject('download', { resetAfterBytes: half })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(downloads().map((request) => request.range)).toEqual([undefined, undefined])
    expect(run.stdout).toContain('(from the first byte: the storage host sent no ETag to resume by)')
  })

  it('download: a link that expired between attempts: a fresh link goes on from the same byte', async () => {
    await startEmulator()
    const half = Math.floor(archive().length / 2)
    emulator.inject('download', { resetAfterBytes: half }).inject('download', {
      status: 403,
      body: '<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>'
    })
    const run = await runAction(exportInputs())
    await expectByteIdenticalSuccess(run)
    expect(emulator.requestsTo('bundle')).toHaveLength(2)
    const requests = emulator.requestsTo('download')
    expect(requests.map((request) => request.headers.range)).toEqual([undefined, `bytes=${half}-`, `bytes=${half}-`])
    expect(run.stdout).toContain(
      `refused the link as expired (HTTP 403); asking for a fresh link, to go on from byte ${half}`
    )
    expect(run.outputs['bundle-url']).not.toBe('')
  })
})

describe('the bundle link must be https', () => {
  it('a plain-http link to a host that is not loopback is refused before any connection', async () => {
    await startEmulator({ storageBaseUrl: 'http://storage.invalid' })
    const run = await runAction(exportInputs())
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Export job se_\w+: Download of http:\/\/storage\.invalid\/static-exports\/se_\w+\/bundle\.tar\.gz\?… refused: https is required \(plain http is allowed only to a loopback address\)$/
      )
    ])
    expect(run.stdout).not.toContain('ENOTFOUND')
    expect(emulator.requestsTo('download')).toHaveLength(0)
  })
})

describe('archives', () => {
  async function exportArchive(bytes: Buffer): Promise<ActionRun> {
    await startEmulator({ archive: { bytes, name: 'bundle.tar.gz' } })
    return runAction(exportInputs())
  }

  it('a file that is not an archive fails and is kept for inspection', async () => {
    const run = await exportArchive(Buffer.from('<html>Access denied by the corporate proxy</html>'))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringMatching(
        /^Export job se_\w+: The downloaded bundle is not an archive \(supported: tar\.gz, tar\.zst, tar, zip\); it was kept at (\S+) for inspection$/
      )
    ])
    const kept = /kept at (\S+) for/.exec(run.errors[0] ?? '')?.[1] ?? ''
    expect(await readFile(kept, 'utf8')).toContain('corporate proxy')
  })

  it('a damaged archive fails and is kept', async () => {
    const whole = tarGz(SAMPLE_SITE)
    const run = await exportArchive(whole.subarray(0, Math.floor(whole.length * 0.6)))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringMatching(/The tar\.gz archive \S+ is damaged/)])
    expect(existsSync(/archive (\S+) is damaged/.exec(run.errors[0] ?? '')?.[1] ?? '')).toBe(true)
    // Nothing that hands a failed export on is set: not the archive, not a site.
    expect(run.outputs['bundle-path']).toBeUndefined()
    expect(run.outputs['site-path']).toBeUndefined()
  })

  const hostile: [string, Buffer, RegExp][] = [
    [
      'tar.gz with an absolute path',
      tarGz([...SAMPLE_SITE, { name: '/tmp/evil-absolute.txt', content: 'x' }]),
      /was refused: entry "\/tmp\/evil-absolute\.txt" has an absolute name \[rule: name\]/
    ],
    [
      'tar.gz with ..',
      tarGz([...SAMPLE_SITE, { name: 'assets/../../evil-dotdot.txt', content: 'x' }]),
      /was refused: entry "assets\/\.\.\/\.\.\/evil-dotdot\.txt" has "\.\." in its name \[rule: name\]/
    ],
    [
      'zip with ..',
      zip([...SAMPLE_SITE, { name: '../evil-zip.txt', content: 'x' }]),
      /was refused: entry "\.\.\/evil-zip\.txt" has "\.\." in its name \[rule: name\]/
    ],
    [
      'tar.gz with a link out of the folder',
      tarGz([...SAMPLE_SITE, { name: 'escape', type: 'symlink', target: '../../..' }]),
      /was refused: link "escape" resolves to \/\S+, outside the site \[rule: link-target\]/
    ],
    [
      'zip with a link to an absolute path',
      zip([...SAMPLE_SITE, { name: 'passwd', type: 'symlink', target: '/etc/passwd' }]),
      /was refused: link "passwd" points to the absolute path "\/etc\/passwd" \[rule: link-target\]/
    ]
  ]

  it.each(hostile)('%s is refused and nothing lands outside the target', async (_name, bytes, expected) => {
    const run = await exportArchive(bytes)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringMatching(expected)])
    // The refused archive is kept for a look, named by the error, and neither handed on nor given Helm values.
    expect(run.outputs['bundle-path']).toBeUndefined()
    const archive = /archive (\S+) was refused/.exec(run.errors[0] ?? '')?.[1] ?? ''
    const folder = path.dirname(archive)
    expect(path.basename(archive)).toMatch(/^bundle-se_\w+\.(tar\.gz|zip)$/)
    expect(await readdir(folder)).toEqual([path.basename(archive)])
    expect(existsSync(path.join(path.dirname(folder), 'evil-dotdot.txt'))).toBe(false)
    expect(existsSync('/tmp/evil-absolute.txt')).toBe(false)
  })

  const linkInside: ArchiveEntry = { name: 'latest.html', type: 'symlink', target: 'index.html' }
  it('a link that stays inside the site is kept', async () => {
    const run = await exportArchive(tarGz([...SAMPLE_SITE, linkInside]))
    expect(run.exitCode).toBe(0)
    expect(await readFile(path.join(run.outputs['site-path'] ?? '', 'latest.html'), 'utf8')).toContain('Acme Docs')
  })
})

describe('cancellation', () => {
  it.each([['SIGINT'], ['SIGTERM']] as const)(
    '%s stops polling, sets job-id, says how to resume and exits without waiting for the job',
    async (signal) => {
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
      let child: ChildProcess | undefined
      let signalledAt = 0
      // Polls a second apart: one in flight when the signal arrives is all there can be.
      const run = await runAction(exportInputs({ 'timeout-seconds': '60', 'poll-interval-seconds': '1' }), {
        onSpawn: (spawned) => (child = spawned),
        onStdout: (text) => {
          if (!signalledAt && text.includes(': running')) {
            signalledAt = Date.now()
            child?.kill(signal)
          }
        }
      })
      expect(signalledAt).toBeGreaterThan(0)
      // The job runs for a minute and timeout-seconds is 60: only the signal can have ended the run,
      // which exited by itself (the harness kills it only past its own timeout).
      expect(run.signal).toBeNull()
      // No poll was started once the signal had been handled.
      const polls = emulator.requestsTo('status').filter((request) => request.at > signalledAt)
      expect(polls.length).toBeLessThanOrEqual(1)
      expect(run.exitCode).not.toBe(0)
      const jobId = run.outputs['job-id'] ?? ''
      expect(jobId).toMatch(/^se_/)
      expect(run.errors).toEqual([
        `The run was cancelled while export job ${jobId} was in progress. It keeps running on the server: run again with export-job-id: ${jobId} to collect it.`
      ])
    }
  )
})

describe('secrets', () => {
  it('never shows the key or the link, even with step debug on, and sends no credential to storage, redirects included', async () => {
    await startEmulator({ redirectDownloads: true })
    const run = await runAction(exportInputs({ 'api-key': `  ${emulator.options.apiKey}\n` }), {
      env: { ACTIONS_STEP_DEBUG: 'true', RUNNER_DEBUG: '1' }
    })
    await expectByteIdenticalSuccess(run)
    const log = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => !line.startsWith('::add-mask::'))
    const signature = new URL(run.outputs['bundle-url'] ?? '').searchParams.get('X-Amz-Signature') ?? ''
    expect(log.filter((line) => line.includes(emulator.options.apiKey) || line.includes(signature))).toEqual([])
    const storage = emulator.requests.filter((request) => request.host === 'storage')
    expect(storage.map((request) => request.path)).toEqual([
      expect.stringMatching(/^\/static-exports\//),
      expect.stringMatching(/^\/moved\/static-exports\//)
    ])
    for (const request of storage) expect(request.headers.authorization).toBeUndefined()
  })

  it('an error never echoes a malformed key', async () => {
    await startEmulator()
    const run = await runAction(exportInputs({ 'api-key': 'Bearer mint_secret_value' }))
    expect(run.exitCode).toBe(1)
    expect(
      run.stdout.split('\n').filter((line) => line.includes('mint_secret_value') && !line.startsWith('::add-mask::'))
    ).toEqual([])
  })
})

describe('bad inputs fail before any request, naming the input', () => {
  const badInputs: [string, Record<string, string>, string][] = [
    ['api-key missing', { 'api-key': '' }, "Input 'api-key' is empty or missing: pass the admin key from a secret"],
    [
      'api-key without the admin key shape',
      { 'api-key': 'not a key' },
      "Input 'api-key' does not look like an admin API key"
    ],
    ['api-key with a prefix only', { 'api-key': 'mint_' }, "Input 'api-key' does not look like an admin API key"],
    ['base-url over plain http', { 'base-url': 'http://api.mintlify.com' }, "Input 'base-url' must use https://"],
    ['base-url that is not a URL', { 'base-url': 'api.mintlify.com' }, "Input 'base-url' must be an https:// address"],
    [
      'command unknown',
      { command: 'publish' },
      'Input \'command\' must be export, agent-job, check-deployment, got "publish"'
    ],
    [
      'domain missing',
      { domain: '' },
      "Input 'domain' is required for command export unless export-job-id or project-id is given"
    ],
    ['domain not a host name', { domain: 'docs acme dev' }, "Input 'domain' must be a host name"],
    ['export-job-id with a slash', { 'export-job-id': 'se_1/../x' }, "Input 'export-job-id' must be an identifier"],
    [
      'project-id missing for agent-job',
      { command: 'agent-job', 'agent-job-id': 'aj_1' },
      "Input 'project-id' is required for command agent-job"
    ],
    [
      'agent-job-id missing for agent-job',
      { command: 'agent-job', 'project-id': 'p_1' },
      "Input 'agent-job-id' is required for command agent-job"
    ],
    ['wait not a boolean', { wait: 'yes' }, 'Input \'wait\' must be true or false, got "yes"'],
    [
      'timeout-seconds zero',
      { 'timeout-seconds': '0' },
      "Input 'timeout-seconds' must be a positive number of seconds"
    ],
    [
      'timeout-seconds negative',
      { 'timeout-seconds': '-5' },
      'Input \'timeout-seconds\' must be a positive number of seconds, got "-5"'
    ],
    [
      'timeout-seconds not a number',
      { 'timeout-seconds': '30m' },
      'Input \'timeout-seconds\' must be a positive number of seconds, got "30m"'
    ],
    [
      'poll-interval-seconds zero',
      { 'poll-interval-seconds': '0' },
      "Input 'poll-interval-seconds' must be a positive number of seconds"
    ],
    ['download not a boolean', { download: 'maybe' }, "Input 'download' must be true or false"],
    ['extract not a boolean', { extract: '1' }, "Input 'extract' must be true or false"],
    ['extract without download', { extract: 'true', download: 'false' }, "Input 'extract' is true but download: false"],
    [
      'comment-on not a number',
      { command: 'agent-job', 'project-id': 'p', 'agent-job-id': 'a', 'comment-on': 'the issue' },
      "Input 'comment-on' must be an issue or pull request number"
    ],
    ['mask-bundle-url not a boolean', { 'mask-bundle-url': 'on' }, "Input 'mask-bundle-url' must be true or false"]
  ]

  it.each(badInputs)('%s', async (_name, inputs, expected) => {
    await startEmulator()
    const run = await runAction(exportInputs(inputs))
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining(expected)])
    // One problem, one line: an empty key is not also reported as malformed.
    expect(run.errors[0]).not.toContain('\n')
    expect(emulator.requests).toEqual([])
    expect(emulator.github.requests).toEqual([])
  })
})
