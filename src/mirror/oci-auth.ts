import { request } from 'undici'
import { asClause, textOf } from '../core/errors.js'
import { ERROR_PAGE_BYTES, networkFailure, readBounded, requestTimeoutMs, type Network } from '../core/net.js'
import { USER_AGENT } from '../core/user-agent.js'
import { input, message } from '../core/message.js'
import { mirrorError } from './errors.js'
import type { RegistryCredentials } from './types.js'

/**
 * How a registry wants to be spoken to, from its answer to `GET /v2/` (the distribution spec's
 * "Determining support"): nothing, basic credentials, or a bearer token from the token endpoint
 * that its `WWW-Authenticate: Bearer realm=…,service=…` names (Docker's token flow, which Harbor,
 * GHCR and Docker Hub use). The credentials go to the registry itself and, for a token, to that
 * realm, which the registry names for this purpose; to nothing else.
 */

export interface Challenge {
  scheme: 'basic' | 'bearer'
  params: Record<string, string>
}

/** The first challenge of a `WWW-Authenticate` header that the mirror can answer, or undefined. */
export function parseChallenge(header: string | undefined): Challenge | undefined {
  const match = /^\s*(Basic|Bearer)\b(.*)$/i.exec(header ?? '')
  if (!match) return undefined
  const params: Record<string, string> = {}
  // auth-param = token "=" ( token / quoted-string ), as RFC 9110 has it; a scope holds commas, so quoted strings are read whole.
  for (const param of (match[2] ?? '').matchAll(/([A-Za-z0-9_-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,"]+))/g)) {
    params[(param[1] ?? '').toLowerCase()] =
      param[2] !== undefined ? param[2].replace(/\\(.)/g, '$1') : (param[3] ?? '')
  }
  return { scheme: (match[1] ?? '').toLowerCase() as Challenge['scheme'], params }
}

export function basicAuthorization(credentials: RegistryCredentials): string {
  return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`
}

export interface TokenRequest {
  challenge: Challenge
  /** `repository:NAME:pull,push`. */
  scope: string
  credentials: RegistryCredentials
  network: Network
  signal: AbortSignal
  deadline: number
}

/**
 * A bearer token from the challenge's realm for `scope`, asked with the basic credentials: a GET
 * with `service` and `scope`, answered `{ token }` or `{ access_token }`. The realm is held to the
 * mirror's network (https, or http on this machine), and redirects are not followed, so the
 * credentials go nowhere else.
 */
export async function fetchToken(options: TokenRequest): Promise<string> {
  const realm = URL.parse(options.challenge.params.realm ?? '')
  if (!realm)
    throw mirrorError(
      'Mirror: the registry asked for a token but named no realm (WWW-Authenticate: Bearer without realm=)'
    )
  const refusal = options.network.refusal(realm)
  if (refusal) throw mirrorError(message`Mirror: the registry's token realm ${realm.origin} was refused: ${refusal}`)
  if (options.challenge.params.service) realm.searchParams.set('service', options.challenge.params.service)
  realm.searchParams.set('scope', options.scope)
  const answer = await request(realm, {
    method: 'GET',
    dispatcher: options.network.dispatcher,
    headers: { 'user-agent': USER_AGENT, authorization: basicAuthorization(options.credentials) },
    signal: options.signal,
    headersTimeout: requestTimeoutMs(options.deadline),
    bodyTimeout: requestTimeoutMs(options.deadline)
  }).catch((error: unknown) => {
    if (options.signal.aborted) throw error
    throw mirrorError(
      message`Mirror: the registry's token realm ${realm.origin}${realm.pathname} ${asClause(textOf(networkFailure(error)))}`
    )
  })
  // A token answer is a few hundred bytes: more is something else, and not read further.
  const body = await readBounded(answer.body, String(answer.headers['content-length'] ?? ''), ERROR_PAGE_BYTES)
  if (answer.statusCode === 401 || answer.statusCode === 403)
    throw mirrorError(
      `Mirror: the registry's token realm ${realm.origin}${realm.pathname} refused the credentials (HTTP ${answer.statusCode})`,
      { hint: message`Check ${input('mirror-username')} and ${input('mirror-password')}` }
    )
  const token = answer.statusCode === 200 ? tokenIn(body) : undefined
  if (!token)
    throw mirrorError(
      `Mirror: the registry's token realm ${realm.origin}${realm.pathname} gave no token (HTTP ${answer.statusCode})`
    )
  return token
}

function tokenIn(body: Buffer | undefined): string | undefined {
  try {
    const parsed = JSON.parse(body?.toString('utf8') ?? '') as { token?: unknown; access_token?: unknown }
    const token = parsed.token ?? parsed.access_token
    return typeof token === 'string' && token !== '' ? token : undefined
  } catch {
    return undefined
  }
}
