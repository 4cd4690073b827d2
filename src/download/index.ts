import path from 'node:path'
import type { Dispatcher } from 'undici'
import { TimeUpError, type Deadline } from '../core/deadline.js'
import { FREE_SPACE_RESERVE_BYTES, freeBytes } from '../core/disk.js'
import { asClause, systemCode, textOf } from '../core/errors.js'
import { formatBytes } from '../core/format.js'
import type { Host } from '../core/host.js'
import { ATTEMPTS, header, MAX_BACKOFF_MS, RETRYABLE_STATUSES, type Network } from '../core/net.js'
import { OutOfTimeError, parseRetryAfter, retry, retryNote } from '../core/retry.js'
import { xmlErrorWords } from '../core/server-words.js'
import { USER_AGENT } from '../core/user-agent.js'
import { input, message } from '../core/message.js'
import { DownloadError, LinkExpiredError } from './errors.js'
import { FileSink, SinkError } from './file-sink.js'
import { reportProgress } from './progress.js'
import { getFromStorage, type StorageResponse } from './transfer.js'

export { LinkExpiredError } from './errors.js'

export interface DownloadOptions {
  /** The size the API announced (`sizeBytes`), checked against what arrived. */
  expectedSize?: number
  /** Longest silence from the storage host before the attempt is abandoned and retried. */
  stallTimeoutMs: number
  retryBaseDelayMs: number
  /** Where the download logs its retries and progress. */
  host: Host
  /** The run's deadline, which follows its cancellation too: no attempt, retry or backoff goes past it. */
  deadline: Deadline
  /** Where the link and each redirect may lead (plain http or not), and the run's connection pool. */
  network: Network
  /** The connection pool, when a test brings its own; the network's policy still judges every link and redirect. */
  dispatcher?: Dispatcher
  /**
   * Asked for a fresh link when the storage host refuses the current one as expired; the download
   * goes on from the byte it had reached. It decides how many links are too many (it throws then):
   * these refusals do not count as failed attempts. Without it, the refusal is a LinkExpiredError.
   */
  renewLink?: () => Promise<FreshLink>
  /** How often a long download logs its progress; by default the host's pace. */
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

/**
 * Downloads the archive behind a presigned link into `file`, hashing it on the way; the caller
 * names the file (a temporary one, which it moves into place once it knows what arrived), and a
 * download that fails removes it. A cut transfer is resumed where it stopped (`Range` with
 * `If-Range`), when the storage host allows it.
 */
export async function downloadFile(link: string, file: string, options: DownloadOptions): Promise<DownloadedFile> {
  checkLink(link, options.network)
  if (options.deadline.expired()) throw outOfTime(link, 0)
  let sink: FileSink
  try {
    sink = await FileSink.open(file)
  } catch (error) {
    throw transferError(link, error)
  }
  const maxBytes = options.maxBytes ?? Math.max(0, freeBytes(path.dirname(file)) - FREE_SPACE_RESERVE_BYTES)
  const download = new BundleDownload(link, sink, { ...options, maxBytes })
  const { host } = options
  const stopProgress = reportProgress(
    download.progress,
    (line) => host.progress(line),
    options.progressIntervalMs ?? host.progressIntervalMs
  )
  try {
    await download.run()
    const sha256 = await sink.finish()
    return { path: file, sha256, sizeBytes: sink.size }
  } catch (error) {
    await sink.discard()
    throw error instanceof SinkError ? transferError(download.link, error) : error
  } finally {
    stopProgress()
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
  /** Aborts at the deadline or on cancellation: an attempt in progress is stopped at once. */
  private readonly signal: AbortSignal

  constructor(
    link: string,
    private readonly sink: FileSink,
    private readonly options: DownloadOptions
  ) {
    this.link = link
    this.expectedSize = options.expectedSize
    this.signal = options.deadline.signal()
  }

  readonly progress = {
    position: () => this.sink.size,
    total: () => this.validator.total ?? this.expectedSize,
    received: () => this.received
  }

  /** The attempts, retried under the HTTP policy; an attempt that brought new bytes starts the count again. */
  async run(): Promise<void> {
    let sizeBefore = 0
    try {
      await retry(
        async () => {
          for (;;) {
            sizeBefore = this.sink.size
            try {
              return await this.attempt()
            } catch (error) {
              // A refused link is renewed at once, and the download goes on: renewals are not failed attempts.
              if (!(error instanceof LinkExpiredError && this.options.renewLink && !this.signal.aborted)) throw error
              await this.renewLink(error)
            }
          }
        },
        {
          attempts: ATTEMPTS,
          baseDelayMs: this.options.retryBaseDelayMs,
          maxDelayMs: MAX_BACKOFF_MS,
          deadline: this.options.deadline.at,
          signal: this.signal,
          // Only the transfer's own faults: an API call that renewed the link has had its retries already.
          isRetryable: (error) => error instanceof DownloadError && error.retryable,
          madeProgress: () => this.sink.size > sizeBefore,
          onRetry: (error, attempt, delayMs) =>
            this.options.host.info(
              message`${asClause(textOf(error))}; ${retryNote(delayMs, attempt, ATTEMPTS)}${this.resumeNote()}`
            )
        }
      )
    } catch (error) {
      if (this.signal.reason instanceof TimeUpError || error instanceof OutOfTimeError) {
        throw outOfTime(
          this.link,
          this.sink.size,
          this.validator.total,
          error instanceof OutOfTimeError ? error.cause : undefined
        )
      }
      if (this.signal.aborted && this.signal.reason instanceof Error) throw this.signal.reason
      throw error
    }
  }

  private async renewLink(error: LinkExpiredError): Promise<void> {
    const at = this.sink.size > 0 ? `, to go on from byte ${this.sink.size}` : ''
    this.options.host.info(message`${error.text}; asking for a fresh link${at}`)
    const fresh = await (this.options.renewLink as () => Promise<FreshLink>)()
    checkLink(fresh.link, this.options.network)
    this.link = fresh.link
    this.expectedSize = fresh.expectedSize
  }

  private resumeNote(): string {
    if (this.sink.size === 0) return ''
    return this.validator.etag
      ? `, from byte ${this.sink.size}`
      : ' (from the first byte: the storage host sent no ETag to resume by)'
  }

  private async attempt(): Promise<void> {
    const offset = this.sink.size
    const { etag } = this.validator
    const resuming = offset > 0 && etag !== undefined
    if (offset > 0 && !resuming) this.restart()
    const { response, received, text } = await getFromStorage(new URL(this.link), {
      headers: { 'user-agent': USER_AGENT, ...(resuming ? { range: `bytes=${offset}-`, 'if-range': etag } : {}) },
      dispatcher: this.options.dispatcher ?? this.options.network.dispatcher,
      network: this.options.network,
      stallTimeoutMs: this.options.stallTimeoutMs,
      signal: this.signal,
      accept: (answer) => this.accept(answer, resuming ? offset : 0),
      onBytes: (count) => {
        this.received += count
        this.refuseOversize()
      }
    }).catch((error: unknown) => {
      throw transferError(this.link, error, this.sink.size, this.validator.total)
    })
    if (text !== undefined) throw this.refusal(response, text, offset)

    const announced = contentLength(response)
    if (announced !== undefined && received !== announced) {
      throw new DownloadError(this.link, `was cut short: ${received} of ${announced} bytes`, {
        code: 'cut-short',
        retryable: true
      })
    }
    const { expectedSize } = this
    if (expectedSize !== undefined && this.sink.size !== expectedSize) {
      const size = this.sink.size
      this.restart()
      throw new DownloadError(this.link, `has ${size} bytes, but the API announced ${expectedSize} (sizeBytes)`, {
        code: 'size-mismatch',
        retryable: true
      })
    }
  }

  /**
   * Stops a body as soon as it outgrows what was announced (sizeBytes, or Content-Length), or,
   * when nothing was, the room on the disk: a host that keeps sending must not fill the runner.
   */
  private refuseOversize(): void {
    const limit = Math.min(
      this.expectedSize ?? this.validator.total ?? Number.POSITIVE_INFINITY,
      this.options.maxBytes ?? Number.POSITIVE_INFINITY
    )
    if (this.sink.size <= limit) return
    const announced = limit === this.options.maxBytes ? 'the room on the disk' : `the ${limit} bytes announced`
    throw new DownloadError(this.link, `was stopped: the storage host sent more than ${announced}`, {
      code: 'too-large'
    })
  }

  /**
   * Decides what the body of a 200 or 206 is worth; anything else is read as an error page. A 206
   * counts only when it is the rest of the same object from the byte asked for; a 200 is the whole
   * object, perhaps a new one: the file starts again from zero.
   */
  private accept(response: StorageResponse, rangeStart: number): FileSink | undefined {
    if (response.status === 200) {
      if (this.sink.size > 0) {
        this.options.host.info(
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
          this.link,
          `the storage host answered the request for bytes ${rangeStart}- with Content-Range ${range ?? '(none)'}` +
            `${etag !== undefined && etag !== this.validator.etag ? ' and another ETag' : ''}; starting again from the first byte`,
          { code: 'range-mismatch', retryable: true, afterColon: true }
        )
      }
      return this.sink
    }
    return undefined
  }

  private refusal(response: StorageResponse, text: string, offset: number): Error {
    const { status } = response
    if (isExpiryRefusal(status, text)) return new LinkExpiredError(status)
    if (status === 416) {
      this.restart()
      return new DownloadError(
        this.link,
        `the storage host has no bytes from ${offset} on (HTTP 416); starting again from the first byte`,
        {
          code: 'range-mismatch',
          retryable: true,
          afterColon: true
        }
      )
    }
    const redirect = status >= 300 && status < 400 ? ' (a redirect without a Location, or more than 5 in a row)' : ''
    return new DownloadError(this.link, `failed: HTTP ${status}${redirect}${storageMessage(text)}`, {
      code: 'http-status',
      retryable: RETRYABLE_STATUSES.has(status),
      retryAfterMs: parseRetryAfter(response.headers['retry-after'])
    })
  }

  /** Drops what was kept: the next bytes are the file's first. */
  private restart(): void {
    this.sink.restart()
    this.validator = {}
  }
}

/** Refuses, before any connection, a link the run's network does not allow. */
function checkLink(link: string, network: Network): void {
  const reason = network.refusal(link)
  if (reason) throw new DownloadError(link, message`refused: ${reason}`, { code: 'insecure-link' })
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

function outOfTime(link: string, position: number, total?: number, lastError?: unknown): DownloadError {
  const lastProblem =
    lastError instanceof DownloadError ? lastError.problem : lastError === undefined ? undefined : textOf(lastError)
  return new DownloadError(
    link,
    message`ran out of time (${input('timeout-seconds')})${reached(position, total)}${lastProblem ? message`; the last attempt: ${lastProblem}` : ''}`,
    {
      code: 'out-of-time'
    }
  )
}

/** How far the download got, for a message about where it stopped. */
function reached(position: number, total?: number): string {
  return position > 0 ? ` after ${formatBytes(position)}${total ? ` of ${formatBytes(total)}` : ''}` : ''
}

/** S3 answers an expired presigned link with 403 AccessDenied and "Request has expired". */
function isExpiryRefusal(status: number, body: string): boolean {
  return (status === 403 || status === 400 || status === 410) && /expired/i.test(body)
}

/** The start of the `<Message>` of an S3-style XML error, or nothing. */
function storageMessage(body: string): string {
  const { message } = xmlErrorWords(body)
  return message ? `: ${message}` : ''
}

/** Filesystem faults (a full disk, a missing folder) do not mend on their own. */
const FILESYSTEM_CODES = /^E(NOSPC|ACCES|PERM|ROFS|NOENT|EXIST|ISDIR|DQUOT|FBIG)$/

/** A failure of the transfer or of the file, as a DownloadError that says how far it got; the download's own errors as they are. */
function transferError(link: string, error: unknown, position = 0, total?: number): Error {
  if (error instanceof DownloadError || error instanceof LinkExpiredError) return error
  if (error instanceof Error && error.name === 'AbortError') return error
  const code = error instanceof SinkError ? (error.code === 'hashing' ? undefined : error.code) : systemCode(error)
  const reason = code?.includes('TIMEOUT') ? 'stalled' : `failed (${code ?? (error as Error).message})`
  const retryable = !(error instanceof SinkError) && (code === undefined || !FILESYSTEM_CODES.test(code))
  return new DownloadError(link, `${reason}${reached(position, total)}`, {
    code: code ?? 'transfer',
    retryable,
    cause: error
  })
}
