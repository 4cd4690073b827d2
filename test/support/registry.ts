import { execFileSync } from 'node:child_process'
import { createPrivateKey, randomUUID, sign, X509Certificate } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { missingCommand, startDaemon, stopAll, waitUntil, type Daemon } from './daemon.ts'
import { freePort } from './nginx.ts'
import { selfSignedCertificate } from './tls.ts'

/**
 * Debian's docker-registry (CNCF distribution 2.8) for the mirror's tests: a registry that needs
 * credentials for every request (htpasswd, or the bearer-token flow with a token endpoint of the
 * test's own), and, on the same storage, a read-only instance without authentication that serves
 * anonymous reads, as a read-only mirror of a real registry does. The set-up follows
 * ../shared/toolchain.md ("OCI registry").
 */

export interface Registry {
  /** `127.0.0.1:PORT`, as `oci://` names it. */
  readonly host: string
  readonly url: string
  readonly username: string
  readonly password: string
  /** The read-only instance on the same storage, without authentication (when asked for). */
  readonly readOnly?: { host: string; url: string }
  /** With `auth: 'token'`: every request the token endpoint received. */
  readonly tokenRequests: RecordedRequest[]
  stop(): Promise<void>
}

interface RecordedRequest {
  method: string
  /** The path and query. */
  url: string
  authorization?: string
}

export interface RegistryOptions {
  /** `htpasswd`: basic authentication; `token`: the bearer-token flow, with a token endpoint on loopback. */
  auth: 'htpasswd' | 'token'
  /** Also start the read-only instance without authentication on the same storage. */
  readOnlyMirror?: boolean
  workDir?: string
}

const USERNAME = 'pusher'
const PASSWORD = 'push-secret-4711'
/** The registry's `auth.token.service` and `issuer`, which the tokens must name. */
const SERVICE = 'docs-export-tests'
/** How long a token lasts. */
const TOKEN_LIFETIME_S = 300

/** Why docker-registry cannot run here, or undefined when it can. */
export function missingRegistry(): string | undefined {
  return (
    missingCommand('docker-registry', ['--version'], 'docker-registry') ??
    missingCommand('htpasswd', ['-h'], 'apache2-utils') ??
    missingCommand('openssl', ['version'], 'openssl')
  )
}

/** Starts the registry (and its read-only twin) in a new folder, and waits until each answers /v2/. */
export async function startRegistry(options: RegistryOptions): Promise<Registry> {
  const dir = await mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'registry-'))
  const storage = path.join(dir, 'storage')
  await mkdir(storage)
  const daemons: Daemon[] = []
  const tokenRequests: RecordedRequest[] = []
  let tokenServer: http.Server | undefined
  try {
    let auth: string[]
    if (options.auth === 'htpasswd') {
      // bcrypt at cost 4: about 15 ms a request, where the default cost 12 takes 300 ms.
      const line = execFileSync('htpasswd', ['-nbB', '-C', '4', USERNAME, PASSWORD], { encoding: 'utf8' }).trim()
      await writeFile(path.join(dir, 'htpasswd'), `${line}\n`)
      auth = ['auth:', '  htpasswd:', '    realm: docs-export-tests', `    path: ${path.join(dir, 'htpasswd')}`]
    } else {
      const certificate = selfSignedCertificate(dir)
      tokenServer = await startTokenEndpoint(certificate, tokenRequests)
      auth = [
        'auth:',
        '  token:',
        `    realm: http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`,
        `    service: ${SERVICE}`,
        `    issuer: ${SERVICE}`,
        `    rootcertbundle: ${certificate.certFile}`
      ]
    }
    const port = await startInstance('docker-registry', dir, storage, auth, false, daemons)
    const readOnlyPort = options.readOnlyMirror
      ? await startInstance('docker-registry (read-only)', dir, storage, [], true, daemons)
      : undefined
    const server = tokenServer
    return {
      host: `127.0.0.1:${port}`,
      url: `http://127.0.0.1:${port}`,
      username: USERNAME,
      password: PASSWORD,
      ...(readOnlyPort
        ? { readOnly: { host: `127.0.0.1:${readOnlyPort}`, url: `http://127.0.0.1:${readOnlyPort}` } }
        : {}),
      tokenRequests,
      stop: async () => {
        await stopAll(daemons)
        if (server) await closeServer(server)
        await rm(dir, { recursive: true, force: true })
      }
    }
  } catch (error) {
    await stopAll(daemons)
    if (tokenServer) await closeServer(tokenServer)
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}

async function startInstance(
  name: string,
  dir: string,
  storage: string,
  auth: string[],
  readOnly: boolean,
  daemons: Daemon[]
): Promise<number> {
  const port = await freePort()
  const config = path.join(dir, `config-${port}.yml`)
  await writeFile(
    config,
    [
      'version: 0.1',
      'log:',
      '  level: warn',
      '  accesslog:',
      '    disabled: true',
      'storage:',
      '  filesystem:',
      `    rootdirectory: ${storage}`,
      '  delete:',
      '    enabled: true',
      // The read-only twin refuses pushes (405) and serves reads without credentials.
      ...(readOnly ? ['  maintenance:', '    readonly:', '      enabled: true'] : []),
      'http:',
      `  addr: 127.0.0.1:${port}`,
      ...auth,
      ''
    ].join('\n')
  )
  // Its environment without REGISTRY_* variables, which would override the configuration.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('REGISTRY_')))
  const daemon = startDaemon(name, 'docker-registry', ['serve', config], env)
  daemons.push(daemon)
  await waitUntil(
    `${name} answered /v2/`,
    async () => [200, 401].includes((await fetch(`http://127.0.0.1:${port}/v2/`)).status),
    daemons
  )
  return port
}

