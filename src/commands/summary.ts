import type { Run } from '../core/context.js'
import { failureInSummary } from '../core/errors.js'
import { render } from '../core/message.js'
import { writeSummary, type SummarySection } from '../core/summary.js'
import { addDeploymentSection } from '../deployment/summary.js'
import { addChangesSection } from '../manifest/summary.js'
import { addAgentDetails, addExportDetails, addWithheldSection } from '../report/summary.js'
import { addBrowserSection } from '../site/browser/summary.js'
import { addProblemsSection, addSiteCheckSection } from '../site/summary.js'
import type { FinishedRun } from './run.js'
import { SIGNS, verdictOf, type RunOf } from './verdict.js'

/** A part of a command's summary, after its verdict; `workspace` is where the summary may name files by their path. */
type Section<Command extends FinishedRun['command']> = (
  summary: SummarySection,
  run: RunOf<Command>,
  workspace: string | undefined
) => void

/**
 * An export's summary after its verdict: the site's problems first, then the details, each folded
 * once long. A step that adds to the export (a mirror) adds its section here.
 */
const EXPORT_SECTIONS: Section<'export'>[] = [
  (summary, run) => addWithheldSection(summary, run, run.settings.mirrorTo !== undefined),
  (summary, { report }, workspace) => {
    if (report.siteCheck) addProblemsSection(summary, report.siteCheck, workspace)
  },
  (summary, { report, settings }, workspace) => addExportDetails(summary, report, !settings.maskBundleUrl, workspace),
  (summary, { report }, workspace) => {
    if (report.changes) addChangesSection(summary, report.changes.changes, report.changes.path, workspace)
  },
  (summary, { report }, workspace) => {
    if (report.siteCheck) addSiteCheckSection(summary, report.siteCheck, workspace)
  },
  (summary, { report }) => {
    const check = report.siteCheck?.report
    if (check?.browser) {
      addBrowserSection(
        summary,
        check.browser,
        check.externalOrigins.map((origin) => origin.origin)
      )
    }
  }
]

/**
 * The job summary of a run, whatever its outcome, in one write: its verdict first, then why the
 * step failed, when it did, in the words of its error, then the command's sections.
 */
export async function writeSummaries({ host, runner }: Run, finished: FinishedRun): Promise<void> {
  await writeSummary(host, 'the job summary', (summary) => {
    const verdict = verdictOf(finished)
    summary.heading(`${SIGNS[verdict.sign]} ${render(verdict.text, host.wording)}`, 3)
    if (finished.failure !== undefined) summary.error(render(failureInSummary(finished.failure), host.wording))
    const { workspace } = runner
    if (finished.command === 'export') {
      for (const section of EXPORT_SECTIONS) section(summary, finished, workspace)
    } else if (finished.command === 'agent-job') {
      addAgentDetails(summary, finished.settings, finished.report, runner.serverUrl)
    } else if (finished.report.deployment) {
      addDeploymentSection(summary, finished.report.deployment, finished.report.reportPath, workspace)
    }
  })
}

/**
 * The job summary of a step whose inputs were refused before anything ran: the same verdict line
 * as every other failure, then the error, so that a reader of the summary learns what to fix.
 */
export async function writeRefusedInputsSummary(host: Run['host'], failure: unknown): Promise<void> {
  await writeSummary(host, 'the job summary', (summary) => {
    summary.heading(`${SIGNS.failure} Nothing was run: an input was refused`, 3)
    summary.error(render(failureInSummary(failure), host.wording))
  })
}
