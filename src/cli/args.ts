import { readFile } from 'node:fs/promises'
import { parseArgs, type ParseArgsOptionDescriptor } from 'node:util'
import { ActionError } from '../core/errors.js'
import { INPUT_OFFERS, type InputOffer } from '../core/settings.js'

type Command = 'export' | 'agent-job'
const COMMANDS: readonly Command[] = ['export', 'agent-job']

/** The environment variable that holds the admin key. */
const KEY_VARIABLE = 'MINTLIFY_ADMIN_KEY'

/**
 * Inputs that are no flag of their own on the command line: the key (never a flag value, since
 * process lists and shell history show those), the command (the first word), the folder (`--out`),
 * the page list (read from a file), and the GitHub comment, which only the action makes.
 */
const NOT_FLAGS = new Set(['api-key', 'command', 'path', 'paths', 'comment-on', 'github-token'])

/** How the command line names the inputs that are no flag of their own. */
export const CLI_NAMES: Record<string, string> = {
  'api-key': `the key (${KEY_VARIABLE} or --api-key-file)`,
  path: '--out',
  paths: '--paths-file'
}

/** Flags of the command line alone, with what they take. */
const OWN_FLAGS: Record<string, { commands: readonly Command[]; value?: string; help: string }> = {
  'api-key-file': {
    commands: COMMANDS,
    value: 'FILE',
    help: `read the admin key from FILE instead of ${KEY_VARIABLE}`
  },
  out: {
    commands: ['export'],
    value: 'DIR',
    help: 'folder for the archive, site/, the report and the Helm values (default ./static-export-<job id>)'
  },
  'paths-file': { commands: ['export'], value: 'FILE', help: 'export only the pages listed in FILE, one per line' },
  json: { commands: COMMANDS, help: 'print the outputs as one JSON object on stdout' },
  'output-env': {
    commands: COMMANDS,
    value: 'FILE',
    help: 'write the outputs to FILE as NAME=value lines (dotenv, mode 0600)'
  },
  debug: { commands: COMMANDS, help: 'log every API call' },
  help: { commands: COMMANDS, help: 'show this help' }
}

/** Thrown for a command line that cannot run: exit code 2, before any request. */
class UsageError extends ActionError {
  override name = 'UsageError'
  override readonly code = 'usage'
}

interface Invocation {
  command: Command
  /** The raw text of each input given, named as in action.yml, the key included. */
  inputs: Map<string, string>
  json: boolean
  outputEnv?: string
  debug: boolean
}

export type Parsed = { help: string } | { version: true } | Invocation

function offersOf(command: Command): InputOffer[] {
  return INPUT_OFFERS.filter((offer) => !NOT_FLAGS.has(offer.name) && offer.commands.includes(command))
}

/** Reads the command line; the key from `environment` or its file. */
export async function parseCommandLine(argv: string[], environment: NodeJS.ProcessEnv): Promise<Parsed> {
  const [first, ...rest] = argv
  if (first === '--version' && rest.length === 0) return { version: true }
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') return { help: usage() }
  if (!COMMANDS.includes(first as Command))
    throw new UsageError(`Unknown command "${first}": expected export or agent-job. See --help`)
  const command = first as Command
  // The key is refused before parsing, so that no message can echo it.
  if (rest.some((arg) => /^--api-key(=|$)/.test(arg))) {
    throw new UsageError(
      `The key is not taken from the command line, where process lists and shell history show it: set ${KEY_VARIABLE} or pass --api-key-file FILE`
    )
  }
  const options: Record<string, ParseArgsOptionDescriptor> = {}
  for (const offer of offersOf(command)) options[offer.name] = { type: offer.switch ? 'boolean' : 'string' }
  for (const [name, flag] of Object.entries(OWN_FLAGS)) {
    if (flag.commands.includes(command)) options[name] = { type: flag.value ? 'string' : 'boolean' }
  }
  let values: Record<string, string | boolean | undefined>
  try {
    // No option is `multiple`: each value is one string or one switch.
    values = parseArgs({ args: rest, options, strict: true, allowPositionals: false, allowNegative: true })
      .values as typeof values
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. See ${command} --help`)
  }
  if (values.help) return { help: usage(command) }

  const inputs = new Map<string, string>([['command', command]])
  for (const offer of offersOf(command)) {
    const value = values[offer.name]
    if (value !== undefined) inputs.set(offer.name, String(value))
  }
  const out = values.out
  if (typeof out === 'string') inputs.set('path', out)
  const pathsFile = values['paths-file']
  if (typeof pathsFile === 'string') inputs.set('paths', await readText(pathsFile, '--paths-file'))
  const keyFile = values['api-key-file']
  const key = typeof keyFile === 'string' ? await readText(keyFile, '--api-key-file') : environment[KEY_VARIABLE]
  if (!key?.trim()) {
    throw new UsageError(
      typeof keyFile === 'string'
        ? `The key file ${keyFile} is empty`
        : `No admin key: set the environment variable ${KEY_VARIABLE}, or pass --api-key-file FILE`
    )
  }
  inputs.set('api-key', key)
  const outputEnv = values['output-env']
  return {
    command,
    inputs,
    json: values.json === true,
    outputEnv: typeof outputEnv === 'string' ? outputEnv : undefined,
    debug: values.debug === true
  }
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

/** The help of one command, or of the program. */
function usage(command?: Command): string {
  const bin = 'docs-export'
  if (!command) {
    return [
      `Usage: ${bin} <command> [options]`,
      '',
      'Commands:',
      '  export      run a static export of a docs site, download, unpack and check it',
      '  agent-job   follow an agent job until it ends and report its pull request',
      '',
      `  ${bin} <command> --help   the options of a command`,
      `  ${bin} --version          the version`,
      '',
      `The admin key comes from the environment variable ${KEY_VARIABLE}, or from --api-key-file FILE.`,
      'Exit codes: 0 success, 1 failure, 2 bad arguments or no key, 3 timeout, 130 SIGINT, 143 SIGTERM.'
    ].join('\n')
  }
  const rows: [string, string][] = offersOf(command).map((offer) => {
    const flag = offer.switch
      ? offer.default === 'true'
        ? `--no-${offer.name}`
        : `--${offer.name}`
      : `--${offer.name} ${metavar(offer)}`
    const note = offer.switch
      ? `(default: ${offer.default === 'true' ? `--${offer.name}` : 'off'})`
      : offer.default
        ? `(default: ${offer.default})`
        : ''
    return [flag, note]
  })
  for (const [name, flag] of Object.entries(OWN_FLAGS)) {
    if (flag.commands.includes(command)) rows.push([`--${name}${flag.value ? ` ${flag.value}` : ''}`, flag.help])
  }
  const width = Math.max(...rows.map(([flag]) => flag.length))
  return [
    `Usage: ${bin} ${command} [options]`,
    '',
    'Each option is the input of the action with the same name, with the same meaning, default and checks',
    '(README, "Inputs"); a switch takes --name or --no-name.',
    '',
    ...rows.map(([flag, note]) => `  ${flag.padEnd(width)}  ${note}`.trimEnd()),
    '',
    `The admin key comes from the environment variable ${KEY_VARIABLE}, or from --api-key-file FILE.`
  ].join('\n')
}

/** What an option takes, as the help shows it: its values, N for seconds, else the last word of its name. */
function metavar(offer: InputOffer): string {
  if (offer.choices) return offer.choices.join('|')
  if (offer.name.endsWith('-seconds')) return 'N'
  return (offer.name.split('-').pop() ?? offer.name).toUpperCase()
}
