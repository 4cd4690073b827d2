import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Agent, buildConnector } from 'undici'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Deadline } from '../src/core/deadline.js'
import { Network } from '../src/core/net.js'
import { USER_AGENT } from '../src/core/user-agent.js'
import { downloadFile, LinkExpiredError, type DownloadOptions } from '../src/download/index.js'
import { actionText, RecordingHost } from './support/recording-host.js'
import { itWith } from './support/archive-tools.js'
import { selfSignedCertificate } from './support/tls.js'

/** What the storage host saw of one request. */
interface SeenRequest {
  url: string
  headers: http.IncomingHttpHeaders
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void

const ARCHIVE = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 31) % 251))
const SHA256 = sha256(ARCHIVE)
const ETAG = '"0f343b0931126a20f133d67c2b018a3b"'
const SIGNED = '/static-exports/se_1/bundle.tar.gz?X-Amz-Signature=secret-signature&X-Amz-Expires=3600'
const SHOWN = /^Download of http:\/\/127\.0\.0\.1:\d+\/static-exports\/se_1\/bundle\.tar\.gz\?… /
const EXPIRED_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><Expires>2026-11-22T10:00:00Z</Expires></Error>'

let server: http.Server | https.Server | undefined
let origin: string
let seen: SeenRequest[]
let folder: string
let agent: Agent
let host: RecordingHost

beforeEach(async () => {
  seen = []
  folder = await mkdtemp(path.join(os.tmpdir(), 'download-test-'))
  agent = new Agent()
  host = new RecordingHost()
})

afterEach(async () => {
  vi.restoreAllMocks()
  await agent.close()
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
  await rm(folder, { recursive: true, force: true })
})

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** A storage host on 127.0.0.1; the handler is told how many requests came before. */
async function serve(handler: Handler, tls?: { key: string; cert: string }): Promise<void> {
  const listener = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    seen.push({ url: req.url ?? '', headers: req.headers })
    handler(req, res, seen.length - 1)
  }
  const created = tls ? https.createServer(tls, listener) : http.createServer(listener)
  server = created
  await new Promise<void>((resolve) => created.listen(0, '127.0.0.1', resolve))
  origin = `${tls ? 'https' : 'http'}://127.0.0.1:${(created.address() as AddressInfo).port}`
}

/**
 * Answers as S3 does: the whole object with its ETag, or the rest of it from the byte a Range asks
 * for while If-Range still names that ETag. `cutAfter` ends the connection after that many bytes
 * of the body.
 */
function sendObject(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  options: { bytes?: Buffer; etag?: string; cutAfter?: number } = {}
): void {
  const bytes = options.bytes ?? ARCHIVE
  const etag = options.etag ?? ETAG
  const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')
  const start = range && req.headers['if-range'] === etag ? Number(range[1]) : 0
  res.writeHead(range && start > 0 ? 206 : 200, {
    'content-type': 'application/gzip',
    'content-length': bytes.length - start,
    ...(etag ? { etag } : {}),
    ...(range && start > 0 ? { 'content-range': `bytes ${start}-${bytes.length - 1}/${bytes.length}` } : {})
  })
  if (options.cutAfter === undefined) return void res.end(bytes.subarray(start))
  res.write(bytes.subarray(start, start + options.cutAfter), () => res.destroy())
}

function sendError(res: http.ServerResponse, status: number, body = '', headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/xml', ...headers })
  res.end(body)
}

function options(overrides: Partial<DownloadOptions> = {}): DownloadOptions {
  return {
    stallTimeoutMs: 2000,
    retryBaseDelayMs: 1,
    dispatcher: agent,
    // As with an emulator on this machine as base-url: the tests' storage hosts are on 127.0.0.1.
    network: new Network(true),
    host,
    deadline: Deadline.in(60_000),
    ...overrides
  }
}

