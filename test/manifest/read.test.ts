import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ActionError } from '../../src/core/errors.js'
import { readManifest, readPreviousManifest } from '../../src/manifest/read.js'
import { buildManifest } from '../../src/manifest/write.js'
import { RecordingHost } from '../support/recording-host.ts'
import { Network } from '../../src/core/net.js'

/** Links to this machine over plain http, as the tests' servers are. */
const LOOPBACK = new Network(true)

const SHA = (digit: string): string => digit.repeat(64)
const manifest = buildManifest({
  jobId: 'job_prev',
  domain: 'docs.acme.dev',
  bundleSha256: SHA('b'),
  createdAt: new Date('2026-11-21T09:00:00.000Z'),
  files: [{ path: 'index.html', size: 5, sha256: SHA('1') }]
})

let directory: string
let server: Server
let baseUrl: string
/** What the loopback server answers, by path. */
let routes: Record<string, (request: IncomingMessage, response: ServerResponse) => void>
let requests: string[]

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '')
    const route = routes[request.url ?? '']
    if (route) route(request, response)
    else response.writeHead(404).end('not here')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())))

beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'manifest-read-test-'))
  routes = {}
  requests = []
})

afterEach(async () => rm(directory, { recursive: true, force: true }))

const options = { host: new RecordingHost(), network: LOOPBACK, retryBaseDelayMs: 1 }

async function failure(source: string): Promise<ActionError> {
  const error = await readManifest(source, options).then(
    () => undefined,
    (error: unknown) => error
  )
  expect(error).toBeInstanceOf(ActionError)
  return error as ActionError
}

describe('readManifest', () => {
  it('reads a manifest from a file and from a loopback link', async () => {
    const file = path.join(directory, 'manifest.json')
    await writeFile(file, JSON.stringify(manifest))
    expect(await readManifest(file, options)).toEqual(manifest)
    routes['/m.json'] = (_request, response) => response.end(JSON.stringify(manifest))
    expect(await readManifest(`${baseUrl}/m.json`, options)).toEqual(manifest)
  })

  it('follows a redirect, and retries an answer that says the fault is passing', async () => {
    let calls = 0
    routes['/old.json'] = (_request, response) => response.writeHead(302, { location: '/m.json' }).end()
    routes['/m.json'] = (_request, response) => {
      if (++calls === 1) response.writeHead(503).end()
      else response.end(JSON.stringify(manifest))
    }
    expect(await readManifest(`${baseUrl}/old.json`, options)).toEqual(manifest)
    expect(requests).toEqual(['/old.json', '/m.json', '/old.json', '/m.json'])
  })

  it('names the source and says why it cannot be read, a link without its query', async () => {
    expect((await failure(path.join(directory, 'missing.json'))).message).toBe(
      `The manifest ${path.join(directory, 'missing.json')} does not exist`
    )
    const link = `${baseUrl}/gone.json?X-Amz-Signature=secret`
    const error = await failure(link)
    expect(error.message).toBe(`The manifest ${baseUrl}/gone.json?… was answered with HTTP 404`)
    expect(error.code).toBe('not-found')
  })

  it('refuses plain http to another host before sending anything', async () => {
    const error = await failure('http://example.com/manifest.json')
    expect(error.message).toBe(
      'The manifest http://example.com/manifest.json is refused: https is required (plain http is allowed only to a loopback address)'
    )
    expect(error.code).toBe('insecure-link')
  })

  it('reads no more than 64 MiB, whether the size is announced or not', async () => {
    const file = path.join(directory, 'huge.json')
    await writeFile(file, '')
    await truncate(file, 64 * 1024 * 1024 + 1)
    expect((await failure(file)).message).toBe(`The manifest ${file} is larger than 64.0 MiB`)
    routes['/announced.json'] = (_request, response) =>
      response.writeHead(200, { 'content-length': String(65 * 1024 * 1024) }).end()
    expect((await failure(`${baseUrl}/announced.json`)).code).toBe('too-large')
    routes['/streamed.json'] = (_request, response) => {
      response.writeHead(200)
      const chunk = Buffer.alloc(1024 * 1024, 0x20)
      let sent = 0
      const more = (): void => {
        while (sent < 70 && response.write(chunk)) sent++
        if (sent >= 70) response.end()
        else response.once('drain', more)
      }
      response.on('error', () => undefined)
      more()
    }
    expect((await failure(`${baseUrl}/streamed.json`)).code).toBe('too-large')
  })

  it.each([
    ['not JSON', 'not json', 'is not JSON'],
    [
      'another kind of JSON',
      '{"name":"pkg"}',
      'is not a manifest of this action (version 1): Invalid input: expected 1 at version'
    ],
    [
      'a path that leaves the site',
      JSON.stringify({ ...manifest, files: [{ path: '../etc/passwd', size: 1, sha256: SHA('1') }] }),
      'is not a manifest of this action (version 1): a relative path inside the site at files.0.path'
    ],
    [
      'a hash that is not one',
      JSON.stringify({ ...manifest, files: [{ path: 'a.html', size: 1, sha256: 'abc' }] }),
      'is not a manifest of this action (version 1): a SHA-256 in lower-case hex at files.0.sha256'
    ]
  ])('refuses %s', async (_what, text, reason) => {
    const file = path.join(directory, 'manifest.json')
    await writeFile(file, text)
    const error = await failure(file)
    expect(error.message).toBe(`The manifest ${file} ${reason}`)
    expect(error.code).toBe('not-a-manifest')
  })
})

describe('readPreviousManifest', () => {
  it('gives the manifest when it is of the same domain', async () => {
    const file = path.join(directory, 'manifest.json')
    await writeFile(file, JSON.stringify(manifest))
    const host = new RecordingHost()
    expect(await readPreviousManifest(file, { host, domain: 'docs.acme.dev', network: LOOPBACK })).toEqual(manifest)
    expect(host.warnings).toEqual([])
  })

  it.each([
    ['missing', async () => path.join(directory, 'nope.json'), 'does not exist'],
    [
      'not a manifest',
      async () => {
        await writeFile(path.join(directory, 'x.json'), '[]')
        return path.join(directory, 'x.json')
      },
      'is not a manifest of this action (version 1)'
    ],
    [
      'of another domain',
      async () => {
        await writeFile(path.join(directory, 'other.json'), JSON.stringify({ ...manifest, domain: 'docs.other.dev' }))
        return path.join(directory, 'other.json')
      },
      'is of docs.other.dev, not docs.acme.dev'
    ]
  ])('warns once, naming it, and compares nothing when it is %s', async (_what, make, reason) => {
    const source = await make()
    const host = new RecordingHost()
    expect(await readPreviousManifest(source, { host, domain: 'docs.acme.dev', network: LOOPBACK })).toBeUndefined()
    expect(host.warnings).toHaveLength(1)
    expect(host.warnings[0]?.message).toContain(`The manifest ${source} ${reason}`)
    expect(host.warnings[0]?.message).toMatch(/: the changes since that export are not listed$/)
  })
})
