import { setTimeout as sleep } from 'node:timers/promises'
import { Emulator } from '../../../test/emulator/server.ts'
import { API_KEY, inputs, progress, scenario, type BenchContext, type Figure } from '../context.ts'
import type { FigureText, Row } from '../report.ts'
import { removeRun, startAction, type ActionRun } from '../run.ts'
import { count, formatStat, ms, stat as summarise } from '../stats.ts'

/** 5. Polling: how soon the action notices a finished job, and how many requests it sends. */

/** action.yml's default poll interval, which this figure is about. */
const POLL_INTERVAL_MS = 5000
/** The action stretches its interval to a tenth of the time waited, up to this (src/core/poll.ts, README). */
const STRETCH_CAP_MS = 30_000
/** Time dilation for the ten-minute job: 600 s of scheduled time in 60 s, alongside the real-time 60 s job. */
const DILATION = 10

const TEXT: FigureText = {
  number: '5',
  title: 'Polling: how long after the job finished the action noticed, and how many requests it sent',
  measures:
    "How soon the action sees that an export finished, and how many requests it spent on it, for jobs of 5 s, 60 s and 10 min with action.yml's `poll-interval-seconds: 5`: the wait a workflow pays on every export, against the API's rate limits.",
  peer: "None to run: the bound is the poll interval the action stretches to at that point of the wait (src/core/poll.ts), and the emulator's clock says when the job ended.",
  target:
    'Noticed within one poll interval as the action stretches it then (max(5 s, min(30 s, duration / 10))), so never beyond 30 s; at most duration / 5 s + 3 requests; each in the worst run of its case.',
  whenMissed:
    'A lag past its bound means the wait loop (src/core/poll.ts `nextIntervalMs`) stretches further than it says, or a poll came late; its tests (test/poll.test.ts) hold the schedule on a clock they control.'
}

export const polling: Figure = { name: 'polling', texts: [TEXT], run }

interface PollCase {
  label: string
  method: string
  durationMs: number
  runs: number
  /** The emulator's clockScale. */
  emulatorScale: number
  /** The action's clock (the shim); 1 = as the runner runs it. */
  actionScale: number
  intervalSeconds: number
  /** Shown for information only: no target. */
  check?: string
}

