import {
  input,
  isBlank,
  joined,
  lastCharacter,
  message,
  trimmed,
  withoutEnd,
  textFromRecord,
  textRecord,
  type InputReference,
  type Text,
  type TextRecord
} from './message.js'

/**
 * The action's one error shape. Every failure carries a `code` (what kind of failure it is),
 * whether trying again may help, and what the user can do about it; callers branch on these
 * fields, never on the text. The text is written once, where the failure happens, as a message
 * whose references to inputs each front end words its own way (src/core/message.ts), and the
 * step's final message once, by `failureMessage`, where the step fails.
 */

export interface ActionErrorOptions {
  /** The kind of failure, in kebab-case: `http-status`, `too-large`, an archive rule, a system code such as `ENOSPC`… */
  code?: string
  /** Whether the same call may succeed if made again (a transient fault). */
  retryable?: boolean
  /** The least wait before that, as the server asked (`Retry-After`). */
  retryAfterMs?: number
  /** What the user can do about it: the message's last sentence. */
  hint?: Text
  /** The input the failure is about, with the value it had, where one is. */
  input?: InputReference
  /** The message names the export job already (the job's own outcome, an API call about it). */
  namesJob?: boolean
  /** The export job the failure happened in, when the message does not name it: the final message does. */
  jobId?: string
  /**
   * The failure as the job summary says it, where the summary's own sections list what the message
   * lists (the site's problems, the files a deployment lacks): what failed, and a pointer to them,
   * so that each is said once there. The log and the command line keep the whole message.
   */
  inSummary?: Text
  cause?: unknown
}

export class ActionError extends Error {
  override name = 'ActionError'
  readonly code: string
  readonly retryable: boolean
  readonly retryAfterMs?: number
  readonly hint?: Text
  readonly input?: InputReference
  readonly namesJob: boolean
  readonly jobId?: string
  readonly inSummary?: Text
  /** The message with its references to inputs, for a front end to word; `message` has each input by its name. */
  readonly text: Text

  constructor(problem: Text, options: ActionErrorOptions = {}) {
    const text = options.hint ? sentences(problem, options.hint) : problem
    super(String(text), { cause: options.cause })
    this.text = text
    this.code = options.code ?? 'failed'
    this.retryable = options.retryable ?? false
    this.retryAfterMs = options.retryAfterMs
    this.hint = options.hint
    this.input = options.input
    this.namesJob = options.namesJob ?? false
    this.jobId = options.jobId
    this.inSummary = options.inSummary
  }
}

/**
 * A failure as one thread hands it to another: a structured clone keeps neither an ActionError's
 * class nor its message's, so the fields are sent as data and `errorFromRecord` makes the error
 * again, with its causes (a system code, a cut upload's abort) as far as MAX_CAUSES.
 */
export interface ErrorRecord {
  name: string
  text: TextRecord
  stack?: string
  /** A system code (`ECONNRESET`): systemCode() reads it. */
  systemCode?: string
  /** An ActionError's fields; its text already holds its hint. */
  action?: {
    code: string
    retryable: boolean
    retryAfterMs?: number
    input?: InputReference
    namesJob: boolean
    jobId?: string
    inSummary?: TextRecord
  }
  cause?: ErrorRecord
}

const MAX_CAUSES = 8

export function errorRecord(error: unknown, depth = 0): ErrorRecord {
  if (!(error instanceof Error)) return { name: 'Error', text: String(error) }
  const cause = depth < MAX_CAUSES && error.cause !== undefined ? errorRecord(error.cause, depth + 1) : undefined
  const record: ErrorRecord = { name: error.name, text: textRecord(textOf(error)), stack: error.stack, cause }
  const code = (error as NodeJS.ErrnoException).code
  if (error instanceof ActionError) {
    const { retryable, retryAfterMs, input, namesJob, jobId, inSummary } = error
    record.action = { code: error.code, retryable, retryAfterMs, input, namesJob, jobId }
    if (inSummary !== undefined) record.action.inSummary = textRecord(inSummary)
  } else if (typeof code === 'string') {
    record.systemCode = code
  }
  return record
}

