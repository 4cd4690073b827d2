import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { listening, missingCommand, startDaemon, stopAll, waitUntil, type Daemon } from './daemon.ts'
import { freePort } from './nginx.ts'

/**
 * OpenStack Swift with its s3api middleware: a real S3 implementation that checks SigV4 signatures
 * and presigned links and does multipart uploads, for the mirror's tests and its benchmark. One
 * instance is four servers (account, container, object, proxy) and memcached, each a child of the
 * caller, on free loopback ports, from a folder of its own (configuration, rings, the one disk).
 * The set-up follows ../shared/toolchain.md ("S3").
 */

export interface Swift {
  /** The S3 endpoint (path-style). */
  readonly endpoint: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly region: string
  /**
   * What a process needs in its environment to reach this Swift as a runner reaches S3: the
   * credentials as aws-actions/configure-aws-credentials sets them, the region, and no other source
   * of credentials (no profile, no instance metadata to ask off this machine).
   */
  readonly awsEnvironment: Record<string, string>
  /** Where `bucket` is read without credentials once it is public (`makePublic`): Swift's own path. */
  publicBase(bucket: string): string
  /** Makes a bucket (a container) through the Swift API. */
  createBucket(bucket: string, options?: { publicRead?: boolean }): Promise<void>
  /** Lets anyone read the objects of `bucket` (`X-Container-Read: .r:*`). */
  makePublic(bucket: string): Promise<void>
  /** The names in `bucket`, read through the Swift API (with `prefix`). */
  listObjects(bucket: string, prefix?: string): Promise<string[]>
  /** Writes an object through the Swift API, as another tool would: what the publish must leave alone. */
  putObject(bucket: string, key: string, body: string): Promise<void>
  /**
   * The parts of multipart uploads under `prefix` in `bucket`, which Swift keeps in
   * `<bucket>+segments`: those of uploads in progress, and of the objects they completed.
   */
  segments(bucket: string, prefix: string): Promise<string[]>
  /** Stops this Swift; for the run's (sharedSwift), does nothing: the run stops it when it ends. */
  stop(): Promise<void>
}

/**
 * The tempauth users the proxy knows (`user_test_tester = testing .admin`, then `test2`, `test3`…),
 * each the admin of an account of its own: also the S3 access key and secret. A bucket is a
 * container of the account that makes it, so tests that hold different accounts of one Swift
 * (sharedSwift) never see each other's buckets.
 */
const USER = 'tester'
const KEY = 'testing'
const REGION = 'us-east-1'
const SERVERS = ['account', 'container', 'object'] as const
type Server = (typeof SERVERS)[number]
/** The Python that Swift's commands run on (their first line), which has Swift's modules. */
const SWIFT_PYTHON = '/usr/bin/python3'

/** Why Swift cannot run here, or undefined when it can. */
export function missingSwift(): string | undefined {
  for (const [command, args, packageName] of [
    ['/usr/bin/swift-proxy-server', ['--help'], 'swift-proxy'],
    ['/usr/bin/swift-account-server', ['--help'], 'swift-account'],
    ['/usr/bin/swift-container-server', ['--help'], 'swift-container'],
    ['/usr/bin/swift-object-server', ['--help'], 'swift-object'],
    ['memcached', ['-V'], 'memcached']
  ] as const) {
    const missing = missingCommand(command, [...args], packageName)
    if (missing) return missing
  }
  return undefined
}

/** The name of the `index`th account (from 0) of a Swift started with several. */
export function swiftAccount(index: number): string {
  return index === 0 ? 'test' : `test${index + 1}`
}

/**
 * Starts Swift in a new folder under `workDir` with `accounts` accounts, and waits until its proxy
 * answers /healthcheck. What it returns holds the first account.
 */
