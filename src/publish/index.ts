import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { stoppedError } from '../core/deadline.js'
import { errorFromRecord } from '../core/errors.js'
import { formatBytes } from '../core/format.js'
import { textFromRecord } from '../core/message.js'
import { besideModule } from '../core/worker-file.js'
import { prefixUrl, type S3Location } from '../storage/s3-location.js'
import type { PublishOptions, PublishResult } from './engine.js'
import { publishError } from './errors.js'
import type { FromThread, ThreadSetup, ToThread } from './thread-protocol.js'

export type { PublishOptions, PublishResult } from './engine.js'

/**
 * The publish (engine.ts) on a thread of its own whose heap is bounded, so that its memory stays
 * the same whatever the size of the site (docs/decisions/publish-thread.md). The AWS SDK leaves
 * about 200 KB of garbage for each request; with V8's defaults a publish that lasts grows the young
 * generation to its largest and lets the old one fill with promoted garbage to about three times
 * what it holds, so the peak grew with the site. With these limits V8 collects sooner, at no
 * measured cost in time.
 */

/** The thread's bundle beside this module's in dist/; from src/ there is none, and the publish runs on the caller's thread. */
const THREAD_BUNDLE = 'publish-thread/index.js'
/** The young generation: each request's garbage is collected before it is promoted. */
const YOUNG_GENERATION_MB = 8
/**
 * The old generation: several times what a publish of 20,000 pages holds (~45 MB), and small
 * enough that V8 grows it by a small factor of what it holds rather than four times.
 */
const OLD_GENERATION_MB = 256
/** A thread that has not answered by the end of the deadline's clean-up grace and this never will: it is ended. */
const ANSWER_GRACE_MS = 1000

/**
 * Publishes the site (engine.ts) on its thread (`threadFile`, by default the bundle beside this
 * module), relaying its log to `options.host` and the run's cancellation to it; without a thread
 * file, here.
 */
export async function publishSite(
  target: S3Location,
  options: PublishOptions,
  threadFile = besideModule(import.meta.url, [THREAD_BUNDLE])
): Promise<PublishResult> {
  if (!threadFile) {
    const { runPublish } = await import('./engine.js')
    return runPublish(target, options)
  }
  return publishOnThread(threadFile, target, options)
}

function publishOnThread(threadFile: URL, target: S3Location, options: PublishOptions): Promise<PublishResult> {
  const { host, deadline, ...rest } = options
  const setup: ThreadSetup = {
    target,
    options: rest,
    deadlineAt: deadline.at,
    progressIntervalMs: host.progressIntervalMs
  }
  const location = prefixUrl(target)
  const signal = deadline.signal()
  host.debug(
    `Publish: on a thread of its own (${fileURLToPath(threadFile)}), its heap bounded: a young generation of ${YOUNG_GENERATION_MB} MiB, an old one of at most ${OLD_GENERATION_MB} MiB`
  )
  const worker = new Worker(threadFile, {
    workerData: setup,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB, maxOldGenerationSizeMb: OLD_GENERATION_MB }
  })
  return new Promise<PublishResult>((resolve, reject) => {
    let answered = false
    let lastResort: NodeJS.Timeout | undefined
    const answer = (settle: () => void): void => {
      if (answered) return
      answered = true
      clearTimeout(lastResort)
      signal.removeEventListener('abort', stop)
      void worker.terminate()
      settle()
    }
    function stop(): void {
      // The thread keeps the deadline's time itself; a cancellation it learns from here.
      if (!deadline.ranOut()) worker.postMessage({ cancel: true } satisfies ToThread)
      // Its clean-ups end within the deadline's grace, as on any thread: one that has not answered by then never will.
      lastResort = setTimeout(
        () =>
          answer(() =>
            reject(
              stoppedError(deadline, signal, `while publishing to ${location}`) ??
                publishError(`Publish: the publish to ${location} did not stop`)
            )
          ),
        Math.max(0, deadline.cleanUpEndsAt() + ANSWER_GRACE_MS - Date.now())
      )
    }
    if (signal.aborted) stop()
    else signal.addEventListener('abort', stop, { once: true })

    worker.on('message', (message: FromThread) => {
      if (message.kind === 'log') host[message.level](textFromRecord(message.text))
      else if (message.kind === 'failed') answer(() => reject(errorFromRecord(message.error)))
      else {
        const { result, failure } = message
        answer(() => resolve(failure ? { ...result, failure: errorFromRecord(failure) } : result))
      }
    })
    worker.on('error', (error: NodeJS.ErrnoException) => answer(() => reject(threadFailure(error, location))))
    worker.on('exit', (code) =>
      answer(() =>
        reject(
          publishError(`Publish: the publish to ${location} ended (exit code ${code}) before it said how it went`, {
            hint: PARTIAL
          })
        )
      )
    )
  })
}

/** What a publish that stopped part-way leaves (docs/publish.md, "A cut, a failure, a rerun"). */
const PARTIAL =
  'The bucket still serves a whole site: nothing is deleted before every new file is in place, and the record of the last complete publish is kept, so a rerun completes this one'

function threadFailure(error: NodeJS.ErrnoException, location: string): Error {
  if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
    return publishError(
      `Publish: the publish to ${location} ran out of memory: its thread may use ${formatBytes(OLD_GENERATION_MB * 1024 * 1024)} and needed more`,
      { hint: PARTIAL, cause: error }
    )
  return publishError(`Publish: the publish to ${location} failed on its thread: ${error.message}`, {
    hint: PARTIAL,
    cause: error
  })
}
