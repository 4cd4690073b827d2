import { formatSeconds } from '../core/format.js'
import { input, inputSubject, message, type Text } from '../core/message.js'
import { endpointOf, type ApiCall } from './calls.js'

/**
 * What an HTTP status means for a call: the code the commands branch on, and what the user can do
 * about it. The API's own `error` text (already made one inert line) is read only to tell which of
 * a status's documented causes it names.
 */

/**
 * The failure's code:
 * - `access-refused` (401, 403): the key or the plan does not allow the call; no retry or later
 *   run helps until that changes;
 * - `endpoint-gone` (404, 405 on the unscoped start): the API serves no export by domain there,
 *   which is what it answers once the project-scoped flow has replaced it;
 * - `export-busy` (409 on a start): another export of the deployment is queued or running;
 * - `rate-limited` (429);
 * - `input` (400 on the project-scoped start, unless its text names the basePath): `project-id` is
 *   malformed;
 * - `http-status`: any other.
 */
export function codeFor(call: ApiCall, status: number, detail?: string): string {
  const start = call.endpoint === 'start-export'
  if (status === 401 || status === 403) return 'access-refused'
  if (start && call.flow === 'unscoped' && (status === 404 || status === 405)) return 'endpoint-gone'
  if (start && status === 409) return 'export-busy'
  if (status === 429) return 'rate-limited'
  if (start && call.flow === 'project' && status === 400 && badStartCause(detail) === 'project-id') return 'input'
  return 'http-status'
}

/** What the user can do about a status, where the status (and the API's words) say it. */
export function hintFor(call: ApiCall, status: number, detail?: string, url?: string): Text | undefined {
  const { endpoint, flow } = call
  const isExport = endpoint === 'start-export' || endpoint === 'read-export' || endpoint === 'generate-bundle'
  const isStart = endpoint === 'start-export'
  const asked = url ?? call.path
  switch (status) {
    case 401:
      return message`The API key was refused: it may be revoked or expired. Give a current admin key (mint_…) as ${input('api-key')}`
    case 403:
      return forbidden(call, isExport, detail)
    case 404:
    case 405:
      if (isStart && flow === 'unscoped')
        return message`The API has no export endpoint at ${asked}: check ${input('base-url')} (https://api.mintlify.com unless you run your own). Where exports have moved under the project, give ${input('project-id')}`
      if (status === 405) return undefined
      if (isStart)
        return message`The API has no project-scoped export at ${asked}: check ${input('project-id')} and ${input('base-url')}. An API that still exports by domain needs ${input('domain')}`
      if (isExport) {
        const project = flow === 'project' ? message` and ${input('project-id')}` : ''
        return message`Check ${input('export-job-id')}${project}, and that the key belongs to the organisation that owns the job`
      }
      return endpoint === 'create-agent-job'
        ? message`Check ${input('project-id')}`
        : message`Check ${input('project-id')} and ${input('agent-job-id')}`
    case 400:
    case 422:
      if (isStart && flow === 'project') return badStart(badStartCause(detail))
      if (isStart)
        return message`The API refused the export request: check ${input('domain')}, ${input('paths')} and ${input('version')}`
      if (endpoint === 'create-agent-job' || endpoint === 'send-agent-message')
        return message`Check ${input('project-id')} and ${input('prompt')} (at least one character)`
      return undefined
    case 409:
      if (isStart) {
        return message`Another export of this deployment is running. Give the runs that export this site one \`concurrency:\` group (GitHub Actions: https://docs.github.com/en/actions/using-jobs/using-concurrency) so that they take turns; or, knowing the running export, pass its id as ${input('export-job-id')} to collect it`
      }
      return endpoint === 'generate-bundle' ? 'The job has not finished, so no bundle can be generated yet' : undefined
    case 429:
      return rateLimit(call)
    default:
      return undefined
  }
}

/** The limit a 429 is about, as the vendor documents it. */
function rateLimit({ endpoint }: ApiCall): string {
  if (endpoint === 'start-export') return 'The API allows 10 export starts per organisation per hour'
  if (endpoint === 'create-agent-job' || endpoint === 'send-agent-message')
    return 'The API allows the agent 100 uses per project per hour'
  return 'The API is rate limiting this key'
}

