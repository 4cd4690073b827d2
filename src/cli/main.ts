import packageJson from '../../package.json' with { type: 'json' }
import { ActionError, failureMessage } from '../errors.js'
import { useHost } from '../host.js'
import { outputsOf } from '../outputs.js'
import type { RunReport } from '../report.js'
import { newReport, runCommand } from '../run.js'
import { InputError, readSettings } from '../settings.js'
import { parseCommandLine, UsageError } from './args.js'
import { CliHost } from './host.js'
import { outputsWithValues, outputTable, writeDotenv } from './outputs.js'

/** The exit codes of the command line (README, "Outside GitHub Actions"). */
const EXIT = { success: 0, failure: 1, usage: 2, timeout: 3, SIGINT: 130, SIGTERM: 143 } as const

/** A run that does not heed the interruption in time still leaves its outputs, then exits. */
const EXIT_AFTER_SIGNAL_MS = 2000

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed
  try {
    parsed = await parseCommandLine(argv, environment)
  } catch (error) {
    process.stderr.write(`error: ${failureMessage(error)}\n`)
    return EXIT.usage
  }
  if ('help' in parsed) {
    process.stdout.write(`${parsed.help}\n`)
    return EXIT.success
  }
  if ('version' in parsed) {
    process.stdout.write(`${packageJson.version}\n`)
    return EXIT.success
  }

  const cliHost = new CliHost({ inputs: parsed.inputs, stream: process.stderr, debug: parsed.debug })
  useHost(cliHost)
  const { json, outputEnv } = parsed
  const cancellation = new AbortController()
  let report: RunReport | undefined
  let outputsWritten = false
  const finish = async (): Promise<void> => {
    if (outputsWritten) return
    outputsWritten = true
    cliHost.endProgress()
    if (report) for (const [name, value] of Object.entries(outputsOf(report))) cliHost.setOutput(name, value)
    const outputs = outputsWithValues(cliHost.outputs)
    process.stdout.write(json ? `${JSON.stringify(Object.fromEntries(outputs))}\n` : outputTable(outputs))
    if (outputEnv) await writeDotenv(outputEnv, outputs)
  }
  let received: NodeJS.Signals | undefined
  const interrupt = (signal: NodeJS.Signals): void => {
    if (received) return
    received = signal
    cliHost.info(`Received ${signal}: stopping`)
    cancellation.abort(new Error(`cancelled by ${signal}`))
    setTimeout(() => {
      void finish().finally(() => process.exit(EXIT[signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT']))
    }, EXIT_AFTER_SIGNAL_MS).unref()
  }
  process.on('SIGINT', interrupt)
  process.on('SIGTERM', interrupt)

  let code: number = EXIT.success
  try {
    const settings = readSettings()
    report = newReport(settings)
    await runCommand(settings, report, { signal: cancellation.signal })
  } catch (error) {
    cliHost.endProgress()
    cliHost.error(failureMessage(error))
    code = exitCode(error, received)
  } finally {
    process.off('SIGINT', interrupt)
    process.off('SIGTERM', interrupt)
  }
  try {
    await finish()
  } catch (error) {
    cliHost.error(`Could not write the outputs: ${(error as Error).message}`)
    return code === EXIT.success ? EXIT.failure : code
  }
  return code
}

function exitCode(error: unknown, signal: NodeJS.Signals | undefined): number {
  if (signal) return signal === 'SIGTERM' ? EXIT.SIGTERM : EXIT.SIGINT
  if (error instanceof UsageError || error instanceof InputError) return EXIT.usage
  if (error instanceof ActionError && (error.code === 'job-timeout' || error.code === 'out-of-time'))
    return EXIT.timeout
  return EXIT.failure
}
