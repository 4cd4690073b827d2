import * as core from '@actions/core'
import { randomUUID } from 'node:crypto'
import { rename } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Dispatcher } from 'undici'
import { FREE_SPACE_RESERVE_BYTES, freeBytes } from './disk.js'
import { FileSink, SinkError } from './download/file-sink.js'
import { reportProgress } from './download/progress.js'
import { getFromStorage, header, InsecureLinkError, insecureReason, type StorageResponse } from './download/transfer.js'
import { formatBytes, oneLine } from './format.js'
import { dispatcher as runDispatcher, redactUrl } from './net.js'
import { backoffMs, parseRetryAfter, type Retryable } from './retry.js'
import { USER_AGENT } from './user-agent.js'

export interface DownloadOptions {
  /** The size the API announced (`sizeBytes`), checked against what arrived. */
  expectedSize?: number
  /** Longest silence from the storage host before the attempt is abandoned and retried. */
  stallTimeoutMs: number
  retryBaseDelayMs: number
  /** Epoch milliseconds: the run's deadline. No attempt, retry or backoff goes past it. */
  deadline?: number
  signal?: AbortSignal
  /** The connection pool; the run's proxy-aware one unless a test brings its own. */
  dispatcher?: Dispatcher
  /**
   * Asked for a fresh link when the storage host refuses the current one as expired; the download
   * goes on from the byte it had reached. It decides how many links are too many (it throws then):
   * these refusals do not count as failed attempts. Without it, the refusal is a LinkExpiredError.
   */
  renewLink?: () => Promise<FreshLink>
  /** How often a long download logs its progress (10 s). */
  progressIntervalMs?: number
  /** The most a body may bring when no size was announced; the free space beside the file, less a reserve, by default. */
  maxBytes?: number
}

/** A new link to the archive, and the size the API announced with it. */
export interface FreshLink {
  link: string
  expectedSize?: number
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

const MAX_TIMER_MS = 2 ** 31 - 1
/** Attempts in a row that bring no new byte before the download gives up. */
const ATTEMPTS = 5
const MAX_BACKOFF_MS = 30_000
const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/**
 * Downloads the archive behind a presigned link to `destination`, hashing it on the way. The bytes
 * go to a temporary name beside it and are moved into place only once complete. A cut transfer is
 * resumed where it stopped (`Range` with `If-Range`), when the storage host allows it.
 */
export async function downloadFile(link: string, destination: string, options: DownloadOptions): Promise<DownloadedFile> {
  checkLink(link)
  if (options.deadline !== undefined && Date.now() >= options.deadline) throw outOfTime(link, 0)
  let sink: FileSink
  try {
    sink = await FileSink.open(`${destination}.${randomUUID()}.partial`)
  } catch (error) {
    throw transferError(`Download of ${redactUrl(link)}`, error)
  }
  const maxBytes = options.maxBytes ?? Math.max(0, freeBytes(path.dirname(destination)) - FREE_SPACE_RESERVE_BYTES)
  const download = new BundleDownload(link, sink, { ...options, maxBytes })
  const stopProgress = reportProgress(download.progress, (line) => core.info(line), options.progressIntervalMs)
  try {
    await download.run()
    const sha256 = await sink.finish()
    await rename(sink.path, destination)
    return { path: destination, sha256, sizeBytes: sink.size }
  } catch (error) {
    await sink.discard()
    throw error instanceof SinkError ? transferError(`Download of ${redactUrl(download.link)}`, error) : error
  } finally {
    stopProgress()
    download.dispose()
  }
}

/** What a later attempt needs to go on where an earlier one stopped: the object's ETag and size. */
interface Validator {
  etag?: string
  total?: number
}

/** The attempts of one download: the link, the file so far, and how to resume it. */
class BundleDownload {
  link: string
  private expectedSize: number | undefined
  /** From the last full (200) answer; a resume asks for the same object by it. */
  private validator: Validator = {}
  private received = 0
  private readonly signal: AbortSignal
  private readonly deadlineTimer: NodeJS.Timeout | undefined

  constructor(
    link: string,
    private readonly sink: FileSink,
    private readonly options: DownloadOptions
  ) {
    this.link = link
    this.expectedSize = options.expectedSize
    const signals = options.signal ? [options.signal] : []
    // A timer cannot wait longer than 2^31 - 1 ms (it would fire at once): a deadline further away is none.
    if (options.deadline !== undefined && options.deadline - Date.now() <= MAX_TIMER_MS) {
      const timeUp = new AbortController()
      this.deadlineTimer = setTimeout(() => timeUp.abort(outOfTime(this.link, this.sink.size, this.validator.total)), options.deadline - Date.now())
      signals.push(timeUp.signal)
    }
    this.signal = AbortSignal.any(signals)
  }

  readonly progress = {
    position: () => this.sink.size,
    total: () => this.validator.total ?? this.expectedSize,
    received: () => this.received
  }

