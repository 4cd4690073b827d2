import { STATUS_CODES } from 'node:http'
import { ActionError, sentences } from '../core/errors.js'
import { input, isBlank, message, type Text } from '../core/message.js'

/** Which call failed, in the words used in error messages: "start export job (POST /v1/static-export/jobs)". */
export interface ApiCall {
  name: string
  method: 'GET' | 'POST'
  path: string
  /** The export or agent job concerned, named in every error about it. */
  jobId?: string
}

export function describeCall(call: ApiCall): string {
  const job = call.jobId ? ` for job ${call.jobId}` : ''
  return `${call.name}${job} (${call.method} ${call.path})`
}

/** A failed API call: the call, the HTTP status when there was a response, and the API's own words. */
export class ApiError extends ActionError {
  override name = 'ApiError'
  readonly call: ApiCall
  readonly status?: number
  /** The API's `error` text, or what came back instead of JSON. */
  readonly detail?: string

  constructor(
    call: ApiCall,
    problem: string,
    options: {
      /** Given when there is no status: `network`, `timeout`, `not-json`, `unexpected-response`, `too-large`. */
      code?: string
      status?: number
      detail?: string
      retryable?: boolean
      retryAfterMs?: number
      advice?: Text
      /** The address requested, without its query: named where the address itself is the likely mistake. */
      url?: string
      cause?: unknown
    } = {}
  ) {
    const status = options.status ? `: HTTP ${options.status} ${STATUS_CODES[options.status] ?? ''}`.trimEnd() : ''
    const detail = options.detail ? `: ${options.detail}` : ''
    const hint = sentences(options.status ? hintFor(call, options.status, options.url) : undefined, options.advice)
    super(`${describeCall(call)} ${problem}${status}${detail}`, {
      code: options.status ? statusCode(options.status) : (options.code ?? 'failed'),
      retryable: options.retryable,
      retryAfterMs: options.retryAfterMs,
      hint: isBlank(hint) ? undefined : hint,
      namesJob: true,
      cause: options.cause
    })
    this.call = call
    this.status = options.status
    this.detail = options.detail
  }
}

/** 401 and 403 say the key or the plan does not allow the call: no retry or later run helps until that changes. */
function statusCode(status: number): string {
  return status === 401 || status === 403 ? 'access-refused' : 'http-status'
}

/** What the user can do about a status, where the status alone says it. */
function hintFor(call: ApiCall, status: number, url?: string): Text | undefined {
  const isExport = call.path.startsWith('/v1/static-export')
  const isStart = call.method === 'POST' && call.path === '/v1/static-export/jobs'
  switch (status) {
    case 401:
      return message`The API key was refused: it may be revoked or expired. Give a current admin key (mint_…) as ${input('api-key')}`
    case 403:
      return isExport
        ? 'Static export needs an enterprise plan and an admin key allowed to use it (not a read-only key); an IP allowlist may also refuse this runner'
        : 'The key may not read this project, or an IP allowlist refuses this runner'
    case 404:
      if (isStart)
        return message`The API has no export endpoint at ${url ?? call.path}: check ${input('base-url')} (https://api.mintlify.com unless you run your own)`
      return isExport
        ? message`Check ${input('export-job-id')}, and that the key belongs to the organisation that owns the job`
        : message`Check ${input('project-id')} and ${input('agent-job-id')}`
    case 400:
    case 422:
      return isStart
        ? message`The API refused the export request: check ${input('domain')}, ${input('paths')} and ${input('version')}`
        : undefined
    case 409:
      if (isStart) {
        return message`An export job is already queued or running for this site: wait for it to finish, or pass its id as ${input('export-job-id')} to collect it`
      }
      return call.path.endsWith('/bundle') ? 'The job has not finished, so no bundle can be generated yet' : undefined
    case 429:
      return 'The API is rate limiting this key'
    default:
      return undefined
  }
}