export function errorFromRecord(record: ErrorRecord): Error {
  const cause = record.cause ? errorFromRecord(record.cause) : undefined
  const text = textFromRecord(record.text)
  const { action } = record
  const error = action
    ? new ActionError(text, {
        ...action,
        inSummary: action.inSummary === undefined ? undefined : textFromRecord(action.inSummary),
        cause
      })
    : Object.assign(new Error(String(text), { cause }), record.systemCode ? { code: record.systemCode } : {})
  error.name = record.name
  if (record.stack) error.stack = record.stack
  return error
}

/** What a failure says, with its references to inputs: an ActionError's text, else the error's message. */
export function textOf(error: unknown): Text {
  if (error instanceof ActionError) return error.text
  return error instanceof Error ? error.message : String(error)
}

/** The step's one error line: the failure's message, after the export job it happened in when the message does not name it. */
export function failureMessage(error: unknown): Text {
  if (error instanceof ActionError && error.jobId) return message`Export job ${error.jobId}: ${error.text}`
  return textOf(error)
}

/** The failure as the job summary says it: its summary's words where it has them, else its message. */
export function failureInSummary(error: unknown): Text {
  if (!(error instanceof ActionError) || error.inSummary === undefined) return failureMessage(error)
  return error.jobId ? message`Export job ${error.jobId}: ${error.inSummary}` : error.inSummary
}

/** The kind of a failure, for the front end to act on (the command line's exit code): `failed` when nothing more is known. */
export function failureCode(error: unknown): string {
  return error instanceof ActionError ? error.code : 'failed'
}

/** A failure of an export run, to be reported with its job (once there is one) unless it names the job itself. */
export function inExportJob(error: unknown, jobId: string | undefined): unknown {
  if (!jobId || (error instanceof ActionError && error.namesJob)) return error
  return new ActionError(textOf(error), {
    code: error instanceof ActionError ? error.code : 'failed',
    jobId,
    inSummary: error instanceof ActionError ? error.inSummary : undefined,
    cause: error
  })
}

/** The run was cancelled (SIGINT, SIGTERM) while `activity`; `hint` says what becomes of the job. */
export function cancelledError(activity: string, hint?: Text): ActionError {
  return new ActionError(`The run was cancelled ${activity}`, { code: 'cancelled', hint, namesJob: true })
}

/** How a later run picks up an export job this run leaves behind. */
export function resumeHint(jobId: string): Text {
  return message`It keeps running on the server: run again with ${input('export-job-id', jobId)} to collect it.`
}

/**
 * A failure after the export job completed, with how to go on without a new export: the job stays
 * on the server, and `export-job-id` collects it (a fresh link included) while the vendor keeps it.
 */
export function afterTheExport(error: unknown, jobId: string): unknown {
  if (!(error instanceof ActionError)) return error
  return new ActionError(
    sentences(
      error.text,
      message`The export is done: run again with ${input('export-job-id', jobId)} to go on without starting a new one`
    ),
    {
      code: error.code,
      input: error.input,
      namesJob: error.namesJob,
      jobId: error.jobId,
      inSummary: error.inSummary,
      cause: error
    }
  )
}

/** Joins sentences with one full stop between them, whether or not the first already ends with one. */
export function sentences(...parts: (Text | undefined)[]): Text {
  const said = parts.filter((part): part is Text => !isBlank(part)).map(trimmed)
  const ended = said.map((part, index) =>
    index < said.length - 1 && !/[.!?]/.test(lastCharacter(part) ?? '') ? message`${part}.` : part
  )
  const [only] = ended
  return ended.length === 1 && only !== undefined ? only : joined(ended, ' ')
}

/** A message as the first clause of a longer line ("…; retrying in 2.0 s"): without its final full stop. */
export function asClause(text: Text): Text {
  return lastCharacter(text) === '.' ? withoutEnd(text, 1) : text
}

/** The system's code for a failure (`ECONNRESET`, `ENOSPC`, `UND_ERR_SOCKET`…), from the error or what caused it. */
export function systemCode(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as NodeJS.ErrnoException).code
    if (code && !(current instanceof ActionError)) return code
  }
  return undefined
}