  dispose(): void {
    clearTimeout(this.deadlineTimer)
  }

  async run(): Promise<void> {
    for (let failures = 0; ;) {
      const before = this.sink.size
      try {
        return await this.attempt()
      } catch (error) {
        if (error instanceof LinkExpiredError && this.options.renewLink && !this.signal.aborted) {
          await this.renewLink(error)
          continue
        }
        if (!isRetryable(error) || this.signal.aborted) throw this.signal.reason instanceof Error ? this.signal.reason : error
        // An attempt that brought new bytes was worth it: only attempts in a row that bring none count.
        failures = this.sink.size > before ? 1 : failures + 1
        if (failures >= ATTEMPTS) throw error
        const delayMs = backoffMs(failures, { baseDelayMs: this.options.retryBaseDelayMs, maxDelayMs: MAX_BACKOFF_MS }, error.retryAfterMs)
        const { deadline } = this.options
        if (deadline !== undefined && Date.now() + delayMs >= deadline) {
          throw outOfTime(this.link, this.sink.size, this.validator.total, error.message)
        }
        core.info(`${error.message}; retrying in ${(delayMs / 1000).toFixed(1)} s (attempt ${failures + 1} of ${ATTEMPTS})${this.resumeNote()}`)
        await sleep(delayMs, undefined, { signal: this.signal }).catch(() => {
          throw this.signal.reason
        })
      }
    }
  }

  private async renewLink(error: LinkExpiredError): Promise<void> {
    const at = this.sink.size > 0 ? `, to go on from byte ${this.sink.size}` : ''
    core.info(`${error.message}; asking for a fresh link${at}`)
    const fresh = await (this.options.renewLink as () => Promise<FreshLink>)()
    checkLink(fresh.link)
    this.link = fresh.link
    this.expectedSize = fresh.expectedSize
  }

  private resumeNote(): string {
    if (this.sink.size === 0) return ''
    return this.validator.etag ? `, from byte ${this.sink.size}` : ' (from the first byte: the storage host sent no ETag to resume by)'
  }

  private async attempt(): Promise<void> {
    const offset = this.sink.size
    const { etag } = this.validator
    const resuming = offset > 0 && etag !== undefined
    if (offset > 0 && !resuming) this.restart()
    const { response, received, text } = await getFromStorage(new URL(this.link), {
      headers: { 'user-agent': USER_AGENT, ...(resuming ? { range: `bytes=${offset}-`, 'if-range': etag } : {}) },
      dispatcher: this.options.dispatcher ?? runDispatcher,
      stallTimeoutMs: this.options.stallTimeoutMs,
      signal: this.signal,
      accept: (answer) => this.accept(answer, resuming ? offset : 0),
      onBytes: (count) => {
        this.received += count
        this.refuseOversize()
      }
    }).catch((error: unknown) => {
      throw error instanceof InsecureLinkError
        ? new DownloadError(`Download of ${redactUrl(this.link)}: ${error.message}`, false)
        : transferError(`Download of ${redactUrl(this.link)}`, error, this.sink.size, this.validator.total)
    })
    if (text !== undefined) throw this.refusal(response, text, offset)

    const announced = contentLength(response)
    if (announced !== undefined && received !== announced) {
      throw new DownloadError(`Download of ${redactUrl(this.link)} was cut short: ${received} of ${announced} bytes`, true)
    }
    const { expectedSize } = this
    if (expectedSize !== undefined && this.sink.size !== expectedSize) {
      const size = this.sink.size
      this.restart()
      throw new DownloadError(`Download of ${redactUrl(this.link)} has ${size} bytes, but the API announced ${expectedSize} (sizeBytes)`, true)
    }
  }

  /**
   * Stops a body as soon as it outgrows what was announced (sizeBytes, or Content-Length), or,
   * when nothing was, the room on the disk: a host that keeps sending must not fill the runner.
   */
  private refuseOversize(): void {
    const limit = Math.min(this.expectedSize ?? this.validator.total ?? Number.POSITIVE_INFINITY, this.options.maxBytes ?? Number.POSITIVE_INFINITY)
    if (this.sink.size <= limit) return
    const announced = limit === this.options.maxBytes ? 'the room on the disk' : `the ${limit} bytes announced`
    throw new DownloadError(`Download of ${redactUrl(this.link)} was stopped: the storage host sent more than ${announced}`, false)
  }

