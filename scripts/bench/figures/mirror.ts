import { existsSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { missingSwift, startSwift } from '../../../test/support/swift.ts'
import { writeLargeBundle } from '../archives.ts'
import { progress, settle, sha256, type BenchContext, type Figure } from '../context.ts'
import type { FigureText } from '../report.ts'
import { readMemory, RSS_PROBE, runCommand, type MemoryFigures } from '../run.ts'
import { formatStat, MiB, mib, mibps, ms, ratio, stat as summarise } from '../stats.ts'

/**
 * 10. Mirroring the 1 GiB archive to S3: the mirror (src/mirror/, lib-storage's multipart Upload)
 *     against `aws s3 cp` of the same file, to the same endpoint with the same credentials:
 *     OpenStack Swift with s3api on 127.0.0.1 (test/support/swift.ts).
 */

/** The mirror's process may take this many times as long as aws s3 cp's. */
const TARGET_RATIO = 1.3
const HERE = path.dirname(fileURLToPath(import.meta.url))
const PROBE = path.join(HERE, '../mirror-probe.ts')
const RESOLVE_TS = path.join(HERE, '../resolve-ts.mjs')
/** Debian's awscli: a pyenv shim earlier on the PATH may be another one. */
const AWS = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws'
const BUCKET = 'bench'

const TEXT: FigureText = {
  number: '10',
  title: 'Mirror of the 1 GiB archive to S3 (Swift), against aws s3 cp',
  measures:
    "`mirror-to: s3://…` copying a 1 GiB archive: a HEAD, lib-storage's multipart Upload, a HEAD that confirms the copy, then latest.json; with the read-back of `mirror-check: on` for information.",
  peer: '`aws s3 cp` of the same file to the same endpoint with the same credentials (its defaults: parts of 8 MiB, ten at a time).',
  target: `≤ ${TARGET_RATIO} × \`aws s3 cp\`, process spawn to exit.`,
  whenMissed:
    "The upload is lib-storage's: compare its part size and queue (src/mirror/s3.ts, parts of 8 MiB eight at a time) with the AWS CLI's of the same run, and the SDK's version with the last one that met it.",
  needs:
    "OpenStack Swift (`swift-proxy`, `swift-account`, `swift-container`, `swift-object`) with `memcached`, and Debian's awscli, as .ci/run installs them for the tests."
}

export const mirror: Figure = { name: 'mirror', texts: [TEXT], run }

interface Probe {
  uploaded: boolean
  checked: boolean
  mirrorMs: number
}

async function run({ workDir, smoke, tables, info }: BenchContext): Promise<void> {
  const missing = missingSwift()
  if (missing) throw new Error(`the mirror figure needs OpenStack Swift: ${missing}`)
  const awsVersion = await runCommand(AWS, ['--version']).catch(() => undefined)
  if (!awsVersion) throw new Error("the mirror figure needs Debian's awscli (apt-get install awscli)")
  const runs = smoke ? 1 : 3
  const size = (smoke ? 10 : 1024) * MiB
  const label = size >= 1024 * MiB ? `${size / 1024 / MiB} GiB` : `${size / MiB} MiB`
  progress(`\n10. Mirror of the ${label} archive to S3 (Swift with s3api), against aws s3 cp of the same file`)
  const folder = path.join(workDir, 'mirror')
  await mkdir(folder, { recursive: true })
  const swift = await startSwift(folder)
  try {
    await swift.createBucket(BUCKET, { publicRead: true })
    const file = path.join(folder, 'bundle.tar.gz')
    const sizeBytes = await writeLargeBundle(file, size)
    const digest = await sha256(file)
    const env = { ...process.env, ...swift.awsEnvironment }
    const probe = async (
      to: string,
      publicUrl?: string
    ): Promise<{ result: Probe; processMs: number; memory?: MemoryFigures }> => {
      const rssFile = path.join(folder, 'rss.json')
      const done = await runCommand(
        process.execPath,
        [
          '--import',
          RSS_PROBE,
          '--import',
          RESOLVE_TS,
          PROBE,
          file,
          digest,
          to,
          swift.endpoint,
          ...(publicUrl ? [publicUrl] : [])
        ],
        { env: { ...env, BENCH_RSS_FILE: rssFile } }
      )
      const result = JSON.parse(done.stdout.trim().split('\n').pop() ?? '{}') as Probe
      if (!result.uploaded) throw new Error(`the mirror did not upload to ${to}: the figure needs a fresh key`)
      return { result, processMs: done.exitAt - done.spawnAt, memory: await readMemory(rssFile) }
    }
    /** Empties the bucket between runs, so that Swift's disk holds one copy at a time. */
    const empty = (): Promise<unknown> =>
      runCommand(
        AWS,
        ['s3', 'rm', '--recursive', '--only-show-errors', `s3://${BUCKET}/`, '--endpoint-url', swift.endpoint],
        {
          env
        }
      )

    const figures = { mirror: [] as number[], call: [] as number[], aws: [] as number[], rss: [] as number[] }
    // One unmeasured run of each first, to warm the page cache, Swift and the runtimes.
    for (let i = -1; i < runs; i++) {
      const mirrored = await probe(`s3://${BUCKET}/mirror-${i + 1}`)
      settle()
      const reference = await runCommand(
        AWS,
        [
          's3',
          'cp',
          '--only-show-errors',
          file,
          `s3://${BUCKET}/aws-${i + 1}/bundle.tar.gz`,
          '--endpoint-url',
          swift.endpoint
        ],
        { env }
      )
      const awsMs = reference.exitAt - reference.spawnAt
      await empty()
      settle()
      if (i < 0) continue
      figures.mirror.push(mirrored.processMs)
      figures.call.push(mirrored.result.mirrorMs)
      figures.aws.push(awsMs)
      if (mirrored.memory) figures.rss.push(mirrored.memory.maxRssBytes)
      progress(
        `  run ${i + 1}: mirror ${mirrored.processMs} ms (its call ${Math.round(mirrored.result.mirrorMs)} ms, max RSS ${mirrored.memory ? mib(mirrored.memory.maxRssBytes) : '?'}), aws s3 cp ${awsMs} ms · load ${os.loadavg()[0]?.toFixed(2)}`
      )
    }
    // Once more with the read-back that mirror-check: on adds: a GET without credentials, hashed.
    const checked = await probe(`s3://${BUCKET}/checked`, swift.publicBase(BUCKET))
    await empty()
    progress(`  with the read-back: ${checked.processMs} ms (its call ${Math.round(checked.result.mirrorMs)} ms)`)

    const mirrorStat = summarise(figures.mirror)
    const awsStat = summarise(figures.aws)
    const value = mirrorStat.median / awsStat.median
    info.push(
      `Figure 10 mirrors to OpenStack Swift (Debian's swift-proxy) with s3api (four servers and memcached, one disk) on 127.0.0.1, against ${awsVersion.stdout.trim().split(' ')[0]}.`
    )
    tables.push({
      figure: TEXT.number,
      columns: [
        'archive',
        'mirror: process spawn → exit',
        'its call: mirrorArchive() → result',
        'aws s3 cp: spawn → exit',
        'ratio (mirror / aws)',
        'target',
        'mirror max RSS',
        'with the read-back (mirror-check: on)'
      ],
      rows: [
        {
          cells: [
            `${label} (${sizeBytes} bytes)`,
            `${formatStat(mirrorStat, ms)} · ${mibps((sizeBytes / mirrorStat.median) * 1000)}`,
            formatStat(summarise(figures.call), ms),
            `${formatStat(awsStat, ms)} · ${mibps((sizeBytes / awsStat.median) * 1000)}`,
            ratio(value),
            `≤ ${TARGET_RATIO}`,
            figures.rss.length > 0 ? formatStat(summarise(figures.rss), mib) : '?',
            `${ms(checked.processMs)} (its call ${ms(checked.result.mirrorMs)})`
          ],
          pass: value <= TARGET_RATIO,
          headline: {
            case: `${label} to S3`,
            today: `${ratio(value)} × aws s3 cp: ${formatStat(mirrorStat, ms)}`,
            peer: `aws s3 cp: ${formatStat(awsStat, ms)}`,
            target: `≤ ${TARGET_RATIO} × aws s3 cp`
          }
        }
      ],
      method: [
        `${runs} runs of each after one unmeasured run of each, alternated, each followed by \`sync\`; the bucket is emptied after each pair. The mirror runs in a process of its own (scripts/bench/mirror-probe.ts, which imports src/ through scripts/bench/resolve-ts.mjs: Node strips the types of the sources it loads, which the built bundle does not do) with the credentials in AWS_* variables, as on a runner, and \`mirror-check: off\`: a HEAD (no copy yet), lib-storage's Upload in parts of 8 MiB, eight at a time, a HEAD that confirms the size and SHA-256, then latest.json. \`aws s3 cp\` uploads the same file with its defaults (parts of 8 MiB, ten at a time). Both are timed from spawn to exit; the middle column is the mirror's own call. The last column adds the read-back of mirror-check: on, a GET of the public URL without credentials, hashed.`
      ]
    })
  } finally {
    await swift.stop()
    await rm(folder, { recursive: true, force: true })
  }
}
