/**
 * Two builds of the action side by side, alternated in one run, on the three figures that judge its
 * own work on a site: the unpacking of figure 3 (tar.gz on tmpfs), the site check of figure 6 (whole
 * runs, `verify: warn` less `verify: off`) and the browser pass of figure 8 (per page). Each round
 * runs `tar -xzf` and both builds, the builds' order swapped every round; prints a markdown table of
 * medians (minimum–maximum) and each build's ratio to tar. Writes nothing.
 *
 *   npm run bench:compare -- --before=/tmp/old/dist/index.js [--runs=5] [--only=unpack,check,browser]
 *
 * The "before" build is another commit's dist/, built in a folder of its own:
 *   git archive <commit> | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/node_modules && (cd /tmp/old && npm run bundle)
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { SiteCheckReport } from '../../src/site/report.ts'
import { ACTION_ENTRY } from '../../test/support/run-action.ts'
import { Emulator } from '../../test/emulator/server.ts'
import { writeSmallFilesSite } from './archives.ts'
import { API_KEY, inputs, lineAt, makeMemoryFolder, progress, scenario, settle } from './context.ts'
import { writeExportSite } from './export-site.ts'
import { BROWSER_TARGET_PER_PAGE_MS } from './figures/browser-pass.ts'
import { SITE_CHECK_TARGET_RATIO } from './figures/site-check.ts'
import { UNPACK_TARGET } from './figures/unpack.ts'
import { removeRun, runCommand, startAction, type ActionRun } from './run.ts'
import { formatStat, ms, ratio, stat, type Stat } from './stats.ts'

const arg = (name: string): string | undefined =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3)
const before = arg('before')
if (!before) throw new Error('compare: --before=<the other build’s dist/index.js> is needed')
const runs = Number(arg('runs') ?? 5)
const only = new Set((arg('only') ?? 'unpack,check,browser').split(','))
const builds = [
  { label: 'before', entry: path.resolve(before) },
  { label: 'after', entry: ACTION_ENTRY }
]

const work = await mkdtemp(path.join(os.tmpdir(), 'action-compare-'))
const place = (await makeMemoryFolder()) ?? work
const lines: string[] = [
  `| figure | reference: tar -xzf | before | after | before / tar | after / tar | target |`,
  `|---|---|---|---|---|---|---|`
]
/**
 * CPU time of the action's process (every thread, not its children: not the browser), user and
 * system, whole runs (the check's: the run with it less the run without): what a loaded machine
 * disturbs least.
 */
const cpuLines: string[] = [`| figure: the action's CPU time | before | after | after / before |`, `|---|---|---|---|`]

/** Step time of `group` in `run`, from its opening line to the next `::endgroup::`. */
function groupTime(run: ActionRun, group: string): number {
  const begin = lineAt(run, `::group::${group}`)
  const end = lineAt(run, '::endgroup::', begin)
  return (run.lines[end]?.at ?? 0) - (run.lines[begin]?.at ?? 0)
}

async function tarTime(file: string): Promise<number> {
  const destination = await mkdtemp(path.join(place, 'tar-out-'))
  const run = await runCommand('tar', ['-xzf', file, '-C', destination])
  await rm(destination, { recursive: true, force: true })
  return run.exitAt - run.spawnAt
}

/**
 * Rounds of tar and both builds, the builds' order swapped every round, after one unmeasured
 * round; `measure` returns one build's figure for a run.
 */
async function rounds(
  name: string,
  file: string,
  measure: (entry: string) => Promise<[time: number, cpu: number]>
): Promise<{ tar: Stat; figures: Stat[] }> {
  const tar: number[] = []
  const figures: number[][] = builds.map(() => [])
  const cpu: number[][] = builds.map(() => [])
  for (let round = -1; round < runs; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0]
    const taken: [number, number][] = []
    const t = await tarTime(file)
    for (const index of order) taken[index] = await measure(builds[index]?.entry ?? '')
    settle()
    if (round < 0) continue
    tar.push(t)
    for (const [index, [value, used]] of taken.entries()) {
      figures[index]?.push(value)
      cpu[index]?.push(used)
    }
    progress(
      `  ${name}, round ${round + 1}: tar ${t} ms; before ${taken[0]?.[0]} ms (CPU ${taken[0]?.[1]} ms), after ${taken[1]?.[0]} ms (CPU ${taken[1]?.[1]} ms)`
    )
  }
  const [old, now] = cpu.map((values) => stat(values))
  if (old && now)
    cpuLines.push(`| ${name} | ${formatStat(old, ms)} | ${formatStat(now, ms)} | ${ratio(now.median / old.median)} |`)
  return { tar: stat(tar), figures: figures.map((values) => stat(values)) }
}

const cpuOf = (run: ActionRun): number => run.memory?.cpuMs ?? Number.NaN

