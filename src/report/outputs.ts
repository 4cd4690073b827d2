import type { Host } from '../core/host.js'
import type { Command } from '../settings/index.js'
import type { Outcome, RunReport } from './report.js'

interface OutputSpec {
  /** The commands that set it. */
  commands: readonly Command[]
  /** `count`: a whole number, which a front end that can may hand over as a number (the command line's --json). */
  kind: 'text' | 'count'
  /** As action.yml, the README and the command line's help show it (`npm run docs` writes them). */
  description: string
  /**
   * Whether it is still set after a failure. What says where the job is and what the run found
   * stays, and so does what a publish changed in the bucket, which a CDN's invalidation needs all
   * the same; what hands the export on to a later step (its link, its archive, its site, its
   * manifest, the Helm values, the copy) does not, so that a step that runs anyway (`if: always()`,
   * an exit code ignored) never gets what failed, nor the expiring link that a failed mirror was to
   * replace.
   */
  afterFailure: boolean
}

/**
 * Every output, described once: which commands set it, what kind of value it holds, and what it
 * means. action.yml's outputs and the README's table are written from this list (`npm run docs`);
 * the command line derives its --json keys, its variable names and its help from it.
 */
export const OUTPUTS = {
  'job-id': {
    commands: ['export'],
    kind: 'text',
    afterFailure: true,
    description: "The export job's id, also on failure and on timeout (so a later run can resume it)."
  },
  status: {
    commands: ['export', 'agent-job'],
    kind: 'text',
    afterFailure: true,
    description: 'The last status seen (`completed`, `failed`, `archived`, ...), for `export` and `agent-job`.'
  },
  'page-count': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description: 'Pages exported, as a whole number.'
  },
  'bundle-url': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description: 'The presigned link to the archive.'
  },
  'expires-at': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description: 'When the link stops working, as ISO 8601 UTC (whatever form the API used).'
  },
  'bundle-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description:
      'With `download`: absolute path of the downloaded archive, named by the action `bundle-<job id>.<kind>` (`tar.gz`, `tar.zst`, `tar` or `zip`, from its bytes).'
  },
  'bundle-sha256': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description: 'With `download`: SHA-256 of the archive, hex.'
  },
  'site-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description: 'With `extract`: absolute path of the unpacked site (its `index.html` at the top).'
  },
  'verify-report-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: true,
    description:
      "With `extract`, unless `verify: off`: absolute path of the site check's JSON report; its schema is in docs/report.md."
  },
  'helm-values-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description:
      "Once the export has succeeded: a values file for the vendor's enterprise Helm chart (`staticExport.enabled: true`, `staticExport.bundleUrl`: the copy's link with `mirror-to`, else the presigned one; `staticExport.version` when `version` is given, or with `mirror-to` the archive's SHA-256), with owner-only permissions. Written only then: no values file comes of a failed run."
  },
  'agent-job-id': {
    commands: ['agent-job'],
    kind: 'text',
    afterFailure: true,
    description:
      "For `agent-job`, the agent job's id: the one given, or the one started from `prompt`, set as soon as the job exists."
  },
  'pr-link': {
    commands: ['agent-job'],
    kind: 'text',
    afterFailure: true,
    description: 'For `agent-job`, the pull request URL the agent opened, or empty.'
  },
  'comment-url': {
    commands: ['agent-job'],
    kind: 'text',
    afterFailure: true,
    description: 'For `agent-job` with `comment-on`, the URL of the comment made or updated.'
  },
  'mirror-url': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description:
      'With `mirror-to`: the durable link to the copy, which the Helm values carry: `mirror-public-url` + `/` + key for S3; `mirror-public-url` + `/v2/REPOSITORY/blobs/sha256:…` for OCI.'
  },
  'mirror-ref': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description:
      'With an `oci://` `mirror-to`: the artifact pinned by its digest, `HOST/REPOSITORY@sha256:<manifest digest>`.'
  },
  'publish-url': {
    commands: ['export'],
    kind: 'text',
    afterFailure: true,
    description:
      "With `publish-to`: where the site is served: `publish-public-url`, else PREFIX's path-style URL on the endpoint (which serves visitors only where a bucket policy lets them)."
  },
  'publish-uploaded': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description:
      "With `publish-to`: files of the site uploaded (new or changed), as a whole number; the pages' route copies are not counted. On a dry run: what would be uploaded."
  },
  'publish-unchanged': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description: 'With `publish-to`: files of the site the bucket held already, as a whole number.'
  },
  'publish-deleted': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description:
      'With `publish-to`: objects deleted (removed pages, and removed files kept `publish-keep-removed` publishes), as a whole number.'
  },
  'publish-changes-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: true,
    description:
      "With `publish-to`: absolute path of `publish-changes.json`, a JSON list of the paths uploaded and deleted (`/guides/a.html`, and a page's route `/guides/a` with it), as a CDN's invalidation takes them. On a dry run: what would change."
  },
  'publish-plan-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: true,
    description:
      'With `publish-to`: absolute path of `publish-plan.json`: every key the publish uploads, deletes or keeps, each with its reason (docs/publish.md), written before the first change; also by a dry run and by the safety stop.'
  },
  'manifest-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: false,
    description:
      "With `extract`: absolute path of `manifest.json` (beside the site): the job, the domain, the label, the archive's SHA-256, and every file with its size and SHA-256."
  },
  'files-added': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description: 'With `compare-to`: files in this export and not in the previous one, as a whole number.'
  },
  'files-removed': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description: 'With `compare-to`: files in the previous export and not in this one, as a whole number.'
  },
  'files-changed': {
    commands: ['export'],
    kind: 'count',
    afterFailure: true,
    description: 'With `compare-to`: files whose content changed, as a whole number.'
  },
  'changes-path': {
    commands: ['export'],
    kind: 'text',
    afterFailure: true,
    description: 'With `compare-to`: absolute path of `changes.json`, the lists behind those numbers.'
  },
  'deployment-status': {
    commands: ['check-deployment'],
    kind: 'text',
    afterFailure: true,
    description: 'For `check-deployment`: `current`, `partial`, `stale` or `unreachable`.'
  },
  'files-matching': {
    commands: ['check-deployment'],
    kind: 'count',
    afterFailure: true,
    description: 'For `check-deployment`: files served as the manifest has them, as a whole number.'
  },
  'files-compared': {
    commands: ['check-deployment'],
    kind: 'count',
    afterFailure: true,
    description: 'For `check-deployment`: files compared, as a whole number.'
  },
  'deployment-report-path': {
    commands: ['check-deployment'],
    kind: 'text',
    afterFailure: true,
    description:
      'For `check-deployment`: absolute path of the JSON report: each file compared, its expected and served SHA-256 and status; each route tried.'
  }
} as const satisfies Record<string, OutputSpec>

