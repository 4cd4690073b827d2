import { ApiError } from '../api/errors.js'
import { failureCode } from '../core/errors.js'
import { countOf, formatSeconds } from '../core/format.js'
import { input, joined, message, type Text } from '../core/message.js'
import { redactUrl } from '../core/net.js'
import { deploymentInBrief } from '../deployment/summary.js'
import { agentDurationMs } from '../report/summary.js'
import { problemsInBrief } from '../site/summary.js'
import { FINAL_STATUSES } from './agent.js'
import type { FinishedRun } from './run.js'

/**
 * How a run ended, in one line: the job summary's first line and the command line's last. What ran
 * and on what, the outcome in a few words, and the numbers that matter: "Exported docs.acme.dev:
 * 412 pages, no problems, 2 min 10 s"; "docs.acme.dev was not exported: the API refused the key
 * (HTTP 401)". The failure's own message says the rest: why, and what to do.
 */
export interface Verdict {
  sign: 'success' | 'warning' | 'failure'
  text: Text
}

export const SIGNS: Record<Verdict['sign'], string> = { success: '✅', warning: '⚠️', failure: '❌' }

/** A finished run of one command. */
export type RunOf<Command extends FinishedRun['command']> = Extract<FinishedRun, { command: Command }>

export function verdictOf(finished: FinishedRun): Verdict {
  switch (finished.command) {
    case 'export':
      return exportVerdict(finished)
    case 'agent-job':
      return agentVerdict(finished)
    case 'check-deployment':
      return deploymentVerdict(finished)
  }
}

/**
 * What an export's verdict says after its name, in order, each when there is something to say:
 * the pages, the site check, the time. A step that adds an outcome of its own adds its clause here.
 */
const EXPORT_CLAUSES: ((run: RunOf<'export'>) => Text | undefined)[] = [
  ({ report }) => (report.pageCount === undefined ? undefined : countOf(report.pageCount, 'page')),
  ({ report, settings, failure }) => {
    if (!report.siteCheck)
      return report.sitePath && settings.verify !== 'off' ? 'the site check did not finish' : undefined
    const brief = problemsInBrief(report.siteCheck.report)
    return failureCode(failure) === 'site-problems'
      ? message`${brief}, failing under ${input('verify', 'error')}`
      : brief
  },
  ({ report }) => {
    if (!report.publish) return undefined
    const { location, uploaded, unchanged, deleted, dryRun } = report.publish
    if (dryRun)
      return `a dry run of the publish to ${location}: ${countOf(uploaded, 'file')} to upload, ${unchanged} unchanged, ${deleted} to delete; nothing was changed`
    return `published to ${location}: ${countOf(uploaded, 'file')} uploaded, ${unchanged} unchanged${deleted > 0 ? `, ${deleted} deleted` : ''}`
  },
  ({ report }) => {
    if (!report.mirror) return undefined
    return `${report.mirror.uploaded ? 'mirrored to' : 'already in'} ${report.mirror.location}${report.mirror.checked ? '' : ' (not read back)'}`
  },
  ({ report }) => formatSeconds((report.finishedAt ?? Date.now()) - report.startedAt)
]

function exportVerdict(run: RunOf<'export'>): Verdict {
  const { settings, report, failure } = run
  const jobId = report.jobId ?? settings.exportJobId
  // What the export ran on: its domain, else its job.
  const name = settings.domain ?? (jobId ? `job ${jobId}` : 'the site')
  const status = report.job?.status
  if (failure === undefined && status !== undefined && status !== 'completed') {
    const of = settings.domain ? ` of ${settings.domain}` : ''
    return {
      sign: 'success',
      text: message`Export job ${jobId ?? ''}${of}: ${status || 'started'}, not waited for (${input('wait', 'false')})`
    }
  }
  if (failure !== undefined && !report.sitePath) {
    const before = report.jobId === undefined ? REFUSED_BEFORE[failureCode(failure)] : undefined
    return {
      sign: 'failure',
      text: message`${capitalised(name)} was not exported: ${before ?? reason(failure, settings.timeoutMs, exportPhase(run))}`
    }
  }
  const clauses = EXPORT_CLAUSES.map((clause) => clause(run)).filter((clause) => clause !== undefined)
  if (failure !== undefined && failureCode(failure) !== 'site-problems') {
    clauses.push(reason(failure, settings.timeoutMs, laterPhase(run)))
  }
  const problems = report.siteCheck?.report.counts.problems ?? 0
  const unchecked = report.sitePath !== undefined && settings.verify !== 'off' && !report.siteCheck
  return {
    sign: failure !== undefined ? 'failure' : problems > 0 || unchecked ? 'warning' : 'success',
    text: message`Exported ${name}: ${joined(clauses, ', ')}`
  }
}

