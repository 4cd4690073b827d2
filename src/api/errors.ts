import { STATUS_CODES } from 'node:http'
import { ActionError, sentences } from '../core/errors.js'
import { input, isBlank, type Text } from '../core/message.js'
import { describeCall, type ApiCall } from './calls.js'
import { codeFor, hintFor } from './hints.js'

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
    const hint = sentences(
      options.status ? hintFor(call, options.status, options.detail, options.url) : undefined,
      options.advice
    )
    const code = options.status ? codeFor(call, options.status, options.detail) : (options.code ?? 'failed')
    super(`${describeCall(call)} ${problem}${status}${detail}`, {
      code,
      retryable: options.retryable,
      retryAfterMs: options.retryAfterMs,
      hint: isBlank(hint) ? undefined : hint,
      // The only input the API refuses as malformed: the project's id (codeFor).
      input: code === 'input' ? input('project-id') : undefined,
      namesJob: true,
      cause: options.cause
    })
    this.call = call
    this.status = options.status
    this.detail = options.detail
  }
}
