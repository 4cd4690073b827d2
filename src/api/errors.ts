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
    options: {
      status?: number
      detail?: string
      retryable?: boolean
      retryAfterMs?: number
      advice?: string
      /** The address requested, without its query: named where the address itself is the likely mistake. */
      url?: string
      cause?: unknown
    } = {}
  ) {
    const status = options.status ? `: HTTP ${options.status} ${STATUS_CODES[options.status] ?? ''}`.trimEnd() : ''
    const detail = options.detail ? `: ${options.detail}` : ''
    const hints = [options.status ? hintFor(call, options.status, options.url) : undefined, options.advice]
    super(sentences(`${describeCall(call)} ${problem}${status}${detail}`, ...hints), { cause: options.cause })
    this.call = call
    this.status = options.status
    this.detail = options.detail
    this.retryable = options.retryable ?? false
    this.retryAfterMs = options.retryAfterMs
  }
}

/** Joins sentences with one full stop between them, whether or not the first already ends with one. */
export function sentences(...parts: (string | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.trim())
    .reduce((text, part) => (text ? `${/[.!?]$/.test(text) ? text : `${text}.`} ${part}` : part), '')
}

/** What the user can do about a status, where the status alone says it. */
function hintFor(call: ApiCall, status: number, url?: string): string | undefined {
  const isExport = call.path.startsWith('/v1/static-export')
  const isStart = call.method === 'POST' && call.path === '/v1/static-export/jobs'
  switch (status) {
    case 401:
      return 'The API key was refused: it may be revoked or expired. Put a current admin key (mint_…) in the api-key secret'
    case 403:
      return isExport
        ? 'Static export needs an enterprise plan and an admin key allowed to use it (not a read-only key); an IP allowlist may also refuse this runner'
        : 'The key may not read this project, or an IP allowlist refuses this runner'
    case 404:
      if (isStart) return `The API has no export endpoint at ${url ?? call.path}: check base-url (https://api.mintlify.com unless you run your own)`
      return isExport ? 'Check export-job-id, and that the key belongs to the organisation that owns the job' : 'Check project-id and agent-job-id'
    case 400:
    case 422:
      return isStart ? 'The API refused the export request: check the domain, paths and version inputs' : undefined
    case 409:
      if (isStart) {
        return 'An export job is already queued or running for this site: wait for it to finish, or pass its id as export-job-id to collect it'
      }
      return call.path.endsWith('/bundle') ? 'The job has not finished, so no bundle can be generated yet' : undefined
    case 429:
      return 'The API is rate limiting this key'
    default:
      return undefined
  }
}
