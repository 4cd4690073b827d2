import { PROJECT_URL } from '../core/user-agent.js'
import { OUTPUTS, type OutputName } from '../report/outputs.js'
import { INPUTS, type Command, type InputName } from '../settings/index.js'
import { EXIT_CODES } from './exit-codes.js'
import { COMMANDS, flagsOf, KEY_VARIABLE, variableOf, type Flag } from './flags.js'
import { cliWords } from './host.js'

/**
 * The help a terminal shows: the program's, and each command's whole: every flag and output with
 * its full description, wrapped to the terminal, never cut, so that a machine without a browser
 * has it all. docs/cli.md is the same as a page, which `npm run docs` writes from the same
 * catalogue (scripts/cli-reference.ts).
 */

export const BIN = 'docs-export'

/** docs/cli.md, where a terminal user reads the command line in full. */
const REFERENCE = `${PROJECT_URL}/blob/main/docs/cli.md`

/** The flag column of a command's help: wide enough for nearly every flag and its value. */
const FLAG_COLUMN = 30
/** From this width on a description stands beside its flag; on a narrower terminal, on the lines below it. */
const SIDE_BY_SIDE = 100
/** How far a description on the lines below its flag is indented. */
const BELOW = 6
/** The width when the terminal says none (output to a file or a pipe), and the bounds of any other. */
const DEFAULT_WIDTH = 80
const NARROWEST = 40
const WIDEST = 120

/** What each command does, for the program's help; a command without a line here is listed by name alone. */
export const SUMMARIES: Readonly<Record<string, string>> = {
  export: 'Run a static export of a docs site (or collect one), download, unpack and check it.',
  'agent-job':
    'Start an AI agent job from --prompt (or send --prompt to one as a follow-up), or follow one, until it ends, and report its pull request.',
  'check-deployment': "Check that a deployed site serves the files of an export's manifest."
}

/** Two ways to run each command, as its help shows them. */
export const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
  export: [
    `${KEY_VARIABLE}=mint_… ${BIN} export --domain docs.acme.dev --extract --verify error --out site-export`,
    `MINTLIFY_DOMAIN=docs.acme.dev ${BIN} export --no-download --json | jq -r .jobId`
  ],
  'agent-job': [
    `${BIN} agent-job --project-id proj_… --agent-job-id aj_… --json | jq -r .prLink`,
    `MINTLIFY_PROJECT_ID=proj_… ${BIN} agent-job --agent-job-id aj_… --no-wait`
  ],
  'check-deployment': [
    `${BIN} check-deployment --url https://docs.acme.dev --manifest site-export/manifest.json`,
    `MINTLIFY_URL=https://docs.acme.dev ${BIN} check-deployment --manifest manifest.json --check-files all --json`
  ]
}

/**
 * The help's widest line: the terminal's columns, else `COLUMNS` (which a shell sets), else 80;
 * never narrower than 40 nor, for lines a reader can follow, wider than 120.
 */
export function helpWidth(columns: number | undefined): number {
  const given = columns !== undefined && Number.isInteger(columns) && columns > 0 ? columns : DEFAULT_WIDTH
  return Math.min(WIDEST, Math.max(NARROWEST, given))
}

/** The help of the program: its commands, the key, the variables, the exit codes. */
export function programHelp(width: number): string {
  const names = Math.max(...COMMANDS.map((command) => command.length))
  return [
    `Usage: ${BIN} <command> [options]`,
    '',
    ...wrap(
      'The engine of the Mintlify static export GitHub Action, as a command for GitLab CI, Jenkins, Argo Workflows or a script: the same inputs, checks and outputs.',
      0,
      width
    ),
    '',
    'Commands:',
    ...COMMANDS.flatMap((command) => beside(`  ${command.padEnd(names)}  `, SUMMARIES[command] ?? '', width)),
    '',
    `  ${BIN} <command> --help   the options of a command, their defaults and variables, its outputs`,
    `  ${BIN} --version          the version`,
    '',
    ...wrap(KEY_AND_VARIABLES, 0, width),
    '',
    'Examples:',
    ...COMMANDS.flatMap((command) => (EXAMPLES[command] ?? []).slice(0, 1).map((example) => `  ${example}`)),
    '',
    ...exitCodes(width),
    '',
    ...wrap(`The same as a page: ${REFERENCE}`, 0, width)
  ].join('\n')
}

/**
 * The help of one command, whole: each flag with all it does and its default, where the variables
 * come from, each output with what it holds (and whether a failure leaves it set), examples, the
 * exit codes, and the same as a page.
 */
export function commandHelp(command: Command, width: number): string {
  return [
    `Usage: ${BIN} ${command} [options]`,
    '',
    ...wrap(SUMMARIES[command] ?? '', 0, width),
    '',
    'Options (a switch takes --name or --no-name; the default in brackets):',
    ...flagsOf(command).flatMap((flag) => flagLines(flag, width)),
    '',
    ...wrap(KEY_AND_VARIABLES, 0, width),
    '',
    ...wrap(
      'Outputs: a table on stdout, or one object with --json (camelCase keys), and NAME=value in the files of --output-env and --output-sh:',
      0,
      width
    ),
    ...outputsOf(command).flatMap((name) => entryLines(`  ${name}`, outputText(name), width)),
    '',
    'Examples:',
    ...(EXAMPLES[command] ?? []).map((example) => `  ${example}`),
    '',
    ...exitCodes(width),
    '',
    ...wrap(`The same as a page: ${REFERENCE}`, 0, width)
  ].join('\n')
}

