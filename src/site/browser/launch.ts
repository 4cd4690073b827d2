import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { CdpPipe } from './cdp.js'
import { browserEnvironment, PROFILE_FOLDERS } from './environment.js'
import { exitedBeforeAnswer, silentAtStart } from './start-failure.js'
import { browserSwitches, profilePreferences } from './switches.js'

/** A browser started for the pass, with a profile of its own that close() removes. */
export interface Browser {
  cdp: CdpPipe
  /** As the browser names itself: `Chrome/131.0.6778.85`, `HeadlessChrome/…`. */
  product: string
  startupMs: number
  /** Whether it runs with its sandbox (always, but as root). */
  sandbox: boolean
  /**
   * Ends the browser and removes its profile; with `now` (the run is being cancelled) returns
   * without waiting for either. Later calls wait for the first.
   */
  close(now?: boolean): Promise<void>
}

export interface LaunchOptions {
  /** The folder in which the profile folder is made. */
  tempDirectory: string
  /** The run's environment, of which the browser gets only an allowlist (environment.ts). */
  environment: Readonly<Record<string, string | undefined>>
  /** The proxy for the browser's own requests, which refuses them. */
  proxy: string
  /** Longest wait for the browser's first answer. */
  timeoutMs: number
  /** Cancels the launch: the browser is ended at once and the call fails with the signal's reason. */
  signal: AbortSignal
}

/** The end of the browser's standard error kept to say why it did not start. */
const STDERR_KEPT = 16 * 1024
/**
 * The longest temporary folder whose Chrome socket (`<folder>/org.chromium.Chromium.XXXXXX/SingletonSocket`,
 * 45 bytes more) still fits in a socket's name.
 */
const MAX_TEMPORARY_PATH = 107 - 45
/** Longest wait, once a browser that failed to start has closed its pipe, for its exit and the rest of its standard error. */
const EXIT_WAIT_MS = 2000

export async function launchBrowser(executable: string, options: LaunchOptions): Promise<Browser> {
  const startedAt = performance.now()
  const profile = await mkdtemp(path.join(options.tempDirectory, 'browser-profile-'))
  const folders = [profile]
  // Chrome's sandbox refuses to start as root (containers); elsewhere it stays on.
  const sandbox = process.getuid?.() !== 0
  let child: ChildProcess
  try {
    const temporary = await temporaryFolder(profile)
    if (temporary !== path.join(profile, 'tmp')) folders.push(temporary)
    await prepareProfile(profile)
    // Its own process group on POSIX, so that close() can end the browser's child processes with it.
    child = spawn(executable, browserSwitches({ profile, proxy: options.proxy, sandbox }), {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      env: browserEnvironment(options.environment, profile, temporary),
      cwd: path.join(profile, 'home')
    })
  } catch (error) {
    await removeFolders(folders)
    throw error
  }
  let stderr = ''
  let keepStderr = true
  child.stderr?.on('data', (chunk: Buffer) => {
    if (keepStderr) stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEPT)
  })
  const stderrEnded = new Promise<void>((resolve) => child.stderr?.once('close', () => resolve()))
  let exit = ''
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  const cdp = new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable)
  child.once('error', (error) => cdp.close(error))
  child.once('exit', (code, signal) => {
    exit = signal ?? `code ${code}`
    cdp.close(new Error(`the browser exited (${exit})`))
  })

  // A run that exits before close() finishes (the runner's cancellation gives it under a second)
  // still ends the browser and removes its profile, synchronously, on its way out.
  const onExit = (): void => {
    if (isRunning(child)) kill(child)
    for (const folder of folders) rmSync(folder, { recursive: true, force: true, maxRetries: 3 })
  }
  process.once('exit', onExit)

  // The browser is killed, not asked to close: its profile is thrown away, so nothing of its own
  // shutdown (saving its state into the profile) is worth waiting for.
  let closing: Promise<void> | undefined
  const close = (now = false): Promise<void> =>
    (closing ??= (() => {
      if (isRunning(child)) kill(child)
      const finished = exited.then(() => removeFolders(folders)).then(() => void process.off('exit', onExit))
      if (!now) return finished
      // A cancelled run has under a second left to say so: the browser is left to exit, and its
      // profile removed after it, without waiting; onExit finishes both if the process ends first.
      finished.catch(() => undefined)
      return Promise.resolve()
    })())

  const timer = delay(options.timeoutMs)
  let abort = (): void => undefined
  const cancelled = new Promise<never>((_, reject) => {
    abort = () => reject(options.signal.reason as Error)
    if (options.signal.aborted) abort()
    else options.signal.addEventListener('abort', abort, { once: true })
  })
  // Settled or not, the race below is its only reader.
  cancelled.catch(() => undefined)
  try {
    const version = await Promise.race([
      cdp.send<{ product: string }>('Browser.getVersion').catch(async (error: unknown) => {
        // A browser that dies at its start closes the pipe first, then exits; the last of its
        // standard error comes after. Neither holds the answer up for long.
        const wait = delay(EXIT_WAIT_MS)
        await Promise.race([exited.then(() => stderrEnded), wait.done])
        wait.cancel()
        if (isRunning(child)) throw error
        throw exitedBeforeAnswer(exit, stderr)
      }),
      cancelled,
      timer.done.then(() => {
        throw silentAtStart(Math.round(options.timeoutMs / 1000))
      })
    ])
    keepStderr = false
    stderr = ''
    return {
      cdp,
      product: version.product,
      startupMs: Math.round(performance.now() - startedAt),
      sandbox,
      close
    }
  } catch (error) {
    await close(options.signal.aborted)
    throw error
  } finally {
    timer.cancel()
    options.signal.removeEventListener('abort', abort)
  }
}

/**
 * The browser's temporary folder: in the profile, unless the profile's path is too long for the
 * Unix socket Chrome makes in it (a socket's name has room for 107 bytes); then a folder of its own
 * in /tmp, removed with the profile.
 */
async function temporaryFolder(profile: string): Promise<string> {
  const inProfile = path.join(profile, 'tmp')
  if (process.platform === 'win32' || Buffer.byteLength(inProfile) <= MAX_TEMPORARY_PATH) {
    await mkdir(inProfile)
    return inProfile
  }
  return mkdtemp('/tmp/browser-tmp-')
}

/** The profile's home and per-user folders and its preferences, before the first start. */
async function prepareProfile(profile: string): Promise<void> {
  await Promise.all([...PROFILE_FOLDERS, 'Default', 'downloads'].map((folder) => mkdir(path.join(profile, folder))))
  await writeFile(
    path.join(profile, 'Default', 'Preferences'),
    JSON.stringify(profilePreferences(path.join(profile, 'downloads')))
  )
}

function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null
}

function kill(child: ChildProcess): void {
  try {
    if (process.platform !== 'win32' && child.pid) process.kill(-child.pid, 'SIGKILL')
    else child.kill('SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
}

/** The browser's child processes may still hold files for a moment after it exits (Windows locks them). */
async function removeFolders(folders: string[]): Promise<void> {
  await Promise.all(
    folders.map((folder) => rm(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }))
  )
}

function delay(ms: number): { done: Promise<void>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined
  const done = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return { done, cancel: () => clearTimeout(timer) }
}
