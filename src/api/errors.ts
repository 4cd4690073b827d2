import { STATUS_CODES } from 'node:http'
import type { Retryable } from '../retry.js'

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
export class ApiError extends Error implements Retryable {
  override name = 'ApiError'
  readonly call: ApiCall
  readonly status?: number
  /** The API's `error` text, or what came back instead of JSON. */
  readonly detail?: string
  readonly retryable: boolean
  readonly retryAfterMs?: number

  constructor(
    call: ApiCall,
    problem: string,
    options: { status?: number; detail?: string; retryable?: boolean; retryAfterMs?: number; advice?: string; cause?: unknown } = {}
  ) {
    const status = options.status ? `: HTTP ${options.status} ${STATUS_CODES[options.status] ?? ''}`.trimEnd() : ''
    const detail = options.detail ? `: ${options.detail}` : ''
    const hints = [options.status ? hintFor(call, options.status) : undefined, options.advice].filter(Boolean)
    super(`${describeCall(call)} ${problem}${status}${detail}${hints.map((hint) => `. ${hint}`).join('')}`, { cause: options.cause })
    this.call = call
    this.status = options.status
    this.detail = options.detail
    this.retryable = options.retryable ?? false
    this.retryAfterMs = options.retryAfterMs
  }
}

/** What the user can do about a status, where the status alone says it. */
function hintFor(call: ApiCall, status: number): string | undefined {
  const isExport = call.path.startsWith('/v1/static-export')
  switch (status) {
    case 401:
      return 'The API key was refused: it may be revoked or expired. Put a current admin key (mint_…) in the api-key secret'
    case 403:
      return isExport
        ? 'Static export needs an enterprise plan and an admin key allowed to use it (not a read-only key); an IP allowlist may also refuse this runner'
        : 'The key may not read this project, or an IP allowlist refuses this runner'
    case 404:
      return isExport ? 'Check export-job-id, and that the key belongs to the organisation that owns the job' : 'Check project-id and agent-job-id'
    case 400:
    case 422:
      return call.method === 'POST' && call.path === '/v1/static-export/jobs'
        ? 'The API refused the export request: check the domain, paths and version inputs'
        : undefined
    case 409:
      return call.path.endsWith('/bundle') ? 'The job has not finished, so no bundle can be generated yet' : undefined
    case 429:
      return 'The API is rate limiting this key'
    default:
      return undefined
  }
}
