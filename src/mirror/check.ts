import { createHash } from 'node:crypto'
import { request } from 'undici'
import { formatBytes } from '../core/format.js'
import {
  header,
  MAX_REDIRECTS,
  networkFailure,
  REDIRECT_STATUSES,
  requestTimeoutMs,
  type Network
} from '../core/net.js'
import { USER_AGENT } from '../core/user-agent.js'
import { input, message, type Text } from '../core/message.js'
import { mirrorError } from './errors.js'

/**
 * The check that the copy works as the chart will use it: one GET of `mirror-url` with no
 * credentials at all, following redirects as an HTTP client does (each hop held to the mirror's
 * network), the body hashed as it arrives and compared with the archive's SHA-256.
 */

export interface CheckOptions {
  network: Network
  signal: AbortSignal
  deadline: number
  /** What makes the link readable, for the message when it is not (it differs by target). */
  fix: Text
}

export async function checkAnonymousRead(
  link: string,
  expected: { sha256: string; sizeBytes: number },
  options: CheckOptions
): Promise<void> {
  let url = new URL(link)
  for (let redirects = 0; ; redirects++) {
    const reason = options.network.refusal(url)
    if (reason) throw unreadable(link, message`it leads to ${url.origin}, which was refused: ${reason}`, options.fix)
    const answer = await request(url, {
      method: 'GET',
      dispatcher: options.network.dispatcher,
      headers: { 'user-agent': USER_AGENT },
      signal: options.signal,
      headersTimeout: requestTimeoutMs(options.deadline),
      bodyTimeout: requestTimeoutMs(options.deadline)
    }).catch((error: unknown) => {
      if (options.signal.aborted) throw error
      throw unreadable(link, `it ${networkFailure(error).message}`, options.fix)
    })
    const location = header(answer.headers.location)
    if (REDIRECT_STATUSES.has(answer.statusCode) && location && redirects < MAX_REDIRECTS) {
      await answer.body.dump()
      url = new URL(location, url)
      continue
    }
    if (answer.statusCode !== 200) {
      await answer.body.dump()
      throw unreadable(link, `it answered HTTP ${answer.statusCode} to a request without credentials`, options.fix)
    }
    const hash = createHash('sha256')
    let size = 0
    try {
      for await (const chunk of answer.body as AsyncIterable<Buffer>) {
        size += chunk.length
        // More than the archive holds is another file: leaving the loop closes the answer.
        if (size > expected.sizeBytes) break
        hash.update(chunk)
      }
    } catch (error) {
      if (options.signal.aborted) throw error
      throw unreadable(
        link,
        `its answer broke off after ${formatBytes(size)} (${networkFailure(error).message})`,
        options.fix
      )
    }
    if (size > expected.sizeBytes)
      throw unreadable(link, `it serves more than the archive's ${formatBytes(expected.sizeBytes)}`, options.fix)
    const sha256 = hash.digest('hex')
    if (size !== expected.sizeBytes || sha256 !== expected.sha256)
      throw unreadable(
        link,
        `it serves ${formatBytes(size)} with SHA-256 ${sha256}, not the archive (${formatBytes(expected.sizeBytes)}, ${expected.sha256})`,
        options.fix
      )
    return
  }
}

function unreadable(link: string, problem: Text, fix: Text): Error {
  return mirrorError(message`The chart could not fetch ${link}: ${problem}`, {
    hint: message`${fix}; or set ${input('mirror-check', 'off')} when this runner cannot see the storage as the cluster does`
  })
}