export type OutputName = keyof typeof OUTPUTS

type Outputs = Partial<Record<OutputName, string>>

/**
 * Every value the run learned, by output; an output whose value the run never reached is left out.
 * After a failure or a timeout `job-id` and the last status seen are there, so a later step can
 * tell where the job was and resume it.
 */
function valuesOf(report: RunReport): Outputs {
  const outputs: Outputs = {}
  if (report.command === 'agent-job') {
    const { job, outcome } = report
    if (report.agentJobId) outputs['agent-job-id'] = report.agentJobId
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
  if (report.mirror) {
    outputs['mirror-url'] = report.mirror.url
    if (report.mirror.ref) outputs['mirror-ref'] = report.mirror.ref
  }
  if (report.publish) {
    outputs['publish-url'] = report.publish.url
    outputs['publish-uploaded'] = String(report.publish.uploaded)
    outputs['publish-unchanged'] = String(report.publish.unchanged)
    outputs['publish-deleted'] = String(report.publish.deleted)
    outputs['publish-changes-path'] = report.publish.changesPath
    outputs['publish-plan-path'] = report.publish.planPath
  }
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

/** A run's report, and its failure when it failed. */
type Ended = Pick<Outcome<RunReport>, 'report' | 'failure'>

/** The step's outputs: what the run learned, but after a failure only what stays set then (`afterFailure`). */
export function outputsOf({ report, failure }: Ended): Outputs {
  const values = valuesOf(report)
  if (failure === undefined) return values
  return Object.fromEntries(Object.entries(values).filter(([name]) => OUTPUTS[name as OutputName].afterFailure))
}

/** The outputs the run reached but leaves unset after its failure, in the order of OUTPUTS. */
export function withheldOutputs({ report, failure }: Ended): OutputName[] {
  if (failure === undefined) return []
  const values = valuesOf(report)
  return (Object.keys(OUTPUTS) as OutputName[]).filter((name) => name in values && !OUTPUTS[name].afterFailure)
}

/**
 * Sets the outputs of a run: at its end, and as soon as a job id is known. After a failure the log
 * names those it leaves unset.
 */
export function setOutputs(host: Pick<Host, 'setOutput' | 'info'>, ended: Ended): void {
  for (const [name, value] of Object.entries(outputsOf(ended))) host.setOutput(name, value)
  const withheld = withheldOutputs(ended)
  if (withheld.length > 0) host.info(`Not set after the failure: ${withheld.join(', ')} (${withheldWhy(ended.report)})`)
}

/**
 * Why outputs are left unset after a failure, as the log and the job summary say it. A publish
 * that went through changed the bucket whatever failed after it: its outputs are set, and said so.
 */
export function withheldWhy(report: RunReport): string {
  const published =
    report.command === 'export' && report.publish
      ? `the bucket holds publish ${report.publish.serial} all the same, and the publish's outputs say what changed; nothing else`
      : 'nothing'
  return `${published} handed on points at a run that failed; its files stay in the output folder`
}
