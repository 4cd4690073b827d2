import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import { request } from 'undici'
import { asClause, type ActionError, textOf } from '../core/errors.js'
import {
  ATTEMPTS,
  ERROR_PAGE_BYTES,
  header,
  MAX_BACKOFF_MS,
  MAX_REDIRECTS,
  networkFailure,
  readBounded,
  REDIRECT_STATUSES,
  RETRYABLE_STATUSES,
  requestTimeoutMs
} from '../core/net.js'
import { retry, retryNote } from '../core/retry.js'
import { serverWords } from '../core/server-words.js'
import { USER_AGENT } from '../core/user-agent.js'
import { input, message } from '../core/message.js'
import { mirrorError } from './errors.js'
import { basicAuthorization, fetchToken, parseChallenge, type Challenge } from './oci-auth.js'
import type { OciTarget } from './target.js'
import type { RegistryContext } from './types.js'

/**
 * The HTTP side of a registry client, over undici: the credentials the registry asks for at
 * `GET /v2/`, sent to the registry's own origin only (a redirect or an upload Location on another
 * origin gets none, and a challenge from another origin is a failure, never a login), each request
 * held to the mirror's network, retries of what failed on the way, and a registry's error answers
 * as the mirror's failures.
 */

const RETRY_BASE_DELAY_MS = 1000

/** What a request sends: bytes in memory, or a range of a file, opened again for each attempt. */
export type Body = Buffer | { file: string; start: number; end: number; onBytes: (count: number) => void }

export interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The start of the body: a registry's error. */
  text: string
  /** Where it came from, after redirects. */
  url: URL
}

export class RegistrySession {
  readonly target: OciTarget
  private readonly context: RegistryContext
  /** Sent to the registry's origin only. */
  private authorization?: string

  constructor(target: OciTarget, context: RegistryContext) {
    this.target = target
    this.context = context
  }

  /** `GET /v2/`: whether the registry answers, and the credentials it wants, got once. */
  async connect(): Promise<void> {
    const answer = await this.attempts('reaching the registry', () => this.sendOnce('GET', this.url('/v2/'), {}))
    if (answer.status === 200) return
    if (answer.status !== 401) throw this.failure('GET /v2/', answer)
    const challenge = this.ownChallenge('GET /v2/', answer)
    if (!challenge) throw this.failure('GET /v2/ (it asks for an authentication the mirror does not know)', answer)
    await this.logIn(challenge)
  }

  /**
   * The challenge of a 401, judged by the origin that answered, after redirects: the registry's own
   * is answered with the credentials; one from any other origin (a storage host that the registry
   * sent the request to) is a failure that names that origin, and never starts a login.
   */
  private ownChallenge(action: string, answer: Answer): Challenge | undefined {
    if (answer.url.origin !== this.target.origin)
      throw mirrorError(
        `Mirror: ${action} on ${this.target.host}/${this.target.repository} was answered HTTP 401 by ${answer.url.origin}, where the registry sent it, not by the registry: the credentials go to the registry only`,
        { hint: 'A registry that sends reads or uploads to another host must give it links that need no credentials' }
      )
    return parseChallenge(header(answer.headers['www-authenticate']))
  }

  /** Answers `challenge`: basic credentials as they are, or a bearer token got with them. */
  private async logIn(challenge: Challenge): Promise<void> {
    const given = this.context.registryCredentials
    if (!given)
      throw mirrorError(`Mirror: the registry ${this.target.host} asks for credentials (HTTP 401)`, {
        hint: message`Set ${input('mirror-username')} and ${input('mirror-password')} to an account with push rights on ${this.target.repository}`
      })
    if (challenge.scheme === 'basic') {
      this.authorization = basicAuthorization(given)
      return
    }
    const token = await fetchToken({
      challenge,
      scope: `repository:${this.target.repository}:pull,push`,
      credentials: given,
      network: this.context.network,
      signal: this.context.signal,
      deadline: this.context.deadline.at
    })
    this.authorization = `Bearer ${token}`
  }

  /**
   * Best effort, within the clean-up's grace (core/deadline.ts), whatever stopped the upload: a
   * session left open is only reclaimed by the registry's own clean-up, days later.
   */
  async cancelUpload(location: URL): Promise<void> {
    await request(location, {
      method: 'DELETE',
      dispatcher: this.context.network.dispatcher,
      headers: this.headersFor(location, {}),
      signal: this.context.deadline.cleanUpSignal()
    })
      .then((answer) => answer.body.dump())
      .catch(() => undefined)
  }

  /**
   * One request, with the registry's credentials when it goes to the registry's origin, and again
   * once after answering the challenge of a 401 from there: a token that ran out during a long push,
   * or a registry that asks only when a push starts. GET and HEAD follow redirects, each hop held to
   * the mirror's network, and without credentials off the origin; a 401 from another origin fails.
   */
  async send(
    method: string,
    url: URL,
    options: { body?: Body; headers?: Record<string, string> } = {}
  ): Promise<Answer> {
    const answer = await this.sendOnce(method, url, options)
    if (answer.status !== 401) return answer
    const challenge = this.ownChallenge(`${method} ${url.pathname}`, answer)
    if (!this.context.registryCredentials) return answer
    // Basic credentials refused once are refused again.
    if (!challenge || (challenge.scheme === 'basic' && this.authorization)) return answer
    await this.logIn(challenge)
    return this.sendOnce(method, url, options)
  }

