import { spawnSync } from 'node:child_process'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { DeploymentReport } from '../../../src/deployment/report.ts'
import { siteServer, startNginx, type StaticHost } from '../../../test/support/nginx.ts'
import { progress, settle, type BenchContext, type Figure } from '../context.ts'
import { writeExportSite } from '../export-site.ts'
import { findNginx, NGINX_MISSING } from '../nginx.ts'
import type { FigureText, Row } from '../report.ts'
import { runCommand } from '../run.ts'
import { formatStat, ms, ratio, stat as summarise } from '../stats.ts'

/**
 * 9. The deployment check of every file of the export-shaped site of 2,000 pages, and of every
 *    page without .html, served by nginx, against curl and wget fetching the same URLs.
 */

const SITE_PAGES = 2_000
/** The check's own time may be this many times curl's with as many connections (TEXT.target says why). */
const TARGET_RATIO = 4
const HERE = path.dirname(fileURLToPath(import.meta.url))
const PROBE = path.join(HERE, '../deployment-probe.ts')
const RESOLVE_TS = path.join(HERE, '../resolve-ts.mjs')

const TEXT: FigureText = {
  number: '9',
  title: `Deployment check of ${SITE_PAGES.toLocaleString('en')} export-shaped pages: every file and route`,
  measures:
    '`check-deployment` with `check-files: all` against a site served by nginx, without and with gzip: every file of the manifest and every page without `.html`, each body decoded and hashed as it arrives.',
  peer: '`curl --parallel --parallel-max 8` and `wget -i` (one kept-alive connection) fetching the same URLs to /dev/null, which hash and compare nothing.',
  target: `≤ ${TARGET_RATIO} × curl's time, with as many connections: curl is native code that only writes the bodies away, and the check decodes, hashes and compares each one.`,
  whenMissed:
    "Profile the check (`--cpu-prof` on scripts/bench/deployment-probe.ts): when it last met the target, undici's cost per request was what remained (its header writes, `EnvHttpProxyAgent` reading the proxy variables on every request, collection), after a body without encoding was read without `pipeline()` (1.5 s to 0.75 s, load ~4) and a small encoded one decoded in one call (2.7 s to 2.1 s with gzip; src/deployment/decode.ts).",
  needs: 'nginx, as figure 1; `wget` (without it the figure compares with curl alone).'
}

export const deployment: Figure = { name: 'deployment', texts: [TEXT], run }

interface Probe {
  status: string
  filesCompared: number
  filesMatching: number
  routesTried: number
  routesAnswering: number
  checkMs: number
}

