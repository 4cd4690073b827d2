import type { RunReport } from './report.js'

/** The outputs of action.yml. */
type OutputName =
  | 'job-id'
  | 'status'
  | 'page-count'
  | 'bundle-url'
  | 'expires-at'
  | 'bundle-path'
  | 'bundle-sha256'
  | 'site-path'
  | 'verify-report-path'
  | 'helm-values-path'
  | 'pr-link'
  | 'comment-url'
  | 'manifest-path'
  | 'files-added'
  | 'files-removed'
  | 'files-changed'
  | 'changes-path'
  | 'deployment-status'
  | 'files-matching'
  | 'files-compared'
  | 'deployment-report-path'

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
