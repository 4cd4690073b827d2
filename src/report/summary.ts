import path from 'node:path'
import type { AgentJob } from '../api/schemas.js'
import { countOf, formatBytes, formatSeconds } from '../core/format.js'
import type { Inline } from '../core/markup.js'
import { shownPath, type SummarySection } from '../core/summary.js'
import type { MirrorResult } from '../mirror/index.js'
import type { PublishResult } from '../publish/index.js'
import type { AgentSettings } from '../settings/index.js'
import { shownGitHubPage, shownPullRequest } from './github-links.js'
import { withheldOutputs, withheldWhy } from './outputs.js'
import type { AgentReport, ExportReport, Outcome } from './report.js'

/**
 * The export's details: the job, the link's expiry, the archive, where the site is. The link
 * appears only when `showLink` (mask-bundle-url: false), out of the table, which it would make
 * wider than the page: a summary is as public as the run's page.
 */
export function addExportDetails(
  summary: SummarySection,
  report: ExportReport,
  showLink: boolean,
  workspace: string | undefined
): void {
  const { job, bundle, archive } = report
  if (report.jobId === undefined) return
  const rows: Inline[][] = [
    ['Job', { code: report.jobId }],
    ['Status', job?.status || 'unknown'],
    ['Duration', formatSeconds((report.finishedAt ?? Date.now()) - report.startedAt)]
  ]
  if (job?.pageCount !== undefined) rows.push(['Pages', job.pageCount])
  if (bundle) rows.push(['Link expires', bundle.expiresAt ?? 'not given'])
  if (archive) {
    rows.push(['Archive', `${archive.kind}, ${formatBytes(archive.sizeBytes)}`], ['SHA-256', { code: archive.sha256 }])
  }
  if (report.sitePath) rows.push(['Site', shownPath(report.sitePath, 'site-path', workspace)])
  if (report.mirror) rows.push(['Mirror', mirrorRow(report.mirror)])
  if (report.publish) rows.push(['Publish', publishRow(report.publish)])
  else if (report.publishSkipped)
    rows.push([
      'Publish',
      [{ code: report.publishSkipped.location }, `: nothing published: ${report.publishSkipped.reason}`]
    ])
  summary.detailTable(`Export job ${report.jobId}`, ['Field', 'Value'], rows)
  if (report.publish?.dryRun) addPublishPlan(summary, report.publish)
  if (bundle && showLink) summary.paragraph(['Bundle link: ', { code: bundle.bundleUrl }])
}

/**
 * After a failure, what the run does not hand on: the outputs it reached but leaves unset, and the
 * Helm values it did not write once it had a link; with `mirrorAsked`, why that matters.
 */
export function addWithheldSection(summary: SummarySection, ended: Outcome<ExportReport>, mirrorAsked: boolean): void {
  if (ended.failure === undefined) return
  const withheld = withheldOutputs(ended)
  const noValues: Inline[] = ended.report.bundle
    ? [
        'no Helm values were written',
        mirrorAsked && !ended.report.mirror
          ? ' (the presigned link they would carry expires, and the copy that was to replace it was not made)'
          : ''
      ]
    : []
  if (withheld.length === 0 && noValues.length === 0) return
  const names = withheld.flatMap((name, index): Inline[] => [index === 0 ? '' : ', ', { code: name }])
  summary.paragraph([
    { strong: 'Not handed on' },
    ': ',
    ...(withheld.length > 0 ? [...names, ' not set'] : []),
    withheld.length > 0 && noValues.length > 0 ? ', and ' : '',
    ...noValues,
    `: ${withheldWhy(ended.report)}.`
  ])
}

/** Where the copy went, whether it was uploaded or there already, and whether the chart's read of it passed. */
function mirrorRow(mirror: MirrorResult): Inline {
  const uploaded = mirror.uploaded ? 'uploaded' : 'already there, not uploaded again'
  const checked = mirror.checked ? 'read back without credentials' : 'not read back (mirror-check: off)'
  return [{ code: mirror.location }, `: ${uploaded}; ${checked}`]
}