function destination(): string {
  return path.join(folder, 'bundle.tar.gz')
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (error: unknown) => error
  )
  expect(error).toBeInstanceOf(Error)
  // As the Action writes it: the inputs it names in the workflow's words.
  ;(error as Error).message = actionText((error as Error).message)
  return error as Error
}

function logged(): string[] {
  return host.messages.map((recorded) => recorded.message)
}

describe('downloadFile', () => {
  it('writes the file and returns its SHA-256 and size', async () => {
    await serve((req, res) => sendObject(req, res))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length }))
    expect(file).toEqual({ path: destination(), sha256: SHA256, sizeBytes: ARCHIVE.length })
    expect((await readFile(destination())).equals(ARCHIVE)).toBe(true)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('sends the presigned link as it is, its User-Agent, and no credential of its own', async () => {
    await serve((req, res) => sendObject(req, res))
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(seen).toHaveLength(1)
    expect(seen[0]?.url).toBe(SIGNED)
    expect(seen[0]?.headers['user-agent']).toBe(USER_AGENT)
    expect(seen[0]?.headers.authorization).toBeUndefined()
    expect(seen[0]?.headers.cookie).toBeUndefined()
  })

  it('follows a redirect, with the User-Agent and nothing else', async () => {
    await serve((req, res) => {
      if (req.url?.startsWith('/old')) {
        res.writeHead(302, { location: '/new/bundle.tar.gz' })
        res.end()
      } else sendObject(req, res)
    })
    const file = await downloadFile(`${origin}/old/bundle.tar.gz?sig=1`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen.map((request) => request.url)).toEqual(['/old/bundle.tar.gz?sig=1', '/new/bundle.tar.gz'])
    expect(seen[1]?.headers['user-agent']).toBe(USER_AGENT)
    expect(seen[1]?.headers.authorization).toBeUndefined()
  })

  it('replaces a file already at the destination', async () => {
    await serve((req, res) => sendObject(req, res))
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect((await readFile(destination())).equals(ARCHIVE)).toBe(true)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('hashes a file larger than the batches and the hashing thread’s steps (40 MiB)', async () => {
    const large = randomBytes(40 * 1024 * 1024)
    await serve((req, res) => sendObject(req, res, { bytes: large }))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: large.length }))
    expect(file.sha256).toBe(sha256(large))
    expect(file.sizeBytes).toBe(large.length)
    expect((await readFile(destination())).equals(large)).toBe(true)
  })
})