interface PollRun {
  lagMs: number
  requests: number
  /** Between the poll that saw the job completed and the one before it, in scheduled time. */
  lastIntervalMs: number
}
async function run({ workDir, smoke, tables }: BenchContext): Promise<void> {
  const RUNS = smoke ? { polling: 1, pollingCheck: 1 } : { polling: 5, pollingCheck: 3 }
  const cases: PollCase[] = [
    {
      label: '5 s',
      method: 'real time',
      durationMs: 5_000,
      runs: RUNS.polling,
      emulatorScale: 1,
      actionScale: 1,
      intervalSeconds: 5
    },
    {
      label: '60 s',
      method: 'real time',
      durationMs: 60_000,
      runs: RUNS.polling,
      emulatorScale: 1,
      actionScale: 1,
      intervalSeconds: 5
    },
    {
      label: '10 min',
      method: `dilated ×${DILATION}`,
      durationMs: 600_000,
      runs: RUNS.polling,
      emulatorScale: DILATION,
      actionScale: DILATION,
      intervalSeconds: 5
    },
    {
      label: '60 s',
      method: `dilated ×${DILATION}`,
      durationMs: 60_000,
      runs: RUNS.pollingCheck,
      emulatorScale: DILATION,
      actionScale: DILATION,
      intervalSeconds: 5,
      check: 'check of the dilation'
    },
    {
      label: '10 min',
      method: `interval and job scaled ÷${DILATION}`,
      durationMs: 600_000,
      runs: RUNS.pollingCheck,
      emulatorScale: DILATION,
      actionScale: 1,
      intervalSeconds: 5 / DILATION,
      check: 'naive scaling, see below'
    }
  ]
  progress(
    `\n5. Polling: jobs of 5 s, 60 s and 10 min, poll-interval-seconds 5 (${cases.reduce((n, c) => n + c.runs, 0)} runs, mostly side by side; about 80 s)`
  )
  const emulators = await Promise.all(
    cases.map((c) =>
      new Emulator({ apiKey: API_KEY, export: scenario(c.durationMs), clockScale: c.emulatorScale }).start()
    )
  )
  const results = new Map<PollCase, PollRun[]>()
  try {
    const pending: Promise<void>[] = []
    const launch = (c: PollCase): Promise<void> => {
      const emulator = emulators[cases.indexOf(c)]
      const runs = results.get(c) ?? []
      results.set(c, runs)
      return startAction(
        workDir,
        inputs(emulator, { 'poll-interval-seconds': String(c.intervalSeconds), download: 'false' }),
        {
          clockScale: c.actionScale,
          timeoutMs: 180_000
        }
      ).then(async (run) => {
        runs.push(pollFigures(c, emulator, run))
        await removeRun(run)
      })
    }
    // Start-ups cost the cores a few hundred ms each, and a dilated run counts any delay ×DILATION:
    // the real-time runs start first, the long dilated ones one second apart once those have settled,
    // the short dilated checks one after another at the end.
    const realTime = cases.filter((c) => c.emulatorScale === 1)
    const long = cases.filter((c) => c.emulatorScale !== 1 && c.durationMs / c.emulatorScale > 20_000)
    const short = cases.filter((c) => !realTime.includes(c) && !long.includes(c))
    for (const c of realTime) {
      for (let i = 0; i < c.runs; i++) {
        pending.push(launch(c))
        await sleep(300)
      }
    }
    await sleep(2000)
    for (let i = 0; i < Math.max(...long.map((c) => c.runs)); i++) {
      for (const c of long) {
        if (i >= c.runs) continue
        pending.push(launch(c))
        await sleep(1000)
      }
    }
    for (const c of short) for (let i = 0; i < c.runs; i++) await launch(c)
    await Promise.all(pending)
  } finally {
    await Promise.all(emulators.map((emulator) => emulator.stop()))
  }

  const rows = cases.map((c): Row => {
    const runs = results.get(c) ?? []
    const lag = summarise(runs.map((run) => run.lagMs))
    const requests = summarise(runs.map((run) => run.requests))
    const lastInterval = summarise(runs.map((run) => run.lastIntervalMs))
    const lagBound = lagBoundMs(c.durationMs)
    const requestBound = c.durationMs / POLL_INTERVAL_MS + 3
    const pass = lag.max <= lagBound && requests.max <= requestBound
    progress(
      `  ${c.label} (${c.method}): lag ${formatStat(lag, ms)}, requests ${formatStat(requests, count)}, last interval ${formatStat(lastInterval, ms)}`
    )
    return {
      cells: [
        `${c.label}${c.check ? ` (${c.check})` : ''}`,
        c.method,
        String(c.runs),
        formatStat(lag, ms),
        `≤ ${ms(lagBound)}`,
        formatStat(requests, count),
        `≤ ${count(requestBound)}`,
        formatStat(lastInterval, ms)
      ],
      pass: c.check ? undefined : pass,
      headline: c.check
        ? undefined
        : {
            case: `${c.label} job (${c.method})`,
            today: `noticed after ${formatStat(lag, ms)}; ${formatStat(requests, count)} requests`,
            peer: `last poll interval: ${formatStat(lastInterval, ms)}`,
            target: `≤ ${ms(lagBound)}; ≤ ${count(requestBound)} requests`
          }
    }
  })
  tables.push({
    figure: TEXT.number,
    columns: [
      'job',
      'clock',
      'runs',
      'noticed after the finish',
      'target',
      'requests (start + polls)',
      'target',
      'last poll interval'
    ],
    rows,
    method: [
      `Every job is an emulated export that is \`running\` for its whole duration, then \`completed\`; the action runs with \`poll-interval-seconds: 5\` (action.yml's default) and \`download: false\`. "Noticed after the finish" is the arrival time of the first status poll that was answered \`completed\`, minus the job's scheduled end; "requests" counts the start request and every status poll of the job (the bundle request that follows is not counted); "last poll interval" is the time between that poll and the one before it, which bounds the lag whatever the phase of the polls against the job's end. Targets: noticed within one poll interval as the action stretches it at that point (max(5 s, min(30 s, duration / 10)): ${ms(lagBoundMs(5000))}, ${ms(lagBoundMs(60000))} and ${ms(lagBoundMs(600000))}), so never beyond 30 s; at most duration / 5 s + 3 requests. A case passes when its worst run meets both.`,
      `The 5 s and 60 s jobs run in real time, as the runner runs the action. The 10-minute job runs on a dilated clock: the emulator's \`clockScale\` is ${DILATION}, and the action is started with \`node --import scripts/bench/dilate-clock.mjs\`, a shim that makes \`Date.now()\`/\`performance.now()\` advance ${DILATION} times faster and every timer fire after 1/${DILATION} of its delay. The action's own code is unchanged and sees a consistent clock in which its 5 s interval, its stretch with elapsed time and its 30 s cap (src/core/poll.ts nextIntervalMs) all hold, so the ten minutes take ${600 / DILATION} s. Lag and request counts are read in scheduled time (real elapsed × ${DILATION}); what the shim cannot dilate, the loopback round trip and the action's own processing (a few ms per poll), counts ${DILATION} times over, which errs against the action. The dilated 60 s row checks the method against the real-time one.`,
      `Why not simply scale the interval and the job (poll-interval-seconds = 5/${DILATION}, job of duration/${DILATION} real seconds)? The interval's stretch (elapsed / 10) scales with it, but its 30 s cap is in real milliseconds and does not: in that run the cap sits at ${DILATION} × 30 s of scheduled time and never binds, so the ten-minute job is polled about every 60 s at its end instead of every 30 s (last column), and its lag, which depends on where the job's end falls between two polls, can reach a minute. The last row measures that, for information.`,
      `The runs of this figure go side by side, since they are idle between polls: the real-time ones first, 300 ms apart; two seconds later the ten-minute ones, one second apart; then the dilated 60 s checks one after another.`
    ]
  })
}

function lagBoundMs(durationMs: number): number {
  return Math.max(POLL_INTERVAL_MS, Math.min(STRETCH_CAP_MS, durationMs / 10))
}

function pollFigures(c: PollCase, emulator: Emulator, run: ActionRun): PollRun {
  const jobId = run.outputs['job-id'] ?? ''
  const job = emulator.exportJobs.get(jobId)
  if (!job) throw new Error(`no job ${jobId} in the emulator`)
  if (run.outputs.status !== 'completed') throw new Error(`job ${jobId} ended ${run.outputs.status}`)
  const polls = emulator.requests.filter((request) => request.route === 'status' && request.path.endsWith(`/${jobId}`))
  const scheduled = (at: number): number => (at - job.createdAt) * c.emulatorScale
  const noticed = polls.find((request) => scheduled(request.at) >= c.durationMs)
  if (!noticed) throw new Error(`no poll of ${jobId} saw it completed`)
  const before = polls.filter((request) => request.at < noticed.at).at(-1)
  return {
    lagMs: scheduled(noticed.at) - c.durationMs,
    requests: 1 + polls.filter((request) => request.at <= noticed.at).length,
    lastIntervalMs: before ? scheduled(noticed.at) - scheduled(before.at) : 0
  }
}