async function run({ workDir, smoke, tables, info }: BenchContext): Promise<void> {
  const nginxBinary = findNginx()
  if (!nginxBinary) throw new Error(NGINX_MISSING)
  const hasWget = !spawnSync('wget', ['--version']).error
  const runs = smoke ? 1 : 5
  const pages = smoke ? 300 : SITE_PAGES
  progress(`\n9. Deployment check of every file of ${pages} export-shaped pages, against curl and wget`)
  const folder = path.join(workDir, 'deployment')
  const site = path.join(folder, 'site')
  await mkdir(site, { recursive: true })
  const archive = await writeExportSite(path.join(folder, 'site.tar.gz'), pages)
  await runCommand('tar', ['-xzf', path.join(folder, 'site.tar.gz'), '-C', site])
  await runCommand(process.execPath, ['--import', RESOLVE_TS, PROBE, 'manifest', site, folder])
  const manifest = path.join(folder, 'manifest.json')
  settle()
  const rows: Row[] = []
  let requests = 0
  try {
    for (const gzip of [false, true]) {
      const host = await startNginx(nginxBinary, siteServer({ root: site, extensionless: true, gzip }), folder)
      try {
        const row = await measure(host, folder, manifest, gzip, runs, hasWget)
        rows.push(row.row)
        requests = row.requests
      } finally {
        await host.stop()
      }
    }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
  if (!hasWget) info.push('wget is not installed: figure 9 compares with curl alone.')
  tables.push({
    figure: TEXT.number,
    columns: [
      'served by nginx',
      'checkDeployment()',
      'its process: spawn → exit',
      'curl --parallel-max 8',
      'wget -i (one connection)',
      'ratio (checkDeployment / curl)',
      'target'
    ],
    rows,
    method: [
      `The export-shaped site of figure 6 (scripts/bench/export-site.ts) at ${pages} pages: ${archive.files} files, and its manifest as the export writes it. nginx serves it on 127.0.0.1 (one process, sendfile, \`try_files $uri $uri.html $uri/ =404\`), without and with gzip (\`gzip on\` for every type). The check is \`checkDeployment()\` with \`check-files: all\`: every one of the ${requests} URLs once (each file, each page without .html, and the front page), eight at a time, each body decoded and hashed as it arrives, in a process of its own (scripts/bench/deployment-probe.ts, which imports src/ through scripts/bench/resolve-ts.mjs): the check's own time, from the call to its result, judged against the references; and the process from its spawn to its exit, for information (Node strips the types of the sources it loads, about 0.4 s that the built bundle does not spend). The references fetch the same URLs, which the check's report lists: \`curl --parallel --parallel-max 8\` (\`--compressed\` with gzip), every body to /dev/null, and \`wget -q -i\` on one kept-alive connection (\`--compression=gzip\` with gzip). Neither reference hashes or compares anything. One unmeasured run of each, then ${runs} runs of each, alternated.`
    ]
  })
}

async function measure(
  host: StaticHost,
  folder: string,
  manifest: string,
  gzip: boolean,
  runs: number,
  hasWget: boolean
): Promise<{ row: Row; requests: number }> {
  const label = gzip ? 'gzip' : 'no compression'
  const reportFile = path.join(folder, 'deployment-report.json')
  const check = async (): Promise<[number, Probe]> => {
    const done = await runCommand(process.execPath, [
      '--import',
      RESOLVE_TS,
      PROBE,
      'check',
      manifest,
      host.baseUrl,
      reportFile
    ])
    const probe = JSON.parse(done.stdout.trim().split('\n').at(-1) ?? '{}') as Probe
    if (probe.status !== 'current' || probe.filesMatching !== probe.filesCompared)
      throw new Error(`the check found the deployment ${probe.status}, not current: ${JSON.stringify(probe)}`)
    return [done.exitAt - done.spawnAt, probe]
  }
  const [, first] = await check()
  const report = JSON.parse(await readFile(reportFile, 'utf8')) as DeploymentReport
  const urls = [...report.files.map((file) => file.url), ...report.routes.map((route) => route.url)]
  const curlConfig = path.join(folder, 'curl.conf')
  await writeFile(curlConfig, urls.map((url) => `url = "${url}"\noutput = "/dev/null"\n`).join(''))
  const wgetList = path.join(folder, 'urls.txt')
  await writeFile(wgetList, `${urls.join('\n')}\n`)
  const curlArgs = [
    '--silent',
    '--fail',
    '--parallel',
    '--parallel-max',
    '8',
    ...(gzip ? ['--compressed'] : []),
    '-K',
    curlConfig
  ]
  const wgetArgs = ['-q', '-O', '/dev/null', ...(gzip ? ['--compression=gzip'] : []), '-i', wgetList]
  const curl = async (): Promise<number> => {
    const done = await runCommand('curl', curlArgs)
    return done.exitAt - done.spawnAt
  }
  const wget = async (): Promise<number | undefined> => {
    if (!hasWget) return undefined
    const done = await runCommand('wget', wgetArgs)
    return done.exitAt - done.spawnAt
  }
  await curl()
  await wget()
  const times = { check: [] as number[], inner: [] as number[], curl: [] as number[], wget: [] as number[] }
  for (let i = 0; i < runs; i++) {
    const order: (() => Promise<void>)[] = [
      async () => {
        const [elapsed, probe] = await check()
        times.check.push(elapsed)
        times.inner.push(probe.checkMs)
      },
      async () => void times.curl.push(await curl()),
      async () => {
        const elapsed = await wget()
        if (elapsed !== undefined) times.wget.push(elapsed)
      }
    ]
    for (const step of i % 2 === 0 ? order : order.reverse()) await step()
    progress(
      `  ${label} run ${i + 1}: check ${times.check.at(-1)} ms (${Math.round(times.inner.at(-1) ?? 0)} ms inside), curl ${times.curl.at(-1)} ms${hasWget ? `, wget ${times.wget.at(-1)} ms` : ''}`
    )
  }
  const checkStat = summarise(times.inner)
  const curlStat = summarise(times.curl)
  const value = checkStat.median / curlStat.median
  return {
    requests: first.filesCompared + first.routesTried,
    row: {
      cells: [
        `${label}: ${first.filesCompared} files, ${first.routesTried} routes`,
        formatStat(checkStat, ms),
        formatStat(summarise(times.check), ms),
        formatStat(curlStat, ms),
        times.wget.length > 0 ? formatStat(summarise(times.wget), ms) : 'n/a',
        ratio(value),
        `≤ ${TARGET_RATIO}`
      ],
      pass: value <= TARGET_RATIO,
      headline: {
        case: label,
        today: `${ratio(value)} × curl: ${formatStat(checkStat, ms)}`,
        peer: `curl: ${formatStat(curlStat, ms)}${times.wget.length > 0 ? `; wget: ${formatStat(summarise(times.wget), ms)}` : ''}`,
        target: `≤ ${TARGET_RATIO} × curl`
      }
    }
  }
}
