import type { getOctokit } from '@actions/github'
import { retry } from '@octokit/plugin-retry'
import { throttling } from '@octokit/plugin-throttling'
import { fetch, Response } from 'undici'
import type { Run } from '../core/context.js'
import type { Deadline } from '../core/deadline.js'
import { ActionError } from '../core/errors.js'
import { message } from '../core/message.js'
import { ANSWER_BOUND, ATTEMPTS, readBounded, RETRYABLE_STATUSES, type Network } from '../core/net.js'
import { MAX_RETRY_AFTER_MS } from '../core/retry.js'
import { USER_AGENT } from '../core/user-agent.js'

export type Octokit = ReturnType<typeof getOctokit>
/** What a plugin is given: the client being built. */
type PluginHost = Parameters<typeof retry>[0]

/** The GitHub REST API version the comment calls are written against. */
const GITHUB_API_VERSION = '2022-11-28'

/** The first wait before GitHub is asked again; the retry plugin grows it with the square of the attempt. */
const RETRY_BASE_MS = 1000

/**
 * Every error status but those of the run's HTTP policy (core/net.ts) that say the fault is
 * passing; 429 is GitHub's rate limit, which the throttling plugin waits out as GitHub asks.
 */
const NOT_RETRYABLE = Array.from({ length: 200 }, (_, index) => 400 + index).filter(
  (status) => !RETRYABLE_STATUSES.has(status) || status === 429
)

/**
 * GitHub's client under the run's HTTP policy: its connection pool (and proxy), a bound on every
 * answer, the statuses worth another attempt and how many (@octokit/plugin-retry), GitHub's rate
 * limits, primary and secondary, waited out as GitHub asks within the deadline
 * (@octokit/plugin-throttling), and every request stopped by the deadline or the cancellation.
 */
export async function githubClient(token: string, { runner, deadline, host, network }: Run): Promise<Octokit> {
  const refused = network.refusal(runner.apiUrl)
  if (refused) {
    throw new ActionError(message`GitHub's API at ${runner.apiUrl} (GITHUB_API_URL) was not called: ${refused}`, {
      code: 'insecure-link'
    })
  }
  // Loaded here so that exports, which never comment, do not pay for the GitHub client at start-up.
  const { getOctokit } = await import('@actions/github')
  const retries = ATTEMPTS - 1
  const waitOut =
    (limit: string) =>
    (retryAfterSeconds: number, _options: unknown, _octokit: unknown, retryCount: number): boolean => {
      const waitMs = retryAfterSeconds * 1000
      const again = retryCount < retries && waitMs <= MAX_RETRY_AFTER_MS && waitMs < deadline.remainingMs()
      host.info(`GitHub's ${limit} was reached; ${again ? `retrying in ${retryAfterSeconds} s` : 'not retrying'}`)
      return again
    }
  const octokit = getOctokit(
    token,
    {
      baseUrl: runner.apiUrl,
      userAgent: USER_AGENT,
      request: { fetch: boundedFetch(network), signal: deadline.signal() },
      retry: { retries, retryAfterBaseValue: RETRY_BASE_MS, doNotRetry: NOT_RETRYABLE },
      throttle: { onRateLimit: waitOut('rate limit'), onSecondaryRateLimit: waitOut('secondary rate limit') }
    },
    withinRunPolicy(deadline),
    retry,
    throttling
  )
  octokit.hook.before('request', (options) => {
    options.headers['x-github-api-version'] = GITHUB_API_VERSION
  })
  return octokit
}

/**
 * What the retry plugin cannot know of the run: registered before it, this hook sees each failure
 * first and takes away the retries left when another attempt cannot help or cannot end in time.
 * - Octokit reports a failure of `fetch` as an HTTP 500, which the plugin retries; an answer that
 *   the run's policy refused (too large, not JSON) would come again, and so would a request that
 *   the run's network refused (a redirect to plain http), which fetch reports as its own
 *   failure's cause.
 * - The plugin waits (attempt + 1)² × RETRY_BASE_MS before the next attempt, on a timer that
 *   nothing can cancel: a wait that would end past the deadline is not started.
 */
function withinRunPolicy(deadline: Deadline): (octokit: PluginHost) => void {
  return (octokit) => {
    octokit.hook.error('request', (error, options) => {
      const cause: unknown = error.cause
      const own = cause instanceof ActionError ? cause : cause instanceof Error ? cause.cause : undefined
      const refused = own instanceof ActionError && !own.retryable
      const nextWaitMs = ((options.request.retryCount ?? 0) + 1) ** 2 * RETRY_BASE_MS
      if (!refused && nextWaitMs >= deadline.remainingMs()) stoppedByDeadline.add(error)
      if (refused || stoppedByDeadline.has(error)) options.request.retries = 0
      throw error
    })
  }
}

/** Failures that were not tried again because the deadline left no time for it. */
const stoppedByDeadline = new WeakSet<object>()

/** Whether GitHub was not asked again after this failure because the run's time was nearly up. */
export function leftNoTimeToRetry(error: unknown): boolean {
  return typeof error === 'object' && error !== null && stoppedByDeadline.has(error)
}

/** Statuses whose answer has no body, which a Response may not be given. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304])

/**
 * The `fetch` of the GitHub client: through the run's connection pool (whose policy each redirect
 * meets too), with every answer read whole within the run's bound, and a successful answer with a
 * body required to be JSON (every call the action makes expects JSON). Either failure names the
 * call and the content type.
 */
const boundedFetch =
  ({ dispatcher }: Network) =>
  async (input: string | URL, init?: Parameters<typeof fetch>[1]): Promise<Response> => {
    const url = new URL(input)
    const call = `GitHub's answer to ${init?.method ?? 'GET'} ${url.pathname}`
    const response = await fetch(url, { ...init, dispatcher })
    const type = response.headers.get('content-type')
    const body = response.body
      ? await readBounded(response.body, response.headers.get('content-length'))
      : Buffer.alloc(0)
    if (!body) {
      throw new ActionError(
        `${call} is larger than ${ANSWER_BOUND} (content type ${type ?? 'not given'}); it was not read further`,
        { code: 'too-large' }
      )
    }
    if (response.ok && body.length > 0 && !/^application\/([\w.+-]*\+)?json\b/i.test(type ?? '')) {
      throw new ActionError(`${call} is not JSON (content type ${type ?? 'not given'})`, { code: 'not-json' })
    }
    const { status, statusText, headers } = response
    return new Response(NULL_BODY_STATUSES.has(status) ? null : body, { status, statusText, headers })
  }
