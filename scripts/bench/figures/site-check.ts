import { mkdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import type { SiteCheckReport } from '../../../src/site/report.ts'
import { Emulator } from '../../../test/emulator/server.ts'
import { API_KEY, inputs, lineAt, progress, scenario, settle, type BenchContext, type Figure } from '../context.ts'
import { EXPORT_SITE_DOMAIN, writeExportSite } from '../export-site.ts'
import type { FigureText, Row } from '../report.ts'
import { removeRun, runCommand, startAction } from '../run.ts'
import { formatStat, mib, ms, ratio, stat as summarise, type Stat } from '../stats.ts'

/** 6. The site check on an export-shaped site: the action's "Check the site" step against `tar -xzf` of the same archive. */

export const SITE_CHECK_TARGET_RATIO = 2

const TEXT: FigureText = {
  number: '6',
  title: 'Site check of 20,000 export-shaped pages',
  measures:
    'The static site check (`verify: warn`) of a clean export-shaped site: listing it, reading every page and style sheet, resolving and checking every internal reference and fragment, the sitemap, the report. The step runs on every `extract`, so its cost is paid on every export.',
  peer: '`tar -xzf` of the same archive into an empty folder in the same place: writing the site is the floor of anything that reads it back.',
  target: `≤ ${SITE_CHECK_TARGET_RATIO} × \`tar -xzf\` at 20,000 pages, both for the step and for the whole run with the check less the run without it. How it reads HTML and CSS: [docs/decisions/html-tokenizer.md](docs/decisions/html-tokenizer.md), [docs/decisions/css-scanner.md](docs/decisions/css-scanner.md).`,
  whenMissed:
    "Profile one worker (`--cpu-prof` on the check of the 20,000-page site, from the sources): the tokenizer took ~30 % of a worker's time, the scanner's callbacks ~20 %, resolving and tallying references ~16–18 % and reading the files ~8 % when the target was last met with room; a part that grew is the regression.",
  needs: 'A tmpfs at /dev/shm, where the figure runs (else the temporary folder, on disk).'
}

export const siteCheck: Figure = { name: 'site-check', texts: [TEXT], run }

interface SiteRow {
  pages: number
  check: Stat
  /** Whole runs, spawn to exit: the run with the check (`verify: warn`) less the run without it (`verify: off`). */
  warnMinusOff: Stat
  tar: Stat
  /** Undefined where the RSS probe cannot tell. */
  rss?: Stat
  threads: number
  references: number
}

async function run({ workDir, smoke, tables, info, memoryDir }: BenchContext): Promise<void> {
  const sizes = smoke
    ? [{ pages: 300, runs: 1 }]
    : [
        { pages: 2_000, runs: 3 },
        { pages: 20_000, runs: 5 }
      ]
  const memory = await memoryDir()
  const place = memory ?? workDir
  const placeLabel = memory ? 'memory (tmpfs, /dev/shm)' : `disk (${workDir})`
  progress(`\n6. Site check of an export-shaped site, against tar -xzf of the same archive, on ${placeLabel}`)
  const rows: SiteRow[] = []
  let archive = { sizeBytes: 0, contentBytes: 0, files: 0 }
  for (const { pages, runs } of sizes) {
    const file = path.join(workDir, `export-site-${pages}.tar.gz`)
    const t = Date.now()
    archive = await writeExportSite(file, pages)
    info.push(
      `Generated the export-shaped site of ${pages} pages (${archive.files} files, ${mib(archive.contentBytes)} of content, ${archive.sizeBytes} bytes as tar.gz) in ${((Date.now() - t) / 1000).toFixed(1)} s.`
    )
    progress(
      `  generated ${pages} pages: ${archive.files} files, ${mib(archive.contentBytes)} of content, ${mib(archive.sizeBytes)} as tar.gz`
    )
    settle()
    const emulator = await new Emulator({
      apiKey: API_KEY,
      export: { ...scenario(0), pages },
      archive: { file, name: 'bundle.tar.gz' }
    }).start()
    try {
      rows.push(await measure(emulator, file, place, pages, runs))
    } finally {
      await emulator.stop()
      await rm(file, { force: true })
    }
  }

  const judged = rows.at(-1)
  const stepRatio = (row: SiteRow): number => row.check.median / row.tar.median
  const wholeRatio = (row: SiteRow): number => row.warnMinusOff.median / row.tar.median
  tables.push({
    figure: TEXT.number,
    columns: [
      'pages',
      'action: "Check the site" step',
      'tar -xzf alone',
      'ratio (check / tar)',
      'whole run, verify: warn less verify: off',
      'ratio (that / tar)',
      'target',
      'threads',
      'action: max RSS'
    ],
    rows: rows.map((row): Row => ({
      cells: [
        row.pages.toLocaleString('en'),
        formatStat(row.check, ms),
        formatStat(row.tar, ms),
        ratio(stepRatio(row)),
        formatStat(row.warnMinusOff, ms),
        ratio(wholeRatio(row)),
        row === judged ? `≤ ${SITE_CHECK_TARGET_RATIO}, both` : '',
        String(row.threads),
        row.rss ? formatStat(row.rss, mib) : 'n/a'
      ],
      pass:
        row === judged
          ? stepRatio(row) <= SITE_CHECK_TARGET_RATIO && wholeRatio(row) <= SITE_CHECK_TARGET_RATIO
          : undefined,
      headline:
        row === judged
          ? {
              case: `${row.pages.toLocaleString('en')} pages`,
              today: `${ratio(wholeRatio(row))} × tar -xzf whole runs, ${ratio(stepRatio(row))} the step alone: ${formatStat(row.check, ms)}`,
              peer: `tar -xzf: ${formatStat(row.tar, ms)}`,
              target: `≤ ${SITE_CHECK_TARGET_RATIO} × tar -xzf, both`
            }
          : undefined
    })),
    method: [
      `The site is what test/emulator/sites.ts renders, at scale (scripts/bench/export-site.ts): \`index.html\` and pages in folders of 100, each as the export writes it (preloads, a style sheet, three scripts, canonical and og:url on the domain, a sidebar of the folder's pages and the first sections written without \`.html\`, a table of contents linking to a heading of the page, a relative link to a heading of another page, an image with a srcset, 1.5 KB of text, a 6 KiB inline RSC payload), its \`.txt\` payload beside it, the \`_next/static/\` assets with a style sheet whose url()s name the font and an image, and a sitemap of every page: ${archive.files} files, ${mib(archive.contentBytes)} for ${judged?.pages ?? 0} pages, ${judged?.references ?? 0} internal references checked, fragments included. The site is clean: the action runs with \`extract: true\`, \`verify: warn\` and \`verify-browser: off\`, and a run whose report holds a problem stops the benchmark.`,
      `The check's time is between the \`::group::Check the site\` and \`::endgroup::\` lines of the action's log, timestamped as they arrive on the pipe: the listing, reading every page and style sheet, the sitemap, the report, the log. The second measure is the whole run, spawn to exit, less that of a run with \`verify: off\` on the same archive, alternated with it: the check with everything it brings (its module, its worker threads, the report). The reference is \`tar -xzf\` of the same archive into an empty folder in the same place, from spawn to exit. The action unpacks into its RUNNER_TEMP, made in the same place. One unmeasured run of each, then the measured runs, alternated; the files of each run are deleted before the next. Max RSS is the action process's peak over the whole run (download, unpacking and check, worker threads included); the ${rows[0]?.pages ?? 0}-page row shows how much of it grows with the site. What the check keeps alive is the file listing and a bounded cache (docs/site-check.md, Memory); the rest of the growth is memory the collector has freed and the process has not returned.`
    ]
  })
}

async function measure(emulator: Emulator, file: string, place: string, pages: number, runs: number): Promise<SiteRow> {
  const check: number[] = []
  const warnMinusOff: number[] = []
  const tar: number[] = []
  const rss: number[] = []
  let threads = 0
  let references = 0
  /** The check's time, the run's whole time, and its max RSS. */
  const measureAction = async (): Promise<[number, number, number | undefined]> => {
    const run = await startAction(
      place,
      inputs(emulator, { extract: 'true', verify: 'warn', 'verify-browser': 'off' }),
      {
        probeRss: true,
        timeoutMs: 600_000
      }
    )
    const begin = lineAt(run, '::group::Check the site')
    const end = lineAt(run, '::endgroup::', begin)
    const report = JSON.parse(await readFile(run.outputs['verify-report-path'] ?? '', 'utf8')) as SiteCheckReport
    if (report.domain !== EXPORT_SITE_DOMAIN || report.counts.htmlPages !== pages) {
      throw new Error(
        `the site check saw ${report.counts.htmlPages} pages on ${report.domain}, not ${pages} on ${EXPORT_SITE_DOMAIN}`
      )
    }
    if (report.counts.problems > 0)
      throw new Error(`the site check found ${report.counts.problems} problems on the clean site`)
    threads = report.threads
    references = report.counts.internalReferences
    await removeRun(run)
    return [(run.lines[end]?.at ?? 0) - (run.lines[begin]?.at ?? 0), run.exitAt - run.spawnAt, run.memory?.maxRssBytes]
  }
  /** The same run without the check, spawn to exit; the RSS probe loaded as in the run with it. */
  const measureWithout = async (): Promise<number> => {
    const run = await startAction(place, inputs(emulator, { extract: 'true', verify: 'off' }), {
      probeRss: true,
      timeoutMs: 600_000
    })
    await removeRun(run)
    return run.exitAt - run.spawnAt
  }
  const measureTar = async (): Promise<number> => {
    const destination = path.join(place, 'tar-out')
    await mkdir(destination)
    const reference = await runCommand('tar', ['-xzf', file, '-C', destination])
    await rm(destination, { recursive: true, force: true })
    return reference.exitAt - reference.spawnAt
  }
  for (let i = -1; i < runs; i++) {
    // Alternated, so that neither always runs right after the clean-up of the other.
    let c: [number, number, number | undefined]
    let o: number
    let r: number
    if (i % 2 === 0) {
      r = await measureTar()
      o = await measureWithout()
      c = await measureAction()
    } else {
      c = await measureAction()
      o = await measureWithout()
      r = await measureTar()
    }
    if (i < 0) continue
    check.push(c[0])
    warnMinusOff.push(c[1] - o)
    if (c[2] !== undefined) rss.push(c[2])
    tar.push(r)
    progress(
      `  ${pages} pages, run ${i + 1}: check ${c[0]} ms, whole run ${c[1]} ms against ${o} ms with verify: off, tar -xzf ${r} ms${c[2] === undefined ? '' : `, max RSS ${mib(c[2])}`}`
    )
  }
  return {
    pages,
    check: summarise(check),
    warnMinusOff: summarise(warnMinusOff),
    tar: summarise(tar),
    rss: rss.length > 0 ? summarise(rss) : undefined,
    threads,
    references
  }
}
