import { randomUUID } from 'node:crypto'
import { request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import type { Run } from '../core/context.js'
import { asClause, systemCode, textOf } from '../core/errors.js'
import { oneLine } from '../core/log-text.js'
import {
  ANSWER_BOUND,
  ATTEMPTS,
  header,
  MAX_BACKOFF_MS,
  NETWORK_CODES,
  NOT_SENT_CODES,
  readBounded,
  RETRYABLE_STATUSES
} from '../core/net.js'
import { parseRetryAfter, retry, retryNote } from '../core/retry.js'
import { USER_AGENT } from '../core/user-agent.js'
import { input, message } from '../core/message.js'
import { ApiError, describeCall, type ApiCall } from './errors.js'
import { AgentJobResponse, BundleResponse, errorText, ExportJobResponse, StartResponse } from './schemas.js'
import type { AgentJob, Bundle, ExportJob } from './schemas.js'

export interface ApiClientOptions {
  baseUrl: string
  apiKey: string
  /** Longest wait for one response; a request that takes longer is abandoned and retried. */
  requestTimeoutMs: number
  /** First retry backoff; it doubles from there. */
  retryBaseDelayMs: number
  /**
   * The run: its log, its deadline (no call or retry starts past it) and its cancellation, which
   * cancels requests and backoffs.
   */
  run: Pick<Run, 'host' | 'deadline' | 'cancellation' | 'network'>
  /** The connection pool; the run's unless a test brings its own. */
  dispatcher?: Dispatcher
}

type SendOptions = { body?: unknown; headers?: Record<string, string> }

export interface StartExportRequest {
  domain: string
  paths?: string[]
  version?: string
}

/**
 * Whether a call may be sent again. A call that is safe to repeat is retried on any transient
 * fault; one that creates something only where the server cannot have acted on it.
 */
type Repeatable = 'always' | 'only-if-not-received'

/** Statuses that mean the server refused the request before acting on it. */
const NOT_RECEIVED_STATUSES = new Set([429, 503])

/** Said when a call that creates something failed in a way that leaves its effect unknown. */
const MAY_HAVE_ACTED = message`The server may have started a job all the same: check for it before running again, and resume it with ${input('export-job-id')}`

/** The admin API: each method is one documented endpoint, with its schema and retry rule. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  /** Starts an export. The idempotency key stays the same across retries of this one start. */
  startExport(body: StartExportRequest, idempotencyKey: string = randomUUID()): Promise<ExportJob> {
    const call: ApiCall = { name: 'start export job', method: 'POST', path: '/v1/static-export/jobs' }
    return this.send(call, StartResponse, 'only-if-not-received', {
      body,
      headers: { 'idempotency-key': idempotencyKey }
    })
  }

  async getExportJob(jobId: string): Promise<ExportJob> {
    const call: ApiCall = {
      name: 'read export job',
      method: 'GET',
      path: `/v1/static-export/jobs/${encodeURIComponent(jobId)}`,
      jobId
    }
    const job = await this.send(call, ExportJobResponse, 'always')
    return { ...job, jobId: job.jobId || jobId }
  }

  /** Generating a bundle again only yields a fresh link, so the call is safe to repeat. */
  generateBundle(jobId: string): Promise<Bundle> {
    const call: ApiCall = {
      name: 'generate export bundle',
      method: 'POST',
      path: `/v1/static-export/jobs/${encodeURIComponent(jobId)}/bundle`,
      jobId
    }
    return this.send(call, BundleResponse, 'always')
  }

  async getAgentJob(projectId: string, jobId: string): Promise<AgentJob> {
    const call: ApiCall = {
      name: 'read agent job',
      method: 'GET',
      path: `/v2/agent/${encodeURIComponent(projectId)}/job/${encodeURIComponent(jobId)}`,
      jobId
    }
    const job = await this.send(call, AgentJobResponse, 'always')
    return { ...job, id: job.id || jobId }
  }

  private send<T>(call: ApiCall, schema: z.ZodType<T>, repeatable: Repeatable, options: SendOptions = {}): Promise<T> {
    const { host, deadline, cancellation } = this.options.run
    return retry(() => this.attempt(call, schema, repeatable, options), {
      attempts: ATTEMPTS,
      baseDelayMs: this.options.retryBaseDelayMs,
      maxDelayMs: MAX_BACKOFF_MS,
      deadline: deadline.at,
      signal: cancellation,
      onRetry: (error, attempt, delayMs) =>
        host.info(message`${asClause(textOf(error))}; ${retryNote(delayMs, attempt, ATTEMPTS)}`)
    })
  }

  private async attempt<T>(
    call: ApiCall,
    schema: z.ZodType<T>,
    repeatable: Repeatable,
    options: SendOptions
  ): Promise<T> {
    const { host, cancellation } = this.options.run
    const timeoutMs = this.requestTimeout()
    const url = `${this.options.baseUrl}${call.path}`
    host.debug(`${call.method} ${call.path}`)
    let response
    try {
      response = await request(url, {
        dispatcher: this.options.dispatcher ?? this.options.run.network.dispatcher,
        method: call.method,
        signal: cancellation,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          'user-agent': USER_AGENT,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...options.headers
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body)
      })
    } catch (error) {
      throw networkError(call, error, repeatable)
    }

    const contentType = header(response.headers['content-type'])
    let body: Buffer | undefined
    try {
      body = await readBounded(response.body, header(response.headers['content-length']))
    } catch (error) {
      throw networkError(call, error, repeatable)
    }
    if (!body) {
      throw new ApiError(
        call,
        `sent an answer larger than ${ANSWER_BOUND} (content type ${contentType ?? 'not given'}); it was not read further`,
        {
          code: 'too-large'
        }
      )
    }
    const text = body.toString('utf8')
    const { statusCode } = response
    if (statusCode < 200 || statusCode >= 300) {
      const retryable = (repeatable === 'always' ? RETRYABLE_STATUSES : NOT_RECEIVED_STATUSES).has(statusCode)
      throw new ApiError(call, 'failed', {
        status: statusCode,
        detail: errorDetail(text),
        retryable,
        retryAfterMs: parseRetryAfter(response.headers['retry-after']),
        url,
        advice: !retryable && RETRYABLE_STATUSES.has(statusCode) ? MAY_HAVE_ACTED : undefined
      })
    }
    return parseBody(call, schema, text, contentType, host)
  }

  /**
   * A single request may use the whole request timeout, but not run past the deadline by more than
   * the one second a last status read right at the deadline needs.
   */
  private requestTimeout(): number {
    return Math.max(1000, Math.min(this.options.requestTimeoutMs, this.options.run.deadline.remainingMs()))
  }
}

