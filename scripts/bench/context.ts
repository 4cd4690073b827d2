import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import type { Emulator, ExportScenario, RecordedRequest } from '../../test/emulator/server.ts'
import type { FigureText, Table } from './report.ts'
import type { ActionRun } from './run.ts'

/** What every figure gets from scripts/bench/index.ts: where to work, and where its results go. */
export interface BenchContext {
  /** A temporary folder on disk, removed at the end. */
  workDir: string
  /** BENCH_SMOKE=1: tiny inputs and one run of each, to try the script's paths quickly. */
  smoke: boolean
  /** A memory-backed folder (tmpfs), made on first use and removed at the end; undefined where there is none. */
  memoryDir: () => Promise<string | undefined>
  /** Result tables, each naming the figure it belongs to. */
  tables: Table[]
  /** Lines for the list of inputs under the machine table (how they were generated, what ran them). */
  info: string[]
}

/**
 * One figure of the benchmark, one module of scripts/bench/figures/, listed in figures/index.ts: a
 * name for `--only`, the text of each section it writes in BENCHMARKS.md, and the measurement,
 * which adds a table for each.
 */
export interface Figure {
  name: string
  texts: FigureText[]
  run: (context: BenchContext) => Promise<void>
}

export const API_KEY = 'mint_bench_0123456789'

/** An export job that is `running` for `durationMs`, then `completed`. */
export function scenario(durationMs: number): ExportScenario {
  return {
    queuedMs: 0,
    runningMs: durationMs,
    pages: 120,
    outcome: 'completed',
    queuedName: 'queued',
    runningName: 'running'
  }
}

export function inputs(emulator: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return { 'api-key': API_KEY, 'base-url': emulator.baseUrl, domain: 'docs.bench.dev', ...extra }
}

export async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/** Lets the kernel write back what a run left dirty, so that it does not slow the next one. */
export function settle(): void {
  spawnSync('sync')
}

export function firstRequest(emulator: Emulator, host: RecordedRequest['host'], since: number): RecordedRequest {
  const found = emulator.requests.find((request) => request.host === host && request.at >= since)
  if (!found) throw new Error(`no ${host} request recorded since ${since}`)
  return found
}

/** The index of the first line of the action's log that starts with `prefix`, from `after` on. */
export function lineAt(run: ActionRun, prefix: string, after = 0): number {
  const index = run.lines.findIndex((line, i) => i >= after && line.text.startsWith(prefix))
  if (index < 0) throw new Error(`the action printed no line starting with ${JSON.stringify(prefix)}`)
  return index
}

export function progress(text: string): void {
  process.stdout.write(`${text}\n`)
}

/** Makes a folder under /dev/shm when it is a tmpfs; undefined elsewhere. */
export async function makeMemoryFolder(): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined
  const mounts = await readFile('/proc/mounts', 'utf8').catch(() => '')
  if (!/^\S+ \/dev\/shm tmpfs /m.test(mounts)) return undefined
  return mkdtemp('/dev/shm/action-bench-').catch(() => undefined)
}
