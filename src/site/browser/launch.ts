import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Readable, Writable } from 'node:stream'
import { CdpPipe } from './cdp.js'

/** A browser started for the pass, with a profile of its own that close() removes. */
export interface Browser {
  cdp: CdpPipe
  /** As the browser names itself: `Chrome/131.0.6778.85`, `HeadlessChrome/…`. */
  product: string
  startupMs: number
  /**
   * Ends the browser, politely and then by force, and removes its profile; with `now` (the run is
   * being cancelled) kills it at once and returns without waiting. Later calls wait for the first.
   */
  close(now?: boolean): Promise<void>
}

export interface LaunchOptions {
  /** Every request the pass does not intercept (WebSockets, the browser's own) goes to this proxy, which refuses it. */
  proxy: string
  /** Longest wait for the browser's first answer. */
  timeoutMs: number
  /** Cancels the launch: the browser is ended at once and the call fails with the signal's reason. */
  signal: AbortSignal
}

/** Time a browser gets to close itself before it is killed. */
const CLOSE_GRACE_MS = 1500

/**
 * The flags of a quiet, headless browser: no GPU, no first-run screens, and none of the calls
 * Chrome makes on its own (updates, sync, field trials, QUIC). What still tries goes to the refusing
 * proxy; loopback addresses bypass a proxy, so the site's server is reached directly.
 */
function flags(profile: string, proxy: string): string[] {
  const list = [
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-quic',
    '--mute-audio',
    '--hide-scrollbars',
    '--window-size=1280,800',
    `--proxy-server=${proxy}`,
    `--user-data-dir=${profile}`,
    '--remote-debugging-pipe',
    'about:blank'
  ]
  // Chrome's sandbox refuses to start as root (containers); elsewhere it stays on.
  if (process.getuid?.() === 0) list.unshift('--no-sandbox')
  return list
}

export async function launchBrowser(executable: string, options: LaunchOptions): Promise<Browser> {
  const startedAt = performance.now()
  const profile = await mkdtemp(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'browser-profile-'))
  let child: ChildProcess
  try {
    // Its own process group on POSIX, so that close() can end the browser's child processes with it.
    child = spawn(executable, flags(profile, options.proxy), {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32'
    })
  } catch (error) {
    await removeProfile(profile)
    throw error
  }
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once('exit', () => resolve())
  })
  const cdp = new CdpPipe(child.stdio[3] as Writable, child.stdio[4] as Readable)
  child.once('error', (error) => cdp.close(error))
  child.once('exit', (code, signal) => cdp.close(new Error(`the browser exited (${signal ?? `code ${code}`})`)))

  // A run that exits before close() finishes (the runner's cancellation gives it under a second)
  // still ends the browser and removes its profile, synchronously, on its way out.
  const onExit = (): void => {
    if (isRunning(child)) kill(child)
    rmSync(profile, { recursive: true, force: true, maxRetries: 3 })
  }
  process.once('exit', onExit)

  let closing: Promise<void> | undefined
  const close = (now = false): Promise<void> =>
    (closing ??= (async () => {
      if (now) {
        // A cancelled run has under a second left to say so: the browser is killed and left to
        // exit, and its profile removed after it, without waiting; onExit finishes both if the
        // process ends first.
        if (isRunning(child)) kill(child)
        void exited
          .then(() => removeProfile(profile))
          .then(
            () => process.off('exit', onExit),
            () => undefined
          )
        return
      }
      if (isRunning(child)) {
        cdp.send('Browser.close').catch(() => undefined)
        const timer = delay(CLOSE_GRACE_MS)
        await Promise.race([exited, timer.done])
        timer.cancel()
        if (isRunning(child)) kill(child)
        await exited
      }
      await removeProfile(profile)
      process.off('exit', onExit)
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
      cdp.send<{ product: string }>('Browser.getVersion'),
      cancelled,
      timer.done.then(() => {
        throw new Error(`the browser did not answer within ${Math.round(options.timeoutMs / 1000)} s of its start`)
      })
    ])
    return { cdp, product: version.product, startupMs: Math.round(performance.now() - startedAt), close }
  } catch (error) {
    await close(options.signal.aborted)
    throw error
  } finally {
    timer.cancel()
    options.signal.removeEventListener('abort', abort)
  }
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
function removeProfile(profile: string): Promise<void> {
  return rm(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
}

function delay(ms: number): { done: Promise<void>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined
  const done = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))
  return { done, cancel: () => clearTimeout(timer) }
}