/** What failed after the site was unpacked, for a failure with no words of its own here. */
function laterPhase({ report, settings, failure }: RunOf<'export'>): string {
  if (failureCode(failure) === 'mirror') return 'the mirror failed'
  if (report.manifestPath === undefined) return 'the manifest was not written'
  if (report.siteCheck === undefined && settings.verify !== 'off') return 'the site check failed'
  return 'the Helm values were not written'
}

/** A destination that refused the probe before the export (commands/destinations.ts): what it was. */
const REFUSED_BEFORE: Record<string, string> = {
  publish: 'the bucket to publish to refused the check before the export, so none was started',
  mirror: "the mirror's destination refused the check before the export, so none was started"
}

/** How far a failed export got, said by what it did not reach: for a failure with no words of its own here. */
function exportPhase({ report }: RunOf<'export'>): string {
  if (report.jobId === undefined) return 'the export did not start'
  if (report.job?.status !== 'completed') return 'the export job did not complete'
  if (!report.bundle) return 'no bundle link was given'
  if (!report.archive) return 'the download failed'
  return 'the archive was not unpacked'
}

function agentVerdict({ settings, report, failure }: RunOf<'agent-job'>): Verdict {
  const id = report.agentJobId ?? settings.agentJobId
  const name = id === undefined ? 'The agent job' : `Agent job ${id}`
  const job = report.outcome ?? report.job
  const time = formatSeconds(agentDurationMs(report))
  const ended = job?.status ?? ''
  const outcome = job?.prLink
    ? `${ended} with a pull request`
    : ended === 'completed'
      ? `${ended}, no files changed`
      : ended
  if (failure === undefined) {
    if (!FINAL_STATUSES.has(ended)) {
      return {
        sign: 'success',
        text: message`${name}: ${ended || 'started'}, not waited for (${input('wait', 'false')})`
      }
    }
    return { sign: 'success', text: `${name}: ${outcome}, ${time}` }
  }
  if (failureCode(failure) === 'job-failed') return { sign: 'failure', text: `${name}: failed, ${time}` }
  if (report.outcome) {
    return {
      sign: 'failure',
      text: message`${name}: ${outcome}, but ${reason(failure, settings.timeoutMs, 'the comment was not written')}`
    }
  }
  return {
    sign: 'failure',
    text: message`${name}: ${reason(failure, settings.timeoutMs, 'the job could not be read')}`
  }
}

function deploymentVerdict({ settings, report, failure }: RunOf<'check-deployment'>): Verdict {
  const { deployment } = report
  if (!deployment) {
    return {
      sign: 'failure',
      text: message`Deployment at ${redactUrl(settings.url)} was not checked: ${reason(failure, settings.timeoutMs, 'the manifest could not be read')}`
    }
  }
  const text = `Deployment at ${deployment.url}: ${deploymentInBrief(deployment)}`
  if (failure === undefined) return { sign: 'success', text }
  if (failureCode(failure) === 'deployment-not-current') return { sign: 'failure', text }
  return {
    sign: 'failure',
    text: message`${text}, but ${reason(failure, settings.timeoutMs, 'the report was not written')}`
  }
}

/**
 * Why a run failed, in a few words: the API's refusal, the time running out, a cancellation; for
 * any other failure, `otherwise` (what the run did not reach). The failure's message follows the
 * verdict with the whole story.
 */
function reason(failure: unknown, timeoutMs: number, otherwise: string): Text {
  if (failure instanceof ApiError) {
    if (failure.status === 401) return 'the API refused the key (HTTP 401)'
    if (failure.status === 403) return 'the API refused access (HTTP 403)'
    if (failure.status) return `the API answered HTTP ${failure.status}`
    if (failure.code === 'network' || failure.code === 'timeout') return 'the API could not be reached'
  }
  switch (failureCode(failure)) {
    case 'job-failed':
      return 'the job failed'
    case 'job-timeout':
    case 'out-of-time':
      return message`${input('timeout-seconds')} ran out (${formatSeconds(timeoutMs)})`
    case 'cancelled':
      return 'the run was cancelled'
    case 'publish':
      return 'the publish failed'
    default:
      return otherwise
  }
}

/** `job se_1` as a sentence starts it; a domain as it is. */
function capitalised(name: string): string {
  return /^(job|the) /.test(name) ? name.charAt(0).toUpperCase() + name.slice(1) : name
}