/** What an output holds, in the command line's words, and when a failure leaves it out. */
function outputText(name: OutputName): string {
  const output = OUTPUTS[name]
  return `${describe(output.description)}${output.afterFailure ? '' : ' Not set after a failure.'}`
}

/** The outputs a run of `command` may set, by name. */
export function outputsOf(command: Command): OutputName[] {
  return (Object.keys(OUTPUTS) as OutputName[]).filter((name) =>
    (OUTPUTS[name].commands as readonly string[]).includes(command)
  )
}

/** A flag in the help: its usage, then all it does and its default. */
function flagLines(flag: Flag, width: number): string[] {
  const fallback = flag.default === undefined ? '' : ` [${defaultOf(flag)}]`
  return entryLines(
    `  ${flagUsage(flag)}`,
    `${describe(flag.description, flag.value ? undefined : flag.input)}${fallback}`,
    width
  )
}

/**
 * A name (a flag, an output) and its text, wrapped, never cut: beside it from SIDE_BY_SIDE columns
 * on (below a name too long for its column), else on the lines below it, indented.
 */
function entryLines(name: string, text: string, width: number): string[] {
  if (width < SIDE_BY_SIDE) return [name, ...wrap(text, BELOW, width)]
  if (name.length > FLAG_COLUMN) return [name, ...wrap(text, FLAG_COLUMN + 2, width)]
  return beside(name.padEnd(FLAG_COLUMN + 2), text, width)
}

/** `text` after `head` on its first line, its other lines indented as far, each no wider than `width`. */
function beside(head: string, text: string, width: number): string[] {
  const [first = '', ...rest] = wrap(text, head.length, width)
  return [`${head}${first.trimStart()}`.trimEnd(), ...rest]
}

/** Where the key and the other flags' values may come from. */
export const KEY_AND_VARIABLES = `The admin key comes from the variable ${KEY_VARIABLE}, or from --api-key-file FILE; never from a flag, which process lists and shell history show. Every other flag can come from a variable too, MINTLIFY_ and its name (--base-url: ${variableOf('base-url')}); a flag given wins over its variable.`

function exitCodes(width: number): string[] {
  return [
    'Exit codes:',
    ...Object.values(EXIT_CODES).flatMap(({ code, meaning }) => beside(`  ${String(code).padEnd(4)} `, meaning, width))
  ]
}

export function flagUsage(flag: Flag): string {
  const names = flag.value ? `--${flag.name} ${flag.value}` : `--${flag.name}`
  return flag.short ? `-${flag.short}, ${names}` : names
}

export function defaultOf(flag: Flag): string {
  if (flag.value) return flag.default ?? ''
  return flag.default === 'true' ? `--${flag.name}` : `--no-${flag.name}`
}

/**
 * Text from action.yml in the command line's words: a backquoted input (`extract`, `verify: off`)
 * becomes its flag (--extract, --verify off), a placeholder (`<path>/site`) the flag's (<--out>/site),
 * `true` and `false` in a switch's own text become --name and --no-name, other backquotes are
 * dropped, and the step (the Action's word for one run) is the run. A pointer to a section of the
 * README ("see Site check") is left out, and the job summary, which the command line has not, is
 * its log.
 */
export function describe(text: string, switchInput?: InputName): string {
  const words = cliWords()
  const isInput = (name: string | undefined): name is InputName =>
    name !== undefined && INPUTS.some((entry) => entry.name === name)
  return text
    .replace(/`([^`]+)`/g, (_, code: string) => {
      const [, name, value] = /^([a-z][a-z0-9-]*)(?::\s*(.+))?$/.exec(code) ?? []
      if (isInput(name)) return value === undefined ? words.mention(name) : words.withValue(name, value)
      const [, placeholder, rest] = /^<([a-z][a-z0-9-]*)>(.*)$/.exec(code) ?? []
      if (isInput(placeholder)) return `<${words.mention(placeholder)}>${rest}`
      if (switchInput && (code === 'true' || code === 'false')) return words.withValue(switchInput, code)
      return code
    })
    .replace(/\bthe step\b/g, 'the run')
    .replace(/;\s*see [A-Z][a-z]*(?: [a-z]+)*(?=\))|\s*\(see [A-Z][a-z]*(?: [a-z]+)*\)/g, '')
    .replace(/\bthe summary\b/g, 'the log')
    .replace(/\bthe log, the log\b/g, 'the log')
}

/** `text` in lines no wider than `width`, each indented by `indent`; a word longer than a line stands alone. */
function wrap(text: string, indent: number, width: number): string[] {
  if (!text) return []
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && indent + line.length + 1 + word.length > width) {
      lines.push(' '.repeat(indent) + line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(' '.repeat(indent) + line)
  return lines
}
