import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ROOT } from './run-action.ts'
import { compileCache } from './compile-cache.ts'

/** The built command line, as the package's bin runs it. */
export const CLI_ENTRY = path.join(ROOT, 'dist/cli/index.js')

export interface CliRun {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** The folder it ran in. */
  cwd: string
}

export interface CliOptions {
  /** Added to the environment, which has no MINTLIFY_ variable of its own (the key included). */
  env?: Record<string, string>
  cwd?: string
  /** The program to run instead of dist/cli/index.js (an installed bin, a shell). */
  entry?: string
  /** The Node that runs dist/cli/index.js; the one running the tests by default. */
  node?: string
  /** Called with each chunk of standard error as it arrives, and the process, to signal it for instance. */
  onStderr?: (text: string, child: ChildProcess) => void
  timeoutMs?: number
}

/** The tests' environment without the variables the command line reads. */
export function environmentWithoutMintlify(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('MINTLIFY_')))
}

/** Runs the command line in a child process, in a new folder unless `cwd` is given. */
export async function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const cwd = options.cwd ?? (await mkdtemp(path.join(os.tmpdir(), 'cli-run-')))
  const env: NodeJS.ProcessEnv = { ...environmentWithoutMintlify(), ...compileCache(), ...options.env }
  const child = options.entry
    ? spawn(options.entry, args, { cwd, env })
    : spawn(options.node ?? process.execPath, [CLI_ENTRY, ...args], { cwd, env })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    options.onStderr?.(stderr, child)
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 30_000)
  const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, received) => resolve([code, received]))
  })
  clearTimeout(timer)
  return { exitCode, signal, stdout, stderr, cwd }
}
