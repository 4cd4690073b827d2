import { open } from 'node:fs/promises'
import { request, type Dispatcher } from 'undici'
import type { Run } from './context.js'
import { ActionError, systemCode } from './errors.js'
import { message } from './message.js'
import { formatBytes } from './format.js'
import type { Host } from './host.js'
import {
  header,
  MAX_REDIRECTS,
  networkFailure,
  readBounded,
  REDIRECT_STATUSES,
  redactUrl,
  requestTimeoutMs,
  retryRequest,
  RETRYABLE_STATUSES,
  type Network
} from './net.js'
import { parseRetryAfter } from './retry.js'
import { USER_AGENT } from './user-agent.js'

/**
 * A document a setting names by a path or a link: a manifest, or a site check report of an
 * earlier run. A link is https (plain http only where the run's network allows it), followed
 * through at most a few redirects, read within a size bound and retried as the API's calls are.
 */

export interface ReadDocumentOptions {
  /** The most bytes the document may have; a larger one is not read further. */
  maxBytes: number
  /** Epoch milliseconds past which no attempt is started. */
  deadline?: number
  signal?: AbortSignal
  /** First backoff between attempts; it doubles from there. */
  retryBaseDelayMs?: number
  /** The run's network: where a link may lead (https; plain http only as the run allows), and its connection pool. */
  network: Network
  host: Pick<Host, 'info' | 'debug'>
}

/** True when `source` names a link rather than a file. */
function isLink(source: string): boolean {
  return /^https?:\/\//i.test(source)
}

/** How a message names a source: a link without its query string, which may hold a signature. */
export function describeSource(source: string): string {
  return isLink(source) ? redactUrl(source) : source
}

/**
 * The bytes of `source`, a file path or a link. Fails with an ActionError whose message says why,
 * without naming the source (the caller does): `code` is `not-found`, `too-large`, `bad-link`,
 * `insecure-link`, `redirects`, `http-status`, `network`, `out-of-time` or a system code.
 */
async function readDocument(source: string, options: ReadDocumentOptions): Promise<Buffer> {
  if (!isLink(source)) return readFileBounded(source, options.maxBytes)
  const url = URL.parse(source)
  if (!url) throw new ActionError('is not a valid link', { code: 'bad-link' })
  return fetchDocument(url, options)
}

/** What a reader of one kind of document takes: where it may come from and how; the bound is the reader's. */
export type DocumentSourceOptions = Omit<ReadDocumentOptions, 'maxBytes'>

/** How the run reads a document: its host, network, deadline and cancellation, and the backoff it retries with. */
export function documentOptions(run: Run, retryBaseDelayMs: number): DocumentSourceOptions & { host: Host } {
  return {
    host: run.host,
    network: run.network,
    deadline: run.deadline.at,
    signal: run.cancellation,
    retryBaseDelayMs
  }
}

/** The JSON value of `source`, read as readDocument reads it; fails with the code `not-json` when it is not JSON. */
export async function readJsonDocument(source: string, options: ReadDocumentOptions): Promise<unknown> {
  const bytes = await readDocument(source, options)
  try {
    return JSON.parse(bytes.toString('utf8'))
  } catch {
    throw new ActionError('is not JSON', { code: 'not-json' })
  }
}

async function readFileBounded(file: string, maxBytes: number): Promise<Buffer> {
  let handle
  try {
    handle = await open(file, 'r')
  } catch (error) {
    const code = systemCode(error)
    if (code === 'ENOENT') throw new ActionError('does not exist', { code: 'not-found', cause: error })
    throw new ActionError(`cannot be opened (${code ?? (error as Error).message})`, {
      code: code ?? 'failed',
      cause: error
    })
  }
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new ActionError('is not a file', { code: 'not-a-file' })
    if (stats.size > maxBytes) throw tooLarge(maxBytes)
    const buffer = Buffer.alloc(stats.size + 1)
    let filled = 0
    for (;;) {
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, filled)
      if (bytesRead === 0) return buffer.subarray(0, filled)
      filled += bytesRead
      // It grew while being read.
      if (filled > maxBytes) throw tooLarge(maxBytes)
    }
  } finally {
    await handle.close()
  }
}

async function fetchDocument(url: URL, options: ReadDocumentOptions): Promise<Buffer> {
  return retryRequest(url, () => fetchOnce(url, options), {
    baseDelayMs: options.retryBaseDelayMs ?? 1000,
    deadline: options.deadline,
    signal: options.signal,
    log: (message) => options.host.info(message)
  })
}

async function fetchOnce(first: URL, options: ReadDocumentOptions): Promise<Buffer> {
  let url = first
  for (let hop = 0; ; hop++) {
    const refusal = options.network.refusal(url)
    if (refusal) throw new ActionError(message`is refused: ${refusal}`, { code: 'insecure-link' })
    options.host.debug(`GET ${redactUrl(url.href)}`)
    const timeoutMs = requestTimeoutMs(options.deadline)
    let response: Dispatcher.ResponseData
    try {
      response = await request(url, {
        dispatcher: options.network.dispatcher,
        signal: options.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: { 'user-agent': USER_AGENT, accept: 'application/json' }
      })
    } catch (error) {
      throw networkFailure(error)
    }
    const { statusCode } = response
    const location = header(response.headers.location)
    if (REDIRECT_STATUSES.has(statusCode) && location) {
      await response.body.dump()
      if (hop >= MAX_REDIRECTS)
        throw new ActionError(`redirects more than ${MAX_REDIRECTS} times`, { code: 'redirects' })
      url = new URL(location, url)
      continue
    }
    if (statusCode < 200 || statusCode >= 300) {
      await response.body.dump()
      throw new ActionError(`was answered with HTTP ${statusCode}`, {
        code: statusCode === 404 ? 'not-found' : 'http-status',
        retryable: RETRYABLE_STATUSES.has(statusCode),
        retryAfterMs: parseRetryAfter(response.headers['retry-after'])
      })
    }
    return readBody(response, options.maxBytes)
  }
}

async function readBody(response: Dispatcher.ResponseData, maxBytes: number): Promise<Buffer> {
  let body: Buffer | undefined
  try {
    body = await readBounded(response.body, header(response.headers['content-length']), maxBytes)
  } catch (error) {
    throw networkFailure(error)
  }
  if (!body) throw tooLarge(maxBytes)
  return body
}

function tooLarge(maxBytes: number): ActionError {
  return new ActionError(`is larger than ${formatBytes(maxBytes)}`, { code: 'too-large' })
}
