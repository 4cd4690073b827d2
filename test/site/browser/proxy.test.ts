import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startRefusingProxy, type Refusal, type RefusingProxy } from '../../../src/site/browser/proxy.js'

describe('startRefusingProxy', () => {
  let proxy: RefusingProxy
  const refused: Refusal[] = []

  beforeAll(async () => {
    proxy = await startRefusingProxy((refusal) => refused.push(refusal))
  })

  afterAll(() => proxy.close())

  const exchange = (request: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = net.connect(Number(new URL(proxy.url).port), '127.0.0.1', () => socket.write(request))
      let answer = ''
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
      socket.on('end', () => resolve(answer))
      socket.on('error', reject)
    })

  it('refuses requests and tunnels, and says what each asked for', async () => {
    expect(proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(
      await exchange(
        'GET http://169.254.169.254/latest/ HTTP/1.1\r\nHost: 169.254.169.254\r\nConnection: close\r\n\r\n'
      )
    ).toMatch(/^HTTP\/1\.1 403/)
    expect(await exchange('CONNECT socket.example:443 HTTP/1.1\r\nHost: socket.example:443\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 403/
    )
    expect(refused).toEqual([
      { target: 'http://169.254.169.254/latest/', method: 'GET' },
      { target: 'socket.example:443', method: 'CONNECT' }
    ])
  })
})
