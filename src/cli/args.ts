import { readFile, stat } from 'node:fs/promises'
import { parseArgs, type ParseArgsOptionDescriptor } from 'node:util'
import { inputsOf, type Command, type InputName } from '../settings/index.js'
import { cliName, COMMANDS, flagsOf, KEY_VARIABLE, variableOf, type Flag } from './flags.js'
import { commandHelp, helpWidth, programHelp } from './help.js'
import { parseProblem } from './parse-errors.js'
import { UsageError } from './usage-error.js'

export interface Invocation {
  command: Command
  /** The raw text of each input given, named as in action.yml, the key included. */
  inputs: Map<InputName, string>
  /** The inputs given otherwise than by their flag, each with where it came from: a variable, the key's file. */
  givenAs: Map<InputName, string>
  json: boolean
  outputEnv?: string
  outputSh?: string
  quiet: boolean
  debug: boolean
  /** What the run should say before it starts. */
  warnings: string[]
}

export type Parsed = { help: string } | { version: true } | Invocation

/** A switch's text in the environment, as the inputs take it. */
const SWITCH_TEXT = /^(true|false)$/i

/** Reads the command line, and the environment for what it does not give; the key from its variable or its file. */
export async function parseCommandLine(argv: string[], environment: NodeJS.ProcessEnv): Promise<Parsed> {
  const [first, ...rest] = argv
  // The terminal's width, or the one its shell says when the help goes to a pipe (| less).
  const width = helpWidth(process.stdout.columns || Number(environment.COLUMNS))
  if (first === '--version' && rest.length === 0) return { version: true }
  if (first === undefined || first === '--help' || first === '-h') return { help: programHelp(width) }
  if (first === 'help')
    return { help: rest[0] && isCommand(rest[0]) ? commandHelp(rest[0], width) : programHelp(width) }
  if (!isCommand(first)) {
    throw new UsageError(
      `${first.startsWith('-') ? `Give the command before ${first}` : `Unknown command "${first}"`}: expected ${COMMANDS.join(', ')}. See docs-export --help`
    )
  }
  const command = first
  // The key is refused before parsing, so that no message can echo it.
  if (rest.some((arg) => /^--api-key(=|$)/.test(arg))) {
    throw new UsageError(
      `The key is not taken from the command line, where process lists and shell history show it: set ${KEY_VARIABLE} or pass --api-key-file FILE`
    )
  }
  const flags = flagsOf(command)
  const options: Record<string, ParseArgsOptionDescriptor> = {}
  for (const flag of flags) {
    options[flag.name] = { type: flag.value ? 'string' : 'boolean', ...(flag.short ? { short: flag.short } : {}) }
  }
  let values: Record<string, string | boolean | undefined>
  try {
    // No option is `multiple`: each value is one string or one switch.
    values = parseArgs({ args: rest, options, strict: true, allowPositionals: false, allowNegative: true })
      .values as typeof values
  } catch (error) {
    const problem = parseProblem(error as NodeJS.ErrnoException, rest, flags, options)
    throw new UsageError(`${problem}${/[.?]$/.test(problem) ? '' : '.'} See docs-export ${command} --help`)
  }
  if (values.help) return { help: commandHelp(command, width) }

  const givenAs = new Map<InputName, string>()
  const given = (flag: Flag): string | boolean | undefined => {
    const value = values[flag.name]
    if (value !== undefined) return value
    const text = flag.variable ? environment[flag.variable] : undefined
    if (!text?.trim()) return undefined
    if (flag.input && !flag.file) givenAs.set(flag.input, flag.variable ?? '')
    if (flag.value || flag.input) return text
    if (!SWITCH_TEXT.test(text.trim())) throw new UsageError(`${flag.variable} must be true or false, got "${text}"`)
    return text.trim().toLowerCase() === 'true'
  }
  const inputs = new Map<InputName, string>([['command', command]])
  const own: Record<string, string | boolean | undefined> = {}
  /** The files that inputs are read from, by input. */
  const files = new Map<InputName, { flag: string; file: string }>()
  for (const flag of flags) {
    const value = given(flag)
    if (value === undefined) continue
    if (flag.input && flag.file) files.set(flag.input, { flag: `--${flag.name}`, file: String(value) })
    else if (flag.input) inputs.set(flag.input, String(value))
    else own[flag.name] = value
  }

  const warnings: string[] = []
  for (const entry of inputsOf(command)) {
    const source = files.get(entry.name)
    const form = entry.cli || {}
    if (source && inputs.has(entry.name))
      throw new UsageError(`Give ${cliName(entry.name)} or ${source.flag}, not both`)
    if (!entry.secret || form.flag !== false || !form.variable) {
      if (source) inputs.set(entry.name, await readText(source.file, source.flag))
      continue
    }
    // A secret comes from its variable or its file, never from a flag, which process lists show.
    const value = source ? await secretFile(source, form.file?.holds ?? 'value', warnings) : environment[form.variable]
    if (value?.trim()) inputs.set(entry.name, value)
    else if (entry.required) throw missingKey(form.variable, environment)
    if (source) givenAs.set(entry.name, `The ${form.file?.holds ?? 'value'} in ${source.file}`)
  }
  return {
    command,
    inputs,
    givenAs,
    json: own.json === true,
    outputEnv: nonEmpty(own['output-env']),
    outputSh: nonEmpty(own['output-sh']),
    quiet: own.quiet === true,
    debug: own.debug === true,
    warnings
  }
}

/** Whether the command line asks for --json, read before parsing it: a command line that cannot be parsed still answers in JSON. */
export function asksForJson(argv: readonly string[], environment: NodeJS.ProcessEnv): boolean {
  const last = argv.findLast((arg) => arg === '--json' || arg === '--no-json')
  if (last) return last === '--json'
  return environment[variableOf('json')]?.trim().toLowerCase() === 'true'
}

function isCommand(word: string): word is Command {
  return (COMMANDS as readonly string[]).includes(word)
}

function nonEmpty(value: string | boolean | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** A secret from its file, which holds `holds`; a file that others may read gets a warning, as ssh gives. */
async function secretFile(
  { file, flag }: { file: string; flag: string },
  holds: string,
  warnings: string[]
): Promise<string> {
  const text = await readText(file, flag)
  if (!text.trim()) throw new UsageError(`The ${holds} file ${file} is empty`)
  // Windows has no such mode bits: its ACLs decide, and Node reports 0666 for any writable file.
  const mode = process.platform === 'win32' ? 0 : (await stat(file)).mode & 0o777
  if (mode & 0o077) {
    warnings.push(
      `The ${holds} file ${file} can be read by others (mode ${mode.toString(8).padStart(4, '0')}): make it yours alone with chmod 600 ${file}`
    )
  }
  return text
}

/** No admin key: where to put it, and the near miss of a variable of another name. */
function missingKey(variable: string, environment: NodeJS.ProcessEnv): UsageError {
  const near = Object.keys(environment).find((name) => /^MINTLIFY_(API_)?(KEY|TOKEN)$/.test(name))
  return new UsageError(
    `No admin key: set the environment variable ${variable}, or pass --api-key-file FILE${near ? ` (${near} is set, but only ${variable} is read)` : ''}`
  )
}

async function readText(file: string, flag: string): Promise<string> {
  try {
    return await readFile(file, 'utf8')
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`
    )
  }
}
