import packageJson from '../../package.json' with { type: 'json' }
import { ActionError, failureCode, failureMessage } from '../core/errors.js'
import { joined } from '../core/message.js'
import { readRunnerFacts } from '../core/runner.js'
import { handleSignals } from '../core/signals.js'
import { runCommand } from '../commands/run.js'
import { verdictOf } from '../commands/verdict.js'
import { setOutputs } from '../report/outputs.js'
import { commandsOf, readSettings, type Settings } from '../settings/index.js'
import { asksForJson, parseCommandLine, type Invocation } from './args.js'
import { EXIT_CODES, exitCodeOf } from './exit-codes.js'
import { cliText, cliWords, CliHost } from './host.js'
import { gitlabDotenv, shellExports, writeNewFile } from './output-files.js'
import { LINK_OUTPUT, outputJson, outputsWithValues, outputTable, type JsonError, type Output } from './outputs.js'
import { checkDistinct, checkOutFolder, checkOutputFile } from './preflight.js'

/** Runs one command line; resolves with the exit code. */
export async function runCli(argv: string[], environment: NodeJS.ProcessEnv = process.env): Promise<number> {
  let parsed
  try {
    parsed = await parseCommandLine(argv, environment)
  } catch (error) {
    const message = cliText(failureMessage(error))
    process.stderr.write(`error: ${message}\n`)
    if (asksForJson(argv, environment)) process.stdout.write(outputJson([], { code: failureCode(error), message }))
    return exitCodeOf(failureCode(error))
  }
  if ('help' in parsed) {
    process.stdout.write(`${parsed.help}\n`)
    return EXIT_CODES.success.code
  }
  if ('version' in parsed) {
    process.stdout.write(`${packageJson.version}\n`)
    return EXIT_CODES.success.code
  }
  return run(parsed, environment)
}

async function run(invocation: Invocation, environment: NodeJS.ProcessEnv): Promise<number> {
  const words = cliWords(invocation.givenAs)
  const host = new CliHost({
    inputs: invocation.inputs,
    stream: process.stderr,
    debug: invocation.debug,
    quiet: invocation.quiet,
    words
  })
  for (const warning of invocation.warnings) host.warning(warning)

  let settings: Settings | undefined
  let failure: JsonError | undefined
  let finished = false
  /** Prints the outputs and writes their files, once, whatever the outcome; rejects when a file cannot be written. */
  const finish = async (): Promise<void> => {
    if (finished) return
    finished = true
    host.endProgress()
    await printOutputs(invocation, outputsWithValues(host.outputs), settings, host, failure)
  }
  const signals = handleSignals(
    (signal) => host.info(`Received ${signal}: stopping`),
    (signal) => {
      failure ??= { code: 'cancelled', message: `Received ${signal}: stopped before the run could finish` }
      void finish()
        .catch(() => undefined)
        .finally(() => process.exit(exitCodeOf('cancelled', signal)))
    }
  )

  let code: number = EXIT_CODES.success.code
  const fail = (error: unknown): void => {
    host.endProgress()
    host.error(failureMessage(error))
    failure = jsonError(error, host)
    code = exitCodeOf(failure.code, signals.received())
  }
  try {
    settings = readSettings(host)
    await checkBeforeAnyRequest(invocation)
    const finished = await runCommand(settings, {
      host,
      cancellation: signals.signal,
      runner: readRunnerFacts(environment)
    })
    setOutputs(host, finished)
    // The job summary's first line, where a terminal has no summary: the closing lines start with it.
    host.info(verdictOf(finished).text)
    if (finished.failure !== undefined) fail(finished.failure)
  } catch (error) {
    fail(error)
  } finally {
    signals.dispose()
  }
  try {
    await finish()
  } catch (error) {
    host.error(failureMessage(error))
    return code === EXIT_CODES.success.code ? exitCodeOf(failureCode(error)) : code
  }
  return code
}

/** What the run writes (its folder, its files of outputs) checked before the first request. */
async function checkBeforeAnyRequest(invocation: Invocation): Promise<void> {
  checkDistinct([
    ['--output-env', invocation.outputEnv],
    ['--output-sh', invocation.outputSh]
  ])
  if (invocation.outputEnv) await checkOutputFile(invocation.outputEnv, '--output-env')
  if (invocation.outputSh) await checkOutputFile(invocation.outputSh, '--output-sh')
  if (commandsOf('path').includes(invocation.command)) await checkOutFolder(invocation.inputs.get('path'))
}

/**
 * The outputs on stdout (the table, or --json with the failure), then in their files. The link
 * stays out of what others see unless --no-mask-bundle-url: the table shows it without its
 * signature, and the dotenv file, which crosses to other jobs, leaves it out.
 */
async function printOutputs(
  invocation: Invocation,
  outputs: Output[],
  settings: Settings | undefined,
  host: CliHost,
  runFailure: JsonError | undefined
): Promise<void> {
  const showLink = settings?.command === 'export' && !settings.maskBundleUrl
  const files: [flag: string, file: string | undefined, text: () => string][] = [
    [
      '--output-env',
      invocation.outputEnv,
      () => gitlabDotenv(outputs.filter(([name]) => showLink || name !== LINK_OUTPUT))
    ],
    ['--output-sh', invocation.outputSh, () => shellExports(outputs)]
  ]
  const problems: unknown[] = []
  const texts: [flag: string, file: string, text: string][] = []
  for (const [flag, file, text] of files) {
    if (!file) continue
    try {
      texts.push([flag, file, text()])
    } catch (error) {
      problems.push(error)
    }
  }
  const failure = runFailure ?? (problems.length > 0 ? jsonError(problems[0], host) : undefined)
  process.stdout.write(invocation.json ? outputJson(outputs, failure) : outputTable(outputs, showLink))
  for (const [flag, file, text] of texts) {
    try {
      await writeNewFile(file, text, flag)
    } catch (error) {
      problems.push(error)
    }
  }
  if (problems.length > 0) {
    throw new ActionError(
      joined(
        problems.map((problem) => failureMessage(problem)),
        '; '
      ),
      {
        code: failureCode(problems[0])
      }
    )
  }
}

/** A failure as --json reports it: its code, and its message as the log shows it. */
function jsonError(error: unknown, host: CliHost): JsonError {
  return { code: failureCode(error), message: host.text(failureMessage(error)) }
}
