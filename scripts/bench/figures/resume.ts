import { rm } from 'node:fs/promises'
import path from 'node:path'
import { Emulator, type Fault } from '../../../test/emulator/server.ts'
import { writeLargeBundle } from '../archives.ts'
import { API_KEY, inputs, progress, scenario, settle, sha256, type BenchContext, type Figure } from '../context.ts'
import type { FigureText, Row } from '../report.ts'
import { removeRun, startAction } from '../run.ts'
import { formatStat, MiB, mib, ms, stat as summarise } from '../stats.ts'

/**
 * 7. Resume: the connection is cut when 90 % of the archive has arrived; how many bytes the
 *    storage host sends again. The reference is a host that ignores Range, where the download has
 *    to start over (as every download did before resuming, and as @actions/tool-cache does).
 */

const CUT_AT = 0.9

const TEXT: FigureText = {
  number: '7',
  title: `Resume: bytes fetched again after a reset at ${CUT_AT * 100} %`,
  measures:
    'How much of the archive the storage host sends twice when the connection is cut near the end of a large download: a runner on a flaky network should not fetch a gigabyte again for a reset.',
  peer: 'The same download from a host that ignores `Range`, which has to send the archive again from its first byte, as every download did before it resumed (and as `@actions/tool-cache` does).',
  target: '0 bytes fetched again from a host with `ETag` and `Range` (as S3), in every run.',
  whenMissed:
    'The download asks for the rest with `Range` and `If-Range`: a byte sent again means a rule of docs/reliability.md broke; its tests (test/download.test.ts, test/faults.e2e.test.ts) say which.'
}

export const resume: Figure = { name: 'resume', texts: [TEXT], run }

interface Case {
  name: string
  faults: (cutAfter: number) => Fault[]
  /** Bytes fetched again, at most, for the case to pass; undefined: shown for information. */
  targetBytes?: number
}

const CASES: Case[] = [
  {
    name: 'storage host with ETag and Range (as S3)',
    faults: (cutAfter) => [{ resetAfterBytes: cutAfter }],
    targetBytes: 0
  },
  {
    name: 'reference: a host that ignores Range',
    faults: (cutAfter) => [{ resetAfterBytes: cutAfter }, { ignoreRange: true }]
  }
]

async function run({ workDir, smoke, tables, info }: BenchContext): Promise<void> {
  const runs = smoke ? 1 : 3
  const payload = (smoke ? 10 : 1024) * MiB
  progress(`\n7. Resume: a reset at ${CUT_AT * 100} % of the archive, bytes fetched again`)
  const file = path.join(workDir, 'bundle-resume.tar.gz')
  const sizeBytes = await writeLargeBundle(file, payload)
  const expected = await sha256(file)
  info.push(`Generated the archive of figure 7 (${sizeBytes} bytes, as those of figure 1).`)
  settle()
  const cutAfter = Math.floor(sizeBytes * CUT_AT)
  const rows: Row[] = []
  /** Each case's bytes fetched again, in the order of CASES: the host that resumes, then the reference. */
  const fetchedAgain: string[] = []
  try {
    for (const item of CASES) {
      const sent: number[] = []
      const times: number[] = []
      for (let i = 0; i < runs; i++) {
        const emulator = await new Emulator({
          apiKey: API_KEY,
          export: scenario(0),
          archive: { file, name: 'bundle.tar.gz' }
        }).start()
        try {
          for (const fault of item.faults(cutAfter)) emulator.inject('download', fault)
          const action = await startAction(workDir, inputs(emulator))
          if (action.outputs['bundle-sha256'] !== expected)
            throw new Error(`the action's sha256 ${action.outputs['bundle-sha256']} is not the archive's ${expected}`)
          const bytes = emulator.requestsTo('download').reduce((sum, request) => sum + (request.bodyBytes ?? 0), 0)
          sent.push(bytes)
          times.push(action.exitAt - action.spawnAt)
          progress(
            `  ${item.name}, run ${i + 1}: ${emulator.requestsTo('download').length} requests, ${bytes} bytes sent, ${action.exitAt - action.spawnAt} ms`
          )
          await removeRun(action)
          settle()
        } finally {
          await emulator.stop()
        }
      }
      const again = summarise(sent.map((bytes) => bytes - sizeBytes))
      rows.push({
        cells: [
          item.name,
          String(runs),
          formatStat(summarise(sent), mib),
          `${formatStat(again, mib)} (${again.median} bytes)`,
          `${((again.median / sizeBytes) * 100).toFixed(1)} %`,
          item.targetBytes === undefined ? '' : `${item.targetBytes} bytes`,
          formatStat(summarise(times), ms)
        ],
        pass: item.targetBytes === undefined ? undefined : again.max <= item.targetBytes
      })
      fetchedAgain.push(`${formatStat(again, mib)} fetched again`)
    }
  } finally {
    await rm(file, { force: true })
  }
  const [judged] = rows
  if (judged)
    judged.headline = {
      case: CASES[0]?.name ?? '',
      today: fetchedAgain[0] ?? '',
      peer: `a host that ignores Range: ${fetchedAgain[1] ?? ''}`,
      target: `${CASES[0]?.targetBytes ?? 0} bytes`
    }
  tables.push({
    figure: TEXT.number,
    columns: [
      'storage host',
      'runs',
      'bytes sent in all',
      'fetched again',
      'of the archive',
      'target',
      'whole run, spawn → exit'
    ],
    rows,
    method: [
      `The archive is ${mib(sizeBytes)} (${sizeBytes} bytes), served by the emulator's storage host (a Node server: it can cut a response, which nginx cannot), which ends the connection once ${cutAfter} bytes of the body (${CUT_AT * 100} %) are sent. "Bytes sent in all" adds up the bodies of every answer to the action's storage requests; "fetched again" is that minus the archive's size. The action's SHA-256 is checked against the archive's in every run. The whole run includes the backoff before the second attempt (0.5 to 1 s with action.yml's defaults).`
    ]
  })
}
