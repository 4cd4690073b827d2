import { actionHost } from './action-host.js'
import { upsertAgentComment } from './comment.js'
import { failureMessage } from './errors.js'
import { host, useHost } from './host.js'
import { outputsOf } from './outputs.js'
import type { RunReport } from './report.js'
import { newReport, runCommand } from './run.js'
import { readSettings } from './settings.js'

/** The runner sends SIGINT on cancel and SIGTERM 7.5 s later; the step must be gone well before. */
const EXIT_AFTER_CANCEL_MS = 900

/** The action: settings → the command → outputs and summary; every failure ends in one error and a failed step. */
export async function run(): Promise<void> {
  useHost(actionHost)
  const cancellation = new AbortController()
  let report: RunReport | undefined
  const cancel = (signal: NodeJS.Signals): void => {
    host.info(`Received ${signal}: stopping`)
    cancellation.abort(new Error(`cancelled by ${signal}`))
    setTimeout(() => {
      // A step that does not heed the cancellation in time still leaves what it learned, the job id first.
      if (report) setOutputs(report)
      process.exit(1)
    }, EXIT_AFTER_CANCEL_MS).unref()
  }
  process.once('SIGINT', cancel)
  process.once('SIGTERM', cancel)
  try {
    const settings = readSettings()
    report = newReport(settings)
    const { githubToken } = settings.command === 'agent-job' ? settings : { githubToken: '' }
    await runCommand(settings, report, {
      signal: cancellation.signal,
      comment: (job, issueNumber) => upsertAgentComment({ token: githubToken, issueNumber, job })
    })
  } catch (error) {
    host.error(failureMessage(error))
    process.exitCode = 1
  } finally {
    if (report) setOutputs(report)
    process.off('SIGINT', cancel)
    process.off('SIGTERM', cancel)
  }
}

/** The one place where outputs are set: from the report, once the run is over. */
function setOutputs(report: RunReport): void {
  for (const [name, value] of Object.entries(outputsOf(report))) host.setOutput(name, value)
}
