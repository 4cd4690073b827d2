/**
 * npm run bench: runs the built action (dist/index.js) as the runner does, against the API
 * emulator on 127.0.0.1, with archives generated for the run in a temporary folder, and compares
 * each figure with a reference measured in the same run (curl, tar, node -e 0). Prints the tables,
 * writes them to BENCHMARKS.md, and exits non-zero when a target is missed. Each figure is a
 * module of scripts/bench/figures/.
 *
 *   npm run bench                       every figure, writes BENCHMARKS.md
 *   npm run bench -- --only=download    some figures (by name); writes nothing
 */
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as prettier from 'prettier'
import { ACTION_ENTRY, ROOT } from '../../test/support/run-action.ts'
import { makeMemoryFolder, type BenchContext, type Figure } from './context.ts'
import { browserPass } from './figures/browser-pass.ts'
import { coldStart } from './figures/cold-start.ts'
import { deployment } from './figures/deployment.ts'
import { download } from './figures/download.ts'
import { mirror } from './figures/mirror.ts'
import { polling } from './figures/polling.ts'
import { resume } from './figures/resume.ts'
import { siteCheck } from './figures/site-check.ts'
import { unpack } from './figures/unpack.ts'
import { markdownTable, printTable, type Table } from './report.ts'
import { mib } from './stats.ts'

/** In the order they run: the cold start first, on a quiet machine; the polling runs last. */
const FIGURES: Figure[] = [coldStart, download, resume, unpack, siteCheck, deployment, mirror, polling, browserPass]
const NAMES = FIGURES.map((figure) => figure.name)

const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : undefined
for (const name of only ?? [])
  if (!NAMES.includes(name)) throw new Error(`--only: unknown figure ${name} (${NAMES.join(', ')})`)

const SMOKE = process.env.BENCH_SMOKE === '1'
/** In BENCHMARKS.md, the text after this line is written by hand and kept when the file is rewritten. */
const KEEP_MARKER =
  '<!-- Written by hand below this line: npm run bench keeps it when it rewrites the tables above. -->'

for (const [command, args] of [
  ['curl', ['--version']],
  ['tar', ['--version']],
  ['sync', ['--version']]
] as const) {
  if (spawnSync(command, args).error) throw new Error(`npm run bench needs ${command} on the PATH`)
}

const workDir = await mkdtemp(path.join(os.tmpdir(), 'action-bench-'))
let memoryDir: Promise<string | undefined> | undefined
const cleanUp = async (): Promise<void> => {
  for (const dir of [workDir, await memoryDir]) if (dir) rmSync(dir, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(130))
  })
}
const tables: Table[] = []
const info: string[] = []
const headlines: string[] = []
const context: BenchContext = {
  workDir,
  smoke: SMOKE,
  memoryDir: () => (memoryDir ??= makeMemoryFolder()),
  tables,
  info,
  headlines
}

