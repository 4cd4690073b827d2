import * as core from '@actions/core'
import { createHash, randomUUID } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { interceptors, request, type Dispatcher } from 'undici'
import { dispatcher, redactUrl } from './net.js'
import { parseRetryAfter, retry, type Retryable } from './retry.js'

export interface DownloadOptions {
  /** The size the API announced (`sizeBytes`), checked against what arrived. */
  expectedSize?: number
  /** Longest silence from the storage host before the attempt is abandoned and retried. */
  stallTimeoutMs: number
  retryBaseDelayMs: number
  signal?: AbortSignal
  /** The connection pool; the run's proxy-aware one unless a test brings its own. */
  dispatcher?: Dispatcher
}

export interface DownloadedFile {
  path: string
  sha256: string
  sizeBytes: number
}

/** The storage host refused the link as expired: a fresh link from the API is the cure, not a retry. */
export class LinkExpiredError extends Error {
  override name = 'LinkExpiredError'
}

class DownloadError extends Error implements Retryable {
  override name = 'DownloadError'
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number
  ) {
    super(message)
  }
}

const ATTEMPTS = 5
const MAX_BACKOFF_MS = 30_000
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504])
const MAX_REDIRECTS = 5
/** Large writes: the disk sees a few big writes instead of one per network chunk. */
const WRITE_BUFFER_BYTES = 1 << 20
/** Presigned links are credentials in themselves: nothing else is sent, and redirects carry nothing. */
function storageDispatcher(pool: Dispatcher): Dispatcher {
  return pool.compose(interceptors.redirect({ maxRedirections: MAX_REDIRECTS }))
}

/**
 * Downloads the archive behind a presigned link to `destination`, hashing it on the way.
 * The bytes go to a temporary name beside it and are moved into place only once complete.
 */
export async function downloadFile(link: string, destination: string, options: DownloadOptions): Promise<DownloadedFile> {
  return retry(() => attemptDownload(link, destination, options), {
    attempts: ATTEMPTS,
    baseDelayMs: options.retryBaseDelayMs,
    maxDelayMs: MAX_BACKOFF_MS,
    signal: options.signal,
    onRetry: (error, attempt, delayMs) =>
      core.info(`${(error as Error).message}; retrying in ${(delayMs / 1000).toFixed(1)} s (attempt ${attempt} of ${ATTEMPTS})`)
  })
}

async function attemptDownload(link: string, destination: string, options: DownloadOptions): Promise<DownloadedFile> {
  const shown = redactUrl(link)
  let response
  try {
    response = await request(link, {
      dispatcher: storageDispatcher(options.dispatcher ?? dispatcher),
      signal: options.signal,
      headersTimeout: options.stallTimeoutMs,
      bodyTimeout: options.stallTimeoutMs
    })
  } catch (error) {
    throw transferError(`Download of ${shown}`, error)
  }

  if (response.statusCode !== 200) {
    const text = (await response.body.text().catch(() => '')).slice(0, 2000)
    if (isExpiryRefusal(response.statusCode, text)) {
      throw new LinkExpiredError(`The storage host refused the link as expired (HTTP ${response.statusCode})`)
    }
    throw new DownloadError(
      `Download of ${shown} failed: HTTP ${response.statusCode}${storageMessage(text)}`,
      RETRYABLE_STATUSES.has(response.statusCode),
      parseRetryAfter(response.headers['retry-after'])
    )
  }

  const partial = `${destination}.${randomUUID()}.partial`
  const hash = createHash('sha256')
  let sizeBytes = 0
  try {
    // Opened before the transfer, so that no pending open can recreate the file after a failure removed it.
    const file = await open(partial, 'w')
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk)
        sizeBytes += chunk.length
        done(null, chunk)
      }
    })
    await pipeline(response.body, hashing, file.createWriteStream({ highWaterMark: WRITE_BUFFER_BYTES }))
    checkLength(shown, sizeBytes, Number(response.headers['content-length'] ?? Number.NaN), options.expectedSize)
    await rename(partial, destination)
  } catch (error) {
    response.body.destroy()
    await rm(partial, { force: true })
    throw error instanceof DownloadError ? error : transferError(`Download of ${shown}`, error)
  }
  return { path: destination, sha256: hash.digest('hex'), sizeBytes }
}

/** A body cut short is caught here, whether the server announced a length or the API did. */
function checkLength(shown: string, received: number, contentLength: number, expectedSize?: number): void {
  if (Number.isFinite(contentLength) && received !== contentLength) {
    throw new DownloadError(`Download of ${shown} was cut short: ${received} of ${contentLength} bytes`, true)
  }
  if (expectedSize !== undefined && received !== expectedSize) {
    throw new DownloadError(`Download of ${shown} has ${received} bytes, but the API announced ${expectedSize} (sizeBytes)`, true)
  }
}

/** S3 answers an expired presigned link with 403 AccessDenied and "Request has expired". */
function isExpiryRefusal(status: number, body: string): boolean {
  return (status === 403 || status === 400 || status === 410) && /expired/i.test(body)
}

/** The `<Message>` of an S3-style XML error, or nothing. */
function storageMessage(body: string): string {
  const message = /<Message>([^<]{1,300})<\/Message>/.exec(body)?.[1]
  return message ? `: ${message}` : ''
}

function transferError(what: string, error: unknown): Error {
  if (error instanceof Error && error.name === 'AbortError') return error
  const code = (error as NodeJS.ErrnoException).code ?? ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code
  const reason = code?.includes('TIMEOUT') ? 'stalled' : `failed (${code ?? (error as Error).message})`
  // Filesystem faults (a full disk, a missing folder) do not mend on their own.
  const retryable = code === undefined || !/^E(NOSPC|ACCES|PERM|ROFS|NOENT|EXIST|ISDIR)$/.test(code)
  return new DownloadError(`${what} ${reason}`, retryable)
}