/** A dry run's plan: each key it would upload, delete or keep, with its reason; the first of each, then how many more. */
function addPublishPlan(summary: SummarySection, publish: PublishResult): void {
  const { plan } = publish
  const rows: Inline[][] = []
  for (const [action, keys, count] of [
    ['upload', plan.upload, plan.counts.upload],
    ['delete', plan.delete, plan.counts.delete],
    ['keep', plan.keep, plan.counts.keep]
  ] as const) {
    for (const key of keys) rows.push([action, { code: key.path }, key.reason])
    if (count > keys.length) rows.push([action, `…and ${count - keys.length} more`, ''])
  }
  summary.paragraph([
    { strong: 'Publish plan' },
    ` (dry run: nothing was changed): ${countOf(plan.counts.upload, 'key')} to upload, ${plan.counts.delete} to delete, ${plan.counts.keep} kept a while longer, ${plan.counts.unchanged} unchanged`,
    plan.counts.notOurs > 0 ? `, ${countOf(plan.counts.notOurs, 'object')} not this action's left alone` : '',
    '. Every key with its reason: ',
    { code: path.basename(publish.planPath) },
    ' (the output ',
    { code: 'publish-plan-path' },
    ').'
  ])
  if (rows.length > 0) summary.detailTable('Publish plan', ['Action', 'Key', 'Why'], rows)
}

/** Where the site went, what went up (the pages' route copies apart), and whether it was read back. */
function publishRow(publish: PublishResult): Inline {
  const { uploaded, unchanged, deleted, retained, routes } = publish
  if (publish.dryRun)
    return [
      { code: publish.location },
      `: dry run, nothing was changed: ${countOf(uploaded, 'file')} to upload, ${unchanged} unchanged, ${deleted} to delete; route copies of the pages: ${routes.uploaded} to upload, ${routes.deleted} to delete`
    ]
  const kept = retained > 0 ? `, ${countOf(retained, 'removed file')} kept a while longer` : ''
  const copies =
    routes.uploaded + routes.unchanged + routes.deleted > 0
      ? `; route copies of the pages: ${routes.uploaded} uploaded, ${routes.unchanged} unchanged, ${routes.deleted} deleted`
      : ''
  const checked = publish.checked
    ? `read back from ${publish.url}`
    : publish.failure
      ? `the bucket holds publish ${publish.serial}, and ${publish.url} does not serve it as published`
      : 'not read back'
  return [
    { code: publish.location },
    `: ${countOf(uploaded, 'file')} uploaded, ${unchanged} unchanged, ${deleted} deleted${kept}${copies}; ${checked}`
  ]
}

/**
 * The agent job's details: its pull request first, then where it worked and how long it took;
 * after a failure or a timeout, what was last seen of it. `serverUrl` is the workflow's GitHub,
 * the only host whose pull requests are shown as links.
 */
export function addAgentDetails(
  summary: SummarySection,
  settings: Pick<AgentSettings, 'agentJobId'>,
  report: AgentReport,
  serverUrl: string
): void {
  const job = report.outcome ?? report.job
  const id = job?.id ?? report.agentJobId ?? settings.agentJobId
  if (report.outcome) summary.paragraph(['Pull request: ', pullRequest(report.outcome, serverUrl)])
  if (report.commentUrl) summary.paragraph(['Comment: ', shownGitHubPage(report.commentUrl, serverUrl)])
  const rows: Inline[][] = [
    ['Job', id === undefined ? '(not started)' : { code: id }],
    ['Status', job?.status || 'unknown']
  ]
  if (report.prompt !== undefined) rows.push(['Prompt', report.prompt])
  if (job?.repository) rows.push(['Repository', { code: job.repository }])
  if (job?.ref) rows.push(['Ref', { code: job.ref }])
  if (job?.model) rows.push(['Model', job.model])
  rows.push(['Duration', formatSeconds(agentDurationMs(report))])
  summary.detailTable('Agent job', ['Field', 'Value'], rows)
}

/** How long the agent job has run: since the API says it was created, else since this run started. */
export function agentDurationMs(report: AgentReport): number {
  const job = report.outcome ?? report.job
  const since = job?.createdAt ? Date.parse(job.createdAt) : report.startedAt
  return Math.max(0, Date.now() - since)
}

function pullRequest(job: AgentJob, serverUrl: string): Inline {
  if (job.prLink) return shownPullRequest(job.prLink, serverUrl)
  return job.status === 'completed' ? 'none (no files changed)' : 'none'
}
