import { stat } from 'node:fs/promises'
import { Emulator } from '../../../test/emulator/server.ts'
import { ACTION_ENTRY, ROOT } from '../../../test/support/run-action.ts'
import { firstRequest, inputs, progress, scenario, API_KEY, type BenchContext, type Figure } from '../context.ts'
import type { FigureText } from '../report.ts'
import { removeRun, runCommand, startAction } from '../run.ts'
import { formatStat, mib, ms, ratio, stat as summarise } from '../stats.ts'

/** 4. Cold start: from spawning dist/index.js to its first API request, against `node -e 0`. */

const TARGET_OVER_FLOOR_MS = 100

const TEXT: FigureText = {
  number: '4',
  title: 'Cold start: process start → first API request',
  measures:
    "How long the runner's `node dist/index.js` takes from its spawn to its first request to the API: loading and compiling the bundle, reading the inputs, building the run.",
  peer: "`node -e 0` on the same Node binary, from spawn to exit: the runtime's own floor.",
  target: `< ${TARGET_OVER_FLOOR_MS} ms over the floor (the difference of the medians).`,
  whenMissed:
    "Most of the start is compiling and running the main chunk, of which about a third is parts of undici's index that the action does not use (fetch, WebSocket, cache, mocks), evaluated because a bundle evaluates a CommonJS index whole. Importing undici's modules one by one, with `@actions/http-client` patched to do the same, met the target (94 ms over the floor in a full run) and was undone: private module paths and a patched dependency break on the next update, for ~50 ms in a step that waits minutes; a minified bundle started slower. No next step is planned; the figure shows what a change to the bundle costs at start."
}

export const coldStart: Figure = { name: 'cold-start', texts: [TEXT], run }

async function run({ workDir, smoke, tables }: BenchContext): Promise<void> {
  const runs = smoke ? 1 : 9
  progress('\n4. Cold start: spawn → first API request, against node -e 0')
  const emulator = await new Emulator({ apiKey: API_KEY, export: scenario(0) }).start()
  const action: number[] = []
  const floor: number[] = []
  try {
    // One of each unmeasured first, so that every measured run finds the files in the page cache.
    for (let i = -1; i < runs; i++) {
      emulator.requests.length = 0
      const run = await startAction(workDir, inputs(emulator, { wait: 'false' }))
      const first = firstRequest(emulator, 'api', run.spawnAt)
      await removeRun(run)
      const node = await runCommand(process.execPath, ['-e', '0'])
      if (i < 0) continue
      action.push(first.at - run.spawnAt)
      floor.push(node.exitAt - node.spawnAt)
      progress(
        `  run ${i + 1}: action ${first.at - run.spawnAt} ms to ${first.method} ${first.path}, node -e 0 ${node.exitAt - node.spawnAt} ms`
      )
    }
  } finally {
    await emulator.stop()
  }
  const a = summarise(action)
  const f = summarise(floor)
  const over = a.median - f.median
  const size = (await stat(ACTION_ENTRY)).size
  tables.push({
    figure: TEXT.number,
    columns: [
      'action (spawn → first request)',
      'node -e 0 (spawn → exit)',
      'ratio',
      'over the floor',
      'target',
      'dist/index.js'
    ],
    rows: [
      {
        cells: [
          formatStat(a, ms),
          formatStat(f, ms),
          ratio(a.median / f.median),
          `${Math.round(over)} ms`,
          `< ${TARGET_OVER_FLOOR_MS} ms over the floor`,
          `${mib(size)} (${size} bytes)`
        ],
        pass: over < TARGET_OVER_FLOOR_MS,
        headline: {
          case: 'spawn → first request',
          today: `${Math.round(over)} ms over the floor: ${formatStat(a, ms)}`,
          peer: `node -e 0: ${formatStat(f, ms)}`,
          target: `< ${TARGET_OVER_FLOOR_MS} ms over the floor`
        }
      }
    ],
    method: [
      `${runs} runs of each, alternated, after one unmeasured run of each. The action runs as \`node dist/index.js\` with the runner's environment and \`wait: false\`; its time is from just before \`spawn()\` to the emulator's arrival time of its first request (\`POST /v1/static-export/jobs\`). The floor is \`node -e 0\` on the same binary (${process.execPath.replace(ROOT, '.')}), from just before \`spawn()\` to its exit. "Over the floor" is the difference of the medians.`
    ]
  })
}
