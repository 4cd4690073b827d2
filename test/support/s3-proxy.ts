import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A recording proxy in front of an S3 endpoint (Swift's, test/support/swift.ts): every request is
 * forwarded as it came, its Host header unchanged, so that the SigV4 signature the client made for
 * the proxy's address still holds at the store. It keeps each request in the order it arrived and
 * the order its answer ended, which is how a test reads the order of a publish without a clock.
 */

export interface ProxiedRequest {
  method: string
  /** The path, decoded: `/bucket/key`, or `/v1/AUTH_test/bucket/key` for Swift's own API. */
  path: string
  /** The query, as sent (`list-type=2&prefix=…`, `delete=`). */
  query: string
  status?: number
  /** When it arrived and when its answer ended, in one sequence of events: 1, 2, 3… */
  arrived: number
  ended?: number
}

export interface S3Proxy {
  /** The proxy's address: an endpoint for the S3 client, a base for Swift's public path. */
  url: string
  requests: ProxiedRequest[]
  /**
   * Called as each request arrives, before it is forwarded; `false` drops it (the connection is
   * destroyed, as when a run is cut in the middle of a request).
   */
  onRequest?: (request: ProxiedRequest) => boolean | void
  /** Forgets what it recorded. */
  clear(): void
  stop(): Promise<void>
}

export async function startS3Proxy(target: string): Promise<S3Proxy> {
  const targetUrl = new URL(target)
  let events = 0
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', targetUrl)
    const recorded: ProxiedRequest = {
      method: request.method ?? '',
      path: decodeURIComponent(url.pathname),
      query: url.search.slice(1),
      arrived: ++events
    }
    proxy.requests.push(recorded)
    if (proxy.onRequest?.(recorded) === false) {
      request.socket.destroy()
      return
    }
    const forwarded = http.request(
      {
        host: targetUrl.hostname,
        port: targetUrl.port,
        path: request.url,
        method: request.method,
        headers: request.headers
      },
      (answer) => {
        recorded.status = answer.statusCode
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
        answer.on('end', () => (recorded.ended = ++events))
      }
    )
    forwarded.on('error', () => response.destroy())
    request.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const proxy: S3Proxy = {
    url: `http://127.0.0.1:${port}`,
    requests: [],
    clear: () => void proxy.requests.splice(0),
    stop: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
  return proxy
}
