import { EnvHttpProxyAgent, type Dispatcher } from 'undici'
import { ActionError, asClause, systemCode, textOf } from './errors.js'
import { formatBytes } from './format.js'
import { retry, retryNote } from './retry.js'
import { input, message, type Text } from './message.js'

/**
 * The action's HTTP policy, shared by the API client, the GitHub calls (src/action/github.ts) and
 * the download: one connection pool, which statuses are worth another attempt and how many, and
 * how much of an answer is read.
 */

/** True for addresses that never leave the machine: plain http is tolerated only there. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * One connection pool for the process. It honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY,
 * as self-hosted runners behind a proxy expect. Runs reach it through their `Network`.
 */
const pool = new EnvHttpProxyAgent({ connectTimeout: 10_000 })

/**
 * Where a run may send requests, a fact of the run decided once from `base-url`: https anywhere;
 * plain http only to this machine, and only when the API itself is reached that way (a local
 * emulator). An https API's links and every redirect are thus held to https: a plain http link,
 * or a hop to `http://127.0.0.1:<port>`, would otherwise reach whatever service listens there.
 * Every request of the run goes through `dispatcher`, which refuses what `refusal` refuses before
 * any connection: the API's calls, the download and its redirects, GitHub's calls and theirs.
 */
export class Network {
  readonly dispatcher: Dispatcher
  /** Plain http to a loopback address is allowed. */
  readonly plainHttpToLoopback: boolean
  /** Origins that the user named for plain http (a deployed site that serves http): allowed as well. */
  private readonly plainHttpOrigins: readonly string[]

  constructor(plainHttpToLoopback: boolean, base: Dispatcher = pool, plainHttpOrigins: readonly string[] = []) {
    this.plainHttpToLoopback = plainHttpToLoopback
    this.plainHttpOrigins = plainHttpOrigins
    this.dispatcher = base.compose((dispatch) => (options, handler) => {
      const reason = this.refusal(String(options.origin))
      if (reason) {
        throw new ActionError(message`A request to ${String(options.origin)} was refused: ${reason}`, {
          code: 'insecure-link'
        })
      }
      return dispatch(options, handler)
    })
  }

  /** The run's network for an API at `baseUrl` (validated by the settings). */
  static forApi(baseUrl: string): Network {
    const url = URL.parse(baseUrl)
    return new Network(url?.protocol === 'http:' && isLoopbackHost(url.hostname))
  }

  /**
   * The run's network for check-deployment: the deployed site may be plain http (nothing secret
   * is sent to it, and internal hosts often serve http), and so may a manifest on this machine.
   */
  static forDeployment(siteUrl: string): Network {
    const site = URL.parse(siteUrl)
    return new Network(true, pool, site?.protocol === 'http:' ? [site.origin] : [])
  }

  /** Why `link` may not be fetched, or undefined when it may. */
  refusal(link: URL | string): Text | undefined {
    const url = typeof link === 'string' ? URL.parse(link) : link
    if (!url) return 'it is not a URL'
    if (url.protocol === 'https:') return undefined
    if (url.protocol !== 'http:') return `https is required, not ${url.protocol.replace(/:$/, '')}`
    if (this.plainHttpOrigins.includes(url.origin)) return undefined
    if (this.plainHttpToLoopback && isLoopbackHost(url.hostname)) return undefined
    return this.plainHttpToLoopback
      ? 'https is required (plain http is allowed only to a loopback address)'
      : message`https is required (plain http is allowed only to a loopback address, and only when ${input('base-url')} is one too)`
  }
}

/** Attempts of one call in all (for the download: attempts in a row that bring no new byte). */
export const ATTEMPTS = 5
/** The longest backoff between two attempts. */
export const MAX_BACKOFF_MS = 30_000
/** Statuses that say the fault is passing: another attempt may succeed. */
export const RETRYABLE_STATUSES = new Set([408, 429, 500, 502, 503, 504])

/** Redirects a request follows at most, and the statuses that are one. */
export const MAX_REDIRECTS = 5
export const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308])

const REQUEST_TIMEOUT_MS = 30_000

/** A request's headers and body timeouts: 30 s, or what is left before the deadline, at least 1 s. */
export function requestTimeoutMs(deadline = Infinity): number {
  return Math.max(1000, Math.min(REQUEST_TIMEOUT_MS, deadline - Date.now()))
}

