import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A proxy on a loopback port that refuses everything sent to it and says what it was: the
 * browser's last line of defence. Whatever a page or the browser sends past the interception
 * (WebSockets, TURN over TCP, Chrome's own calls, a path nobody thought of) comes here as an
 * absolute-form request or a `CONNECT`, and goes no further.
 */

/** What a refused request asked for: `http://host/path` for a plain request, `host:port` for a tunnel. */
export interface Refusal {
  target: string
  method: string
}

/** The proxy, listening on a free port of 127.0.0.1: its address, and how to end it with its connections. */
export interface RefusingProxy {
  /** `http://127.0.0.1:<port>` */
  url: string
  close(): Promise<void>
}

export async function startRefusingProxy(onRefused: (refusal: Refusal) => void): Promise<RefusingProxy> {
  const server = http.createServer((request, response) => {
    onRefused({ target: request.url ?? '', method: request.method ?? 'GET' })
    response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('Forbidden')
  })
  // HTTPS, WebSockets and TURN over TCP start with CONNECT.
  server.on('connect', (request, socket) => {
    // The server no longer watches a tunnel's socket: a reset from the browser would be an
    // uncaught error, which ends the run.
    socket.on('error', () => socket.destroy())
    onRefused({ target: request.url ?? '', method: 'CONNECT' })
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
  })
  server.on('clientError', (_error, socket) => socket.destroy())
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
