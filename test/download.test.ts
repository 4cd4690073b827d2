import { createHash } from 'node:crypto'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Agent } from 'undici'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { downloadFile, LinkExpiredError, type DownloadOptions } from '../src/download.js'

/** What the storage host saw of one request. */
interface SeenRequest {
  url: string
  headers: http.IncomingHttpHeaders
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, index: number) => void

const ARCHIVE = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 31) % 251))
const SHA256 = createHash('sha256').update(ARCHIVE).digest('hex')
const SIGNED = '/static-exports/se_1/bundle.tar.gz?X-Amz-Signature=secret-signature&X-Amz-Expires=3600'
const EXPIRED_XML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>AccessDenied</Code><Message>Request has expired</Message><Expires>2026-11-22T10:00:00Z</Expires></Error>'

let server: http.Server
let origin: string
let seen: SeenRequest[]
let folder: string
let agent: Agent

beforeEach(async () => {
  seen = []
  folder = await mkdtemp(path.join(os.tmpdir(), 'download-test-'))
  agent = new Agent()
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

afterEach(async () => {
  vi.restoreAllMocks()
  await agent.close()
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve))
  await rm(folder, { recursive: true, force: true })
})

/** A storage host on 127.0.0.1; the handler is told how many requests came before. */
async function serve(handler: Handler): Promise<void> {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers })
    handler(req, res, seen.length - 1)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function sendArchive(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': ARCHIVE.length })
  res.end(ARCHIVE)
}

function sendError(res: http.ServerResponse, status: number, body = '', headers: http.OutgoingHttpHeaders = {}): void {
  res.writeHead(status, { 'content-type': 'application/xml', ...headers })
  res.end(body)
}

function options(overrides: Partial<DownloadOptions> = {}): DownloadOptions {
  return { stallTimeoutMs: 2000, retryBaseDelayMs: 1, dispatcher: agent, ...overrides }
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
  return error as Error
}

describe('downloadFile', () => {
  it('writes the file and returns its SHA-256 and size', async () => {
    await serve((_req, res) => sendArchive(res))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length }))
    expect(file).toEqual({ path: destination(), sha256: SHA256, sizeBytes: ARCHIVE.length })
    expect((await readFile(destination())).equals(ARCHIVE)).toBe(true)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('sends the presigned link as it is, and no credential of its own', async () => {
    await serve((_req, res) => sendArchive(res))
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(seen).toHaveLength(1)
    expect(seen[0]?.url).toBe(SIGNED)
    expect(seen[0]?.headers.authorization).toBeUndefined()
    expect(seen[0]?.headers.cookie).toBeUndefined()
  })

  it('follows a redirect', async () => {
    await serve((req, res) => {
      if (req.url?.startsWith('/old')) {
        res.writeHead(302, { location: '/new/bundle.tar.gz' })
        res.end()
      } else sendArchive(res)
    })
    const file = await downloadFile(`${origin}/old/bundle.tar.gz?sig=1`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen.map((request) => request.url)).toEqual(['/old/bundle.tar.gz?sig=1', '/new/bundle.tar.gz'])
  })

  it('replaces a file already at the destination', async () => {
    await serve((_req, res) => sendArchive(res))
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect((await readFile(destination())).equals(ARCHIVE)).toBe(true)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })
})

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
    expect(error.message).toBe(`Download of ${origin}/static-exports/se_1/bundle.tar.gz?… failed: HTTP 404: The specified key does not exist.`)
    expect(error.message).not.toContain('secret-signature')
    expect(seen).toHaveLength(1)
  })
})

describe('downloadFile: transient faults', () => {
  it.each([503, 500, 429])('retries a %i, then downloads', async (status) => {
    await serve((_req, res, index) => (index === 0 ? sendError(res, status, '<Error><Message>Slow Down</Message></Error>') : sendArchive(res)))
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(2)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('retries a body cut short of its Content-Length, leaving no partial file', async () => {
    await serve((_req, res, index) => {
      if (index > 0) return sendArchive(res)
      res.writeHead(200, { 'content-length': ARCHIVE.length })
      res.write(ARCHIVE.subarray(0, 1000), () => res.destroy())
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options())
    expect(file).toEqual({ path: destination(), sha256: SHA256, sizeBytes: ARCHIVE.length })
    expect(seen).toHaveLength(2)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('retries a download that stalls', async () => {
    await serve((_req, res, index) => {
      if (index > 0) return sendArchive(res)
      res.writeHead(200, { 'content-length': ARCHIVE.length })
      res.write(ARCHIVE.subarray(0, 1000)) // and then nothing
    })
    const file = await downloadFile(`${origin}${SIGNED}`, destination(), options({ stallTimeoutMs: 100 }))
    expect(file.sha256).toBe(SHA256)
    expect(seen).toHaveLength(2)
    expect(await readdir(folder)).toEqual(['bundle.tar.gz'])
  })

  it('fails after its retries when the size differs from sizeBytes, leaving nothing behind', async () => {
    await serve((_req, res) => sendArchive(res))
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options({ expectedSize: ARCHIVE.length + 1 })))
    expect(error.message).toContain(`has ${ARCHIVE.length} bytes, but the API announced ${ARCHIVE.length + 1} (sizeBytes)`)
    expect(seen).toHaveLength(5)
    expect(await readdir(folder)).toEqual([])
  })

  it('fails after its retries when the host keeps failing, leaving nothing behind', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-length': ARCHIVE.length })
      res.write(ARCHIVE.subarray(0, 5000), () => res.destroy())
    })
    const error = await failure(downloadFile(`${origin}${SIGNED}`, destination(), options()))
    expect(error.message).toMatch(/^Download of http:\/\/127\.0\.0\.1:\d+\/static-exports\/se_1\/bundle\.tar\.gz\?… /)
    expect(seen).toHaveLength(5)
    expect(await readdir(folder)).toEqual([])
  })

  it('does not retry a filesystem fault', async () => {
    await serve((_req, res) => sendArchive(res))
    const error = await failure(downloadFile(`${origin}${SIGNED}`, path.join(folder, 'missing', 'bundle.tar.gz'), options()))
    expect(error.message).toContain('failed (ENOENT)')
    expect(seen).toHaveLength(1)
    expect(await readdir(folder)).toEqual([])
  })
})