export async function startSwift(workDir = os.tmpdir(), accounts = 1): Promise<Swift> {
  const dir = await mkdtemp(path.join(workDir, 'swift-'))
  const ports = {
    memcached: await freePort(),
    account: await freePort(),
    container: await freePort(),
    object: await freePort(),
    proxy: await freePort()
  }
  await writeConfiguration(dir, ports, accounts)

  const daemons: Daemon[] = []
  const stop = async (): Promise<void> => {
    await stopAll(daemons)
    await rm(dir, { recursive: true, force: true })
  }
  try {
    daemons.push(
      startDaemon('memcached', 'memcached', [
        '-l',
        '127.0.0.1',
        '-p',
        String(ports.memcached),
        '-U',
        '0',
        '-m',
        '16',
        // memcached refuses to run as root without a user to run as.
        ...(process.getuid?.() === 0 ? ['-u', 'root'] : [])
      ])
    )
    // Each server directly, not through a `python3` that comes first on the PATH and may lack swift.
    for (const server of SERVERS) {
      daemons.push(startDaemon(`swift-${server}-server`, `/usr/bin/swift-${server}-server`, [conf(dir, server)]))
    }
    daemons.push(startDaemon('swift-proxy-server', '/usr/bin/swift-proxy-server', [conf(dir, 'proxy')]))
    for (const [name, port] of Object.entries(ports)) {
      await waitUntil(`${name} listened on port ${port}`, () => listening(port), daemons)
    }
    const endpoint = `http://127.0.0.1:${ports.proxy}`
    await waitUntil(
      'the proxy answered /healthcheck',
      async () => (await fetch(`${endpoint}/healthcheck`)).status === 200,
      daemons
    )
    return swiftAt(endpoint, swiftAccount(0), stop)
  } catch (error) {
    await stop()
    throw error
  }
}

/** The Swift at `endpoint` as the user of `account` reaches it; `stop` stops it. */
export function swiftAt(endpoint: string, account: string, stop: () => Promise<void>): Swift {
  const storage = `${endpoint}/v1/AUTH_${account}`
  let token: Promise<string> | undefined
  /** A request through the Swift API, with a tempauth token got once. */
  const swiftRequest = async (
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: string
  ): Promise<Response> => {
    token ??= fetch(`${endpoint}/auth/v1.0`, {
      headers: { 'x-auth-user': `${account}:${USER}`, 'x-auth-key': KEY }
    }).then((answer) => {
      const value = answer.headers.get('x-auth-token')
      if (!answer.ok || !value) throw new Error(`tempauth answered ${answer.status}`)
      return value
    })
    const answer = await fetch(url, { method, body, headers: { ...headers, 'x-auth-token': await token } })
    if (!answer.ok && answer.status !== 404)
      throw new Error(`${method} ${url}: HTTP ${answer.status} ${await answer.text()}`)
    return answer
  }
  const makePublic = async (bucket: string): Promise<void> => {
    await (await swiftRequest('POST', `${storage}/${bucket}`, { 'x-container-read': '.r:*' })).arrayBuffer()
  }
  const listObjects = async (bucket: string, prefix = ''): Promise<string[]> => {
    const answer = await swiftRequest('GET', `${storage}/${bucket}?format=json&prefix=${encodeURIComponent(prefix)}`)
    if (answer.status === 404) return []
    return ((await answer.json()) as { name: string }[]).map((entry) => entry.name)
  }
  const accessKeyId = `${account}:${USER}`
  return {
    endpoint,
    accessKeyId,
    secretAccessKey: KEY,
    region: REGION,
    awsEnvironment: {
      AWS_ACCESS_KEY_ID: accessKeyId,
      AWS_SECRET_ACCESS_KEY: KEY,
      AWS_REGION: REGION,
      AWS_DEFAULT_REGION: REGION,
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent'
    },
    publicBase: (bucket) => `${storage}/${bucket}`,
    createBucket: async (bucket, options = {}) => {
      await (await swiftRequest('PUT', `${storage}/${bucket}`)).arrayBuffer()
      if (options.publicRead) await makePublic(bucket)
    },
    makePublic,
    listObjects,
    putObject: async (bucket, key, body) => {
      const url = `${storage}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`
      await (await swiftRequest('PUT', url, {}, body)).arrayBuffer()
    },
    segments: (bucket, prefix) => listObjects(`${bucket}+segments`, prefix),
    stop
  }
}