describe('downloadFile: only https, or http to this machine', () => {
  it('refuses a plain http link to another host before any connection, saying https is required', async () => {
    const connects: string[] = []
    const connect = buildConnector({})
    const recording = new Agent({
      connect: (opts, callback) => {
        connects.push(opts.hostname)
        return connect(opts, callback)
      }
    })
    const error = await failure(
      downloadFile(`http://storage.example.com${SIGNED}`, destination(), options({ dispatcher: recording }))
    )
    await recording.close()
    expect(error.message).toBe(
      'Download of http://storage.example.com/static-exports/se_1/bundle.tar.gz?… refused: https is required (plain http is allowed only to a loopback address)'
    )
    expect(connects).toEqual([])
    expect(await readdir(folder)).toEqual([])
  })

  it.each(['ftp://storage.example.com/bundle.tar.gz', 'file:///etc/passwd', 'not a link'])(
    'refuses %s',
    async (link) => {
      const error = await failure(downloadFile(link, destination(), options()))
      expect(error.message).toMatch(/refused: (https is required, not (ftp|file)|it is not a URL)$/)
    }
  )

  itWith(['openssl'], 'refuses a redirect from https to http, connecting to nothing there', async () => {
    await serve((_req, res) => {
      res.writeHead(302, {
        location: 'http://storage.invalid/static-exports/se_1/bundle.tar.gz?X-Amz-Signature=secret-signature'
      })
      res.end()
    }, selfSignedCertificate(folder))
    const connects: string[] = []
    const connect = buildConnector({ rejectUnauthorized: false })
    const trusting = new Agent({
      connect: (opts, callback) => {
        connects.push(opts.hostname)
        return connect(opts, callback)
      }
    })
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options({ dispatcher: trusting })))
    await trusting.close()
    expect(error.message).toBe(
      `Download of ${origin}/static-exports/se_1/bundle.tar.gz?…: the storage host redirected to http://storage.invalid/static-exports/se_1/bundle.tar.gz, ` +
        'refused: https is required (plain http is allowed only to a loopback address)'
    )
    expect(connects).toEqual(['127.0.0.1'])
    expect(seen).toHaveLength(1)
  })
  it('with an https API, refuses a plain http link to this machine: nothing reaches its port', async () => {
    await serve((req, res) => sendObject(req, res))
    const error = await failure(
      downloadFile(`${origin}${SIGNED}`, destination(), options({ network: new Network(false) }))
    )
    expect(error.message).toBe(
      `Download of ${origin}/static-exports/se_1/bundle.tar.gz?… refused: https is required (plain http is allowed only to a loopback address, and only when base-url is one too)`
    )
    expect(seen).toEqual([])
    expect(await readdir(folder)).toEqual([])
  })

  itWith(
    ['openssl'],
    'with an https API, refuses a redirect from https storage to plain http on this machine, which sees no connection',
    async () => {
      const local = await listenCounting()
      await serve((_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${local.port}/static-exports/se_1/bundle.tar.gz` })
        res.end()
      }, selfSignedCertificate(folder))
      const trusting = new Agent({ connect: { rejectUnauthorized: false } })
      // The run's own path: no dispatcher of the test's, the network's (over a pool that trusts the test's certificate).
      const network = new Network(false, trusting)
      const error = await failure(
        downloadFile(`${origin}${SIGNED}`, destination(), options({ dispatcher: undefined, network }))
      )
      await trusting.close()
      await local.close()
      expect(error.message).toBe(
        `Download of ${origin}/static-exports/se_1/bundle.tar.gz?…: the storage host redirected to http://127.0.0.1:${local.port}/static-exports/se_1/bundle.tar.gz, ` +
          'refused: https is required (plain http is allowed only to a loopback address, and only when base-url is one too)'
      )
      expect(seen).toHaveLength(1)
      expect(local.connections()).toBe(0)
    }
  )
})

/** A listener on 127.0.0.1 that only counts the connections it gets. */
async function listenCounting(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let connections = 0
  const listener = net.createServer((socket) => {
    connections++
    socket.destroy()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  return {
    port: (listener.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise((resolve) => listener.close(() => resolve()))
  }
}

describe('downloadFile: refusals', () => {
  it.each([403, 400])('reports a %i "Request has expired" as LinkExpiredError, without retrying', async (status) => {
    await serve((_req, res) => sendError(res, status, EXPIRED_XML))
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options()))
    expect(error).toBeInstanceOf(LinkExpiredError)
    expect(error.message).toBe(`The storage host refused the link as expired (HTTP ${status})`)
    expect(seen).toHaveLength(1)
    expect(await readdir(folder)).toEqual([])
  })

  it('reports another refusal with the storage message and the link without its signature', async () => {
    const xml = '<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>'
    await serve((_req, res) => sendError(res, 404, xml))
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options()))
    expect(error).not.toBeInstanceOf(LinkExpiredError)
    expect(error.message).toBe(
      `Download of ${origin}/static-exports/se_1/bundle.tar.gz?… failed: HTTP 404: The specified key does not exist.`
    )
    expect(error.message).not.toContain('secret-signature')
    expect(seen).toHaveLength(1)
  })
})

