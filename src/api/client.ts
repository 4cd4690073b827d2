import { randomUUID } from 'node:crypto'
import { request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import type { Run } from '../core/context.js'
import { asClause, systemCode, textOf } from '../core/errors.js'
import { message } from '../core/message.js'
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
import { fitsBefore, parseRetryAfter, retry, retryNote } from '../core/retry.js'
import { USER_AGENT } from '../core/user-agent.js'
import { startWhenFree } from './busy.js'
import {
  createAgentJobCall,
  describeCall,
  endpointOf,
  generateBundleCall,
  readAgentJobCall,
  readExportCall,
  sendAgentMessageCall,
  startExportCall,
  UNSCOPED_FLOW,
  type ApiCall,
  type ExportFlow
} from './calls.js'
import { ApiError } from './errors.js'
import { tryAgainAfter } from './hints.js'
import {
  AgentJobResponse,
  BundleResponse,
  CreatedAgentJobResponse,
  errorText,
  ExportJobResponse,
  FollowUpResponse,
  StartResponse
} from './schemas.js'
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
  /** How the client waits between attempts; a test's own, so that it never waits. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

type SendOptions = { body?: unknown; headers?: Record<string, string> }

/** The unscoped start's body. The project-scoped start has none: the project names the deployment. */
export interface StartExportRequest {
  domain: string
  paths?: string[]
  version?: string
}

export interface StartOptions {
  /** The unscoped flow unless told. */
  flow?: ExportFlow
  /** Stays the same across retries of this one start; a new one for each start unless given. */
  idempotencyKey?: string
}

/** Statuses that mean the server refused the request before acting on it. */
const NOT_RECEIVED_STATUSES = new Set([429, 503])

/** The admin API: each method is one documented endpoint, with its schema and retry rule. */
export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  /**
   * Starts an export in the flow given. In the project-scoped flow nothing of `request` is sent.
   * Fails with the code `endpoint-gone` when the unscoped start is gone (404 or 405), `export-busy`
   * on a 409, `rate-limited` on a 429 that cannot be waited out, `input` when the API calls the
   * project id malformed, `access-refused` on 401 and 403.
   */
  startExport(request: StartExportRequest, options: StartOptions = {}): Promise<ExportJob> {
    const flow = options.flow ?? UNSCOPED_FLOW
    return this.send(startExportCall(flow), StartResponse, {
      body: flow.kind === 'unscoped' ? request : undefined,
      headers: { 'idempotency-key': options.idempotencyKey ?? randomUUID() }
    })
  }

  /**
   * startExport, starting again while another export of the deployment is running (409), as
   * busy.ts says; with `wait: false` a 409 fails at once. Each start has an idempotency key of its own.
   */
  startExportWhenFree(request: StartExportRequest, options: { flow?: ExportFlow; wait: boolean }): Promise<ExportJob> {
    const { run, sleep } = this.options
    return startWhenFree(() => this.startExport(request, { flow: options.flow }), { wait: options.wait, run, sleep })
  }

  /**
   * Reads an export job in the flow given. In the project-scoped flow a completed job carries its
   * link (`bundle`), fresh on each read, and no progress or page count.
   */
  async getExportJob(jobId: string, flow: ExportFlow = UNSCOPED_FLOW): Promise<ExportJob> {
    const job = await this.send(readExportCall(flow, jobId), ExportJobResponse)
    return { ...job, jobId: job.jobId || jobId }
  }

  /** The unscoped flow's link to a completed job's archive. */
  generateBundle(jobId: string): Promise<Bundle> {
    return this.send(generateBundleCall(jobId), BundleResponse)
  }

  async getAgentJob(projectId: string, jobId: string): Promise<AgentJob> {
    const job = await this.send(readAgentJobCall(projectId, jobId), AgentJobResponse)
    return { ...job, id: job.id || jobId }
  }

  /** Creates an agent job from a prompt (201, `active`); sent again only where the API cannot have acted on it. */
  createAgentJob(projectId: string, prompt: string): Promise<AgentJob> {
    return this.send(createAgentJobCall(projectId), CreatedAgentJobResponse, { body: { prompt } })
  }

  /**
   * Sends a follow-up to an agent job (200); sent again only where the API cannot have acted on
   * it. The job as the answer shows it, when it shows one: it may still report the outcome from
   * before the message.
   */
  async sendAgentMessage(projectId: string, jobId: string, prompt: string): Promise<AgentJob | undefined> {
    const job = await this.send(sendAgentMessageCall(projectId, jobId), FollowUpResponse, { body: { prompt } })
    return job && { ...job, id: job.id || jobId }
  }

  private send<T>(call: ApiCall, schema: z.ZodType<T>, options: SendOptions = {}): Promise<T> {
    const { host, deadline, cancellation } = this.options.run
    return retry(() => this.attempt(call, schema, options), {
      attempts: ATTEMPTS,
      baseDelayMs: this.options.retryBaseDelayMs,
      maxDelayMs: MAX_BACKOFF_MS,
      // The API's limits are counted per hour: an attempt before the time it asks for meets
      // another 429. Its wait is kept whole; one that does not fit fails at once (attempt()).
      maxRetryAfterMs: Infinity,
      deadline: deadline.at,
      signal: cancellation,
      sleep: this.options.sleep,
      onRetry: (error, attempt, delayMs) =>
        host.info(message`${asClause(textOf(error))}; ${retryNote(delayMs, attempt, ATTEMPTS)}`)
    })
  }

  private async attempt<T>(call: ApiCall, schema: z.ZodType<T>, options: SendOptions): Promise<T> {
    const { host, cancellation, deadline } = this.options.run
    const { method, repeatable } = endpointOf(call)
    const timeoutMs = this.requestTimeout()
    const url = `${this.options.baseUrl}${call.path}`
    host.debug(`${method} ${call.path}`)
    let response
    try {
      response = await request(url, {
        dispatcher: this.options.dispatcher ?? this.options.run.network.dispatcher,
        method,
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
      throw networkError(call, error)
    }

    const contentType = header(response.headers['content-type'])
    let body: Buffer | undefined
    try {
      body = await readBounded(response.body, header(response.headers['content-length']))
    } catch (error) {
      throw networkError(call, error)
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
      const retryAfterMs = parseRetryAfter(response.headers['retry-after'])
      // A rate limit whose wait ends past the deadline is not waited for: the run ends now and says when to try again.
      const waitTooLong = statusCode === 429 && retryAfterMs !== undefined && !fitsBefore(deadline.at, retryAfterMs)
      const retryable =
        !waitTooLong && (repeatable === 'always' ? RETRYABLE_STATUSES : NOT_RECEIVED_STATUSES).has(statusCode)
      const mayHaveActed = !retryable && !waitTooLong && RETRYABLE_STATUSES.has(statusCode)
      throw new ApiError(call, 'failed', {
        status: statusCode,
        detail: errorDetail(text),
        retryable,
        retryAfterMs,
        url,
        advice: waitTooLong ? tryAgainAfter(retryAfterMs) : mayHaveActed ? endpointOf(call).mayHaveActed : undefined
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

function networkError(call: ApiCall, error: unknown): Error {
  if (error instanceof Error && error.name === 'AbortError') return error
  const code = systemCode(error)
  const known = code !== undefined && NETWORK_CODES.has(code)
  const { repeatable, mayHaveActed } = endpointOf(call)
  const retryable = known && (repeatable === 'always' || NOT_SENT_CODES.has(code))
  const reason = code?.includes('TIMEOUT')
    ? 'got no response in time'
    : `failed to reach the API (${code ?? (error as Error).message})`
  return new ApiError(call, reason, {
    code: code?.includes('TIMEOUT') ? 'timeout' : 'network',
    retryable,
    advice: known && !retryable ? mayHaveActed : undefined,
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
