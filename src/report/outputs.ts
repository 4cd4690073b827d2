import type { Command } from '../core/settings.js'
import type { RunReport } from './report.js'

interface OutputSpec {
  /** The commands that set it. */
  commands: readonly Command[]
  /** `count`: a whole number, which a front end that can may hand over as a number (the command line's --json). */
  kind: 'text' | 'count'
}

/**
 * Every output of action.yml, described once: which commands set it, and what kind of value it
 * holds. test/outputs.test.ts checks the names against action.yml; the command line derives its
 * --json keys, its variable names and its help from this list.
 */
export const OUTPUTS = {
  'job-id': { commands: ['export'], kind: 'text' },
  status: { commands: ['export', 'agent-job'], kind: 'text' },
  'page-count': { commands: ['export'], kind: 'count' },
  'bundle-url': { commands: ['export'], kind: 'text' },
  'expires-at': { commands: ['export'], kind: 'text' },
  'bundle-path': { commands: ['export'], kind: 'text' },
  'bundle-sha256': { commands: ['export'], kind: 'text' },
  'site-path': { commands: ['export'], kind: 'text' },
  'verify-report-path': { commands: ['export'], kind: 'text' },
  'helm-values-path': { commands: ['export'], kind: 'text' },
  'pr-link': { commands: ['agent-job'], kind: 'text' },
  'comment-url': { commands: ['agent-job'], kind: 'text' },
  'manifest-path': { commands: ['export'], kind: 'text' },
  'files-added': { commands: ['export'], kind: 'count' },
  'files-removed': { commands: ['export'], kind: 'count' },
  'files-changed': { commands: ['export'], kind: 'count' },
  'changes-path': { commands: ['export'], kind: 'text' },
  'deployment-status': { commands: ['check-deployment'], kind: 'text' },
  'files-matching': { commands: ['check-deployment'], kind: 'count' },
  'files-compared': { commands: ['check-deployment'], kind: 'count' },
  'deployment-report-path': { commands: ['check-deployment'], kind: 'text' }
} as const satisfies Record<string, OutputSpec>

export type OutputName = keyof typeof OUTPUTS

type Outputs = Partial<Record<OutputName, string>>

/**
 * The step's outputs from what the run learned; an output whose value the run never reached is
 * left out. After a failure or a timeout `job-id` and the last status seen are still there, so a
 * later step can tell where the job was and resume it.
 */
export function outputsOf(report: RunReport): Outputs {
  const outputs: Outputs = {}
  if (report.command === 'agent-job') {
    const { job, outcome } = report
    if (job?.status) outputs.status = job.status
    if (outcome) outputs['pr-link'] = outcome.prLink ?? ''
    if (report.commentUrl !== undefined) outputs['comment-url'] = report.commentUrl
    return outputs
  }
  if (report.command === 'check-deployment') {
    const { deployment } = report
    if (deployment) {
      outputs['deployment-status'] = deployment.status
      outputs['files-matching'] = String(deployment.counts.filesMatching)
      outputs['files-compared'] = String(deployment.counts.filesCompared)
    }
    if (report.reportPath !== undefined) outputs['deployment-report-path'] = report.reportPath
    return outputs
  }
  const { jobId, job, pageCount, bundle, archive, siteCheck } = report
  if (jobId !== undefined) outputs['job-id'] = jobId
  if (job?.status) outputs.status = job.status
  if (pageCount !== undefined) outputs['page-count'] = String(pageCount)
  if (bundle) {
    outputs['bundle-url'] = bundle.bundleUrl
    outputs['expires-at'] = bundle.expiresAt ?? ''
  }
  if (report.helmValuesPath !== undefined) outputs['helm-values-path'] = report.helmValuesPath
  if (archive) {
    outputs['bundle-path'] = archive.path
    outputs['bundle-sha256'] = archive.sha256
  }
  if (report.sitePath !== undefined) outputs['site-path'] = report.sitePath
  if (siteCheck) outputs['verify-report-path'] = siteCheck.reportPath
  if (report.manifestPath !== undefined) outputs['manifest-path'] = report.manifestPath
  if (report.changes) {
    const { counts } = report.changes.changes
    outputs['files-added'] = String(counts.added)
    outputs['files-removed'] = String(counts.removed)
    outputs['files-changed'] = String(counts.changed)
    outputs['changes-path'] = report.changes.path
  }
  return outputs
}
