/**
 * docs/cli.md: the command line in full, from the catalogue the help is made from (src/settings/,
 * src/report/outputs.ts, src/cli/): every flag of each command with its whole description, its
 * default and its variable, the outputs with their --json keys and variable names, examples, and
 * the exit codes. `docs-export <command> --help` says the same in a terminal, and links it.
 */
import { EXIT_CODES } from '../src/cli/exit-codes.ts'
import { COMMANDS, flagsOf } from '../src/cli/flags.ts'
import {
  BIN,
  defaultOf,
  describe,
  EXAMPLES,
  flagUsage,
  KEY_AND_VARIABLES,
  outputsOf,
  SUMMARIES
} from '../src/cli/help.ts'
import { jsonKey, variableName } from '../src/cli/outputs.ts'
import { OUTPUTS } from '../src/report/outputs.ts'

/** The command line in full, as Markdown. */
export function cliReference(): string {
  return [
    '# The command line in full',
    '',
    '<!-- Written by `npm run docs` from src/settings/, src/report/outputs.ts and src/cli/: change those, not this file. -->',
    '',
    `\`${BIN}\` runs the engine of the GitHub Action outside GitHub Actions: the same inputs, checks and outputs, for GitLab CI, Jenkins, Argo Workflows or a script. \`${BIN} <command> --help\` shows what this page says of the command, wrapped to the terminal; \`${BIN} --version\` the version. Human lines go to stderr, the outputs to stdout. How to get it and run it in a pipeline: [outside-github-actions.md](outside-github-actions.md).`,
    '',
    '## Commands',
    '',
    table(
      ['command', 'what it does'],
      COMMANDS.map((command) => [`[\`${command}\`](#${command})`, SUMMARIES[command] ?? ''])
    ),
    '',
    '## The admin key and the variables',
    '',
    KEY_AND_VARIABLES,
    '',
    ...COMMANDS.flatMap((command) => [
      `## ${command}`,
      '',
      SUMMARIES[command] ?? '',
      '',
      '### Options',
      '',
      'A switch takes `--name` or `--no-name`.',
      '',
      table(
        ['flag', 'default', 'variable', 'what it does'],
        flagsOf(command).map((flag) => [
          `\`${flagUsage(flag)}\``,
          flag.default === undefined ? '' : `\`${defaultOf(flag)}\``,
          flag.variable ? `\`${flag.variable}\`` : '',
          describe(flag.description, flag.value ? undefined : flag.input)
        ])
      ),
      '',
      '### Outputs',
      '',
      'A table on stdout (`name value`), or with `--json` one object (its keys in camelCase, numbers as numbers, also on failure with `error: { code, message }`); in the files of `--output-env` and `--output-sh`, `NAME=value`. After a failure, only the outputs marked so are set.',
      '',
      table(
        ['output', '--json key', 'NAME', 'after a failure', 'value'],
        outputsOf(command).map((name) => [
          `\`${name}\``,
          `\`${jsonKey(name)}\``,
          `\`${variableName(name)}\``,
          OUTPUTS[name].afterFailure ? 'set' : 'not set',
          describe(OUTPUTS[name].description)
        ])
      ),
      '',
      '### Examples',
      '',
      '```sh',
      ...(EXAMPLES[command] ?? []),
      '```',
      ''
    ]),
    '## Exit codes',
    '',
    table(
      ['code', 'meaning'],
      Object.values(EXIT_CODES).map(({ code, meaning }) => [String(code), meaning])
    ),
    ''
  ].join('\n')
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n')
}

/** Text as one table cell: on one line; a `|` would end the cell, and `<` could start an HTML tag. */
function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/<(?!\/?code>)/g, '&lt;')
}