/** A row of the table; `perPage` divides a figure taken for that many pages, whose ratio to tar means nothing. */
function row(figure: string, tar: Stat, [old, now]: Stat[], target: string, perPage?: number): void {
  if (!old || !now) return
  const per = perPage ?? 1
  const against = (value: Stat): string => (perPage ? '' : ratio(value.median / tar.median))
  const shown = (value: Stat): string =>
    formatStat({ ...value, median: value.median / per, min: value.min / per, max: value.max / per }, ms)
  lines.push(
    `| ${figure} | ${formatStat(tar, ms)} | ${shown(old)} | ${shown(now)} | ${against(old)} | ${against(now)} | ${target} |`
  )
}

try {
  if (only.has('unpack')) {
    progress('Unpacking 20,000 small files (figure 3, tar.gz on tmpfs)')
    const file = path.join(work, 'small.tar.gz')
    await writeSmallFilesSite(file, 20_000)
    const emulator = await new Emulator({
      apiKey: API_KEY,
      export: scenario(0),
      archive: { file, name: 'bundle.tar.gz' }
    }).start()
    try {
      const { tar, figures } = await rounds('unpack', file, async (entry) => {
        const run = await startAction(place, inputs(emulator, { extract: 'true', verify: 'off' }), {
          entry,
          probeRss: true
        })
        await removeRun(run)
        return [groupTime(run, 'Unpack the site'), cpuOf(run)]
      })
      row('3. unpack 20,000 small files, tmpfs: the step', tar, figures, `≤ ${UNPACK_TARGET.tarMemory} × tar`)
    } finally {
      await emulator.stop()
    }
  }
  if (only.has('check')) {
    progress('Site check of 20,000 export-shaped pages (figure 6): verify: warn less verify: off, whole runs')
    const file = path.join(work, 'site-20000.tar.gz')
    await writeExportSite(file, 20_000)
    const emulator = await new Emulator({
      apiKey: API_KEY,
      export: { ...scenario(0), pages: 20_000 },
      archive: { file, name: 'bundle.tar.gz' }
    }).start()
    const steps: number[][] = [[], []]
    try {
      const { tar, figures } = await rounds('check', file, async (entry) => {
        const warn = await startAction(
          place,
          inputs(emulator, { extract: 'true', verify: 'warn', 'verify-browser': 'off' }),
          { entry, timeoutMs: 600_000, probeRss: true }
        )
        const report = JSON.parse(await readFile(warn.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
        if (report.counts.problems > 0) throw new Error('the site check found problems on the clean site')
        steps[entry === ACTION_ENTRY ? 1 : 0]?.push(groupTime(warn, 'Check the site'))
        await removeRun(warn)
        const off = await startAction(place, inputs(emulator, { extract: 'true', verify: 'off' }), {
          entry,
          timeoutMs: 600_000,
          probeRss: true
        })
        await removeRun(off)
        return [warn.exitAt - warn.spawnAt - (off.exitAt - off.spawnAt), cpuOf(warn) - cpuOf(off)]
      })
      row(
        '6. site check of 20,000 pages, tmpfs: verify: warn less verify: off',
        tar,
        figures,
        `≤ ${SITE_CHECK_TARGET_RATIO} × tar`
      )
      // The unmeasured round's steps are the first of each.
      row(
        '6. the same: the "Check the site" step',
        tar,
        steps.map((values) => stat(values.slice(1))),
        `≤ ${SITE_CHECK_TARGET_RATIO} × tar`
      )
    } finally {
      await emulator.stop()
    }
  }
  if (only.has('browser')) {
    progress('Browser pass, 25 pages of 2,000 (figure 8)')
    const file = path.join(work, 'site-2000.tar.gz')
    await writeExportSite(file, 2_000)
    const emulator = await new Emulator({
      apiKey: API_KEY,
      export: { ...scenario(0), pages: 2_000 },
      archive: { file, name: 'bundle.tar.gz' }
    }).start()
    try {
      const { tar, figures } = await rounds('browser', file, async (entry) => {
        const run = await startAction(
          place,
          inputs(emulator, { extract: 'true', verify: 'warn', 'verify-browser': 'on' }),
          { entry, timeoutMs: 300_000, probeRss: true }
        )
        const report = JSON.parse(await readFile(run.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
        if (report.browser?.pages.length !== 25) throw new Error('the browser pass did not load 25 pages')
        await removeRun(run)
        return [groupTime(run, 'Load the site in a browser'), cpuOf(run)]
      })
      row(
        '8. browser pass, 25 pages: the step, a page (start-up included)',
        tar,
        figures,
        `≤ ${BROWSER_TARGET_PER_PAGE_MS} ms a page`,
        25
      )
    } finally {
      await emulator.stop()
    }
  }
} finally {
  await rm(work, { recursive: true, force: true })
  if (place !== work) await rm(place, { recursive: true, force: true })
}
console.log(`\n${lines.join('\n')}\n\n${cpuLines.join('\n')}`)
console.log(
  `\nLoad average at the end: ${os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`
)
