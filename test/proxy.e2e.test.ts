import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Emulator } from './emulator/server.ts'
import { exportInputs } from './support/export-inputs.ts'
import { runAction } from './support/run-action.ts'

/**
 * Self-hosted runners behind a proxy: HTTPS_PROXY, HTTP_PROXY and NO_PROXY reach the API calls
 * and the download alike. The proxy is a real one on 127.0.0.1: it forwards plain http requests
 * (absolute-form), tunnels CONNECT requests, and records the host each went to.
 */

let emulator: Emulator
let proxy: http.Server
let proxied: string[]

beforeEach(async () => {
  emulator = await new Emulator().start()
  proxied = []
  proxy = http.createServer((req, res) => {
    const target = new URL(req.url ?? '')
    proxied.push(target.host)
    const upstream = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  proxy.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    proxied.push(req.url ?? '')
    const [host, port] = (req.url ?? '').split(':')
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => client.destroy())
    client.on('error', () => upstream.destroy())
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
})

afterEach(async () => {
  proxy.closeAllConnections()
  await new Promise<void>((resolve) => proxy.close(() => resolve()))
  await emulator.stop()
})

const proxyUrl = (): string => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
const hostOf = (url: string): string => new URL(url).host

describe('behind a proxy, end to end', () => {
  it('sends the API calls and the download through HTTP_PROXY', async () => {
    const run = await runAction(exportInputs(emulator, { extract: 'true' }), {
      env: { HTTP_PROXY: proxyUrl(), HTTPS_PROXY: proxyUrl() }
    })
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs['bundle-sha256']).toBe(await emulator.archiveSha256())
    expect(proxied).toContain(hostOf(emulator.baseUrl))
    expect(proxied).toContain(hostOf(emulator.storageUrl))
  })

  it('goes straight to the hosts NO_PROXY names', async () => {
    const run = await runAction(exportInputs(emulator), { env: { HTTP_PROXY: proxyUrl(), NO_PROXY: '127.0.0.1' } })
    expect(run.exitCode).toBe(0)
    expect(proxied).toEqual([])
  })
})
