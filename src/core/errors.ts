import { setting } from './words.js'

/**
 * The action's one error shape. Every failure carries a `code` (what kind of failure it is),
 * whether trying again may help, and what the user can do about it; callers branch on these
 * fields, never on the text. The text is written once, where the failure happens, and the step's
 * final message once, by `failureMessage`, where the step fails.
 */

export interface ActionErrorOptions {
  /** The kind of failure, in kebab-case: `http-status`, `too-large`, an archive rule, a system code such as `ENOSPC`… */
  code?: string
  /** Whether the same call may succeed if made again (a transient fault). */
  retryable?: boolean
  /** The least wait before that, as the server asked (`Retry-After`). */
  retryAfterMs?: number
  /** What the user can do about it: the message's last sentence. */
  hint?: string
  /** The message names the export job already (the job's own outcome, an API call about it). */
  namesJob?: boolean
  /** The export job the failure happened in, when the message does not name it: the final message does. */
  jobId?: string
  cause?: unknown
}

export class ActionError extends Error {
  override name = 'ActionError'
  readonly code: string
  readonly retryable: boolean
  readonly retryAfterMs?: number
  readonly hint?: string
  readonly namesJob: boolean
  readonly jobId?: string

  constructor(problem: string, options: ActionErrorOptions = {}) {
    super(options.hint ? sentences(problem, options.hint) : problem, { cause: options.cause })
    this.code = options.code ?? 'failed'
    this.retryable = options.retryable ?? false
    this.retryAfterMs = options.retryAfterMs
    this.hint = options.hint
    this.namesJob = options.namesJob ?? false
    this.jobId = options.jobId
  }
}

/** The step's one error line: the failure's message, after the export job it happened in when the message does not name it. */
export function failureMessage(error: unknown): string {
  if (error instanceof ActionError && error.jobId) return `Export job ${error.jobId}: ${error.message}`
  return messageOf(error)
}

/** The kind of a failure, for the front end to act on (the command line's exit code): `failed` when nothing more is known. */
export function failureCode(error: unknown): string {
  return error instanceof ActionError ? error.code : 'failed'
}

/** A failure of an export run, to be reported with its job (once there is one) unless it names the job itself. */
export function inExportJob(error: unknown, jobId: string | undefined): unknown {
  if (!jobId || (error instanceof ActionError && error.namesJob)) return error
  return new ActionError(messageOf(error), {
    code: error instanceof ActionError ? error.code : 'failed',
    jobId,
    cause: error
  })
}

/** The run was cancelled (SIGINT, SIGTERM) while `activity`; `hint` says what becomes of the job. */
export function cancelledError(activity: string, hint?: string): ActionError {
  return new ActionError(`The run was cancelled ${activity}`, { code: 'cancelled', hint, namesJob: true })
}

/** How a later run picks up an export job this run leaves behind. */
export function resumeHint(jobId: string): string {
  return `It keeps running on the server: run again with ${setting('export-job-id', jobId)} to collect it.`
}

/** Joins sentences with one full stop between them, whether or not the first already ends with one. */
export function sentences(...parts: (string | undefined)[]): string {
  return parts
    .filter((part): part is string => Boolean(part?.trim()))
    .map((part) => part.trim())
    .reduce((text, part) => (text ? `${/[.!?]$/.test(text) ? text : `${text}.`} ${part}` : part), '')
}

/** A message as the first clause of a longer line ("…; retrying in 2.0 s"): without its final full stop. */
export function asClause(message: string): string {
  return message.endsWith('.') ? message.slice(0, -1) : message
}

/** The system's code for a failure (`ECONNRESET`, `ENOSPC`, `UND_ERR_SOCKET`…), from the error or what caused it. */
export function systemCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code
    if (code && !(current instanceof ActionError)) return code
  }
  return undefined
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
