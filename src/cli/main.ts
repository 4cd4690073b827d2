import packageJson from '../../package.json' with { type: 'json' }
import { failureCode, failureMessage } from '../core/errors.js'
import { readRunnerFacts } from '../core/runner.js'
import { readSettings } from '../core/settings.js'
import { handleSignals } from '../core/signals.js'
import { newReport, runCommand } from '../commands/run.js'
import { outputsOf } from '../report/outputs.js'
import type { RunReport } from '../report/report.js'
import { parseCommandLine } from './args.js'
import { exitCodeOf, EXIT_CODES } from './exit-codes.js'
import { cliText, CliHost } from './host.js'
import { outputsWithValues, outputTable, writeDotenv } from './outputs.js'

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed
  try {
    parsed = await parseCommandLine(argv, environment)
  } catch (error) {
    process.stderr.write(`error: ${cliText(failureMessage(error))}\n`)
    return exitCodeOf(failureCode(error))
  }
  if ('help' in parsed) {
    process.stdout.write(`${parsed.help}\n`)
    return EXIT_CODES.success
  }
  if ('version' in parsed) {
    process.stdout.write(`${packageJson.version}\n`)
    return EXIT_CODES.success
  }

  const host = new CliHost({ inputs: parsed.inputs, stream: process.stderr, debug: parsed.debug })
  const { json, outputEnv } = parsed
  let report: RunReport | undefined
  let outputsWritten = false
  const finish = async (): Promise<void> => {
    if (outputsWritten) return
    outputsWritten = true
    host.endProgress()
    if (report) for (const [name, value] of Object.entries(outputsOf(report))) host.setOutput(name, value)
    const outputs = outputsWithValues(host.outputs)
    process.stdout.write(json ? `${JSON.stringify(Object.fromEntries(outputs))}\n` : outputTable(outputs))
    if (outputEnv) await writeDotenv(outputEnv, outputs)
  }
  const signals = handleSignals(
    (signal) => host.info(`Received ${signal}: stopping`),
    (signal) => void finish().finally(() => process.exit(exitCodeOf('cancelled', signal)))
  )

  let code: number = EXIT_CODES.success
  try {
    const settings = readSettings(host)
    report = newReport(settings)
    await runCommand(settings, report, { host, cancellation: signals.signal, runner: readRunnerFacts(environment) })
  } catch (error) {
    host.endProgress()
    host.error(failureMessage(error))
    code = exitCodeOf(failureCode(error), signals.received())
  } finally {
    signals.dispose()
  }
  try {
    await finish()
  } catch (error) {
    host.error(`Could not write the outputs: ${(error as Error).message}`)
    return code === EXIT_CODES.success ? EXIT_CODES.failure : code
  }
  return code
}