/** Said of a 429 whose `Retry-After` ends past the deadline: when to try again, in UTC and from now. */
export function tryAgainAfter(retryAfterMs: number, now = Date.now()): Text {
  const at = new Date(now + retryAfterMs).toISOString().replace(/\.\d+Z$/, 'Z')
  return message`Try again after ${at} (in ${formatSeconds(retryAfterMs)}): the wait the API asks for does not fit in ${input('timeout-seconds')}`
}

/** The three causes of a 403 that the vendor documents, as the API's `error` text names them. */
type Refusal = 'allowlist' | 'read-only' | 'plan'

const REFUSALS: [Refusal, RegExp][] = [
  ['allowlist', /allow-?\s?list|whitelist|\bIP\b/i],
  ['read-only', /read[-\s]?only|only read|\bwrite\b/i],
  ['plan', /\bplan\b|enterprise|not enabled|contact sales/i]
]

function refusalNamed(detail: string | undefined): Refusal | undefined {
  return detail ? REFUSALS.find(([, pattern]) => pattern.test(detail))?.[0] : undefined
}

const READ_ONLY = message`This key can only read: create a key that may write (the API keys page of the dashboard) and give it as ${input('api-key')}`
const ALLOWLIST =
  "The runner's address is not on the key's allowlist: add the address this runner connects from (GitHub-hosted runners have no fixed one: use a self-hosted runner or one with a static address), or use a key without an allowlist"

/** One message per cause, each saying what to do; all the causes that apply when the API names none. */
function forbidden(call: ApiCall, isExport: boolean, detail: string | undefined): Text {
  const writes = endpointOf(call).method === 'POST'
  switch (refusalNamed(detail)) {
    case 'allowlist':
      return ALLOWLIST
    case 'read-only':
      return READ_ONLY
    case 'plan':
      return isExport
        ? "Static export is not part of this organisation's plan: it needs an enterprise plan (ask Mintlify to enable it); no other key or later run helps until then"
        : "The agent is not part of this organisation's plan: ask Mintlify to enable it"
    default: {
      const notListed = "the runner's address is not on the key's allowlist (add it there)"
      if (!isExport) {
        return writes
          ? message`The key may not use this project (check ${input('project-id')}), can only read (create a key that may write), or ${notListed}`
          : message`The key may not read this project (check ${input('project-id')}), or ${notListed}`
      }
      const write = writes
        ? ', a key that may write (a key that can only read is refused: create one that may write)'
        : ''
      return `Static export needs an enterprise plan (Mintlify enables it)${write} and, when the key has an allowlist, the runner's address on it (add it there). The answer does not say which is missing`
    }
  }
}

/**
 * The two causes of a 400 on the project-scoped start that the vendor documents, as the API's text
 * names them: a malformed project id, or a deployment whose basePath the export does not support;
 * `both` when it names the two (one sentence can). A text that names neither is taken for the
 * project id, the cause that the user can fix.
 */
type BadStartCause = 'project-id' | 'base-path' | 'both'

function badStartCause(detail: string | undefined): BadStartCause {
  const projectId = detail !== undefined && /project[\s_-]?id/i.test(detail)
  const basePath = detail !== undefined && /base[\s_-]?path/i.test(detail)
  if (projectId && basePath) return 'both'
  return basePath ? 'base-path' : 'project-id'
}

const COPY_PROJECT_ID = 'copy it from the API keys page of the dashboard'
const BASE_PATH = "the static export does not support this deployment's basePath"
const ASK_ABOUT_BASE_PATH = 'ask Mintlify about exporting it'

/** What to do about a 400 of the project-scoped start: the project id first, the one cause the user can fix. */
function badStart(cause: BadStartCause): Text {
  switch (cause) {
    case 'project-id':
      return message`${inputSubject('project-id')} is not a project id the API accepts: ${COPY_PROJECT_ID}`
    case 'base-path':
      return `As the API says, ${BASE_PATH}: ${ASK_ABOUT_BASE_PATH}`
    case 'both':
      return message`The API's answer names two causes: either ${input('project-id')} is not a project id it accepts (${COPY_PROJECT_ID}), or ${BASE_PATH} (${ASK_ABOUT_BASE_PATH})`
  }
}