describe('downloadFile: transient faults', () => {
  it.each([503, 500, 429])('retries a %i, then downloads', async (status) => {
    await serve((req, res, index) =>
      index === 0 ? sendError(res, status, '<Error><Message>Slow Down</Message></Error>') : sendObject(req, res)
    )
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(2)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('retries a download that stalls', async () => {
    await serve((req, res, index) => {
      if (index > 0) return sendObject(req, res)
      res.writeHead(200, { 'content-length': ARCHIVE.length })
      res.write(ARCHIVE.subarray(0, 1000)) // and then nothing
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ stallTimeoutMs: 100 }))
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(2)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('fails after its retries when the size differs from sizeBytes, leaving nothing behind', async () => {
    await serve((req, res) => sendObject(req, res))
    const error = await failure(
      downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length + 1 }))
    )
    expect(error.message).toContain(
      `has ${ARCHIVE.length} bytes, but the API announced ${ARCHIVE.length + 1} (sizeBytes)`
    )
    expect(seen).toHaveLength(5)
    // Each attempt asked for the whole object: a file of the wrong size is not resumed.
    expect(seen.map((request) => request.headers.range)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined
    ])
    expect(await readdir(folder)).toEqual([])
  })

  it('fails after five attempts in a row that bring no new byte, leaving nothing behind', async () => {
    await serve((_req, res) => {
      // No ETag: nothing to resume by, so every attempt starts from zero and ends at the same byte.
      res.writeHead(200, { 'content-length': ARCHIVE.length })
      res.write(ARCHIVE.subarray(0, 5000), () => res.destroy())
    })
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options()))
    expect(error.message).toMatch(SHOWN)
    expect(seen).toHaveLength(5)
    expect(await readdir(folder)).toEqual([])
  })

  it('does not retry a filesystem fault, and sends nothing', async () => {
    await serve((req, res) => sendObject(req, res))
    const error = await failure(
      downloadFile(`${origin}${SIGNED}`, path.join(folder, 'missing', 'bundle.tar.gz'), options())
    )
    expect(error.message).toMatch(SHOWN)
    expect(error.message).toContain('failed (ENOENT)')
    expect(seen).toHaveLength(0)
    expect(await readdir(folder)).toEqual([])
  })
})

