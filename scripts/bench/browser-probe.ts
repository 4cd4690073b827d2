/**
 * The browser pass alone, from the sources, on an unpacked export-shaped site: prints one JSON line
 * a run with the pass's time, its start-up, each page's time, and the CPU time of this process and
 * of each of the browser's processes by type (sampled from /proc while it runs). CHROME_PATH picks
 * the browser. The sources use parameter properties, which Node's type stripping does not take:
 *
 *   node --experimental-transform-types --import ./scripts/bench/resolve-ts.mjs \
 *     scripts/bench/browser-probe.ts <site folder> [pages=25] [runs=1]
 */
import { readdirSync, readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { findBrowser } from '../../src/site/browser/find.ts'
import { runBrowserPass } from '../../src/site/browser/pass.ts'
import { choosePages } from '../../src/site/browser/sample.ts'
import { isPage } from '../../src/site/reader.ts'
import { ReferenceResolver, SiteFiles } from '../../src/site/resolve.ts'

const [root = '', pageCount = '25', runCount = '1'] = process.argv.slice(2)
const files = (await readdir(root, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
const pages = choosePages(
  files.filter(isPage).filter((page) => page !== '404.html'),
  Number(pageCount)
)
const executable = findBrowser(process.env).executable ?? ''
const tick = 1000 / 100
/** user + system of the waited-for children, from /proc/self/stat (fields 16 and 17), in ms. */
function childrenCpu(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[13]) + Number(fields[14])) * tick
}
/** CPU of each process of the browser (its process group), by type, sampled while it runs. */
const perProcess = new Map<number, { type: string; ms: number }>()
function sampleBrowser(): void {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const group = Number(fields[2])
      const leader = groups.get(group)
      if (leader === undefined) {
        const leaderStat = readFileSync(`/proc/${group}/stat`, 'utf8')
        groups.set(group, Number(leaderStat.slice(leaderStat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid)
        if (!groups.get(group)) continue
      } else if (!leader) continue
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser'
      const utility = /--utility-sub-type=([\w.]+)/.exec(cmd)?.[1]
      perProcess.set(Number(pid), {
        type: utility ? `${type}:${utility.split('.').pop()}` : type,
        ms: (Number(fields[11]) + Number(fields[12])) * tick
      })
    } catch {
      // The process ended between the listing and the read.
    }
  }
}
const groups = new Map<number, boolean>()
for (let run = 0; run < Number(runCount); run++) {
  perProcess.clear()
  groups.clear()
  const sampler = setInterval(sampleBrowser, 100)
  const cpu = process.cpuUsage()
  const children = childrenCpu()
  const started = performance.now()
  const result = await runBrowserPass({
    root,
    site: new SiteFiles(root, files),
    resolver: new ReferenceResolver('docs.bench.dev'),
    pages,
    executable,
    tempDirectory: os.tmpdir(),
    environment: process.env,
    deadline: Date.now() + 120_000,
    signal: new AbortController().signal
  })
  const wall = performance.now() - started
  clearInterval(sampler)
  const byType: Record<string, number> = {}
  for (const { type, ms } of perProcess.values()) byType[type] = (byType[type] ?? 0) + ms
  const processes = perProcess.size
  const own = process.cpuUsage(cpu)
  const problems = [...result.visits.values()].reduce(
    (sum, visit) =>
      sum + visit.loads.length + visit.missing.length + visit.errors.length + visit.renderedMissing.length,
    0
  )
  console.log(
    JSON.stringify({
      pages: result.pages.length,
      problems,
      wallMs: Math.round(wall),
      perPageMs: Math.round(wall / result.pages.length),
      startupMs: result.startupMs,
      passMs: result.durationMs,
      nodeCpuMs: Math.round((own.user + own.system) / 1000),
      browserCpuMs: Math.round(childrenCpu() - children),
      load: os.loadavg()[0]?.toFixed(2),
      pageMs: [...result.visits.values()].map((visit) => visit.durationMs).sort((a, b) => a - b),
      processes,
      byType
    })
  )
}
