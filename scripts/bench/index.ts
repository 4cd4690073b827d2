/**
 * npm run bench: runs the built action (dist/index.js) as the runner does, against the API
 * emulator on 127.0.0.1, with archives generated for the run in a temporary folder, and compares
 * each figure with a peer measured in the same run (curl, tar, node -e 0, aws s3 cp…). Prints the
 * tables, writes BENCHMARKS.md whole (markdown.ts, from each figure's text and this run's tables),
 * and exits non-zero when a target is missed. Each figure is a module of scripts/bench/figures/,
 * listed in figures/index.ts.
 *
 *   npm run bench                       every figure, writes BENCHMARKS.md
 *   npm run bench -- --only=download    some figures (by name); writes the page to the temporary folder
 *   BENCH_SMOKE=1 npm run bench         tiny inputs, one run each; writes the page to the temporary folder
 */
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { mkdtemp, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import * as prettier from 'prettier'
import { ACTION_ENTRY, ROOT } from '../../test/support/run-action.ts'
import { makeMemoryFolder, type BenchContext } from './context.ts'
import { FIGURES } from './figures/index.ts'
import { benchmarksPage } from './markdown.ts'
import { byFigureNumber, printTable, type Table } from './report.ts'
import { mib } from './stats.ts'

const NAMES = FIGURES.map((figure) => figure.name)

const onlyArg = process.argv.find((arg) => arg.startsWith('--only='))
const only = onlyArg ? new Set(onlyArg.slice('--only='.length).split(',')) : undefined
for (const name of only ?? [])
  if (!NAMES.includes(name)) throw new Error(`--only: unknown figure ${name} (${NAMES.join(', ')})`)

const SMOKE = process.env.BENCH_SMOKE === '1'

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
const context: BenchContext = {
  workDir,
  smoke: SMOKE,
  memoryDir: () => (memoryDir ??= makeMemoryFolder()),
  tables,
  info
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
const totalS = Math.round((Date.now() - startedAt.getTime()) / 1000)
const texts = FIGURES.flatMap((figure) => figure.texts)
tables.sort((a, b) => byFigureNumber(a.figure, b.figure))
for (const table of tables)
  printTable(
    table,
    texts.find((text) => text.number === table.figure)
  )
console.log(
  `\n${missed === 0 ? 'Every target met' : `${missed} target(s) missed`} · ${totalS} s in all · load average after ${loadAfter}`
)
// Only a full run states today's figures; a partial or smoke run's page shows what the generator writes.
const file = !only && !SMOKE ? path.join(ROOT, 'BENCHMARKS.md') : path.join(os.tmpdir(), 'BENCHMARKS.preview.md')
const page = benchmarksPage(
  { startedAt, totalS, machine, load: { before: machine.loadBefore, after: loadAfter }, tables, info },
  only ? FIGURES.filter((figure) => only.has(figure.name)) : FIGURES
)
// Written as Prettier would, so that `npm run format:check` passes on the file as generated.
const options = (await prettier.resolveConfig(path.join(ROOT, 'BENCHMARKS.md'))) ?? {}
await writeFile(file, await prettier.format(page, { ...options, filepath: file }))
console.log(`Wrote ${file}`)
process.exitCode = missed === 0 ? 0 : 1

function loadAverage(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')
}
