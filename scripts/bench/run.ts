import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ACTION_ENTRY, parseOutputFile, prepareRunner } from '../../test/support/run-action.ts'

/**
 * Starts dist/index.js as the runner does (inputs as INPUT_* variables with action.yml's
 * defaults, outputs through GITHUB_OUTPUT, RUNNER_TEMP), like test/support/run-action.ts, but
 * with room for node flags (the RSS probe, the clock shim) and with every line of standard
 * output timestamped on arrival. Standard output is a pipe, which Node writes synchronously on
 * Linux, so a line's arrival time is when the action wrote it, to about a millisecond.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url))
export const RSS_PROBE = path.join(HERE, 'rss-probe.mjs')
const CLOCK_SHIM = path.join(HERE, 'dilate-clock.mjs')

interface Line {
  at: number
  text: string
}

export interface ActionRun {
  exitCode: number | null
  signal: NodeJS.Signals | null
  /** Date.now() just before spawn and at the process's exit. */
  spawnAt: number
  exitAt: number
  lines: Line[]
  outputs: Record<string, string>
  /** When the RSS probe was loaded. */
  memory?: MemoryFigures
  home: string
  runnerTemp: string
}

export interface MemoryFigures {
  /** Peak resident set size, bytes: VmHWM where /proc exists, else ru_maxrss (see rss-probe.mjs). */
  maxRssBytes: number
  /** At exit, where /proc tells: resident memory backed by files (the node binary's pages) and anonymous. */
  fileBytes?: number
  anonBytes?: number
  /** CPU time of the process, user and system, every thread. */
  cpuMs?: number
}

/** Reads what the RSS probe wrote. */
export async function readMemory(file: string): Promise<MemoryFigures | undefined> {
  const text = await readFile(file, 'utf8').catch(() => '')
  if (!text) return undefined
  const raw = JSON.parse(text) as { maxRssKiB: number; rssAnonKiB?: number; rssFileKiB?: number; cpuMs?: number }
  const bytes = (kib: number | undefined): number | undefined =>
    typeof kib === 'number' && Number.isFinite(kib) ? kib * 1024 : undefined
  return {
    maxRssBytes: raw.maxRssKiB * 1024,
    fileBytes: bytes(raw.rssFileKiB),
    anonBytes: bytes(raw.rssAnonKiB),
    cpuMs: raw.cpuMs
  }
}

export interface StartOptions {
  /** Loads the probe that reports the process's max RSS at exit. */
  probeRss?: boolean
  /** Runs the action on a clock this many times faster (timers shortened, Date.now sped up). */
  clockScale?: number
  /** More node flags, for looking into a figure (--cpu-prof, --trace-gc, another --import). */
  nodeArgs?: string[]
  timeoutMs?: number
  /** The built action to run: dist/index.js by default; another build's, to compare two builds in one run. */
  entry?: string
  /** Variables of the runner's environment beside the usual ones (CHROME_PATH). */
  env?: Record<string, string>
}

export async function startAction(
  workDir: string,
  inputs: Record<string, string>,
  options: StartOptions = {}
): Promise<ActionRun> {
  const { home, runnerTemp, workspace, outputFile, env } = await prepareRunner(workDir, inputs)
  Object.assign(env, options.env)
  const rssFile = path.join(home, 'max-rss.txt')
  const nodeArgs: string[] = [...(options.nodeArgs ?? [])]
  if (options.probeRss) {
    nodeArgs.push('--import', RSS_PROBE)
    env.BENCH_RSS_FILE = rssFile
  }
  if (options.clockScale && options.clockScale !== 1) {
    nodeArgs.push('--import', CLOCK_SHIM)
    env.BENCH_CLOCK_SCALE = String(options.clockScale)
  }

  const lines: Line[] = []
  let pending = ''
  const spawnAt = Date.now()
  const child = spawn(process.execPath, [...nodeArgs, options.entry ?? ACTION_ENTRY], {
    cwd: workspace,
    env,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => {
    const at = Date.now()
    const parts = (pending + chunk).split('\n')
    pending = parts.pop() ?? ''
    for (const text of parts) lines.push({ at, text })
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let exitAt = 0
  child.on('exit', () => (exitAt = Date.now()))
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000)
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (code, sig) => resolve([code, sig]))
  )
  clearTimeout(timer)
  if (pending) lines.push({ at: exitAt, text: pending })

  const run: ActionRun = {
    exitCode,
    signal,
    spawnAt,
    exitAt,
    lines,
    outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
    home,
    runnerTemp
  }
  if (options.probeRss) run.memory = await readMemory(rssFile)
  if (exitCode !== 0) {
    const errors = lines.filter((line) => line.text.startsWith('::error::')).map((line) => line.text)
    throw new Error(`the action exited with ${exitCode ?? signal}: ${errors.join(' | ') || stderr.slice(0, 2000)}`)
  }
  return run
}

export interface ProcessRun {
  spawnAt: number
  exitAt: number
  exitCode: number | null
  stdout: string
  stderr: string
}

/** Runs a reference command, timing it from just before spawn to its exit. */
export async function runCommand(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}
): Promise<ProcessRun> {
  const spawnAt = Date.now()
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  let exitAt = 0
  child.on('exit', () => (exitAt = Date.now()))
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code))
  })
  if (exitCode !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${exitCode}: ${stderr.slice(0, 2000)}`)
  return { spawnAt, exitAt, exitCode, stdout, stderr }
}

export async function removeRun(run: { home: string }): Promise<void> {
  await rm(run.home, { recursive: true, force: true })
}
