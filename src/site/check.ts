import { statSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { Worker } from 'node:worker_threads'
import type { SiteFindings, SiteListing } from './findings.js'
import { isPage, isReadFile, SiteReader, type ReaderSnapshot } from './reader.js'
import { SiteFiles } from './resolve.js'

export interface SiteCheckOptions {
  /** The exported domain; without it the canonical, og:url and sitemap hosts are not checked. */
  domain?: string
  /** The job's page count, which the pages that arrived are compared with. */
  expectedPages?: number
  /**
   * The worker bundle (src/site/worker.ts built); without it, or for a small site, every file is
   * read on this thread.
   */
  workerFile?: URL
  /** Files each worker should have at least; fewer workers start on a smaller site. */
  filesPerWorker?: number
  /** Stops the check (its reason is thrown): the run's deadline, which follows its cancellation too. */
  signal?: AbortSignal
  /** Keeps each page's set of scripts, iframes and embeds: for the browser pass, only when it will run. */
  scriptSets?: boolean
}

/** What a worker thread is given to start. */
export interface WorkerSetup {
  root: string
  files: string[]
  linkedFolders: boolean
  domain?: string
  scriptSets: boolean
}

/** Messages between the check and its workers: a worker asks for files, then sends what it found. */
export type ToWorker = { files: string[] } | { finish: true }
export type FromWorker = { ready: true } | { findings: ReaderSnapshot }

/** Reading runs on this thread in slices this long, so that signals still get through. */
const YIELD_EVERY_MS = 50
/** Files a worker is sent at a time: enough to make the round trip negligible, few enough to balance. */
const BATCH = 64
const DEFAULT_FILES_PER_WORKER = 500
/** The rules file of the hosts that read one from the site's top (Netlify, Cloudflare Pages). */
const HOST_RULES = '_redirects'
const MAX_WORKERS = 4
/**
 * A worker's pages are garbage as soon as they are read; a small young generation collects them
 * sooner, which keeps each worker's memory down at no measurable cost in time.
 */
const YOUNG_GENERATION_MB = 8

/**
 * Reads the unpacked site at `root` file by file (pages, style sheets, the sitemap) and tallies
 * what a visitor would miss: broken internal references and fragments, loads from other origins,
 * addresses on another host. Pages are shared among worker threads, one per core, when the site is large.
 * Memory holds the file listing and bounded tallies, never more than one page per thread.
 */
export async function checkSite(root: string, options: SiteCheckOptions = {}): Promise<SiteFindings> {
  const startedAt = performance.now()
  const { signal } = options
  const listing = await listFiles(root)
  const { files, linkedFolders } = listing
  signal?.throwIfAborted()
  const site = new SiteFiles(root, files, linkedFolders)
  const scriptSets = options.scriptSets ?? false
  const reader = new SiteReader(root, site, options.domain, { scriptSets })
  // In order, as the tallies want them (findings.ts, Tally).
  const toRead = files.filter(isReadFile).sort()

  const workers = options.workerFile ? workerCount(toRead.length, options) : 1
  if (workers > 1 && options.workerFile) {
    const setup: WorkerSetup = { root, files, linkedFolders, domain: options.domain, scriptSets }
    for (const findings of await readInWorkers(options.workerFile, workers, setup, toRead, signal)) {
      reader.merge(findings)
    }
  } else {
    await readHere(reader, toRead, signal)
  }
  signal?.throwIfAborted()
  reader.checkFragmentLinks()
  const sitemap = site.has('sitemap.xml') ? reader.readSitemaps('sitemap.xml') : undefined
  const pages = toRead.filter(isPage).length

  return {
    root,
    domain: options.domain,
    expectedPages: options.expectedPages,
    durationMs: Math.round(performance.now() - startedAt),
    threads: workers,
    files: files.length,
    htmlPages: pages,
    styleSheets: toRead.length - pages,
    indexHtml: site.has('index.html'),
    internalReferences: reader.internalReferences,
    broken: reader.broken,
    external: reader.external,
    hints: reader.hints,
    outbound: reader.outbound,
    addresses: reader.addresses,
    fragments: reader.fragments,
    sitemap,
    extensionless: reader.extensionless,
    hostRules: site.has(HOST_RULES) ? HOST_RULES : undefined,
    scriptSets: reader.scriptSets?.snapshot(),
    listing
  }
}

function workerCount(files: number, options: SiteCheckOptions): number {
  const cores = Math.min(os.availableParallelism(), MAX_WORKERS)
  return Math.max(1, Math.min(cores, Math.floor(files / (options.filesPerWorker ?? DEFAULT_FILES_PER_WORKER))))
}

async function readHere(reader: SiteReader, files: string[], signal: AbortSignal | undefined): Promise<void> {
  let lastYield = performance.now()
  for (const file of files) {
    reader.readFile(file)
    if (performance.now() - lastYield > YIELD_EVERY_MS) {
      await yieldToEventLoop()
      signal?.throwIfAborted()
      lastYield = performance.now()
    }
  }
}

/**
 * Shares `files` among `count` workers, a batch at a time to whichever is free; returns what each
 * found. The signal ends every worker at once and rejects with its reason.
 */
function readInWorkers(
  workerFile: URL,
  count: number,
  setup: WorkerSetup,
  files: string[],
  signal: AbortSignal | undefined
): Promise<ReaderSnapshot[]> {
  let next = 0
  const started: Worker[] = []
  let stop = (): void => undefined
  const stopped = new Promise<never>((_, reject) => {
    stop = () => reject(signal?.reason as Error)
    signal?.addEventListener('abort', stop, { once: true })
  })
  stopped.catch(() => undefined)
  if (signal?.aborted) stop()
  const reading = Array.from(
    { length: count },
    () =>
      new Promise<ReaderSnapshot>((resolve, reject) => {
        const worker = new Worker(workerFile, {
          workerData: setup,
          resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB }
        })
        started.push(worker)
        let done = false
        worker.on('message', (message: FromWorker) => {
          if ('findings' in message) {
            done = true
            resolve(message.findings)
            void worker.terminate()
            return
          }
          const batch = files.slice(next, next + BATCH)
          next += batch.length
          worker.postMessage((batch.length > 0 ? { files: batch } : { finish: true }) satisfies ToWorker)
        })
        worker.on('error', reject)
        worker.on('exit', (code) => {
          if (!done) reject(new Error(`a site check worker stopped (exit code ${code}) before it finished`))
        })
      })
  )
  return Promise.race([Promise.all(reading), stopped]).finally(() => {
    signal?.removeEventListener('abort', stop)
    for (const worker of started) void worker.terminate()
  })
}

/** Every file under `root` as a `/`-separated relative path, in no order; links to files count as files. */
async function listFiles(root: string): Promise<SiteListing> {
  const files: string[] = []
  let linkedFolders = false
  const top = path.resolve(root)
  for (const entry of await readdir(top, { recursive: true, withFileTypes: true })) {
    let isFile = entry.isFile()
    if (entry.isSymbolicLink()) {
      const target = statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })
      isFile = target?.isFile() ?? false
      linkedFolders ||= target?.isDirectory() ?? false
    }
    if (!isFile) continue
    // Entries come with the folder they are in, which starts with `top`.
    const folder = entry.parentPath.slice(top.length + 1)
    const file = folder ? `${folder}${path.sep}${entry.name}` : entry.name
    files.push(path.sep === '/' ? file : file.split(path.sep).join('/'))
  }
  return { files, linkedFolders }
}
