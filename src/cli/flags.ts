import {
  COMMANDS,
  inputsOf,
  INPUTS,
  KEY_VARIABLE,
  type CatalogueInput,
  type Command,
  type InputName
} from '../settings/index.js'
import { variableName } from './outputs.js'

/**
 * The command line's flags, derived from the catalogue of inputs (src/settings/): an input is
 * `--<name> VALUE` (a switch `--<name>`/`--no-<name>`) unless its entry says otherwise (`--out`
 * for `path`, `--paths-file` for `paths`, the key from its variable or its file, the GitHub comment
 * not at all), then the flags of the command line alone.
 */

/** The prefix of the variables that stand for flags. */
const VARIABLE_PREFIX = 'MINTLIFY_'

/** A flag of a command: an input of action.yml, or one of the command line's own. */
export interface Flag {
  name: string
  /** The input whose value it is, named as in action.yml. */
  input?: InputName
  /** The value is a file to read the input from (`--paths-file`), not the input itself. */
  file?: boolean
  /** The one-letter form. */
  short?: string
  /** What it takes, as the help shows it; absent for a switch (`--name`, `--no-name`). */
  value?: string
  default?: string
  /** The environment variable that stands for it, when the flag is not given. */
  variable?: string
  /** What it does; backquoted input names are put in the command line's words when shown. */
  description: string
}

/** Flags of the command line alone, after the inputs'. */
const OWN_FLAGS: readonly Flag[] = [
  { name: 'json', description: 'Print the outputs as one JSON object on stdout, also on failure.' },
  {
    name: 'output-env',
    value: 'FILE',
    description:
      "Write the outputs to FILE as GitLab's dotenv report reads them (NAME=value, `$` written `$$`), also fit for docker --env-file when no value holds `$`. Created new, mode 0600."
  },
  {
    name: 'output-sh',
    value: 'FILE',
    description: "Write the outputs to FILE as export NAME='…' lines, for `. FILE` in sh. Created new, mode 0600."
  },
  { name: 'quiet', description: 'Write only errors on stderr.' },
  { name: 'debug', description: 'Log every API call and every setting.' },
  { name: 'help', short: 'h', description: 'Show this help.' }
].map((flag) => ({ ...flag, variable: flag.name === 'help' ? undefined : variableOf(flag.name) }))

/** `MINTLIFY_BASE_URL` for `base-url`. */
export function variableOf(name: string): string {
  return `${VARIABLE_PREFIX}${variableName(name)}`
}

/** Every flag of `command`: its inputs', in the catalogue's order, then the command line's own. */
export function flagsOf(command: Command): Flag[] {
  return [...inputsOf(command).flatMap((entry) => inputFlags(entry, command)), ...OWN_FLAGS]
}

/** The flags of an input in `command`: its own, and the one that reads it from a file. */
function inputFlags(entry: CatalogueInput, command: Command): Flag[] {
  if (entry.cli === false) return []
  const form = entry.cli ?? {}
  const flags: Flag[] = []
  if (form.flag !== false) {
    const name = form.name ?? entry.name
    flags.push({
      name,
      input: entry.name,
      value: entry.switch ? undefined : (form.metavar ?? metavar(entry)),
      default: entry.default,
      variable: form.variable ?? variableOf(name),
      description: form.description ?? entry.byCommand?.[command] ?? entry.description
    })
  }
  if (form.file) {
    flags.push({
      name: form.file.name,
      input: entry.name,
      file: true,
      value: 'FILE',
      // An input with a variable of its own (the key) has that one, not a second for its file.
      variable: form.variable ? undefined : variableOf(form.file.name),
      description: form.file.description
    })
  }
  return flags
}

/** What an option takes: its values, N for seconds, else the last word of its name. */
function metavar(entry: CatalogueInput): string {
  if (entry.choices) return entry.choices.join('|')
  if (entry.name.endsWith('-seconds')) return 'N'
  return (entry.name.split('-').pop() ?? entry.name).toUpperCase()
}

/** How the command line names an input in a message: its flag, the key's variable, or its file's flag. */
export function cliName(name: InputName): string {
  const form = INPUTS.find((entry) => entry.name === name)?.cli
  if (!form) return `--${name}`
  if (form.flag === false) return form.variable ?? (form.file ? `--${form.file.name}` : `--${name}`)
  return `--${form.name ?? name}`
}

export { COMMANDS, KEY_VARIABLE }
