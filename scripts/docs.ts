/**
 * Writes what is generated from the catalogue of inputs (src/settings/) and the outputs
 * (src/report/outputs.ts), so that nothing can drift from them: action.yml's inputs and outputs,
 * and the README's Inputs and Outputs tables, between `<!-- start NAME -->` and `<!-- end NAME -->`
 * markers, and docs/cli.md, the command line in full (cli-reference.ts). It also checks that each
 * folder of src/ has a README that names
 * every file of the folder, and no file that is not there.
 *
 * Run with `node --import ./scripts/bench/resolve-ts.mjs`, which lets it import src/ as it is.
 * `--check` writes nothing and fails when a file differs from a fresh run.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { parse, stringify } from 'yaml'
import { OUTPUTS } from '../src/report/outputs.ts'
import { INPUTS } from '../src/settings/index.ts'
import { cliReference } from './cli-reference.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const README = path.join(ROOT, 'README.md')
const ACTION = path.join(ROOT, 'action.yml')
const CLI_REFERENCE = path.join(ROOT, 'docs/cli.md')

interface ActionInput {
  description: string
  required: boolean
  default?: string
}

/** action.yml's inputs, from the catalogue. */
function actionInputs(): Record<string, ActionInput> {
  return Object.fromEntries(
    INPUTS.map((entry) => [
      entry.name,
      {
        description: entry.description,
        required: entry.required ?? false,
        ...(entry.default === undefined ? {} : { default: entry.default })
      }
    ])
  )
}

/** action.yml with its inputs and outputs written anew, and the rest (name, branding, runs) kept. */
function actionYaml(current: string): string {
  const { inputs: _inputs, outputs: _outputs, runs, ...head } = parse(current) as Record<string, unknown>
  const outputs = Object.fromEntries(
    Object.entries(OUTPUTS).map(([name, output]) => [name, { description: output.description }])
  )
  return stringify({ ...head, inputs: actionInputs(), outputs, runs }, { lineWidth: 0 })
}

function inputsTable(): string {
  const rows = INPUTS.map((entry) => {
    const fallback = entry.required ? '(required)' : entry.default === undefined ? '' : `\`${entry.default}\``
    return [`\`${entry.name}\``, fallback, cell(entry.description)]
  })
  return table(['input', 'default', 'meaning'], rows)
}

function outputsTable(): string {
  return table(
    ['output', 'after a failure', 'value'],
    Object.entries(OUTPUTS).map(([name, output]) => [
      `\`${name}\``,
      output.afterFailure ? 'set' : 'not set',
      cell(output.description)
    ])
  )
}

function table(header: string[], rows: string[][]): string {
  return [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n')
}

/** A description as one table cell: on one line, and a `|` would end the cell. */
function cell(text: string): string {
  return text
    .trim()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
}

/** The README with the text between each pair of markers replaced. */
function fill(readme: string, sections: Record<string, string>): string {
  let filled = readme
  for (const [name, text] of Object.entries(sections)) {
    const start = `<!-- start ${name} -->`
    const end = `<!-- end ${name} -->`
    const from = filled.indexOf(start)
    const to = filled.indexOf(end)
    if (from < 0 || to < from) throw new Error(`README.md needs the markers ${start} and ${end}, in that order`)
    filled = `${filled.slice(0, from + start.length)}\n\n${text}\n\n${filled.slice(to)}`
  }
  return filled
}

/** `text` as Prettier writes `file`. */
async function formatted(text: string, file: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file })
}

/**
 * What each folder's README gets wrong about its files: a file of the folder it does not name, or
 * a file it names (`name.ts` in backquotes) that the folder does not have.
 */
async function folderReadmeProblems(): Promise<string[]> {
  const problems: string[] = []
  const folders = (await readdir(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
  for (const folder of folders) {
    const name = path.relative(ROOT, folder)
    const files = (await readdir(folder)).filter((file) => file.endsWith('.ts'))
    if (files.length === 0) continue
    const readme = await readFile(path.join(folder, 'README.md'), 'utf8').catch(() => undefined)
    if (readme === undefined) {
      problems.push(`${name}/ has no README.md that lists its files`)
      continue
    }
    const named = new Set([...readme.matchAll(/`([\w.-]+\.ts)`/g)].map((match) => match[1]))
    for (const file of files) if (!named.has(file)) problems.push(`${name}/README.md does not name ${file}`)
    for (const file of named) {
      if (file && !files.includes(file)) {
        problems.push(`${name}/README.md names ${file}, which is not in the folder`)
      }
    }
  }
  return problems
}

const generated = [
  {
    file: ACTION,
    fresh: await formatted(actionYaml(await readFile(ACTION, 'utf8')), ACTION),
    what: 'inputs and outputs'
  },
  {
    file: README,
    fresh: await formatted(
      fill(await readFile(README, 'utf8'), { inputs: inputsTable(), outputs: outputsTable() }),
      README
    ),
    what: 'inputs and outputs'
  },
  { file: CLI_REFERENCE, fresh: await formatted(cliReference(), CLI_REFERENCE), what: 'the command line in full' }
]

const check = process.argv.includes('--check')
for (const { file, fresh, what } of generated) {
  const name = path.relative(ROOT, file)
  const current = await readFile(file, 'utf8').catch(() => '')
  if (fresh === current) continue
  if (check) {
    console.error(
      `${name} differs from what src/settings/, src/report/outputs.ts and src/cli/ generate: run 'npm run docs' and commit it`
    )
    process.exitCode = 1
  } else {
    await writeFile(file, fresh)
    console.log(`${name}: ${what} written from src/settings/, src/report/outputs.ts and src/cli/`)
  }
}
for (const problem of await folderReadmeProblems()) {
  console.error(problem)
  process.exitCode = 1
}
