import { failureCode, failureMessage } from '../core/errors.js'
import type { Host } from '../core/host.js'
import { readRunnerFacts } from '../core/runner.js'
import { handleSignals } from '../core/signals.js'
import { runCommand } from '../commands/run.js'
import { writeRefusedInputsSummary } from '../commands/summary.js'
import { setOutputs } from '../report/outputs.js'
import { readSettings, type Settings } from '../settings/index.js'
import { upsertAgentComment } from './comment.js'
import { actionHost } from './host.js'

/** The action: settings → the command → outputs and summary; every failure ends in one error and a failed step. */
export async function run(): Promise<void> {
  const runner = readRunnerFacts()
  const host = actionHost(runner)
  // A step that does not heed the cancellation in time still leaves the outputs set so far, the job id first.
  const signals = handleSignals(
    (signal) => host.info(`Received ${signal}: stopping`),
    () => process.exit(1)
  )
  const fail = (error: unknown): void => {
    host.debug(`Failure code: ${failureCode(error)}`)
    host.error(failureMessage(error))
    process.exitCode = 1
  }
  try {
    const settings = await readSettingsOrSay(host)
    const token = settings.command === 'agent-job' ? (settings.githubToken ?? '') : ''
    const finished = await runCommand(settings, {
      host,
      cancellation: signals.signal,
      runner,
      comment: (job, request, run) => upsertAgentComment({ token, request, job, run })
    })
    if (finished.failure !== undefined) fail(finished.failure)
    setOutputs(host, finished)
  } catch (error) {
    fail(error)
  } finally {
    signals.dispose()
  }
}

/** The settings; inputs it refuses are said in the job summary too, before the step fails with them. */
async function readSettingsOrSay(host: Host): Promise<Settings> {
  try {
    return readSettings(host)
  } catch (error) {
    await writeRefusedInputsSummary(host, error)
    throw error
  }
}