/**
 * Builds each server's ring, as `swift-ring-builder X.builder create 8 1 1`, `add
 * r1z1-127.0.0.1:PORT/d1 100` and `rebalance` would, with Swift's RingBuilder in one Python process:
 * nine runs of the command would each pay for starting Python and loading Swift again. Arguments:
 * the folder, then each server's name and port.
 */
const BUILD_RINGS = `
import sys
from swift.common.ring import RingBuilder
folder = sys.argv[1]
for server, port in zip(sys.argv[2::2], sys.argv[3::2]):
    builder = RingBuilder(8, 1, 1)
    builder.add_dev({'region': 1, 'zone': 1, 'ip': '127.0.0.1', 'port': int(port), 'device': 'd1', 'weight': 100})
    builder.rebalance()
    builder.get_ring().save(f'{folder}/{server}.ring.gz')
`

function conf(dir: string, server: Server | 'proxy'): string {
  return path.join(dir, `${server}-server.conf`)
}

/** swift.conf, one ring per server with the one disk, and each server's configuration. */
async function writeConfiguration(
  dir: string,
  ports: Record<Server | 'proxy' | 'memcached', number>,
  accounts: number
): Promise<void> {
  await mkdir(path.join(dir, 'devices', 'd1'), { recursive: true })
  await mkdir(path.join(dir, 'cache'))
  await writeFile(
    path.join(dir, 'swift.conf'),
    '[swift-hash]\nswift_hash_path_suffix = docs-export-tests\n\n[storage-policy:0]\nname = only\ndefault = yes\n'
  )
  execFileSync(SWIFT_PYTHON, ['-c', BUILD_RINGS, dir, ...SERVERS.flatMap((server) => [server, String(ports[server])])])
  // The servers drop privileges to `user`: the one running the tests, so that they can write the folder.
  const common = [
    '[DEFAULT]',
    'bind_ip = 127.0.0.1',
    `swift_dir = ${dir}`,
    `devices = ${path.join(dir, 'devices')}`,
    'mount_check = false',
    'workers = 0',
    `user = ${os.userInfo().username}`,
    `recon_cache_path = ${path.join(dir, 'cache')}`,
    'log_level = WARNING'
  ]
  for (const server of SERVERS) {
    await writeFile(
      conf(dir, server),
      [
        ...common,
        `bind_port = ${ports[server]}`,
        '',
        '[pipeline:main]',
        `pipeline = ${server}-server`,
        '',
        `[app:${server}-server]`,
        `use = egg:swift#${server}`,
        ''
      ].join('\n')
    )
  }
  // The proxy's pipeline, in order (toolchain.md), with each filter's settings.
  const filters: Record<string, string[]> = {
    catch_errors: [],
    gatekeeper: [],
    healthcheck: [],
    'proxy-logging': [],
    cache: [`memcache_servers = 127.0.0.1:${ports.memcached}`],
    listing_formats: [],
    s3api: [`location = ${REGION}`],
    tempauth: Array.from({ length: accounts }, (_, index) => `user_${swiftAccount(index)}_${USER} = ${KEY} .admin`),
    copy: [],
    slo: [],
    dlo: []
  }
  const egg: Record<string, string> = { 'proxy-logging': 'proxy_logging', cache: 'memcache' }
  await writeFile(
    conf(dir, 'proxy'),
    [
      ...common,
      `bind_port = ${ports.proxy}`,
      '',
      '[pipeline:main]',
      // proxy-logging twice, as Swift's sample does: once for the client's request, once for what the proxy sends on.
      `pipeline = ${[...Object.keys(filters), 'proxy-logging', 'proxy-server'].join(' ')}`,
      '',
      '[app:proxy-server]',
      'use = egg:swift#proxy',
      // The account of the tempauth user is made on its first container.
      'account_autocreate = true',
      '',
      ...Object.entries(filters).flatMap(([name, lines]) => [
        `[filter:${name}]`,
        `use = egg:swift#${egg[name] ?? name}`,
        ...lines,
        ''
      ])
    ].join('\n')
  )
}