  private async sendOnce(
    method: string,
    link: URL,
    options: { body?: Body; headers?: Record<string, string> }
  ): Promise<Answer> {
    let url = link
    for (let redirects = 0; ; redirects++) {
      const refusal = this.context.network.refusal(url)
      if (refusal) throw mirrorError(message`Mirror: a request to ${url.origin} was refused: ${refusal}`)
      const answer = await request(url, {
        method,
        dispatcher: this.context.network.dispatcher,
        headers: this.headersFor(url, { ...options.headers, ...contentLength(options.body) }),
        body: bodyOf(options.body),
        signal: this.context.signal,
        headersTimeout: requestTimeoutMs(this.context.deadline.at),
        bodyTimeout: requestTimeoutMs(this.context.deadline.at)
      }).catch((error: unknown) => {
        if (this.context.signal.aborted) throw error
        const failure = networkFailure(error) as ActionError
        throw mirrorError(message`Mirror: ${method} ${url.origin}${url.pathname} ${asClause(failure.text)}`, {
          retryable: failure.retryable,
          cause: error
        })
      })
      const location = header(answer.headers.location)
      if (
        (method === 'GET' || method === 'HEAD') &&
        REDIRECT_STATUSES.has(answer.statusCode) &&
        location &&
        redirects < MAX_REDIRECTS
      ) {
        await answer.body.dump()
        url = new URL(location, url)
        continue
      }
      const body = await readBounded(answer.body, undefined, ERROR_PAGE_BYTES).catch(() => undefined)
      return { status: answer.statusCode, headers: answer.headers, text: body?.toString('utf8') ?? '', url }
    }
  }

  /** The headers of a request to `url`: the User-Agent, and the credentials only on the registry's own origin. */
  private headersFor(url: URL, headers: Record<string, string>): Record<string, string> {
    const own = url.origin === this.target.origin && this.authorization
    return { 'user-agent': USER_AGENT, ...headers, ...(own ? { authorization: this.authorization } : {}) }
  }

  /** An operation retried as the API's calls are, when it failed on the way (the network, HTTP 5xx or 429). */
  attempts<T>(what: string, operation: () => Promise<T>): Promise<T> {
    return retry(operation, {
      attempts: ATTEMPTS,
      baseDelayMs: RETRY_BASE_DELAY_MS,
      maxDelayMs: MAX_BACKOFF_MS,
      deadline: this.context.deadline.at,
      signal: this.context.signal,
      onRetry: (error, attempt, delayMs) =>
        this.context.host.info(
          message`Mirror: ${what}: ${asClause(textOf(error))}; ${retryNote(delayMs, attempt, ATTEMPTS)}`
        )
    })
  }

  url(path: string): URL {
    return new URL(path, this.target.origin)
  }

  /** An upload's next address (the Location of the answer), which may be on another origin. */
  location(answer: Answer): URL {
    const location = header(answer.headers.location)
    if (!location) throw mirrorError(`Mirror: the registry gave no Location for the upload (HTTP ${answer.status})`)
    return new URL(location, answer.url)
  }

  /**
   * A registry's answer as the mirror's failure, with its error codes (the spec's `{ errors: [{
   * code, message }] }`), the origin that answered when it is not the registry's, where a redirect
   * that was not followed leads, and what to do.
   */
  failure(action: string, answer: Answer): Error {
    const errors = registryErrors(answer.text)
    const own = answer.url.origin === this.target.origin
    const location = header(answer.headers.location)
    const redirect =
      REDIRECT_STATUSES.has(answer.status) && location
        ? `, a redirect to ${URL.parse(location, answer.url.href)?.origin ?? 'an address that is not a URL'}, not followed: the mirror follows at most ${MAX_REDIRECTS}, of GET and HEAD only`
        : ''
    const problem = `Mirror: ${action} on ${this.target.host}/${this.target.repository}: HTTP ${answer.status}${own ? '' : ` from ${answer.url.origin}, where the registry sent it`}${redirect}${errors ? ` (${errors})` : ''}`
    const hint =
      answer.status === 401 && own
        ? message`The registry refused the credentials: check ${input('mirror-username')} and ${input('mirror-password')}`
        : answer.status === 403
          ? `The account needs push rights on ${this.target.repository}`
          : answer.status === 404 && action.includes('POST')
            ? message`The repository's project may not exist: create it, or correct ${input('mirror-to')}`
            : undefined
    return mirrorError(problem, { hint, retryable: RETRYABLE_STATUSES.has(answer.status) })
  }
}

function registryErrors(text: string): string | undefined {
  try {
    const { errors } = JSON.parse(text) as { errors?: { code?: unknown; message?: unknown }[] }
    const described = (errors ?? [])
      .slice(0, 3)
      .map((error) => [error.code, error.message].filter((part) => typeof part === 'string' && part).join(': '))
      .filter(Boolean)
    return described.length > 0 ? serverWords(described.join('; ')) : undefined
  } catch {
    return undefined
  }
}

function contentLength(body: Body | undefined): Record<string, string> {
  if (body === undefined) return {}
  return { 'content-length': String(Buffer.isBuffer(body) ? body.length : body.end - body.start + 1) }
}

/**
 * A file's range is read as undici sends it, and counted then. A `data` listener would start the
 * stream at once: what it read before undici took the body (a request waiting for its connection)
 * went to the listener alone, and the request was short of its Content-Length.
 */
function bodyOf(body: Body | undefined): Buffer | Readable | undefined {
  if (body === undefined || Buffer.isBuffer(body)) return body
  const file = createReadStream(body.file, { start: body.start, end: body.end, highWaterMark: 1024 * 1024 })
  return Readable.from(counted(file, body.onBytes), { objectMode: false })
}

async function* counted(stream: Readable, onBytes: (count: number) => void): AsyncGenerator<Buffer> {
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes(chunk.length)
    yield chunk
  }
}