describe('downloadFile: resuming a cut download', () => {
  it('asks for the rest with Range and If-Range, and hashes the whole file', async () => {
    await serve((req, res, index) => sendObject(req, res, index === 0 ? { cutAfter: 20_000 } : {}))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length }))
    expect(file).toEqual({ path: destination(), sha256: SHA256, sizeBytes: ARCHIVE.length })
    expect((await readFile(destination())).equals(ARCHIVE)).toBe(true)
    expect(seen).toHaveLength(2)
    expect(seen[1]?.headers.range).toBe('bytes=20000-')
    expect(seen[1]?.headers['if-range']).toBe(ETAG)
    expect(seen[1]?.url).toBe(SIGNED)
    expect(logged().join('\n')).toMatch(
      /after 19\.5 KiB of 64\.0 KiB; retrying in \d+\.\d s \(attempt 2 of 5\), from byte 20000/
    )
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('keeps going while each attempt brings new bytes, beyond five attempts', async () => {
    await serve((req, res) => sendObject(req, res, { cutAfter: 8000 }))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(Math.ceil(ARCHIVE.length / 8000))
    expect(seen.map((request) => request.headers.range)).toEqual([
      undefined,
      ...seen.slice(1).map((_, i) => `bytes=${(i + 1) * 8000}-`)
    ])
  })

  it('starts from zero when the host answers the Range with the whole file (200)', async () => {
    await serve((req, res, index) => {
      if (index === 0) return sendObject(req, res, { cutAfter: 20_000 })
      res.writeHead(200, { 'content-length': ARCHIVE.length, etag: ETAG })
      res.end(ARCHIVE)
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length }))
    expect(file.sha256).toBe(SHA256)
    expect((await readFile(destination())).equals(ARCHIVE)).toBe(true)
    expect(seen[1]?.headers.range).toBe('bytes=20000-')
    expect(logged().join('\n')).toContain(
      'The storage host sent the whole file again (HTTP 200, not the rest asked for); starting from the first byte'
    )
  })

  it('starts from zero when the object changed between attempts (If-Range no longer matches)', async () => {
    const changed = Buffer.from(ARCHIVE).fill(7, 30_000, 40_000)
    await serve((req, res, index) =>
      index === 0
        ? sendObject(req, res, { cutAfter: 20_000 })
        : sendObject(req, res, { bytes: changed, etag: '"changed"' })
    )
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length }))
    expect(file.sha256).toBe(sha256(changed))
    expect((await readFile(destination())).equals(changed)).toBe(true)
    expect(seen[1]?.headers['if-range']).toBe(ETAG)
  })

  it.each([
    ['no ETag', ''],
    ['a weak ETag', 'W/"weak"']
  ])('starts from zero when the first answer had %s', async (_name, etag) => {
    await serve((req, res, index) => sendObject(req, res, { etag, ...(index === 0 ? { cutAfter: 20_000 } : {}) }))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(2)
    expect(seen[1]?.headers.range).toBeUndefined()
    expect(seen[1]?.headers['if-range']).toBeUndefined()
    expect(logged().join('\n')).toContain('(from the first byte: the storage host sent no ETag to resume by)')
  })

  it.each([
    ['another start', (start: number) => `bytes ${start - 1}-${ARCHIVE.length - 1}/${ARCHIVE.length}`, ETAG],
    ['another total', (start: number) => `bytes ${start}-${ARCHIVE.length}/${ARCHIVE.length + 1}`, ETAG],
    ['another ETag', (start: number) => `bytes ${start}-${ARCHIVE.length - 1}/${ARCHIVE.length}`, '"other"']
  ])('refuses a 206 with %s, and starts from zero', async (_name, contentRange, etag) => {
    await serve((req, res, index) => {
      if (index === 0) return sendObject(req, res, { cutAfter: 20_000 })
      if (index === 1) {
        res.writeHead(206, { 'content-range': contentRange(20_000), etag, 'content-length': ARCHIVE.length - 20_000 })
        return void res.end(ARCHIVE.subarray(20_000))
      }
      sendObject(req, res)
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(3)
    expect(seen[2]?.headers.range).toBeUndefined()
    expect(logged().join('\n')).toContain('the storage host answered the request for bytes 20000- with Content-Range')
  })

  it('starts from zero after a 416', async () => {
    await serve((req, res, index) => {
      if (index === 0) return sendObject(req, res, { cutAfter: 20_000 })
      if (index === 1) return sendError(res, 416, '', { 'content-range': `bytes */${ARCHIVE.length}` })
      sendObject(req, res)
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen.map((request) => request.headers.range)).toEqual([undefined, 'bytes=20000-', undefined])
  })

  it('resumes and restarts a large file across the hashing thread’s steps (40 MiB, cut at 20 and at 30 MiB)', async () => {
    const large = randomBytes(40 * 1024 * 1024)
    await serve((req, res, index) => {
      if (index === 0) return sendObject(req, res, { bytes: large, cutAfter: 20 * 1024 * 1024 })
      if (index === 1) return sendObject(req, res, { bytes: large, cutAfter: 10 * 1024 * 1024 })
      // The third answer ignores the Range: the file starts again from zero.
      res.writeHead(200, { 'content-length': large.length, etag: ETAG })
      res.end(large)
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: large.length }))
    expect(seen.map((request) => request.headers.range)).toEqual([
      undefined,
      `bytes=${20 * 1024 * 1024}-`,
      `bytes=${30 * 1024 * 1024}-`
    ])
    expect(file.sha256).toBe(sha256(large))
    expect((await readFile(destination())).equals(large)).toBe(true)
  })

  it('does not retry a failure to renew the link: the API call had its own retries', async () => {
    await serve((_req, res) => sendError(res, 403, EXPIRED_XML))
    const apiFailure = Object.assign(new Error('generate export bundle failed: HTTP 503 Service Unavailable'), {
      retryable: true
    })
    const renewLink = vi.fn(async () => {
      throw apiFailure
    })
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options({ renewLink })))
    expect(error).toBe(apiFailure)
    expect(renewLink).toHaveBeenCalledTimes(1)
    expect(seen).toHaveLength(1)
  })

  it('goes on from the same byte on a fresh link when the link expired between attempts', async () => {
    const renewed = SIGNED.replace('secret-signature', 'fresh-signature')
    await serve((req, res, index) => {
      if (index === 0) return sendObject(req, res, { cutAfter: 20_000 })
      if (req.url === SIGNED) return sendError(res, 403, EXPIRED_XML)
      sendObject(req, res)
    })
    const renewLink = vi.fn(async () => ({ link: `${origin}${renewed}`, expectedSize: ARCHIVE.length }))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ renewLink }))
    expect(file.sha256).toBe(SHA256)
    expect(renewLink).toHaveBeenCalledTimes(1)
    expect(seen.map((request) => [request.url, request.headers.range])).toEqual([
      [SIGNED, undefined],
      [SIGNED, 'bytes=20000-'],
      [renewed, 'bytes=20000-']
    ])
    expect(logged().join('\n')).toContain(
      'The storage host refused the link as expired (HTTP 403); asking for a fresh link, to go on from byte 20000'
    )
  })

  it('checks the size announced with the fresh link, when the object changed meanwhile', async () => {
    const changed = Buffer.concat([ARCHIVE, Buffer.from('a longer archive')])
    await serve((req, res, index) => {
      if (index === 0) return sendObject(req, res, { cutAfter: 20_000 })
      if (req.url === SIGNED) return sendError(res, 403, EXPIRED_XML)
      sendObject(req, res, { bytes: changed, etag: '"regenerated"' })
    })
    const renewLink = async (): Promise<{ link: string; expectedSize: number }> => ({
      link: `${origin}${SIGNED}&fresh=1`,
      expectedSize: changed.length
    })
    const file = await downloadFile(
      `${origin}${SIGNED}`,
      destination(),
      options({ expectedSize: ARCHIVE.length, renewLink })
    )
    expect(file).toEqual({ path: destination(), sha256: sha256(changed), sizeBytes: changed.length })
    expect(seen).toHaveLength(3)
  })

  it('refuses a fresh link that is not https', async () => {
    await serve((_req, res) => sendError(res, 403, EXPIRED_XML))
    const error = await failure(
      downloadFile(
        `${origin}${SIGNED}`,
        destination(),
        options({ renewLink: async () => ({ link: `http://storage.example.com${SIGNED}` }) })
      )
    )
    expect(error.message).toMatch(/^Download of http:\/\/storage\.example\.com\/.* refused: https is required/)
    expect(seen).toHaveLength(1)
  })
})

