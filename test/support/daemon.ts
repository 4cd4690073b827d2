import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import net from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'

/**
 * Servers that the storage tests start themselves (Swift's servers, memcached, docker-registry):
 * each one a child of the test process in the foreground, with its output kept for the error
 * that says why it did not come up, and stopped by its own process id.
 */

export interface Daemon {
  readonly name: string
  /** What it wrote so far (standard output and error), the last 64 KiB. */
  output(): string
  exited(): boolean
  stop(): Promise<void>
}

const KEPT_OUTPUT = 64 * 1024
/**
 * How long a server has to come up: Swift's servers take 1.3 to 2.6 s each on an idle machine of
 * this kind, and ten times that on a busy one.
 */
const START_TIMEOUT_MS = 120_000
/** How long a server has to stop after SIGTERM before it gets SIGKILL. */
const STOP_TIMEOUT_MS = 5_000

/** Whether `command` can be run here: undefined when it can, else why not. */
export function missingCommand(command: string, args: string[], packageName: string): string | undefined {
  return spawnSync(command, args, { stdio: 'ignore' }).error
    ? `${command} is not installed (Debian's ${packageName})`
    : undefined
}

/**
 * util-linux's setpriv, where there is one, starts each server with a parent-death signal: a test
 * process that is killed (a CI timeout) takes its servers with it instead of leaving them behind.
 */
const SETPRIV = '/usr/bin/setpriv'
const withParentDeathSignal = existsSync(SETPRIV)

export function startDaemon(name: string, command: string, args: string[], env?: NodeJS.ProcessEnv): Daemon {
  const [program, argv] = withParentDeathSignal
    ? [SETPRIV, ['--pdeathsig', 'TERM', '--', command, ...args]]
    : [command, args]
  const child = spawn(program, argv, { stdio: ['ignore', 'pipe', 'pipe'], env: env ?? process.env })
  let output = ''
  let failed = false
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  // A command that could not be started (ENOENT) emits only 'error'.
  child.on('error', (error) => {
    failed = true
    keep(Buffer.from(`${name}: ${error.message}\n`))
  })
  return {
    name,
    output: () => output,
    exited: () => failed || child.exitCode !== null || child.signalCode !== null,
    stop: () => (failed ? Promise.resolve() : stop(child))
  }
}

/**
 * Waits until `ready` says so; fails at once when one of `daemons` exits, with what it wrote, and
 * after START_TIMEOUT_MS with what each wrote.
 */
export async function waitUntil(what: string, ready: () => Promise<boolean>, daemons: Daemon[]): Promise<void> {
  const giveUpAt = Date.now() + START_TIMEOUT_MS
  for (;;) {
    const dead = daemons.find((daemon) => daemon.exited())
    if (dead) throw new Error(`${dead.name} exited before ${what}: ${dead.output() || '(no output)'}`)
    if (await ready().catch(() => false)) return
    if (Date.now() > giveUpAt) {
      const outputs = daemons.map((daemon) => `${daemon.name}: ${daemon.output() || '(no output)'}`).join('\n')
      throw new Error(`${what} did not happen within ${START_TIMEOUT_MS / 1000} s\n${outputs}`)
    }
    await sleep(100)
  }
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

/** Stops every daemon, the last started first, and waits for each to exit. */
export async function stopAll(daemons: Daemon[]): Promise<void> {
  for (const daemon of [...daemons].reverse()) await daemon.stop()
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}