/**
 * `fetch` of `url` retried as the API's calls are: ATTEMPTS in all, a backoff from `baseDelayMs`
 * up to MAX_BACKOFF_MS, none started past the deadline; each retry is told to `log`, the link
 * without its query.
 */
export function retryRequest<T>(
  url: URL,
  fetch: () => Promise<T>,
  options: { baseDelayMs: number; deadline?: number; signal?: AbortSignal; log: (text: Text) => void }
): Promise<T> {
  return retry(fetch, {
    attempts: ATTEMPTS,
    baseDelayMs: options.baseDelayMs,
    maxDelayMs: MAX_BACKOFF_MS,
    deadline: options.deadline,
    signal: options.signal,
    onRetry: (error, attempt, delayMs) =>
      options.log(message`${redactUrl(url.href)}: ${asClause(textOf(error))}; ${retryNote(delayMs, attempt, ATTEMPTS)}`)
  })
}

/** Network errors that leave no doubt the request never reached the server. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'UND_ERR_CONNECT_TIMEOUT', 'EAI_AGAIN', 'ENOTFOUND'])
/** Network errors that a later attempt may not meet: a connection refused, reset or timed out. */
export const NETWORK_CODES = new Set([
  ...NOT_SENT_CODES,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT'
])

/**
 * The most an answer of the API or of GitHub may bring. Their largest real answers are a few KB;
 * a longer one is a broken or hostile server, or a proxy sending something else, and is not read
 * further (nor retried: it would come again).
 */
const MAX_ANSWER_BYTES = 1024 * 1024

/** The bound, as the errors say it. */
export const ANSWER_BOUND = formatBytes(MAX_ANSWER_BYTES)

/**
 * What is read of an answer that is not the payload, from a host the user configured or a storage
 * host (an error page, a registry's or a token endpoint's answer, an S3 error): its first 64 KiB.
 * A longer one is not read further; what a message says of it is cut again (server-words.ts).
 */
export const ERROR_PAGE_BYTES = 64 * 1024

/**
 * Reads a whole answer of at most `maxBytes` (MAX_ANSWER_BYTES unless told). A longer one (or one
 * whose Content-Length announces more) is not read further: the body is closed, and the result is
 * undefined.
 */
export async function readBounded(
  body: AsyncIterable<Uint8Array>,
  contentLength?: string | null,
  maxBytes = MAX_ANSWER_BYTES
): Promise<Buffer | undefined> {
  if (contentLength && /^\d+$/.test(contentLength) && Number(contentLength) > maxBytes) {
    await body[Symbol.asyncIterator]().return?.()
    return undefined
  }
  const { bytes, whole } = await readStart(body, maxBytes)
  return whole ? bytes : undefined
}

/**
 * The first `maxBytes` of a body, and whether they are all of it. A longer body is not read
 * further: it is closed once it has brought more, so that an endless answer costs no more memory
 * than a short one.
 */
export async function readStart(
  body: AsyncIterable<Uint8Array>,
  maxBytes: number
): Promise<{ bytes: Buffer; whole: boolean }> {
  const iterator = body[Symbol.asyncIterator]()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const next: IteratorResult<Uint8Array, unknown> = await iterator.next()
    if (next.done) return { bytes: Buffer.concat(chunks), whole: true }
    chunks.push(next.value)
    size += next.value.length
    if (size > maxBytes) {
      await iterator.return?.()
      return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), whole: false }
    }
  }
}

/**
 * A request that got no answer, as an ActionError with the code `network`: retryable when the
 * system's code says the fault may pass. A cancellation stays what it is.
 */
export function networkFailure(error: unknown): Error {
  if (error instanceof Error && error.name === 'AbortError') return error
  const code = systemCode(error)
  return new ActionError(
    code?.includes('TIMEOUT') ? 'gave no answer in time' : `could not be reached (${code ?? (error as Error).message})`,
    { code: 'network', retryable: code !== undefined && NETWORK_CODES.has(code), cause: error }
  )
}

/**
 * Stops reading an answer's body and closes its connection. undici then reports the abort as an
 * error of the body, which nothing else would listen to.
 */
export function dropBody(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => undefined)
  body.destroy()
}

/** A header's single value (the first, when it came more than once). */
export function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}

/** The link as it may be logged: no query string, which is where a presigned link keeps its signature. */
export function redactUrl(link: string): string {
  const url = URL.parse(link)
  if (!url) return '(unparseable link)'
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`
}
