import { describe, expect, it } from 'vitest'
import {
  AgentJobResponse,
  BundleResponse,
  CreatedAgentJobResponse,
  ExportJobResponse,
  FollowUpResponse,
  parseWholeNumber,
  normalizeProgress,
  normalizeTimestamp,
  StartResponse
} from '../src/api/schemas.js'

/** 2026-11-22T10:00:00Z in its several forms. */
const INSTANT = '2026-11-22T10:00:00.000Z'
const EPOCH_MS = Date.UTC(2026, 10, 22, 10)
const EPOCH_SECONDS = EPOCH_MS / 1000

describe('normalizeProgress', () => {
  it.each([
    [45, 45],
    [0.5, 0.5],
    [0.45, 0.5],
    ['45%', 45],
    [' 45 % ', 45],
    ['0.5', 0.5],
    ['45', 45],
    [1, 1],
    [0, 0],
    [100, 100],
    [45.678, 45.7],
    [150, 100],
    ['150%', 100],
    [-3, 0]
  ])('reads %j as %d %', (value, expected) => {
    expect(normalizeProgress(value)).toBe(expected)
  })

  it.each([
    ['abc'],
    [null],
    [undefined],
    [''],
    ['45 percent'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [{ value: 45 }]
  ])('gives up on %j', (value) => {
    expect(normalizeProgress(value)).toBeUndefined()
  })
})

describe('parseWholeNumber', () => {
  it.each([
    [12, 12],
    ['12', 12],
    [' 12 ', 12],
    [12.9, 12],
    [0, 0]
  ])('reads %j as %d', (value, expected) => {
    expect(parseWholeNumber(value)).toBe(expected)
  })

  it.each([[-1], ['-1'], ['twelve'], [''], [null], [undefined], [true], [Number.NaN]])('gives up on %j', (value) => {
    expect(parseWholeNumber(value)).toBeUndefined()
  })
})

describe('normalizeTimestamp', () => {
  it.each([
    ['ISO 8601 UTC', '2026-11-22T10:00:00Z'],
    ['ISO 8601 with milliseconds', '2026-11-22T10:00:00.000Z'],
    ['ISO 8601 with an offset', '2026-11-22T12:00:00+02:00'],
    ['ISO 8601 with a negative offset', '2026-11-22T05:00:00-05:00'],
    ['epoch seconds', EPOCH_SECONDS],
    ['epoch seconds as a string', String(EPOCH_SECONDS)],
    ['epoch milliseconds', EPOCH_MS],
    ['epoch milliseconds as a string', ` ${EPOCH_MS} `]
  ])('reads %s as the same instant in UTC', (_form, value) => {
    expect(normalizeTimestamp(value)).toBe(INSTANT)
  })

  it.each([['garbage'], ['2026-13-45T99:00:00Z'], [''], ['   '], [null], [undefined], [true], [{}], [1e20]])(
    'gives up on %j',
    (value) => {
      expect(normalizeTimestamp(value)).toBeUndefined()
    }
  )
})

describe('StartResponse', () => {
  it('reads the job id and defaults the status to queued', () => {
    expect(StartResponse.parse({ jobId: 'se_1' })).toEqual({
      jobId: 'se_1',
      status: 'queued',
      progress: undefined,
      pageCount: undefined,
      error: undefined
    })
  })

  it('accepts a numeric id, and id in place of jobId', () => {
    expect(StartResponse.parse({ jobId: 1234 }).jobId).toBe('1234')
    expect(StartResponse.parse({ id: 'se_2' }).jobId).toBe('se_2')
  })

  it('tolerates unknown fields and lower-cases the status', () => {
    const job = StartResponse.parse({ jobId: 'se_1', status: ' Queued ', region: 'eu', links: { self: '/x' } })
    expect(job).toMatchObject({ jobId: 'se_1', status: 'queued' })
  })

  it('requires a job id', () => {
    const result = StartResponse.safeParse({ status: 'queued' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['no jobId in the response'])
    expect(StartResponse.safeParse({ jobId: '' }).success).toBe(false)
  })

  // Regression: z.unknown() alone makes a key required in zod 4.6, which refused the vendor's answer.
  it('accepts the minimal answer { jobId, status } without progress, pageCount or error', () => {
    expect(StartResponse.parse({ jobId: 'se_1', status: 'queued' })).toMatchObject({ jobId: 'se_1', status: 'queued' })
  })
})

describe('ExportJobResponse', () => {
  it('normalises progress, page count and error', () => {
    const job = ExportJobResponse.parse({
      jobId: 'se_1',
      status: 'FAILED',
      progress: '0.5',
      pageCount: '12',
      error: { message: 'Build broke' }
    })
    expect(job).toEqual({ jobId: 'se_1', status: 'failed', progress: 0.5, pageCount: 12, error: 'Build broke' })
  })

  it('keeps a status and a job id on one line, whatever the API sends', () => {
    const job = ExportJobResponse.parse({ jobId: 'se_1\n::error::x', status: 'running\n::error::forged' })
    expect(job.status).toBe('running\\n::error::forged')
    expect(job.jobId).toBe('se_1\\n::error::x')
  })

  it('keeps an unknown status, lower-cased', () => {
    expect(ExportJobResponse.parse({ jobId: 'se_1', status: 'Rendering_Pages' }).status).toBe('rendering_pages')
  })

  it('requires a status', () => {
    const result = ExportJobResponse.safeParse({ jobId: 'se_1' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['no status in the response'])
  })

  it('reads the project-scoped flow’s completed job: no progress or page count, the link on the status', () => {
    const url = 'https://storage.test/static-exports/64f0c2a9e1b7d3a5c8e9f012/export.zip?X-Amz-Signature=abc'
    expect(
      ExportJobResponse.parse({
        jobId: '64f0c2a9e1b7d3a5c8e9f012',
        status: 'completed',
        createdAt: INSTANT,
        updatedAt: INSTANT,
        error: null,
        bundleUrl: url,
        sizeBytes: 1254,
        expiresAt: INSTANT
      })
    ).toEqual({
      jobId: '64f0c2a9e1b7d3a5c8e9f012',
      status: 'completed',
      progress: undefined,
      pageCount: undefined,
      error: undefined,
      bundle: { bundleUrl: url, sizeBytes: 1254, expiresAt: INSTANT }
    })
  })

  // A running job often has no error and no page count yet.
  it('accepts a status without progress, pageCount or error', () => {
    expect(ExportJobResponse.parse({ jobId: 'se_1', status: 'running' }).status).toBe('running')
  })
})

describe('BundleResponse', () => {
  it('reads the link, its expiry in UTC and the size', () => {
    const url = 'https://storage.test/static-exports/se_1/bundle.tar.gz?X-Amz-Signature=abc'
    expect(BundleResponse.parse({ bundleUrl: url, expiresAt: EPOCH_SECONDS, sizeBytes: '2048', extra: true })).toEqual({
      bundleUrl: url,
      expiresAt: INSTANT,
      sizeBytes: 2048
    })
    expect(BundleResponse.parse({ bundleUrl: 'http://127.0.0.1:9000/b.zip' }).bundleUrl).toBe(
      'http://127.0.0.1:9000/b.zip'
    )
  })

  it('leaves an unreadable expiry and size undefined', () => {
    const bundle = BundleResponse.parse({ bundleUrl: 'https://storage.test/b', expiresAt: 'soon', sizeBytes: -1 })
    expect(bundle.expiresAt).toBeUndefined()
    expect(bundle.sizeBytes).toBeUndefined()
  })

  it.each([['ftp://storage.test/b.tar.gz'], ['javascript:alert(1)'], ['/relative/b.tar.gz'], [''], [42]])(
    'refuses the bundleUrl %j',
    (bundleUrl) => {
      const result = BundleResponse.safeParse({ bundleUrl })
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['bundleUrl is not an http(s) link'])
    }
  )

  it('accepts a link without expiresAt or sizeBytes', () => {
    expect(BundleResponse.parse({ bundleUrl: 'https://storage.test/b' }).bundleUrl).toBe('https://storage.test/b')
  })
})

describe('AgentJobResponse', () => {
  it('flattens the source and normalises the timestamps', () => {
    const job = AgentJobResponse.parse({
      id: 'aj_1',
      status: 'Completed',
      source: { repository: 'acme/docs', ref: 'main', extra: 1 },
      model: 'claude',
      prLink: 'https://github.com/acme/docs/pull/7',
      createdAt: '2026-11-22T12:00:00+02:00',
      archivedAt: null
    })
    expect(job).toEqual({
      id: 'aj_1',
      status: 'completed',
      repository: 'acme/docs',
      ref: 'main',
      model: 'claude',
      prLink: 'https://github.com/acme/docs/pull/7',
      createdAt: INSTANT,
      archivedAt: undefined
    })
  })

  it.each([[null], ['']])('turns a prLink of %j into undefined', (prLink) => {
    expect(AgentJobResponse.parse({ id: 'aj_1', status: 'running', prLink, source: null }).prLink).toBeUndefined()
  })

  it('takes prLink only as an http(s) link, in its parsed form, so no line break reaches the output or the log', () => {
    const parsed = AgentJobResponse.parse({
      status: 'completed',
      prLink: 'https://github.com/acme/docs/pull/7\n::error::forged'
    })
    expect(parsed.prLink).toBe('https://github.com/acme/docs/pull/7::error::forged')
    const refused = AgentJobResponse.safeParse({ status: 'completed', prLink: 'javascript:alert(1)' })
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['prLink is not an http(s) link'])
  })

  it('keeps the repository, ref and model on one line', () => {
    const job = AgentJobResponse.parse({
      status: 'completed',
      source: { repository: 'acme/docs\n::warning::x', ref: 'main\r' },
      model: 'm\n'
    })
    expect([job.repository, job.ref, job.model]).toEqual(['acme/docs\\n::warning::x', 'main\\r', 'm\\n'])
  })

  it('reads a numeric id and tolerates a missing id', () => {
    expect(AgentJobResponse.parse({ id: 7, status: 'running' }).id).toBe('7')
    expect(AgentJobResponse.parse({ status: 'running' }).id).toBe('')
  })

  it('requires a status', () => {
    const result = AgentJobResponse.safeParse({ id: 'aj_1', status: '' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['no status in the response'])
  })

  it('accepts a job without createdAt or archivedAt', () => {
    expect(AgentJobResponse.parse({ id: 'aj_1', status: 'running' }).status).toBe('running')
  })
})

describe('CreatedAgentJobResponse', () => {
  it('reads the created job, and takes a missing status as the active of a new job', () => {
    expect(CreatedAgentJobResponse.parse({ id: 'aj_1', status: 'active', prLink: null })).toMatchObject({
      id: 'aj_1',
      status: 'active',
      prLink: undefined
    })
    expect(CreatedAgentJobResponse.parse({ id: 'aj_1' }).status).toBe('active')
  })

  it('requires an id, which every later call names', () => {
    const result = CreatedAgentJobResponse.safeParse({ status: 'active' })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['no id in the response'])
  })
})

describe('FollowUpResponse', () => {
  it('reads the job the answer shows, and nothing from an answer that shows none', () => {
    expect(FollowUpResponse.parse({ id: 'aj_1', status: 'Active' })).toMatchObject({ id: 'aj_1', status: 'active' })
    expect(FollowUpResponse.parse({ ok: true })).toBeUndefined()
    expect(FollowUpResponse.parse(null)).toBeUndefined()
  })
})