function networkError(call: ApiCall, error: unknown, repeatable: Repeatable): Error {
  if (error instanceof Error && error.name === 'AbortError') return error
  const code = systemCode(error)
  const known = code !== undefined && NETWORK_CODES.has(code)
  const retryable = known && (repeatable === 'always' || NOT_SENT_CODES.has(code))
  const reason = code?.includes('TIMEOUT')
    ? 'got no response in time'
    : `failed to reach the API (${code ?? (error as Error).message})`
  return new ApiError(call, reason, {
    code: code?.includes('TIMEOUT') ? 'timeout' : 'network',
    retryable,
    advice: known && !retryable ? MAY_HAVE_ACTED : undefined,
    cause: error
  })
}

function parseBody<T>(
  call: ApiCall,
  schema: z.ZodType<T>,
  text: string,
  contentType: string | undefined,
  host: Run['host']
): T {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    // The step's error keeps to the call and the body's first bytes; the log says what the server called it.
    host.info(`The answer to ${describeCall(call)} is not JSON; its content type: ${contentType ?? 'not given'}`)
    throw new ApiError(call, `returned something that is not JSON: ${firstBytes(text) || '(an empty body)'}`, {
      code: 'not-json'
    })
  }
  const result = schema.safeParse(json)
  if (!result.success) {
    const problem = result.error.issues.map((issue) => issue.message).join('; ')
    throw new ApiError(call, `returned an unexpected response (${problem}): ${firstBytes(text)}`, {
      code: 'unexpected-response'
    })
  }
  return result.data
}

/** The API's `{ error }` text, or the first bytes of whatever came back instead. */
function errorDetail(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text)
    const message = body && typeof body === 'object' && 'error' in body ? errorText(body.error) : undefined
    if (message) return message
  } catch {
    // Not JSON: a proxy's HTML page, for instance. Its first bytes are the best clue.
  }
  return text.trim() ? firstBytes(text) : undefined
}

/**
 * The start of a body for an error message: on one line, and without the query of any link in it,
 * since a status or bundle body may carry the presigned link before it is masked.
 */
function firstBytes(text: string, length = 200): string {
  const flat = oneLine(text.replace(/\s+/g, ' ').trim()).replace(/(https?:\/\/[^\s"'?]*)\?[^\s"']*/gi, '$1?…')
  return flat.length > length ? `${flat.slice(0, length)}…` : flat
}
