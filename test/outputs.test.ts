import { describe, expect, it } from 'vitest'
import { OUTPUTS, outputsOf, withheldOutputs } from '../src/report/outputs.js'
import { ActionError } from '../src/core/errors.js'
import type { AgentReport, DeploymentCheckReport, ExportReport } from '../src/report/report.js'
import { readActionYaml } from './support/run-action.ts'

const FULL_EXPORT: ExportReport = {
  command: 'export',
  startedAt: 0,
  finishedAt: 1,
  jobId: 'se_1',
  job: { jobId: 'se_1', status: 'completed', pageCount: 12 },
  pageCount: 12,
  bundle: { bundleUrl: 'https://storage.example/b.tar.gz?sig=1', expiresAt: '2030-01-01T00:00:00.000Z' },
  archive: { path: '/tmp/b.tar.gz', sha256: 'ab', sizeBytes: 3, kind: 'tar.gz' },
  sitePath: '/tmp/site',
  helmValuesPath: '/tmp/helm-values.yaml',
  siteCheck: { reportPath: '/tmp/verify-report.json', report: {} as never },
  manifestPath: '/tmp/manifest.json',
  mirror: {
    url: 'https://registry.internal/v2/docs/blobs/sha256:ab',
    ref: 'registry.internal/docs@sha256:cd',
    location: 'registry.internal/docs:1',
    uploaded: true,
    checked: true
  },
  changes: {
    path: '/tmp/changes.json',
    changes: { counts: { added: 2, removed: 1, changed: 3, unchanged: 40 } } as never
  },
  publish: {
    location: 's3://docs-site/en/',
    url: 'https://docs.acme.dev',
    uploaded: 12,
    unchanged: 400,
    deleted: 2,
    serial: 3,
    retained: 1,
    routes: { uploaded: 4, unchanged: 100, deleted: 0 },
    changesPath: '/tmp/publish-changes.json',
    planPath: '/tmp/publish-plan.json',
    dryRun: false,
    plan: { upload: [], delete: [], keep: [], counts: { upload: 16, delete: 2, keep: 1, unchanged: 500, notOurs: 0 } },
    checked: true
  }
}

const FULL_CHECK: DeploymentCheckReport = {
  command: 'check-deployment',
  startedAt: 0,
  deployment: { status: 'partial', counts: { filesCompared: 100, filesMatching: 37 } } as never,
  reportPath: '/tmp/deployment-report.json'
}

const FULL_AGENT: AgentReport = {
  command: 'agent-job',
  startedAt: 0,
  agentJobId: 'aj_1',
  job: { id: 'aj_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/1' },
  outcome: { id: 'aj_1', status: 'completed', prLink: 'https://github.com/acme/docs/pull/1' },
  commentUrl: 'https://github.com/acme/docs/issues/7#issuecomment-1'
}

describe('outputsOf', () => {
  it('gives every output of action.yml from the reports of the three commands, and no other', async () => {
    const action = await readActionYaml()
    const names = [FULL_EXPORT, FULL_AGENT, FULL_CHECK].flatMap((report) => Object.keys(outputsOf({ report })))
    expect(new Set(names)).toEqual(new Set(Object.keys(action.outputs)))
  })

  it('gives the counts as whole numbers', () => {
    expect(outputsOf({ report: FULL_EXPORT })).toMatchObject({
      'files-added': '2',
      'files-removed': '1',
      'files-changed': '3'
    })
    expect(outputsOf({ report: FULL_EXPORT })).toMatchObject({
      'publish-url': 'https://docs.acme.dev',
      'publish-uploaded': '12',
      'publish-unchanged': '400',
      'publish-deleted': '2',
      'publish-changes-path': '/tmp/publish-changes.json',
      'publish-plan-path': '/tmp/publish-plan.json'
    })
    expect(outputsOf({ report: FULL_CHECK })).toEqual({
      'deployment-status': 'partial',
      'files-matching': '37',
      'files-compared': '100',
      'deployment-report-path': '/tmp/deployment-report.json'
    })
  })

  it('lists every output once, with the commands that set it and whole numbers as counts', async () => {
    const action = await readActionYaml()
    expect(Object.keys(OUTPUTS).sort()).toEqual(Object.keys(action.outputs).sort())
    for (const report of [FULL_EXPORT, FULL_AGENT, FULL_CHECK]) {
      for (const [name, value] of Object.entries(outputsOf({ report }))) {
        const output = OUTPUTS[name as keyof typeof OUTPUTS]
        expect(output.commands).toContain(report.command)
        if (output.kind === 'count') expect(value).toMatch(/^\d+$/)
      }
    }
    expect(OUTPUTS['page-count'].kind).toBe('count')
  })

  it('keeps the job id and the last status seen of an export that timed out, and no page count yet', () => {
    const report: ExportReport = {
      command: 'export',
      startedAt: 0,
      jobId: 'se_1',
      job: { jobId: 'se_1', status: 'running', pageCount: 3 }
    }
    expect(outputsOf({ report })).toEqual({ 'job-id': 'se_1', status: 'running' })
  })

  it('gives the pull request link of an agent job only once the wait is over', () => {
    const job = { id: 'aj_1', status: 'running' }
    expect(outputsOf({ report: { command: 'agent-job', startedAt: 0, job } })).toEqual({ status: 'running' })
    expect(outputsOf({ report: { command: 'agent-job', startedAt: 0, job, outcome: job } })).toEqual({
      status: 'running',
      'pr-link': ''
    })
  })

  it('after a failure, keeps what says where the job is and what the run found, and hands on nothing of the export', () => {
    const failure = new ActionError('the mirror failed', { code: 'mirror' })
    expect(outputsOf({ report: FULL_EXPORT, failure })).toEqual({
      'job-id': 'se_1',
      status: 'completed',
      'page-count': '12',
      'verify-report-path': '/tmp/verify-report.json',
      'files-added': '2',
      'files-removed': '1',
      'files-changed': '3',
      'changes-path': '/tmp/changes.json',
      // What a publish before the failure changed in the bucket stays true: a CDN's invalidation needs it.
      'publish-url': 'https://docs.acme.dev',
      'publish-uploaded': '12',
      'publish-unchanged': '400',
      'publish-deleted': '2',
      'publish-changes-path': '/tmp/publish-changes.json',
      'publish-plan-path': '/tmp/publish-plan.json'
    })
    expect(withheldOutputs({ report: FULL_EXPORT, failure })).toEqual([
      'bundle-url',
      'expires-at',
      'bundle-path',
      'bundle-sha256',
      'site-path',
      'helm-values-path',
      'mirror-url',
      'mirror-ref',
      'manifest-path'
    ])
    expect(withheldOutputs({ report: FULL_EXPORT })).toEqual([])
    // What agent-job and check-deployment set describes their outcome: all of it stays.
    expect(outputsOf({ report: FULL_AGENT, failure })).toEqual(outputsOf({ report: FULL_AGENT }))
    expect(outputsOf({ report: FULL_CHECK, failure })).toEqual(outputsOf({ report: FULL_CHECK }))
  })
})
