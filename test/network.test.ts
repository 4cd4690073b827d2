import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Network } from '../src/core/net.js'

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
