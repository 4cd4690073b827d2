import { request, type Dispatcher } from 'undici'
import { ActionError, systemCode } from '../core/errors.js'
import { oneLine } from '../core/log-text.js'
import type { Host } from '../core/host.js'
import {
  dropBody,
  header,
  MAX_REDIRECTS,
  NETWORK_CODES,
  networkFailure,
  REDIRECT_STATUSES,
  redactUrl,
  requestTimeoutMs,
  retryRequest,
  RETRYABLE_STATUSES
} from '../core/net.js'
import { OutOfTimeError, parseRetryAfter } from '../core/retry.js'
import { USER_AGENT } from '../core/user-agent.js'
import { ACCEPT_ENCODING, hashDecoded, isKnownCoding, parseCodings } from './decode.js'

/**
 * One path of the deployed site, fetched as a browser would (content encodings included) and
 * hashed as it arrives: nothing of a body is kept. The host is not trusted: redirects are
 * followed only within the site's origin, a body is read no further than the size it should
 * have, and an error page no further than ERROR_PAGE_BYTES.
 */

export interface FetchOptions {
  /** The site's origin: the only one redirects are followed to. */
  origin: string
  deadline: number
  signal: AbortSignal
  retryBaseDelayMs: number
  dispatcher: Dispatcher
  host: Pick<Host, 'debug'>
}

export type Served =
  /** The host answered: its status and, for a 2xx answer, the decoded body's SHA-256 and size. */
  | { kind: 'answer'; status: number; sha256?: string; size?: number; tooLarge?: true }
  /** No answer at all, after the retries: the connection failed or timed out. */
  | { kind: 'unreachable'; reason: string }
  /** An answer that cannot be compared: a redirect elsewhere, an encoding that cannot be decoded. */
  | { kind: 'unreadable'; status: number; reason: string }

/** Read of an error page at most, so that the connection can serve the next request. */
const ERROR_PAGE_BYTES = 64 * 1024

/** A transient status after the last attempt: the answer it is. */
class PassingStatus extends ActionError {
  readonly status: number
  constructor(status: number, retryAfterMs: number | undefined) {
    super(`answered HTTP ${status}`, { code: 'http-status', retryable: true, retryAfterMs })
    this.status = status
  }
}

/** What `url` serves, within `maxBytes` of decoded body, retried as the API's calls are. */
export async function fetchServed(url: URL, maxBytes: number, options: FetchOptions): Promise<Served> {
  try {
    return await retryRequest(url, () => fetchOnce(url, maxBytes, options), {
      baseDelayMs: options.retryBaseDelayMs,
      deadline: options.deadline,
      signal: options.signal,
      log: (message) => options.host.debug(message)
    })
  } catch (error) {
    if (options.signal.aborted) throw error
    const last = error instanceof OutOfTimeError ? error.cause : error
    if (last instanceof PassingStatus) return { kind: 'answer', status: last.status }
    if (last instanceof ActionError && last.code === 'network') return { kind: 'unreachable', reason: last.message }
    throw error
  }
}

async function fetchOnce(first: URL, maxBytes: number, options: FetchOptions): Promise<Served> {
  let url = first
  for (let hop = 0; ; hop++) {
    const timeoutMs = requestTimeoutMs(options.deadline)
    let response: Dispatcher.ResponseData
    try {
      response = await request(url, {
        dispatcher: options.dispatcher,
        signal: options.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: { 'user-agent': USER_AGENT, accept: '*/*', 'accept-encoding': ACCEPT_ENCODING }
      })
    } catch (error) {
      throw networkFailure(error)
    }
    const { statusCode: status, headers } = response
    if (REDIRECT_STATUSES.has(status)) {
      await response.body.dump({ limit: ERROR_PAGE_BYTES })
      const next = URL.parse(header(headers.location) ?? '', url.href)
      if (!next) return { kind: 'unreadable', status, reason: `answered HTTP ${status} without a place to go` }
      if (next.origin !== options.origin)
        return { kind: 'unreadable', status, reason: `redirects to another origin (${oneLine(redactUrl(next.href))})` }
      if (hop >= MAX_REDIRECTS)
        return { kind: 'unreadable', status, reason: `redirects more than ${MAX_REDIRECTS} times` }
      url = next
      continue
    }
    if (status < 200 || status >= 300) {
      await response.body.dump({ limit: ERROR_PAGE_BYTES })
      if (RETRYABLE_STATUSES.has(status)) throw new PassingStatus(status, parseRetryAfter(headers['retry-after']))
      return { kind: 'answer', status }
    }
    return hashBody(response, maxBytes)
  }
}

/** The decoded body's SHA-256 and size; past `maxBytes` it is not read further. */
async function hashBody(response: Dispatcher.ResponseData, maxBytes: number): Promise<Served> {
  const { statusCode: status, headers, body } = response
  const codings = parseCodings(header(headers['content-encoding']))
  const unknown = codings.find((coding) => !isKnownCoding(coding))
  if (unknown !== undefined) {
    dropBody(body)
    return { kind: 'unreadable', status, reason: `uses the content encoding ${JSON.stringify(oneLine(unknown))}` }
  }
  const length = header(headers['content-length'])
  if (codings.length === 0 && length && /^\d+$/.test(length) && Number(length) > maxBytes) {
    dropBody(body)
    return { kind: 'answer', status, size: Number(length), tooLarge: true }
  }
  try {
    const decoded = await hashDecoded(body, codings, maxBytes)
    return { kind: 'answer', status, ...decoded }
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error
    const code = systemCode(error)
    if (code !== undefined && (NETWORK_CODES.has(code) || code.startsWith('UND_ERR'))) throw networkFailure(error)
    dropBody(body)
    return {
      kind: 'unreadable',
      status,
      reason: `its ${codings.join(', ')} content encoding could not be decoded (${oneLine((error as Error).message)})`
    }
  }
}