describe('downloadFile: a body that outgrows what was announced', () => {
  /** A chunked body that never ends (no Content-Length). */
  function endless(res: http.ServerResponse): void {
    res.writeHead(200, { etag: ETAG })
    const pump = (): void => {
      if (res.writableEnded || res.destroyed) return
      if (res.write(ARCHIVE)) setImmediate(pump)
      else res.once('drain', pump)
    }
    pump()
  }

  it('stops as soon as the body passes the size the API announced, without retrying', async () => {
    await serve((_req, res) => endless(res))
    const error = await failure(
      downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length }))
    )
    expect(error.message).toMatch(SHOWN)
    expect(error.message).toMatch(/was stopped: the storage host sent more than the 65536 bytes announced$/)
    expect(seen).toHaveLength(1)
    expect(await readdir(folder)).toEqual([])
  })

  it('stops a body that announced nothing at the room left on the disk', async () => {
    await serve((_req, res) => endless(res))
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options({ maxBytes: 1024 * 1024 })))
    expect(error.message).toMatch(/was stopped: the storage host sent more than the room on the disk$/)
    expect(seen).toHaveLength(1)
    expect(await readdir(folder)).toEqual([])
  })
})

describe('downloadFile: the deadline', () => {
  it('fails at the deadline in the middle of a transfer, naming the download and saying the time ran out', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-length': ARCHIVE.length, etag: ETAG })
      res.write(ARCHIVE.subarray(0, 30_000)) // and then nothing, for longer than the deadline
    })
    // The host stalls for good and the stall timeout is longer than any test: only the deadline can end it.
    const error = await failure(
      downloadFile(
        `${origin}${SIGNED}`,
        destination(),
        options({ stallTimeoutMs: 3_600_000, deadline: Deadline.in(300) })
      )
    )
    expect(error.message).toMatch(SHOWN)
    expect(error.message).toMatch(/ran out of time \(timeout-seconds\) after 29\.3 KiB of 64\.0 KiB$/)
    expect(seen).toHaveLength(1)
    expect(await readdir(folder)).toEqual([])
  })

  it('does not back off past the deadline', async () => {
    await serve((_req, res) =>
      sendError(res, 503, '<Error><Message>Slow Down</Message></Error>', { 'retry-after': '5' })
    )
    const error = await failure(
      downloadFile(`${origin}${SIGNED}`, destination(), options({ deadline: Deadline.in(1000) }))
    )
    // Retry-After asks for 5 s: no backoff was started that would end past the deadline (each is logged before it begins).
    expect(host.text()).not.toContain('retrying in')
    expect(error.message).toMatch(/ran out of time \(timeout-seconds\); the last attempt: failed: HTTP 503: Slow Down$/)
    expect(seen).toHaveLength(1)
  })

  it('downloads as usual with a deadline beyond what a timer can wait (2^31 ms)', async () => {
    await serve((req, res) => sendObject(req, res))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ deadline: Deadline.in(2 ** 32) }))
    expect(file.sha256).toBe(SHA256)
  })

  it('sends nothing once the deadline has passed', async () => {
    await serve((req, res) => sendObject(req, res))
    const error = await failure(
      downloadFile(`${origin}${SIGNED}`, destination(), options({ deadline: Deadline.in(-1) }))
    )
    expect(error.message).toMatch(/ran out of time \(timeout-seconds\)$/)
    expect(seen).toHaveLength(0)
  })
})