/**
 * The registry's token endpoint, as Docker Hub's or Harbor's: it checks the basic credentials of
 * the request, and answers `{ token }`, a JWT signed (ES256) with the key whose certificate the
 * registry trusts, carried in the header's `x5c`, granting the actions the scope asked for.
 */
async function startTokenEndpoint(
  certificate: { key: string; cert: string },
  requests: RecordedRequest[]
): Promise<http.Server> {
  const key = createPrivateKey(certificate.key)
  const der = new X509Certificate(certificate.cert).raw.toString('base64')
  const expected = `Basic ${Buffer.from(`${USERNAME}:${PASSWORD}`).toString('base64')}`
  const server = http.createServer((request, response) => {
    requests.push(recorded(request))
    const url = new URL(request.url ?? '/', 'http://token')
    if (url.pathname !== '/token' || request.headers.authorization !== expected) {
      response.writeHead(401, { 'content-type': 'application/json' }).end('{"details":"wrong credentials"}')
      return
    }
    const now = Math.floor(Date.now() / 1000)
    const access = url.searchParams.getAll('scope').map((scope) => {
      const [type, name, actions] = scope.split(':')
      return { type, name, actions: (actions ?? '').split(',').filter(Boolean) }
    })
    const claims = {
      iss: SERVICE,
      sub: USERNAME,
      aud: url.searchParams.get('service'),
      exp: now + TOKEN_LIFETIME_S,
      nbf: now - 10,
      iat: now,
      jti: randomUUID(),
      access
    }
    const part = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url')
    const signed = `${part({ typ: 'JWT', alg: 'ES256', x5c: [der] })}.${part(claims)}`
    const signature = sign('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ token: `${signed}.${signature}`, expires_in: TOKEN_LIFETIME_S }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

export interface Relay {
  /** `127.0.0.1:PORT`. */
  readonly host: string
  readonly url: string
  /** Every request it received, in order. */
  readonly requests: RecordedRequest[]
  stop(): Promise<void>
}

export interface RelayOptions {
  /** Sent on with every request, as a storage host that takes uploads for the registry does (an upload's own link). */
  authorization?: string
  /** Location headers that name `target` are rewritten to name this origin instead (another relay's, for uploads). */
  uploadsTo?: () => string
  /** Answers a request with a 307 to the address this gives for it, instead of forwarding it, as a registry that sends it to a storage host does. */
  redirect?: (request: { method: string; url: string }) => string | undefined
}

/**
 * A recording relay in front of a registry, on another loopback port: another origin for the
 * tests that check where credentials go. It forwards every request to `target` and records what
 * it received; an upload's Location can be pointed at another origin, as registries that take
 * uploads on a storage host of their own do.
 */
export async function startRelay(target: string, options: RelayOptions = {}): Promise<Relay> {
  const requests: RecordedRequest[] = []
  const targetUrl = new URL(target)
  let ownOrigin = ''
  const server = http.createServer((request, response) => {
    requests.push(recorded(request))
    const elsewhere = options.redirect?.({ method: request.method ?? '', url: request.url ?? '/' })
    if (elsewhere) {
      request.resume()
      response.writeHead(307, { location: elsewhere, 'content-length': 0 }).end()
      return
    }
    const headers = { ...request.headers, host: targetUrl.host }
    if (options.authorization) headers.authorization = options.authorization
    const forwarded = http.request(
      new URL(request.url ?? '/', targetUrl),
      { method: request.method, headers },
      (answer) => {
        const location = answer.headers.location
        if (location) {
          const url = new URL(location, targetUrl)
          const origin = url.pathname.includes('/blobs/uploads/') && options.uploadsTo ? options.uploadsTo() : ownOrigin
          if (url.origin === targetUrl.origin) answer.headers.location = `${origin}${url.pathname}${url.search}`
        }
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      }
    )
    forwarded.on('error', () => response.destroy())
    request.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  ownOrigin = `http://127.0.0.1:${port}`
  return { host: `127.0.0.1:${port}`, url: ownOrigin, requests, stop: () => closeServer(server) }
}

/**
 * Another origin that wants credentials for everything, as a storage host or a CDN in front of a
 * registry may: every request is recorded and answered 401 with a Bearer challenge whose realm is
 * on this origin, which records what reaches it too. The mirror must send it nothing of its own.
 */
export async function startChallenger(): Promise<Relay> {
  const requests: RecordedRequest[] = []
  let origin = ''
  const server = http.createServer((request, response) => {
    requests.push(recorded(request))
    request.resume()
    response
      .writeHead(401, {
        'www-authenticate': `Bearer realm="${origin}/token",service="storage",scope="repository:docs/acme:pull"`,
        'content-type': 'application/json'
      })
      .end('{"errors":[{"code":"UNAUTHORIZED","message":"authentication required"}]}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`
  return { host: `127.0.0.1:${port}`, url: origin, requests, stop: () => closeServer(server) }
}

/** What a test asserts of a request: its method, its path and query, and its credentials. */
function recorded(request: http.IncomingMessage): RecordedRequest {
  return {
    method: request.method ?? '',
    url: request.url ?? '',
    ...(request.headers.authorization ? { authorization: request.headers.authorization } : {})
  }
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections()
  return new Promise((resolve) => server.close(() => resolve()))
}
