/**
 * Writes what is generated from action.yml, so that nothing can drift from the action's metadata:
 * the README's usage block and its Inputs and Outputs tables, between `<!-- start NAME -->` and
 * `<!-- end NAME -->` markers, and the descriptions that the command line's help shows
 * (src/cli/action-descriptions.ts: a module, because the bundle cannot read YAML at run time).
 * `--check` writes nothing and fails when a file differs from a fresh run.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { parse, stringify } from 'yaml'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const README = path.join(ROOT, 'README.md')
const DESCRIPTIONS = path.join(ROOT, 'src/cli/action-descriptions.ts')
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

/** The descriptions of the inputs and outputs as a TypeScript module, for the command line's help. */
function descriptionsModule(action: ActionYaml): string {
  const entries = (items: Record<string, { description: string }>): string =>
    Object.entries(items)
      .map(
        ([name, item]) =>
          `  ${JSON.stringify(name)}: ${JSON.stringify(item.description.trim().replace(/\s*\n\s*/g, ' '))}`
      )
      .join(',\n')
  return [
    '// Generated from action.yml by scripts/docs.ts (`npm run docs`); `npm run docs:check` fails when it differs.',
    '',
    '/** What each input of action.yml means, in its own words. */',
    `export const INPUT_DESCRIPTIONS: Readonly<Record<string, string>> = {\n${entries(action.inputs)}\n}`,
    '',
    '/** What each output of action.yml holds. */',
    `export const OUTPUT_DESCRIPTIONS: Readonly<Record<string, string>> = {\n${entries(action.outputs)}\n}`,
    ''
  ].join('\n')
}

/** `text` as Prettier writes `file`. */
async function formatted(text: string, file: string): Promise<string> {
  return format(text, { ...(await resolveConfig(file)), filepath: file })
}

const action = parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as ActionYaml
const generated = [
  {
    file: README,
    fresh: await formatted(
      fill(await readFile(README, 'utf8'), {
        usage: usage(action),
        inputs: inputsTable(action),
        outputs: outputsTable(action)
      }),
      README
    ),
    what: 'usage, inputs and outputs'
  },
  { file: DESCRIPTIONS, fresh: await formatted(descriptionsModule(action), DESCRIPTIONS), what: 'the help texts' }
]

for (const { file, fresh, what } of generated) {
  const name = path.relative(ROOT, file)
  const current = await readFile(file, 'utf8').catch(() => '')
  if (fresh === current) continue
  if (process.argv.includes('--check')) {
    console.error(`${name} differs from what action.yml generates: run 'npm run docs' and commit it`)
    process.exitCode = 1
  } else {
    await writeFile(file, fresh)
    console.log(`${name}: ${what} written from action.yml`)
  }
}
