import type { Dispatcher } from 'undici'
import { ERROR_PAGE_BYTES, header, MAX_REDIRECTS, REDIRECT_STATUSES, type Network } from '../core/net.js'
import { message } from '../core/message.js'
import { DownloadError } from './errors.js'
import type { FileSink } from './file-sink.js'

/**
 * One GET to the storage host, with undici's low-level `dispatch`: each chunk of the body goes
 * straight from the socket to the file sink, with no stream or promise per chunk. Redirects are
 * followed here, so that every hop is held to the same rule as the link: the run's network.
 */

export interface StorageResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** Where the answer came from, after redirects. */
  url: URL
}

export interface StorageGetOptions {
  headers: Record<string, string>
  dispatcher: Dispatcher
  /** Judges every redirect before it is followed. */
  network: Network
  /** Longest silence, before the headers or between two chunks of the body. */
  stallTimeoutMs: number
  signal: AbortSignal
  /**
   * Told the head of the final answer; returns the sink that takes its body, or undefined to read
   * the body as text (an error page). May throw to refuse the answer.
   */
  accept: (response: StorageResponse) => FileSink | undefined
  /** Told the size of each chunk of the body that went to the sink; may throw to stop the body. */
  onBytes?: (count: number) => void
}

export interface StorageAnswer {
  response: StorageResponse
  /** Bytes of the body that went to the sink. */
  received: number
  /** The start of the body, when it was read as text. */
  text?: string
}

/** Sends the GET, following up to five redirects, and delivers the final answer's body. */
export async function getFromStorage(link: URL, options: StorageGetOptions): Promise<StorageAnswer> {
  let url = link
  for (let redirects = 0; ; redirects++) {
    const answer = await send(url, options)
    const location = header(answer.response.headers.location)
    if (!REDIRECT_STATUSES.has(answer.response.status) || !location) return answer
    if (redirects === MAX_REDIRECTS) return answer
    const next = new URL(location, url)
    const reason = options.network.refusal(next)
    if (reason) {
      throw new DownloadError(
        link.href,
        message`the storage host redirected to ${next.origin}${next.pathname}, refused: ${reason}`,
        {
          code: 'insecure-link',
          afterColon: true
        }
      )
    }
    url = next
  }
}

function send(url: URL, options: StorageGetOptions): Promise<StorageAnswer> {
  return new Promise((resolve, reject) => {
    let response: StorageResponse | undefined
    let sink: FileSink | undefined
    let received = 0
    const text: Buffer[] = []
    let textBytes = 0
    let controller: Dispatcher.DispatchController | undefined
    let settled = false
    const onAbort = (): void => controller?.abort(options.signal.reason as Error)
    const settle = (error?: unknown): void => {
      if (settled) return
      settled = true
      options.signal.removeEventListener('abort', onAbort)
      if (error !== undefined)
        return reject(error instanceof Error ? error : new Error('the request failed', { cause: error }))
      resolve({
        response: response as StorageResponse,
        received,
        ...(sink ? {} : { text: Buffer.concat(text).toString('utf8') })
      })
    }

    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(requestController) {
        controller = requestController
        if (options.signal.aborted) requestController.abort(options.signal.reason as Error)
        else options.signal.addEventListener('abort', onAbort, { once: true })
      },
      onResponseStart(responseController, status, headers) {
        response = { status, headers, url }
        if (REDIRECT_STATUSES.has(status)) return
        try {
          sink = options.accept(response)
        } catch (error) {
          return responseController.abort(error as Error)
        }
      },
      onResponseData(responseController, chunk) {
        if (!sink) {
          if (textBytes < ERROR_PAGE_BYTES) text.push(chunk)
          textBytes += chunk.length
          // Enough of an error page: stop reading, keep what was read.
          if (textBytes >= ERROR_PAGE_BYTES) {
            settle()
            responseController.abort(new Error('error page read far enough'))
          }
          return
        }
        received += chunk.length
        try {
          sink.write(chunk)
          options.onBytes?.(chunk.length)
        } catch (error) {
          return responseController.abort(error as Error)
        }
      },
      onResponseEnd() {
        settle()
      },
      onResponseError(_controller, error) {
        settle(error)
      }
    }

    try {
      options.dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: 'GET',
          headers: options.headers,
          headersTimeout: options.stallTimeoutMs,
          bodyTimeout: options.stallTimeoutMs
        },
        handler
      )
    } catch (error) {
      settle(error)
    }
  })
}