const startedAt = new Date()
const machine = {
  node: process.version,
  cores: os.availableParallelism(),
  cpu: os.cpus()[0]?.model ?? 'unknown',
  memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB`,
  os: `${os.type()} ${os.release()}`,
  loadBefore: loadAverage()
}
console.log(`Node ${machine.node} (${process.execPath})`)
console.log(
  `${machine.cores} cores (${machine.cpu}), ${machine.memory} RAM, ${machine.os}, load average ${machine.loadBefore}`
)
console.log(`dist/index.js: ${mib((await stat(ACTION_ENTRY)).size)}; work folder ${workDir}`)

try {
  for (const figure of FIGURES) if (!only || only.has(figure.name)) await figure.run(context)
} finally {
  await cleanUp()
}

const missed = tables.flatMap((table) => table.rows).filter((row) => row.pass === false).length
const loadAfter = loadAverage()
const totalS = ((Date.now() - startedAt.getTime()) / 1000).toFixed(0)
tables.sort((a, b) => Number.parseInt(a.title, 10) - Number.parseInt(b.title, 10))
for (const table of tables) printTable(table)
if (headlines.length > 0)
  console.log(
    `\nThe three targets of the unpacking, the site check and the browser pass:\n${headlines.map((line) => `  ${line}`).join('\n')}`
  )
console.log(
  `\n${missed === 0 ? 'Every target met' : `${missed} target(s) missed`} · ${totalS} s in all · load average after ${loadAfter}`
)
if (!only && !SMOKE) {
  const file = path.join(ROOT, 'BENCHMARKS.md')
  // What follows the marker in the current file (an analysis written by hand) is carried over.
  const previous = await readFile(file, 'utf8').catch(() => '')
  const kept = previous.includes(KEEP_MARKER)
    ? previous.slice(previous.indexOf(KEEP_MARKER) + KEEP_MARKER.length).trim()
    : ''
  const text = `${markdown(totalS, loadAfter)}\n${KEEP_MARKER}\n${kept ? `\n${kept}\n` : ''}`
  // Written as Prettier would, so that \`npm run format:check\` passes on the file as generated.
  const options = (await prettier.resolveConfig(file)) ?? {}
  await writeFile(file, await prettier.format(text, { ...options, filepath: file }))
  console.log('Wrote BENCHMARKS.md')
}
process.exitCode = missed === 0 ? 0 : 1

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
}

function markdown(totalS: string, loadAfter: string): string {
  const date = startedAt.toISOString().replace(/\.\d+Z$/, 'Z')
  const parts = [
    '# Benchmarks',
    '',
    `Measured on ${date} by \`npm run bench\` (scripts/bench/), ${totalS} s in all. ${missed === 0 ? 'Every target was met.' : `**${missed} target(s) missed.**`}`,
    '',
    '| machine | |',
    '|---|---|',
    `| Node | ${machine.node} (the \`node\` dev dependency, which also runs the action) |`,
    `| cores | ${machine.cores} (${machine.cpu}) |`,
    `| memory | ${machine.memory} |`,
    `| system | ${machine.os} |`,
    `| load average | ${machine.loadBefore} before, ${loadAfter} after (a shared machine: expect noise) |`,
    '',
    'To reproduce:',
    '',
    '```sh',
    'npm ci',
    'npm run bundle   # when src/ changed: the benchmark runs the built dist/index.js',
    'npm run bench    # every figure; rewrites this file, exits 1 when a target is missed',
    `npm run bench -- --only=download,unpack   # some figures (${NAMES.join(', ')}); writes nothing`,
    '```',
    '',
    "The action runs as the runner runs it: `node dist/index.js` in a child process, inputs as `INPUT_*` variables with action.yml's defaults, outputs through `GITHUB_OUTPUT`, against the API emulator (test/emulator/) on 127.0.0.1. Archives are generated for the run in a temporary folder, with random (incompressible) content, served from disk, by nginx for figures 1 and 2 (see below) and by the emulator's own storage host otherwise (`archive: { file }`), and deleted at the end. Figure 9 runs the deployment check in a process of its own against a site served by nginx (see its notes). Each figure is the median of several runs, with the minimum and maximum in parentheses; the reference (curl, tar, node) is measured in the same run, alternated with the action. Needs about 3.5 GiB free in the temporary folder, `curl`, `tar`, `sync` and `sha256sum` on the PATH, nginx (figure 1 says how to get it when it is missing), and `wget` for figure 9 (without it, figure 9 compares with curl alone). Takes about eight minutes.",
    '',
    ...(headlines.length > 0
      ? [
          'The targets of the unpacking, the site check and the browser pass:',
          '',
          ...headlines.map((line) => `- ${line}`),
          ''
        ]
      : []),
    ...info.map((line) => `- ${line}`),
    ''
  ]
  for (const table of tables) {
    parts.push(`## ${table.title}`, '', markdownTable(table), '')
    for (const note of table.notes ?? []) parts.push(note, '')
  }
  return `${parts.join('\n').trimEnd()}\n`
}