describe('downloadFile: progress', () => {
  it('logs the bytes, percent, rate and time left at each interval of a long download', async () => {
    const half = ARCHIVE.length / 2
    const halfway = (): string[] => logged().filter((line) => line.startsWith('Downloading: 32.0 KiB of 64.0 KiB'))
    await serve((_req, res) => {
      res.writeHead(200, { 'content-length': ARCHIVE.length, etag: ETAG })
      // Half of it, and the rest once two intervals have been logged there: a download still under way, however slow the machine.
      res.write(ARCHIVE.subarray(0, half))
      void vi
        .waitFor(() => expect(halfway().length).toBeGreaterThanOrEqual(2), { timeout: 30_000, interval: 20 })
        .then(() => res.end(ARCHIVE.subarray(half)))
    })
    const file = await downloadFile(
      `${origin}${SIGNED}`,
      destination(),
      options({ progressIntervalMs: 100, stallTimeoutMs: 60_000 })
    )
    expect(file.sha256).toBe(SHA256)
    expect(halfway().length).toBeGreaterThanOrEqual(2)
    for (const line of halfway()) {
      expect(line).toMatch(/^Downloading: 32\.0 KiB of 64\.0 KiB \(50%\), \d+\.\d KiB\/s, about \d+(\.\d)? s left$/)
    }
  })

  it('logs nothing more for a download that ends within the interval', async () => {
    await serve((req, res) => sendObject(req, res))
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(logged().filter((line) => line.startsWith('Downloading:'))).toEqual([])
  })
})
