import { spawn, type ChildProcess } from 'node:child_process'
import { lchown, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'
import type { DilatedClock } from '../emulator/server.ts'
import { startedOn } from './clock.ts'
import { renderGfm, shown } from './gfm.ts'
import { compileCache } from './compile-cache.ts'

/**
 * Runs the built action (dist/index.js) in a child process the way the runner does: inputs as
 * INPUT_* variables with the defaults of action.yml, outputs through GITHUB_OUTPUT, a job summary
 * file, RUNNER_TEMP and RUNNER_TOOL_CACHE.
 */

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const ACTION_ENTRY = path.join(ROOT, 'dist/index.js')

interface ActionYaml {
  inputs: Record<string, { default?: string; required?: boolean }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}

export async function readActionYaml(): Promise<ActionYaml> {
  return parse(await readFile(path.join(ROOT, 'action.yml'), 'utf8')) as ActionYaml
}

export interface ActionRun {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  /** The job summary file, as written. */
  summary: string
  /** The job summary's text as a reader sees it, rendered as GitHub renders it. */
  summaryText: string
  /** Every `::error::` line, decoded. */
  errors: string[]
  /** The folder that held RUNNER_TEMP, RUNNER_TOOL_CACHE and the workspace. */
  home: string
  runnerTemp: string
}

export interface RunOptions {
  env?: Record<string, string>
  /** Called once the process is started, to signal it for instance. */
  onSpawn?: (child: ChildProcess) => void
  /** Called with each chunk of standard output as it arrives. */
  onStdout?: (text: string) => void
  /** Runs the action on this clock (the emulator's, Emulator.clock) instead of the wall clock. */
  clock?: DilatedClock
  timeoutMs?: number
  /** Runs the action as this user (the test must be root); the runner's folders are given to it. */
  user?: { uid: number; gid: number }
  /** Called once the runner's folders exist, before the action starts: to put files in the workspace, say. */
  prepare?: (runner: RunnerSetup) => Promise<void>
}

/** The token the runner would put in place of `${{ github.token }}`. */
export const FAKE_GITHUB_TOKEN = 'ghs_emulatedtoken0123456789'

/** A runner's folders and environment for one run of the action. */
export interface RunnerSetup {
  home: string
  runnerTemp: string
  workspace: string
  outputFile: string
  summaryFile: string
  env: Record<string, string>
}

/**
 * Makes RUNNER_TEMP, RUNNER_TOOL_CACHE, a workspace, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY in a new
 * folder under `parent`, and the environment the runner gives the step, inputs included.
 */
export async function prepareRunner(
  parent: string,
  inputs: Record<string, string>,
  extraEnv: Record<string, string> = {}
): Promise<RunnerSetup> {
  const home = await mkdtemp(path.join(parent, 'action-run-'))
  const runnerTemp = path.join(home, 'temp')
  const workspace = path.join(home, 'workspace')
  await Promise.all(
    [runnerTemp, workspace, path.join(home, 'tool-cache')].map((dir) => mkdir(dir, { recursive: true }))
  )
  const outputFile = path.join(home, 'output.txt')
  const summaryFile = path.join(home, 'summary.md')
  await writeFile(outputFile, '')
  await writeFile(summaryFile, '')

  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    RUNNER_TEMP: runnerTemp,
    RUNNER_TOOL_CACHE: path.join(home, 'tool-cache'),
    GITHUB_WORKSPACE: workspace,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_REPOSITORY: 'acme/docs',
    ...compileCache(),
    ...extraEnv
  }
  const action = await readActionYaml()
  for (const [name, spec] of Object.entries(action.inputs)) {
    const value = inputs[name] ?? spec.default ?? ''
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value.includes('${{ github.token }}')
      ? FAKE_GITHUB_TOKEN
      : value
  }
  return { home, runnerTemp, workspace, outputFile, summaryFile, env }
}

export async function runAction(inputs: Record<string, string>, options: RunOptions = {}): Promise<ActionRun> {
  const runner = await prepareRunner(os.tmpdir(), inputs, options.env)
  const { home, runnerTemp, workspace, outputFile, summaryFile, env } = runner
  await options.prepare?.(runner)
  if (options.user) await chownTree(home, options.user.uid, options.user.gid)

  const onClock = startedOn(options.clock)
  const child = spawn(process.execPath, [...onClock.nodeArgs, ACTION_ENTRY], {
    cwd: workspace,
    env: { ...env, ...onClock.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options.user
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    options.onStdout?.(chunk.toString())
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  options.onSpawn?.(child)
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 45_000)
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on('close', (code, sig) => resolve([code, sig]))
  )
  clearTimeout(timer)

  const summary = await readFile(summaryFile, 'utf8')
  return {
    exitCode,
    signal,
    stdout,
    stderr,
    outputs: parseOutputFile(await readFile(outputFile, 'utf8')),
    summary,
    summaryText: shown(renderGfm(summary).text),
    errors: stdout
      .split('\n')
      .filter((line) => line.startsWith('::error::'))
      .map((line) => decodeCommand(line.slice('::error::'.length))),
    home,
    runnerTemp
  }
}

/** Reads GITHUB_OUTPUT's `name<<delimiter … delimiter` blocks, as the runner does. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const heredoc = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '')
    if (!heredoc) continue
    const [, name, delimiter] = heredoc
    const value: string[] = []
    while (++i < lines.length && lines[i] !== delimiter) value.push(lines[i] ?? '')
    outputs[name ?? ''] = value.join('\n')
  }
  return outputs
}

function decodeCommand(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
}

/** Gives a folder and everything in it to a user. */
export async function chownTree(folder: string, uid: number, gid: number): Promise<void> {
  await lchown(folder, uid, gid)
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true }))
    await lchown(path.join(entry.parentPath, entry.name), uid, gid)
}

/**
 * The log as a reader sees it once the runner has taken its commands: every line but the
 * `::add-mask::` ones, which carry a secret to the runner and are never shown.
 */
export function shownLog(run: Pick<ActionRun, 'stdout'>): string {
  return run.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n')
}