  /**
   * Decides what the body of a 200 or 206 is worth; anything else is read as an error page. A 206
   * counts only when it is the rest of the same object from the byte asked for; a 200 is the whole
   * object, perhaps a new one: the file starts again from zero.
   */
  private accept(response: StorageResponse, rangeStart: number): FileSink | undefined {
    if (response.status === 200) {
      if (this.sink.size > 0) {
        core.info(
          `The storage host sent the whole file again (HTTP 200${rangeStart > 0 ? ', not the rest asked for' : ''}); starting from the first byte`
        )
        this.sink.restart()
      }
      this.validator = { etag: strongEtag(response.headers.etag), total: contentLength(response) }
      return this.sink
    }
    if (response.status === 206 && rangeStart > 0) {
      const range = header(response.headers['content-range'])
      const etag = strongEtag(response.headers.etag)
      if (!isRestOf(range, rangeStart, this.validator.total) || (etag !== undefined && etag !== this.validator.etag)) {
        this.restart()
        throw new DownloadError(
          `Download of ${redactUrl(this.link)}: the storage host answered the request for bytes ${rangeStart}- with ` +
            `Content-Range ${range ?? '(none)'}${etag !== undefined && etag !== this.validator.etag ? ' and another ETag' : ''}; starting again from the first byte`,
          true
        )
      }
      return this.sink
    }
    return undefined
  }

  private refusal(response: StorageResponse, text: string, offset: number): Error {
    const shown = redactUrl(this.link)
    const { status } = response
    if (isExpiryRefusal(status, text)) return new LinkExpiredError(`The storage host refused the link as expired (HTTP ${status})`)
    if (status === 416) {
      this.restart()
      return new DownloadError(
        `Download of ${shown}: the storage host has no bytes from ${offset} on (HTTP 416); starting again from the first byte`,
        true
      )
    }
    const redirect = status >= 300 && status < 400 ? ' (a redirect without a Location, or more than 5 in a row)' : ''
    return new DownloadError(
      `Download of ${shown} failed: HTTP ${status}${redirect}${storageMessage(text)}`,
      RETRYABLE_STATUSES.has(status),
      parseRetryAfter(response.headers['retry-after'])
    )
  }

  /** Drops what was kept: the next bytes are the file's first. */
  private restart(): void {
    this.sink.restart()
    this.validator = {}
  }
}

/** Refuses, before any connection, a link that is not https (plain http only to this machine). */
function checkLink(link: string): void {
  const url = URL.parse(link)
  const reason = url ? insecureReason(url) : 'it is not a URL'
  if (reason) throw new DownloadError(`Download of ${redactUrl(link)} refused: ${reason}`, false)
}

/** `bytes <start>-<total - 1>/<total>`: the rest of the object from `start`, of the size known. */
function isRestOf(contentRange: string | undefined, start: number, total: number | undefined): boolean {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(contentRange?.trim() ?? '')
  if (!match) return false
  const [first, last, size] = [Number(match[1]), Number(match[2]), match[3] === '*' ? undefined : Number(match[3])]
  if (first !== start) return false
  if (total !== undefined && size !== total) return false
  return size === undefined || last === size - 1
}

/** If-Range needs a strong validator; a weak one (W/"…") cannot promise the same bytes. */
function strongEtag(value: string | string[] | undefined): string | undefined {
  const etag = header(value)?.trim()
  return etag && !etag.startsWith('W/') ? etag : undefined
}

function contentLength(response: StorageResponse): number | undefined {
  const value = header(response.headers['content-length'])
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined
}

function outOfTime(link: string, position: number, total?: number, lastError?: string): DownloadError {
  const reached = position > 0 ? ` after ${formatBytes(position)}${total ? ` of ${formatBytes(total)}` : ''}` : ''
  const shown = redactUrl(link)
  const last = lastError ? `; the last attempt: ${lastError.replace(`Download of ${shown} `, '')}` : ''
  return new DownloadError(`Download of ${shown} ran out of time (timeout-seconds)${reached}${last}`, false)
}

function isRetryable(error: unknown): error is Error & Retryable {
  return error instanceof Error && (error as Partial<Retryable>).retryable === true
}

/** S3 answers an expired presigned link with 403 AccessDenied and "Request has expired". */
function isExpiryRefusal(status: number, body: string): boolean {
  return (status === 403 || status === 400 || status === 410) && /expired/i.test(body)
}

/** The `<Message>` of an S3-style XML error, or nothing. */
function storageMessage(body: string): string {
  const message = /<Message>([^<]{1,300})<\/Message>/.exec(body)?.[1]
  return message ? `: ${oneLine(message)}` : ''
}

function transferError(what: string, error: unknown, position = 0, total?: number): Error {
  if (error instanceof DownloadError || error instanceof LinkExpiredError) return error
  if (error instanceof Error && error.name === 'AbortError') return error
  const code = (error as NodeJS.ErrnoException).code ?? ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code
  const reason = code?.includes('TIMEOUT') ? 'stalled' : `failed (${code ?? (error as Error).message})`
  const reached = position > 0 ? ` after ${formatBytes(position)}${total ? ` of ${formatBytes(total)}` : ''}` : ''
  // Filesystem faults (a full disk, a missing folder) do not mend on their own.
  const retryable = !(error instanceof SinkError) && (code === undefined || !/^E(NOSPC|ACCES|PERM|ROFS|NOENT|EXIST|ISDIR|DQUOT|FBIG)$/.test(code))
  return new DownloadError(`${what} ${reason}${reached}`, retryable)
}
