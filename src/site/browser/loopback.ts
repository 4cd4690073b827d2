import type http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A server of the pass listening on a loopback port: its address, and how to end it with its connections. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  close(): Promise<void>
}

/** Starts `server` on a free port of 127.0.0.1. */
export async function listenLoopback(server: http.Server): Promise<LoopbackServer> {
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
