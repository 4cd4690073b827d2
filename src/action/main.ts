import { failureCode, failureMessage } from '../core/errors.js'
import { readRunnerFacts } from '../core/runner.js'
import { readSettings } from '../core/settings.js'
import { handleSignals } from '../core/signals.js'
import { newReport, runCommand } from '../commands/run.js'
import { outputsOf } from '../report/outputs.js'
import type { RunReport } from '../report/report.js'
import { upsertAgentComment } from './comment.js'
import { actionHost } from './host.js'

/** The action: settings → the command → outputs and summary; every failure ends in one error and a failed step. */
export async function run(): Promise<void> {
  const runner = readRunnerFacts()
  const host = actionHost(runner)
  let report: RunReport | undefined
  const signals = handleSignals(
    (signal) => host.info(`Received ${signal}: stopping`),
    () => {
      // A step that does not heed the cancellation in time still leaves what it learned, the job id first.
      if (report) setOutputs(report)
      process.exit(1)
    }
  )
  const setOutputs = (finished: RunReport): void => {
    for (const [name, value] of Object.entries(outputsOf(finished))) host.setOutput(name, value)
  }
  try {
    const settings = readSettings(host)
    report = newReport(settings)
    const token = settings.command === 'agent-job' ? settings.githubToken : ''
    await runCommand(settings, report, {
      host,
      cancellation: signals.signal,
      runner,
      comment: (job, request, run) => upsertAgentComment({ token, request, job, run })
    })
  } catch (error) {
    host.debug(`Failure code: ${failureCode(error)}`)
    host.error(failureMessage(error))
    process.exitCode = 1
  } finally {
    if (report) setOutputs(report)
    signals.dispose()
  }
}
