import { COMMANDS, INPUT_OFFERS, type Command, type InputOffer } from '../core/settings.js'
import { INPUT_DESCRIPTIONS } from './action-descriptions.js'
import { variableName } from './outputs.js'

export { COMMANDS }

/** The environment variable that holds the admin key. */
export const KEY_VARIABLE = 'MINTLIFY_ADMIN_KEY'

/** The prefix of the variables that stand for flags. */
const VARIABLE_PREFIX = 'MINTLIFY_'

/**
 * Inputs that are no flag of their own on the command line: the key (never a flag value, since
 * process lists and shell history show those), the command (the first word), the folder (`--out`),
 * the page list (read from a file), and the GitHub comment, which only the action makes.
 */
const NOT_FLAGS = new Set(['api-key', 'command', 'path', 'paths', 'comment-on', 'github-token'])

/** How the command line names the inputs that are no flag of their own. */
export const CLI_NAMES: Readonly<Record<string, string>> = {
  'api-key': KEY_VARIABLE,
  path: '--out',
  paths: '--paths-file'
}

/** What the command line's help says of an input where it means more, or other, than in action.yml. */
const CLI_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'mask-bundle-url':
    'Keep the signature of the presigned link out of what others see: the table on stdout shows `bundle-url` without its query, and --output-env (a file that crosses to other jobs) leaves BUNDLE_URL out. --json and --output-sh, read by the same job, hold the whole link.'
}

/** A flag of a command: an input of action.yml, or one of the command line's own. */
export interface Flag {
  name: string
  /** The input whose value it is, named as in action.yml. */
  input?: string
  /** The one-letter form. */
  short?: string
  commands: readonly Command[]
  /** What it takes, as the help shows it; absent for a switch (`--name`, `--no-name`). */
  value?: string
  default?: string
  /** The environment variable that stands for it, when the flag is not given. */
  variable?: string
  /** What it does; backquoted input names are put in the command line's words when shown. */
  description: string
}

/** The commands that read an input. */
export function commandsOf(input: string): readonly Command[] {
  return INPUT_OFFERS.find((offer) => offer.name === input)?.commands ?? []
}

/** Flags of the command line alone, in the order the help lists them after the inputs. */
const OWN_FLAGS: readonly Omit<Flag, 'variable'>[] = [
  {
    name: 'out',
    input: 'path',
    commands: commandsOf('path'),
    value: 'DIR',
    description:
      'Folder for the archive, `site/`, the site check report and the Helm values; default: a new folder ./static-export-<job id>. Checked before any request.'
  },
  {
    name: 'paths-file',
    commands: commandsOf('paths'),
    value: 'FILE',
    description: 'Export only the pages listed in FILE, one per line.'
  },
  {
    name: 'api-key-file',
    commands: commandsOf('api-key'),
    value: 'FILE',
    description: `Read the admin key from FILE instead of ${KEY_VARIABLE} (a warning when others may read FILE).`
  },
  { name: 'json', commands: COMMANDS, description: 'Print the outputs as one JSON object on stdout, also on failure.' },
  {
    name: 'output-env',
    commands: COMMANDS,
    value: 'FILE',
    description:
      "Write the outputs to FILE as GitLab's dotenv report reads them (NAME=value, `$` written `$$`), also fit for docker --env-file when no value holds `$`. Created new, mode 0600."
  },
  {
    name: 'output-sh',
    commands: COMMANDS,
    value: 'FILE',
    description: "Write the outputs to FILE as export NAME='…' lines, for `. FILE` in sh. Created new, mode 0600."
  },
  { name: 'quiet', commands: COMMANDS, description: 'Write only errors on stderr.' },
  { name: 'debug', commands: COMMANDS, description: 'Log every API call and every setting.' },
  { name: 'help', short: 'h', commands: COMMANDS, description: 'Show this help.' }
]

/** The flags that never come from the environment: the key's file (the key has its own variable) and help. */
const NO_VARIABLE = new Set(['api-key-file', 'help'])

/** `MINTLIFY_BASE_URL` for `base-url`. */
export function variableOf(name: string): string {
  return `${VARIABLE_PREFIX}${variableName(name)}`
}

/** Every flag of `command`, the inputs first, in the order of action.yml. */
export function flagsOf(command: Command): Flag[] {
  const flags: Omit<Flag, 'variable'>[] = [
    ...INPUT_OFFERS.filter((offer) => !NOT_FLAGS.has(offer.name) && offer.commands.includes(command)).map(inputFlag),
    ...OWN_FLAGS.filter((flag) => flag.commands.includes(command))
  ]
  return flags.map((flag) => ({ ...flag, variable: NO_VARIABLE.has(flag.name) ? undefined : variableOf(flag.name) }))
}

function inputFlag(offer: InputOffer): Omit<Flag, 'variable'> {
  return {
    name: offer.name,
    input: offer.name,
    commands: offer.commands,
    value: offer.switch ? undefined : metavar(offer),
    default: offer.default,
    description: CLI_DESCRIPTIONS[offer.name] ?? INPUT_DESCRIPTIONS[offer.name] ?? ''
  }
}

/** What an option takes where the last word of its name does not say it. */
const METAVARS: Readonly<Record<string, string>> = { version: 'LABEL', 'verify-browser-pages': 'N' }

/** What an option takes, as the help shows it: its values, N for seconds, else the last word of its name. */
function metavar(offer: InputOffer): string {
  if (offer.choices) return offer.choices.join('|')
  if (METAVARS[offer.name]) return METAVARS[offer.name] ?? ''
  if (offer.name.endsWith('-seconds')) return 'N'
  return (offer.name.split('-').pop() ?? offer.name).toUpperCase()
}
