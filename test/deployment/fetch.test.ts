import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib'
import { Agent } from 'undici'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fetchServed, type FetchOptions } from '../../src/deployment/fetch.js'
import { freePort } from '../support/nginx.ts'
import { RecordingHost } from '../support/recording-host.ts'

/**
 * fetchServed against a loopback server that answers as hosts do, and as hostile ones might:
 * every content encoding, redirects, passing faults, bodies larger than they should be.
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void

const PAGE = Buffer.from(`<!doctype html><title>Start</title>${'<p>Install the CLI, then run it.</p>'.repeat(200)}`)
const PAGE_SHA = createHash('sha256').update(PAGE).digest('hex')

let server: Server
let other: Server
let baseUrl: string
let otherUrl: string
let routes: Record<string, Handler>
let requests: string[]
const dispatcher = new Agent()

async function listen(handler: Handler): Promise<[Server, string]> {
  const created = createServer(handler)
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve))
  return [created, `http://127.0.0.1:${(created.address() as AddressInfo).port}`]
}

beforeAll(async () => {
  ;[server, baseUrl] = await listen((request, response) => {
    requests.push(request.url ?? '')
    const route = routes[request.url ?? '']
    if (route) route(request, response)
    else response.writeHead(404).end()
  })
  ;[other, otherUrl] = await listen((_request, response) => response.end(PAGE))
})

afterAll(async () => {
  await Promise.all([server, other].map((each) => new Promise<void>((resolve) => each.close(() => resolve()))))
  await dispatcher.close()
})

beforeEach(() => {
  routes = {}
  requests = []
})

function options(deadlineMs = 60_000): FetchOptions {
  return {
    origin: new URL(baseUrl).origin,
    deadline: Date.now() + deadlineMs,
    signal: new AbortController().signal,
    retryBaseDelayMs: 1,
    dispatcher,
    host: new RecordingHost()
  }
}

function serve(path: string, body: Buffer, headers: Record<string, string> = {}): void {
  routes[path] = (_request, response) => response.writeHead(200, headers).end(body)
}

describe('fetchServed: content encodings', () => {
  it.each([
    ['no encoding', (bytes: Buffer) => bytes, undefined],
    ['gzip', gzipSync, 'gzip'],
    ['x-gzip', gzipSync, 'x-gzip'],
    ['deflate', deflateSync, 'deflate'],
    ['br', brotliCompressSync, 'br'],
    ['zstd', zstdCompressSync, 'zstd'],
    ['gzip then br', (bytes: Buffer) => brotliCompressSync(gzipSync(bytes)), 'gzip, br'],
    ['identity', (bytes: Buffer) => bytes, 'identity']
  ])('hashes the decoded body: %s', async (_name, encode, coding) => {
    serve('/start.html', encode(PAGE), coding ? { 'content-encoding': coding } : {})
    expect(await fetchServed(new URL('/start.html', baseUrl), PAGE.length, options())).toEqual({
      kind: 'answer',
      status: 200,
      sha256: PAGE_SHA,
      size: PAGE.length
    })
  })

  it('streams a body too large to decode at once through the decoders, and stops past the size it expects', async () => {
    // Random bytes do not compress: the gzip body is as large as the file, past the 1 MiB decoded at once.
    const large = randomBytes(3 * 1024 * 1024)
    serve('/large.bin', gzipSync(large), { 'content-encoding': 'gzip' })
    expect(await fetchServed(new URL('/large.bin', baseUrl), large.length, options())).toEqual({
      kind: 'answer',
      status: 200,
      sha256: createHash('sha256').update(large).digest('hex'),
      size: large.length
    })
    expect(await fetchServed(new URL('/large.bin', baseUrl), large.length - 1, options())).toMatchObject({
      kind: 'answer',
      tooLarge: true
    })
  })

  it('cannot compare a body in an encoding it does not know, or one that does not decode', async () => {
    serve('/a.html', PAGE, { 'content-encoding': 'compress' })
    expect(await fetchServed(new URL('/a.html', baseUrl), PAGE.length, options())).toEqual({
      kind: 'unreadable',
      status: 200,
      reason: 'uses the content encoding "compress"'
    })
    serve('/b.html', PAGE, { 'content-encoding': 'gzip' })
    const served = await fetchServed(new URL('/b.html', baseUrl), PAGE.length, options())
    expect(served).toMatchObject({ kind: 'unreadable', status: 200 })
    expect(served.kind === 'unreadable' && served.reason).toMatch(/^its gzip content encoding could not be decoded \(/)
  })
})

describe('fetchServed: a hostile or broken host', () => {
  it('reads no more than the size it expects, announced or not, encoded or not', async () => {
    const larger = Buffer.concat([PAGE, Buffer.from('<script src="https://tracker.example/t.js"></script>')])
    serve('/announced.html', larger)
    routes['/chunked.html'] = (_request, response) => {
      response.writeHead(200)
      response.write(larger.subarray(0, 100))
      response.end(larger.subarray(100))
    }
    // A decompression bomb: a few KiB of gzip that inflate to 64 MiB.
    serve('/bomb.html', gzipSync(Buffer.alloc(64 * 1024 * 1024)), { 'content-encoding': 'gzip' })
    for (const path of ['/announced.html', '/chunked.html', '/bomb.html']) {
      const served = await fetchServed(new URL(path, baseUrl), PAGE.length, options())
      expect(served).toMatchObject({ kind: 'answer', status: 200, tooLarge: true })
      expect(served.kind === 'answer' && served.sha256).toBeFalsy()
    }
  })

  it('follows a redirect within the origin, and not to another', async () => {
    routes['/x.html'] = (_request, response) => response.writeHead(308, { location: '/x' }).end()
    serve('/x', PAGE)
    routes['/away.html'] = (_request, response) =>
      response.writeHead(302, { location: `${otherUrl}/away.html?token=1` }).end()
    routes['/loop'] = (_request, response) => response.writeHead(302, { location: '/loop' }).end()
    expect(await fetchServed(new URL('/x.html', baseUrl), PAGE.length, options())).toMatchObject({ sha256: PAGE_SHA })
    expect(await fetchServed(new URL('/away.html', baseUrl), PAGE.length, options())).toEqual({
      kind: 'unreadable',
      status: 302,
      reason: `redirects to another origin (${otherUrl}/away.html?…)`
    })
    expect(await fetchServed(new URL('/loop', baseUrl), PAGE.length, options())).toEqual({
      kind: 'unreadable',
      status: 302,
      reason: 'redirects more than 5 times'
    })
  })

  it('asks again after a passing fault, and gives the last status when it does not pass', async () => {
    let calls = 0
    routes['/flaky.html'] = (_request, response) => {
      if (++calls < 3) response.writeHead(503, { 'retry-after': '0' }).end('busy')
      else response.end(PAGE)
    }
    routes['/down.html'] = (_request, response) => response.writeHead(502).end()
    expect(await fetchServed(new URL('/flaky.html', baseUrl), PAGE.length, options())).toMatchObject({
      status: 200,
      sha256: PAGE_SHA
    })
    expect(requests.filter((path) => path === '/flaky.html')).toHaveLength(3)
    expect(await fetchServed(new URL('/down.html', baseUrl), PAGE.length, options())).toEqual({
      kind: 'answer',
      status: 502
    })
    expect(requests.filter((path) => path === '/down.html')).toHaveLength(5)
  })

  it('gives a 404 as an answer, reading its page only so far', async () => {
    let written = 0
    routes['/gone.html'] = (_request, response) => {
      response.writeHead(404)
      const chunk = Buffer.alloc(64 * 1024, 0x20)
      const more = (): void => {
        while (written < 1024 * 1024 * 1024 && response.write(chunk)) written += chunk.length
        if (written >= 1024 * 1024 * 1024) response.end()
        else response.once('drain', more)
      }
      response.on('close', () => response.removeAllListeners('drain'))
      more()
    }
    expect(await fetchServed(new URL('/gone.html', baseUrl), PAGE.length, options())).toEqual({
      kind: 'answer',
      status: 404
    })
    expect(written).toBeLessThan(1024 * 1024 * 1024)
  })

  it('says a host that refuses connections is unreachable', async () => {
    const port = await freePort()
    const served = await fetchServed(new URL(`http://127.0.0.1:${port}/index.html`), 10, {
      ...options(),
      origin: `http://127.0.0.1:${port}`
    })
    expect(served).toEqual({ kind: 'unreachable', reason: 'could not be reached (ECONNREFUSED)' })
  })
})
