import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Network, readBounded, readStart } from '../src/core/net.js'

describe('Network.forApi', () => {
  it('allows plain http to this machine only when the API is reached that way', () => {
    expect(Network.forApi('http://127.0.0.1:8080').plainHttpToLoopback).toBe(true)
    expect(Network.forApi('http://localhost:8080/api').plainHttpToLoopback).toBe(true)
    expect(Network.forApi('http://[::1]:8080').plainHttpToLoopback).toBe(true)
    expect(Network.forApi('https://api.mintlify.com').plainHttpToLoopback).toBe(false)
    expect(Network.forApi('https://127.0.0.1:8443').plainHttpToLoopback).toBe(false)
  })
})

describe('Network.refusal', () => {
  const emulated = new Network(true)
  const real = new Network(false)
  const url = (text: string): URL => new URL(text)

  it('allows https anywhere', () => {
    expect(real.refusal(url('https://storage.example/b.tar.gz'))).toBeUndefined()
    expect(emulated.refusal(url('https://127.0.0.1:9/b'))).toBeUndefined()
  })

  it('allows plain http to loopback only with an API on loopback http', () => {
    for (const link of ['http://127.0.0.1:9/b', 'http://localhost/b', 'http://[::1]/b', 'http://127.8.9.10/b'])
      expect(emulated.refusal(url(link))).toBeUndefined()
    for (const link of ['http://127.0.0.1:9/b', 'http://localhost/b', 'http://[::1]/b'])
      expect(String(real.refusal(url(link)))).toMatch(/^https is required .* and only when .*base-url.* is one too\)$/)
  })

  it('refuses plain http elsewhere, and any other scheme', () => {
    expect(emulated.refusal(url('http://storage.example/b'))).toBe(
      'https is required (plain http is allowed only to a loopback address)'
    )
    expect(emulated.refusal(url('http://127.0.0.1.nip.io/b'))).toBeDefined()
    expect(real.refusal(url('ftp://storage.example/b'))).toBe('https is required, not ftp')
    expect(real.refusal(url('file:///etc/passwd'))).toBe('https is required, not file')
  })
})

describe('Network.dispatcher', () => {
  let server: http.Server
  let origin: string
  let requests = 0

  beforeEach(async () => {
    requests = 0
    server = http.createServer((_req, res) => {
      requests++
      res.end('ok')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterEach(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  it('refuses, before any connection, a request its policy refuses', async () => {
    await expect(request(`${origin}/x`, { dispatcher: new Network(false).dispatcher })).rejects.toMatchObject({
      code: 'insecure-link',
      message: expect.stringContaining(`A request to ${origin} was refused: https is required`) as unknown
    })
    expect(requests).toBe(0)
  })

  it('sends a request its policy allows', async () => {
    const response = await request(`${origin}/x`, { dispatcher: new Network(true).dispatcher })
    expect(await response.body.text()).toBe('ok')
    expect(requests).toBe(1)
  })
})

describe('readStart and readBounded', () => {
  /** A body of `chunks`, which records whether its reader closed it before its end. */
  function body(...chunks: string[]): AsyncIterable<Uint8Array> & { closedEarly: boolean; read: number } {
    const state = { closedEarly: false, read: 0 }
    return Object.assign(state, {
      [Symbol.asyncIterator]: (): AsyncIterator<Uint8Array> => ({
        next: async () => {
          const chunk = chunks[state.read]
          if (chunk === undefined) return { done: true, value: undefined }
          state.read++
          return { done: false, value: Buffer.from(chunk) }
        },
        return: async () => {
          state.closedEarly = true
          return { done: true, value: undefined }
        }
      })
    })
  }

  it('reads a body that fits whole', async () => {
    const short = body('abc', 'def')
    expect(await readStart(short, 6)).toEqual({ bytes: Buffer.from('abcdef'), whole: true })
    expect(short.closedEarly).toBe(false)
  })

  it('keeps the start of a longer body, and closes it once it has brought more', async () => {
    const long = body('abc', 'def', 'ghi', 'jkl')
    expect(await readStart(long, 4)).toEqual({ bytes: Buffer.from('abcd'), whole: false })
    expect(long.closedEarly).toBe(true)
    expect(long.read).toBe(2)
  })

  it('readBounded: undefined for a longer body, unread when its Content-Length says so', async () => {
    expect(await readBounded(body('abc', 'def'), undefined, 5)).toBeUndefined()
    const announced = body('abc')
    expect(await readBounded(announced, '9', 5)).toBeUndefined()
    expect(announced.read).toBe(0)
    expect(await readBounded(body('abc'), '3', 5)).toEqual(Buffer.from('abc'))
  })
})
