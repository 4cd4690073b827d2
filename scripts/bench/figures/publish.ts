import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { appendFile, link, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { startS3Proxy } from '../../../test/support/s3-proxy.ts'
import { missingSwift, startSwift } from '../../../test/support/swift.ts'
import { startWebsiteHost } from '../../../test/support/website-host.ts'
import { progress, settle, type BenchContext, type Figure } from '../context.ts'
import { writeExportSite } from '../export-site.ts'
import type { FigureText, Row } from '../report.ts'
import { readMemory, RSS_PROBE, runCommand } from '../run.ts'
import { formatStat, mib, ms, ratio, stat as summarise } from '../stats.ts'

/**
 * 11. Publishing an export-shaped site of 20,000 pages to S3: the publish (src/publish/, a probe
 *     process) against `aws s3 sync --delete` of the same folder, to the same Swift with s3api on
 *     127.0.0.1, both through one recording proxy that counts their requests.
 */

const PAGES = 20_000
const SMALL_PAGES = 2_000
const CHANGED_PAGES = 10
/** The second publish is this many times faster than the sync, and makes this many times fewer requests. */
const TARGET_SPEEDUP = 20
const TARGET_FEWER_REQUESTS = 100
/** The first publish takes at most as long as the sync. */
const TARGET_FIRST_RATIO = 1
/** Peak memory of a publish of 20,000 pages, against one of 2,000. */
const TARGET_MEMORY_RATIO = 1.2
/**
 * One run: it uploads the 40,000 files of the large site four times over (two publishes and two
 * syncs that upload everything), about twenty minutes on two cores.
 */
const RUNS = 1
const HERE = path.dirname(fileURLToPath(import.meta.url))
const PROBE = path.join(HERE, '../publish-probe.ts')
const RESOLVE_TS = path.join(HERE, '../resolve-ts.mjs')
/** Debian's awscli: a pyenv shim earlier on the PATH may be another one. */
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws'

const TEXT: FigureText = {
  number: '11',
  title: 'Publish of a 20,000-page site to S3 (Swift), against aws s3 sync',
  measures:
    '`publish-to: s3://…` of an export-shaped site of 20,000 pages (each with its RSC payload: 40,000 files and the assets, and each page under its route too: 60,000 objects): the second publish, with 10 pages changed and the read-back through `publish-public-url` included, against the sync that a workflow runs after a fresh unpack; the first publish into an empty prefix; and the peak memory of a publish of 2,000 pages against one of 20,000.',
  peer: '`aws s3 sync --delete` of the same folder, unpacked afresh (so that every file is newer than its object, as after a fresh unpack on a runner), to the same endpoint with the same credentials, with its defaults (ten requests at a time); then, for the same bucket as the publish leaves, each page under its route: the pages hard-linked under their routes into a folder of their own and synced with `--content-type text/html`, as S3 static website hosting needs.',
  target: `second publish ≥ ${TARGET_SPEEDUP} × faster and ≥ ${TARGET_FEWER_REQUESTS} × fewer requests than the sync; first publish ≤ ${TARGET_FIRST_RATIO} × the sync; peak memory of 20,000 pages ≤ ${TARGET_MEMORY_RATIO} × that of 2,000.`,
  whenMissed:
    "For the times, compare the request counts with the last run that met the target: the listing is one request per 1,000 objects, the record one GET and one PUT, the uploads go 16 at a time and the read-back eight at a time. For the memory: the publish runs on a thread of its own whose heap is bounded (src/publish/index.ts: a young generation of 8 MiB, an old one of at most 256 MiB; docs/decisions/publish-thread.md). Look first at whether the limits still reach the thread, then at what it holds for each file (the manifest it reads, the plan, the ETags) and at the record's bytes, written straight into one buffer (src/manifest/json-file.ts). On the run's own thread, with V8's defaults, the AWS SDK's garbage (about 200 KB a request) lifted the peak with the length of the publish: 236–250 MiB at 2,000 pages, 317 MiB at 20,000.",
  needs:
    "OpenStack Swift (`swift-proxy`, `swift-account`, `swift-container`, `swift-object`) with `memcached`, and Debian's awscli, as .ci/run installs them for the tests."
}

export const publish: Figure = { name: 'publish', texts: [TEXT], run }

interface Probe {
  uploaded: number
  unchanged: number
  deleted: number
  publishMs: number
}

interface Measured {
  processMs: number
  requests: number
  maxRssBytes?: number
}

/** Each page of `siteDir` but the front page, a folder's index and 404.html, hard-linked under its route into a new folder beside it. */
async function linkRoutes(siteDir: string): Promise<string> {
  const into = `${siteDir}.routes`
  const files = (await readdir(siteDir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile())
  for (const entry of files) {
    const file = path.relative(siteDir, path.join(entry.parentPath, entry.name))
    if (!file.endsWith('.html') || file === '404.html' || path.basename(file) === 'index.html') continue
    const route = path.join(into, file.slice(0, -'.html'.length))
    await mkdir(path.dirname(route), { recursive: true })
    await link(path.join(siteDir, file), route)
  }
  return into
}

async function run({ workDir, smoke, tables, info }: BenchContext): Promise<void> {
  const missing = missingSwift()
  if (missing) throw new Error(`the publish figure needs OpenStack Swift: ${missing}`)
  const awsVersion = await runCommand(AWS, ['--version']).catch(() => undefined)
  if (!awsVersion) throw new Error("the publish figure needs Debian's awscli (apt-get install awscli)")
  const runs: number = RUNS
  const pages = smoke ? 1_000 : PAGES
  const smallPages = smoke ? 100 : SMALL_PAGES
  progress(
    `\n${TEXT.number}. Publish of a ${pages}-page site to S3 (Swift with s3api), against aws s3 sync of the same folder`
  )
  const folder = path.join(workDir, 'publish')
  await mkdir(folder, { recursive: true })
  const swift = await startSwift(folder)
  const proxy = await startS3Proxy(swift.endpoint)
  // Where visitors read the site: a host that answers as S3's website endpoint does, in front of Swift's public path.
  const website = await startWebsiteHost('website', (bucket) => `${proxy.url}/v1/AUTH_test/${bucket}`)
  try {
    const env = { ...process.env, ...swift.awsEnvironment }
    const archive = path.join(folder, 'site.tar.gz')
    const site = await writeExportSite(archive, pages)
    const small = path.join(folder, 'small.tar.gz')
    await writeExportSite(small, smallPages)

    /** The archive unpacked into a new folder now, as the action unpacks it: every file newer than any object. */
    const unpack = async (from: string, name: string): Promise<string> => {
      const into = path.join(folder, name)
      await mkdir(into)
      await runCommand('tar', ['-xzmf', from, '-C', into])
      return into
    }
    const probe = async (siteDir: string, to: string, publicUrl?: string): Promise<Measured & { result: Probe }> => {
      const manifest = await writeManifest(siteDir)
      const rssFile = path.join(folder, 'rss.json')
      proxy.clear()
      const done = await runCommand(
        process.execPath,
        [
          '--import',
          RSS_PROBE,
          '--import',
          RESOLVE_TS,
          PROBE,
          siteDir,
          manifest,
          to,
          proxy.url,
          ...(publicUrl ? [publicUrl] : [])
        ],
        { env: { ...env, BENCH_RSS_FILE: rssFile } }
      )
      const result = JSON.parse(done.stdout.trim().split('\n').pop() ?? '{}') as Probe
      const memory = await readMemory(rssFile)
      return {
        result,
        processMs: done.exitAt - done.spawnAt,
        requests: proxy.requests.length,
        maxRssBytes: memory?.maxRssBytes
      }
    }
    /**
     * What a workflow runs instead, for the same bucket: the site synced with --delete (routes, which
     * have no extension, left out of it), then each page under its route, linked into a folder of
     * its own and synced as text/html, as S3 static website hosting needs; timed from the first
     * spawn to the last exit, the links included.
     */
    const sync = async (siteDir: string, to: string): Promise<Measured> => {
      proxy.clear()
      const startedAt = performance.now()
      const common = ['--only-show-errors', '--no-progress', '--endpoint-url', proxy.url]
      await runCommand(AWS, ['s3', 'sync', '--delete', '--exclude', '*', '--include', '*.*', siteDir, to, ...common], {
        env
      })
      const routes = await linkRoutes(siteDir)
      await runCommand(AWS, ['s3', 'sync', routes, to, '--content-type', 'text/html; charset=utf-8', ...common], {
        env
      })
      await rm(routes, { recursive: true, force: true })
      return { processMs: Math.round(performance.now() - startedAt), requests: proxy.requests.length }
    }

    const first = { ours: [] as Measured[], aws: [] as Measured[] }
    const second = { ours: [] as Measured[], aws: [] as Measured[] }
    const memory = { large: [] as number[], small: [] as number[] }
    let secondCounts: Probe | undefined
    for (let i = 0; i < runs; i++) {
      // A bucket for each run, so that no run's objects slow another's listing.
      const bucket = `publish-${i + 1}`
      await swift.createBucket(bucket, { publicRead: true })
      const publicUrl = `${website.url}/${bucket}/ours`
      const fresh = await unpack(archive, `first-${i + 1}`)
      settle()
      const oursFirst = await probe(fresh, `s3://${bucket}/ours`)
      if (oursFirst.result.uploaded !== site.files)
        throw new Error(`the first publish uploaded ${oursFirst.result.uploaded} of ${site.files} files`)
      settle()
      const awsFirst = await sync(fresh, `s3://${bucket}/aws`)
      settle()
      // A release later: the archive unpacked afresh, and ten pages changed.
      const later = await unpack(archive, `second-${i + 1}`)
      await changePages(later, CHANGED_PAGES)
      settle()
      const oursSecond = await probe(later, `s3://${bucket}/ours`, publicUrl)
      secondCounts = oursSecond.result
      if (oursSecond.result.uploaded !== CHANGED_PAGES)
        throw new Error(
          `the second publish uploaded ${oursSecond.result.uploaded} files, not the ${CHANGED_PAGES} changed`
        )
      settle()
      const awsSecond = await sync(later, `s3://${bucket}/aws`)
      settle()
      const smallDir = await unpack(small, `small-${i + 1}`)
      const smallFirst = await probe(smallDir, `s3://${bucket}/small`)
      first.ours.push(oursFirst)
      first.aws.push(awsFirst)
      second.ours.push(oursSecond)
      second.aws.push(awsSecond)
      if (oursFirst.maxRssBytes && smallFirst.maxRssBytes) {
        memory.large.push(oursFirst.maxRssBytes)
        memory.small.push(smallFirst.maxRssBytes)
      }
      for (const dir of [fresh, later, smallDir]) await rm(dir, { recursive: true, force: true })
      progress(
        `  run ${i + 1}: first ${oursFirst.processMs} ms (${oursFirst.requests} requests, max RSS ${mib(oursFirst.maxRssBytes ?? 0)}) vs sync ${awsFirst.processMs} ms (${awsFirst.requests}); second ${oursSecond.processMs} ms (${oursSecond.requests} requests, its call ${Math.round(oursSecond.result.publishMs)} ms) vs sync ${awsSecond.processMs} ms (${awsSecond.requests}); ${smallPages} pages: max RSS ${mib(smallFirst.maxRssBytes ?? 0)} · load ${os.loadavg()[0]?.toFixed(2)}`
      )
    }

    const time = (list: Measured[]): ReturnType<typeof summarise> => summarise(list.map((item) => item.processMs))
    const requests = (list: Measured[]): ReturnType<typeof summarise> => summarise(list.map((item) => item.requests))
    const speedup = time(second.aws).median / time(second.ours).median
    const fewer = requests(second.aws).median / requests(second.ours).median
    const firstRatio = time(first.ours).median / time(first.aws).median
    const memoryRatio = memory.large.length > 0 ? summarise(memory.large).median / summarise(memory.small).median : NaN
    const counted = (list: Measured[]): string => formatStat(requests(list), (value) => String(Math.round(value)))
    info.push(
      `Figure ${TEXT.number} publishes to OpenStack Swift (Debian's swift-proxy) with s3api on 127.0.0.1 through a recording proxy of the tests (test/support/s3-proxy.ts), against ${awsVersion.stdout.trim().split(' ')[0]}; the site is scripts/bench/export-site.ts's, ${site.files} files.`
    )
    const rows: Row[] = [
      {
        cells: [
          `second publish, ${CHANGED_PAGES} pages changed, read-back included`,
          formatStat(time(second.ours), ms),
          counted(second.ours),
          formatStat(time(second.aws), ms),
          counted(second.aws),
          `${ratio(speedup)} × faster, ${ratio(fewer)} × fewer requests`,
          `≥ ${TARGET_SPEEDUP} × faster, ≥ ${TARGET_FEWER_REQUESTS} × fewer requests`
        ],
        pass: speedup >= TARGET_SPEEDUP && fewer >= TARGET_FEWER_REQUESTS,
        headline: {
          case: `second publish of ${pages} pages, ${CHANGED_PAGES} changed`,
          today: `${ratio(speedup)} × faster, ${ratio(fewer)} × fewer requests: ${formatStat(time(second.ours), ms)}`,
          peer: `aws s3 sync --delete: ${formatStat(time(second.aws), ms)}`,
          target: `≥ ${TARGET_SPEEDUP} × faster, ≥ ${TARGET_FEWER_REQUESTS} × fewer requests`
        }
      },
      {
        cells: [
          'first publish into an empty prefix',
          formatStat(time(first.ours), ms),
          counted(first.ours),
          formatStat(time(first.aws), ms),
          counted(first.aws),
          `${ratio(firstRatio)} × the sync's time`,
          `≤ ${TARGET_FIRST_RATIO} × the sync's time`
        ],
        pass: firstRatio <= TARGET_FIRST_RATIO,
        headline: {
          case: `first publish of ${pages} pages`,
          today: `${ratio(firstRatio)} × aws s3 sync: ${formatStat(time(first.ours), ms)}`,
          peer: `aws s3 sync: ${formatStat(time(first.aws), ms)}`,
          target: `≤ ${TARGET_FIRST_RATIO} × aws s3 sync`
        }
      },
      {
        cells: [
          `peak memory, ${pages} pages against ${smallPages}`,
          memory.large.length > 0
            ? `${formatStat(summarise(memory.large), mib)} against ${formatStat(summarise(memory.small), mib)}`
            : '?',
          '',
          '',
          '',
          `${ratio(memoryRatio)} ×`,
          `≤ ${TARGET_MEMORY_RATIO} ×`
        ],
        pass: memoryRatio <= TARGET_MEMORY_RATIO,
        headline: {
          case: `peak memory of a publish, ${pages} pages against ${smallPages}`,
          today: `${ratio(memoryRatio)} ×`,
          peer: '(none)',
          target: `≤ ${TARGET_MEMORY_RATIO} ×`
        }
      }
    ]
    tables.push({
      figure: TEXT.number,
      columns: [
        'case',
        'publish: process spawn → exit',
        'publish: requests',
        'aws s3 sync --delete: spawn → exit',
        'aws s3 sync: requests',
        'ratio',
        'target'
      ],
      rows,
      method: [
        `${runs === 1 ? 'One run' : `${runs} runs`}, each in a bucket of its own: the archive unpacked afresh with \`tar -xzmf\` (every file newer than any object, as after the action's unpack), the first publish into an empty prefix, then \`aws s3 sync --delete\` of the same folder into another; then the archive unpacked afresh again, ${CHANGED_PAGES} pages changed, the second publish (uploaded ${secondCounts?.uploaded ?? '?'}, unchanged ${secondCounts?.unchanged ?? '?'}, with each page's route copy, and the read-back of what it uploaded, 100 others and the routes of the pages among them through a host that answers as S3's website endpoint does, in front of Swift's public path), then the sync of that folder. Then a site of ${smallPages} pages published once, for the memory. Each step is followed by \`sync\`.`,
        "The publish runs in a process of its own (scripts/bench/publish-probe.ts, which imports src/ through scripts/bench/resolve-ts.mjs) with the credentials in AWS_* variables, as on a runner, and the manifest.json written beside the site, which the publish reads on its thread, as the action's does; the publish runs on its thread, as in dist/. The probe holds no list of the site's files, as the action's run holds none once manifest.json is written (src/commands/export.ts). Its peak memory is the process's VmHWM (scripts/bench/rss-probe.mjs), counted from the start of the publish's clock (reset through /proc/self/clear_refs) to its exit. Both tools are timed from spawn to exit and reach Swift through the same recording proxy, which counts every request, the read-back's included."
      ]
    })
  } finally {
    await website.stop()
    await proxy.stop()
    await swift.stop()
    await rm(folder, { recursive: true, force: true })
  }
}

/** Writes manifest.json beside `siteDir`, as the action writes it from the unpack: each file's size and SHA-256, by path. */
async function writeManifest(siteDir: string): Promise<string> {
  const files: { path: string; size: number; sha256: string }[] = []
  for (const entry of await readdir(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    const bytes = await readFile(full)
    files.push({
      path: path.relative(siteDir, full).split(path.sep).join('/'),
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex')
    })
  }
  files.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)))
  const file = `${siteDir}.manifest.json`
  await writeFile(
    file,
    JSON.stringify({
      version: 1,
      jobId: 'se_bench',
      domain: 'docs.bench.dev',
      exportVersion: null,
      bundleSha256: '0'.repeat(64),
      createdAt: new Date().toISOString(),
      files
    })
  )
  return file
}

/** Changes `count` pages of the site, spread over its folders: a comment added to each. */
async function changePages(siteDir: string, count: number): Promise<void> {
  const pages = (await readdir(siteDir, { recursive: true })).filter((name) => name.endsWith('.html')).sort()
  const step = Math.floor(pages.length / count)
  for (let i = 0; i < count; i++) await appendFile(path.join(siteDir, pages[i * step] ?? ''), `<!-- release ${i} -->\n`)
}
