import { OUTPUTS } from '../report/outputs.js'
import { INPUTS, type Command, type InputName } from '../settings/index.js'
import { EXIT_CODES } from './exit-codes.js'
import { COMMANDS, flagsOf, KEY_VARIABLE, variableOf, type Flag } from './flags.js'
import { cliWords } from './host.js'
import { jsonKey, variableName } from './outputs.js'

const BIN = 'docs-export'

/** What each command does, for the program's help; a command without a line here is listed by name alone. */
const SUMMARIES: Readonly<Record<string, string>> = {
  export: 'Run a static export of a docs site (or collect one), download, unpack and check it.',
  'agent-job': 'Follow an AI agent job until it ends, and report its pull request.',
  'check-deployment': "Check that a deployed site serves the files of an export's manifest."
}

/** Two ways to run each command, as its help shows them. */
const EXAMPLES: Readonly<Record<string, readonly string[]>> = {
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

/** Widest line of the help: the terminal's, within reason. */
function width(): number {
  return Math.min(100, Math.max(60, process.stdout.columns || 80))
}

/** The help of the program: its commands, the key, the variables, the exit codes. */
export function programHelp(): string {
  const names = Math.max(...COMMANDS.map((command) => command.length))
  return [
    `Usage: ${BIN} <command> [options]`,
    '',
    ...wrap(
      'The engine of the Mintlify static export GitHub Action, as a command for GitLab CI, Jenkins, Argo Workflows or a script: the same inputs, checks and outputs.',
      0
    ),
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.padEnd(names)}  ${SUMMARIES[command] ?? ''}`.trimEnd()),
    '',
    `  ${BIN} <command> --help   the options of a command, their defaults and variables, its outputs`,
    `  ${BIN} --version          the version`,
    '',
    ...keyAndVariables(),
    '',
    'Examples:',
    ...COMMANDS.flatMap((command) => (EXAMPLES[command] ?? []).slice(0, 1).map((example) => `  ${example}`)),
    '',
    ...exitCodes()
  ].join('\n')
}

/** The help of one command: every flag with what it does, its default and its variable; its outputs; examples. */
export function commandHelp(command: Command): string {
  const flags = flagsOf(command)
  const outputs = Object.entries(OUTPUTS).filter(([, output]) =>
    (output.commands as readonly string[]).includes(command)
  )
  return [
    `Usage: ${BIN} ${command} [options]`,
    '',
    ...wrap(SUMMARIES[command] ?? '', 0),
    '',
    'Options (a switch takes --name or --no-name):',
    ...flags.flatMap((flag) => [`  ${flagUsage(flag)}`, ...wrap(flagText(flag), 6)]),
    '',
    ...keyAndVariables(),
    '',
    ...wrap(
      'Outputs: a table on stdout (name value), or with --json one object (key); in the files of --output-env and --output-sh (NAME):',
      0
    ),
    ...outputs.flatMap(([name, output]) => [
      `  ${name} (${jsonKey(name)}, ${variableName(name)})`,
      ...wrap(describe(output.description), 6)
    ]),
    '',
    'Examples:',
    ...(EXAMPLES[command] ?? []).map((example) => `  ${example}`),
    '',
    ...exitCodes()
  ].join('\n')
}

function keyAndVariables(): string[] {
  return wrap(
    `The admin key comes from the variable ${KEY_VARIABLE}, or from --api-key-file FILE; never from a flag, which process lists and shell history show. Every other flag can come from a variable too, MINTLIFY_ and its name (--base-url: ${variableOf('base-url')}); a flag given wins over its variable.`,
    0
  )
}

function exitCodes(): string[] {
  return [
    'Exit codes:',
    ...Object.values(EXIT_CODES).map(({ code, meaning }) => `  ${String(code).padEnd(4)} ${meaning}`)
  ]
}

function flagUsage(flag: Flag): string {
  const names = flag.value ? `--${flag.name} ${flag.value}` : `--${flag.name}`
  return flag.short ? `-${flag.short}, ${names}` : names
}

/** A flag's description in the command line's words, then its default and its variable. */
function flagText(flag: Flag): string {
  const facts: string[] = []
  if (flag.default !== undefined) facts.push(`Default: ${defaultOf(flag)}.`)
  if (flag.variable) facts.push(`Variable: ${flag.variable}.`)
  return [describe(flag.description, flag.value ? undefined : flag.input), ...facts].join(' ')
}

function defaultOf(flag: Flag): string {
  if (flag.value) return flag.default ?? ''
  return flag.default === 'true' ? `--${flag.name}` : `--no-${flag.name}`
}

/**
 * Text from action.yml in the command line's words: a backquoted input (`extract`, `verify: off`)
 * becomes its flag (--extract, --verify off), a placeholder (`<path>/site`) the flag's (<--out>/site),
 * `true` and `false` in a switch's own text become --name and --no-name, other backquotes are
 * dropped, and the step (the Action's word for one run) is the run.
 */
function describe(text: string, switchInput?: InputName): string {
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
}

/** `text` in lines no wider than the help, each indented by `indent`. */
function wrap(text: string, indent: number): string[] {
  if (!text) return []
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/)) {
    if (line && indent + line.length + 1 + word.length > width()) {
      lines.push(' '.repeat(indent) + line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(' '.repeat(indent) + line)
  return lines
}
