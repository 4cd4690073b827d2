import type { Figure } from './context.ts'
import { byFigureNumber, markdownTable, verdict, type FigureText, type Row, type Table } from './report.ts'

/** What a run of `npm run bench` brings to BENCHMARKS.md besides the figures' own text. */
export interface BenchRun {
  startedAt: Date
  totalS: number
  machine: { node: string; cores: number; cpu: string; memory: string; os: string }
  load: { before: string; after: string }
  tables: Table[]
  /** How the inputs were generated and what served them. */
  info: string[]
}

/**
 * BENCHMARKS.md, whole: the summary of today's figures, the machine, how to reproduce, a section per
 * figure (its text from its module, its table and method from the run), and what is left: the
 * next step of each figure that missed a target.
 */
export function benchmarksPage(run: BenchRun, figures: Figure[]): string {
  const texts = figures.flatMap((figure) => figure.texts).sort((a, b) => byFigureNumber(a.number, b.number))
  const tableOf = (text: FigureText): Table | undefined => run.tables.find((table) => table.figure === text.number)
  const judged = texts.flatMap((text) => (tableOf(text)?.rows ?? []).filter((row) => row.pass !== undefined))
  const missed = judged.filter((row) => row.pass === false).length
  const date = run.startedAt.toISOString().replace(/\.\d+Z$/, 'Z')
  const { machine, load } = run
  const parts = [
    '# Benchmarks',
    '',
    '<!-- Written whole by `npm run bench` (scripts/bench/): a figure says what it measures in its own module of scripts/bench/figures/. -->',
    '',
    `Today's figures, measured on ${date} by \`npm run bench\` in ${run.totalS} s: ${missed === 0 ? `every one of the ${judged.length} targets met` : `**${missed} of ${judged.length} targets missed**`}. Each value is the median of several runs with the smallest and largest in parentheses, and each peer was measured in the same runs, alternated with the action. Why each piece is built as it is, with the measurements that decided it: [docs/decisions/](docs/decisions/README.md). Earlier measurements are in this file's history in git.`,
    '',
    markdownTable(
      ['figure', 'case', 'today', 'peer, same runs', 'target', 'result'],
      texts.flatMap((text) =>
        (tableOf(text)?.rows ?? []).flatMap((row) =>
          row.headline
            ? [
                [
                  text.number,
                  row.headline.case,
                  row.headline.today,
                  row.headline.peer,
                  row.headline.target,
                  result(row)
                ]
              ]
            : []
        )
      )
    ),
    '',
    '## The machine and how to reproduce',
    '',
    markdownTable(
      ['machine', ''],
      [
        ['Node', `${machine.node} (the \`node\` dev dependency, which also runs the action)`],
        ['cores', `${machine.cores} (${machine.cpu})`],
        ['memory', machine.memory],
        ['system', machine.os],
        ['load average', `${load.before} before, ${load.after} after (a shared machine: expect noise)`]
      ]
    ),
    '',
    '```sh',
    'npm ci',
    'npm run bundle   # when src/ changed: the benchmark runs the built dist/index.js',
    'npm run bench    # every figure; rewrites this file, exits 1 when a target is missed',
    `npm run bench -- --only=unpack,site-check   # some figures (${figures.map((figure) => figure.name).join(', ')})`,
    'BENCH_SMOKE=1 npm run bench                 # every figure on tiny inputs, one run each: tries the script',
    'npm run bench:compare -- --before=<dist/index.js of another build>   # figures 3, 6 and 8, two builds alternated',
    '```',
    '',
    "A run with `--only` or `BENCH_SMOKE=1` writes its page to the temporary folder instead of this file. The action runs as the runner runs it: `node dist/index.js` in a child process, inputs as `INPUT_*` variables with action.yml's defaults, outputs through `GITHUB_OUTPUT`, against the API emulator (test/emulator/) on 127.0.0.1. Archives are generated for the run in a temporary folder, with random (incompressible) content, and deleted at the end. Every figure needs `curl`, `tar` and `sync`; what one needs besides is under its own heading, and a figure that cannot run says what it lacks.",
    '',
    ...run.info.map((line) => `- ${line}`),
    ''
  ]
  for (const text of texts) {
    const table = tableOf(text)
    parts.push(
      `## ${text.number}. ${text.title}`,
      '',
      `- **Measures:** ${text.measures}`,
      `- **Peer, in the same runs:** ${text.peer}`,
      `- **Target:** ${text.target}`,
      ...(text.needs ? [`- **Needs:** ${text.needs}`] : []),
      ''
    )
    if (!table) {
      parts.push('Not measured in this run.', '')
      continue
    }
    parts.push(
      markdownTable(
        [...table.columns, 'result'],
        table.rows.map((row) => [...row.cells, result(row)])
      ),
      ''
    )
    for (const paragraph of table.method) parts.push(paragraph, '')
  }
  parts.push('## What is left', '')
  const left = texts.flatMap((text) => {
    const misses = (tableOf(text)?.rows ?? []).filter((row) => row.pass === false)
    if (misses.length === 0) return []
    const cases = misses.map((row) =>
      row.headline ? `${row.headline.case}: ${row.headline.today}, target ${row.headline.target}` : row.cells[0]
    )
    return [`- **Figure ${text.number}, ${cases.join('; ')}.** ${text.whenMissed}`]
  })
  parts.push(...(left.length > 0 ? left : ['Every target was met in this run.']))
  return `${parts.join('\n').trimEnd()}\n`
}

function result(row: Row): string {
  const word = verdict(row)
  return row.pass === undefined ? word : `**${word}**`
}
