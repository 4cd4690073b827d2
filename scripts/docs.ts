/**
 * Writes the README's usage block and its Inputs and Outputs tables from action.yml, between
 * `<!-- start NAME -->` and `<!-- end NAME -->` markers, so that the README cannot drift from the
 * action's metadata. `--check` writes nothing and fails when the README differs from a fresh run.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { parse, stringify } from 'yaml'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const README = path.join(ROOT, 'README.md')
const ACTION_REFERENCE = 'acme/mintlify-static-export-action@v1'

interface ActionYaml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

/** Every input with its default, as a step to copy. */
function usage(action: ActionYaml): string {
  const lines = Object.entries(action.inputs).map(([name, input]) => {
    const value = input.default === undefined ? "''" : stringify(input.default).trimEnd()
    return `    ${name}: ${value}${input.required ? ' # required' : ''}`
  })
  return ['```yaml', `- uses: ${ACTION_REFERENCE}`, '  with:', ...lines, '```'].join('\n')
}

function inputsTable(action: ActionYaml): string {
  const rows = Object.entries(action.inputs).map(([name, input]) => {
    const fallback = input.required ? '(required)' : input.default === undefined ? '' : `\`${input.default}\``
    return [`\`${name}\``, fallback, cell(input.description)]
  })
  return table(['input', 'default', 'meaning'], rows)
}

function outputsTable(action: ActionYaml): string {
  return table(
    ['output', 'value'],
    Object.entries(action.outputs).map(([name, output]) => [`\`${name}\``, cell(output.description)])
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

const action = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as ActionYaml
const current = await readFile(README, 'utf8')
const generated = fill(current, { usage: usage(action), inputs: inputsTable(action), outputs: outputsTable(action) })
const fresh = await format(generated, { ...(await resolveConfig(README)), filepath: README })

if (process.argv.includes('--check')) {
  if (fresh !== current) {
    console.error("README.md differs from the docs generated from action.yml: run 'npm run docs' and commit README.md")
    process.exitCode = 1
  }
} else if (fresh !== current) {
  await writeFile(README, fresh)
  console.log('README.md: usage, inputs and outputs written from action.yml')
}
