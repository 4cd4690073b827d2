import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Agent } from 'undici'
import { Network } from '../../src/core/net.js'
import { RegistrySession } from '../../src/mirror/oci-http.js'
import { parseMirrorTarget } from '../../src/mirror/index.js'
import type { OciTarget } from '../../src/mirror/target.js'
import { makeArchive, mirrorOptions } from './fixtures.js'

/**
 * A request whose body is a range of a file, sent when its connection is not there yet: the
 * bytes read while the request waits are still the request's, whole and counted once.
 */
describe('a registry request with a file body', () => {
  let server: Server
  let origin: string
  const received: number[] = []

  beforeAll(async () => {
    server = createServer((request, response) => {
      let bytes = 0
      request.on('data', (chunk: Buffer) => (bytes += chunk.length))
      request.on('end', () => {
        received.push(bytes)
        response.writeHead(201).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends every byte of the range, read as it is sent, when the connection comes late', async () => {
    const archive = await makeArchive(8 * 1024 * 1024)
    // Each request waits 300 ms before it is dispatched, as one does behind another on a busy connection.
    const late = new Agent().compose((dispatch) => (options, handler) => {
      setTimeout(() => dispatch(options, handler), 300)
      return true
    })
    const options = mirrorOptions()
    const target = parseMirrorTarget(`oci://${new URL(origin).host}/docs/acme`) as OciTarget
    const session = new RegistrySession(target, {
      ...options,
      signal: options.deadline.signal(),
      network: new Network(true, late)
    })
    let counted = 0
    const end = archive.sizeBytes - 1
    const answer = await session.send('PATCH', new URL('/v2/docs/acme/blobs/uploads/1', origin), {
      body: { file: archive.path, start: 0, end, onBytes: (count) => (counted += count) }
    })
    expect(answer.status).toBe(201)
    expect(received).toEqual([archive.sizeBytes])
    expect(counted).toBe(archive.sizeBytes)
    await late.close()
  })
})
