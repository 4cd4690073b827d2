import { PROJECT_URL } from '../core/user-agent.js'
import { OUTPUTS, type OutputName } from '../report/outputs.js'
import { INPUTS, type Command, type InputName } from '../settings/index.js'
import { EXIT_CODES } from './exit-codes.js'
import { COMMANDS, flagsOf, KEY_VARIABLE, variableOf, type Flag } from './flags.js'
import { cliWords } from './host.js'

/**
 * The help a terminal shows: the program's, and each command's in about two screens, one line
 * per flag. docs/cli.md has the rest (every flag's whole description, the outputs, the exit
 * codes), which `npm run docs` writes from the same catalogue (scripts/cli-reference.ts).
 */

export const BIN = 'docs-export'

/** docs/cli.md, where a terminal user reads the command line in full. */
const REFERENCE = `${PROJECT_URL}/blob/main/docs/cli.md`

/** The flag column of a command's help: wide enough for nearly every flag and its value. */
const FLAG_COLUMN = 30

/** What each command does, for the program's help; a command without a line here is listed by name alone. */
export const SUMMARIES: Readonly<Record<string, string>> = {
  export: 'Run a static export of a docs site (or collect one), download, unpack and check it.',
  'agent-job': 'Follow an AI agent job until it ends, and report its pull request.',
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
    ...exitCodes(),
    '',
    `Every flag, variable, default, output and exit code: ${REFERENCE}`
  ].join('\n')
}

/**
 * The help of one command, in about two screens: each flag with the start of what it does and its
 * default, where the variables come from, the outputs by name, examples, the exit codes in a line,
 * and where the rest is.
 */
export function commandHelp(command: Command): string {
  return [
    `Usage: ${BIN} ${command} [options]`,
    '',
    ...wrap(SUMMARIES[command] ?? '', 0),
    '',
    'Options (a switch takes --name or --no-name; the default in brackets):',
    ...flagsOf(command).flatMap(flagLines),
    '',
    ...keyAndVariables(),
    '',
    ...wrap(
      'Outputs: a table on stdout, or one object with --json (camelCase keys), and NAME=value in the files of --output-env and --output-sh:',
      0
    ),
    ...wrap(outputsOf(command).join(', '), 2),
    '',
    'Examples:',
    ...(EXAMPLES[command] ?? []).map((example) => `  ${example}`),
    '',
    ...wrap(
      `Exit codes: ${Object.entries(EXIT_CODES)
        .map(([name, { code }]) => `${code} ${name}`)
        .join(', ')}.`,
      0
    ),
    ...wrap(`Every flag in full, with its variable, and the outputs and exit codes: ${REFERENCE}`, 0)
  ].join('\n')
}

/** The outputs a run of `command` may set, by name. */
export function outputsOf(command: Command): OutputName[] {
  return (Object.keys(OUTPUTS) as OutputName[]).filter((name) =>
    (OUTPUTS[name].commands as readonly string[]).includes(command)
  )
}

/**
 * A flag in the help, on one line: its usage, then the start of what it does, cut at a word and
 * ended with `…` where the line is full, and its default, always in sight.
 */
function flagLines(flag: Flag): string[] {
  const usage = `  ${flagUsage(flag)}`
  const fallback = flag.default === undefined ? '' : ` [${defaultOf(flag)}]`
  const words = firstClause(describe(flag.description, flag.value ? undefined : flag.input))
  const room = width() - FLAG_COLUMN - 2 - fallback.length
  let text = words
  if (text.length > room) {
    text = ''
    for (const word of words.split(/\s+/)) {
      if (text.length + 1 + word.length + 1 > room) break
      text = text ? `${text} ${word}` : word
    }
    text = `${text.replace(/[,;:(]$/, '')}…`
  }
  const line = `${text}${fallback}`
  if (usage.length < FLAG_COLUMN + 1) return [`${usage.padEnd(FLAG_COLUMN + 2)}${line}`]
  return [usage, `${' '.repeat(FLAG_COLUMN + 2)}${line}`]
}

/**
 * What a flag does, in its first clause: its first sentence, up to a semicolon outside
 * parentheses. The rest (the details, the values' meanings) is in docs/cli.md.
 */
function firstClause(text: string): string {
  let depth = 0
  for (let index = 0; index < text.length; index++) {
    const character = text[index]
    if (character === '(') depth++
    else if (character === ')') depth = Math.max(0, depth - 1)
    else if (
      depth === 0 &&
      /^(;\s|(?<!\be\.g|\bi\.e)\.(\s|$))/.test(text.slice(index)) &&
      /\S/.test(text[index - 1] ?? '')
    )
      return `${text.slice(0, index)}.`
  }
  return text
}

/** Where the key and the other flags' values may come from. */
export const KEY_AND_VARIABLES = `The admin key comes from the variable ${KEY_VARIABLE}, or from --api-key-file FILE; never from a flag, which process lists and shell history show. Every other flag can come from a variable too, MINTLIFY_ and its name (--base-url: ${variableOf('base-url')}); a flag given wins over its variable.`

function keyAndVariables(): string[] {
  return wrap(KEY_AND_VARIABLES, 0)
}

function exitCodes(): string[] {
  return [
    'Exit codes:',
    ...Object.values(EXIT_CODES).map(({ code, meaning }) => `  ${String(code).padEnd(4)} ${meaning}`)
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
