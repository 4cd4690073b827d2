import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

/**
 * nginx as a real static host for the tests and the benchmark: one process in the foreground, a
 * child of the caller, from a generated configuration, on 127.0.0.1 and a free port, logging each
 * request with its timing.
 */

export interface StaticHost {
  baseUrl: string
  /** The requests served so far, from the access log. */
  requests: () => Promise<ServedRequest[]>
  stop: () => Promise<void>
}

export interface ServedRequest {
  /** When the request arrived and when its answer was sent, epoch milliseconds (nginx's clock, ms resolution). */
  startAt: number
  endAt: number
  status: number
  bodyBytes: number
  uri: string
}

const CANDIDATES = [
  process.env.BENCH_NGINX,
  '/usr/sbin/nginx',
  '/usr/local/sbin/nginx',
  '/opt/homebrew/bin/nginx',
  '/usr/local/bin/nginx'
]

/** The nginx binary: $BENCH_NGINX, a usual place, or the PATH; undefined when there is none. */
export function findNginx(): string | undefined {
  for (const candidate of CANDIDATES) if (candidate && existsSync(candidate)) return candidate
  return spawnSync('nginx', ['-v']).error ? undefined : 'nginx'
}

export interface SiteServerOptions {
  /** The folder served at `/`; read again on every request, so a link there can be switched. */
  root: string
  /** Compresses what it serves with gzip, whatever the type and size. */
  gzip?: boolean
  /** Serves `x.html` for `/x`, as the README tells nginx users to. */
  extensionless?: boolean
}

/** A `server {}` body that serves a site as a static host does. */
export function siteServer(options: SiteServerOptions): string {
  return `
    root ${options.root};
    ${options.gzip ? 'gzip on; gzip_types *; gzip_min_length 1; gzip_proxied any;' : ''}
    location / {
      ${options.extensionless ? 'try_files $uri $uri.html $uri/ =404;' : ''}
    }`
}

/**
 * Starts nginx with `server` as the body of its one server block, in a new folder under
 * `workDir`. nginx cannot listen on port 0 and say which port it got: a port found free a moment
 * before is used, and another one when something took it meanwhile.
 */
export async function startNginx(binary: string, server: string, workDir: string): Promise<StaticHost> {
  const dir = await mkdtemp(path.join(workDir, 'nginx-'))
  await mkdir(path.join(dir, 'temp'))
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(binary, server, dir, await freePort())
    } catch (error) {
      if (attempt >= 5 || !String((error as Error).message).includes('Address already in use')) throw error
    }
  }
}

async function startOn(binary: string, server: string, dir: string, port: number): Promise<StaticHost> {
  const log = path.join(dir, 'access.log')
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format timing '$msec $request_time $status $body_bytes_sent $request_uri';
  access_log ${log} timing;
  sendfile on;
  tcp_nopush on;
  types { text/html html htm; text/css css; application/javascript js; text/plain txt; image/svg+xml svg; application/xml xml; }
  default_type application/octet-stream;
  client_body_temp_path ${dir}/temp;
  proxy_temp_path ${dir}/temp;
  fastcgi_temp_path ${dir}/temp;
  uwsgi_temp_path ${dir}/temp;
  scgi_temp_path ${dir}/temp;
  server {
    listen 127.0.0.1:${port};
    ${server}
  }
}
`
  const configFile = path.join(dir, 'nginx.conf')
  await writeFile(configFile, config)
  const child = spawn(binary, ['-p', dir, '-c', configFile, '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  await waitForPort(
    port,
    child,
    async () => `${stderr}${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`
  )
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests: async () => parseLog(await readFile(log, 'utf8').catch(() => '')),
    stop: () => stop(child)
  }
}

function parseLog(text: string): ServedRequest[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [msec, requestTime, status, bytes, uri] = line.split(' ')
      const endAt = Math.round(Number(msec) * 1000)
      return {
        startAt: endAt - Math.round(Number(requestTime) * 1000),
        endAt,
        status: Number(status),
        bodyBytes: Number(bytes),
        uri: uri ?? ''
      }
    })
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Until nginx accepts a connection, or exits; a slow machine only makes it take longer. */
async function waitForPort(port: number, child: ChildProcess, output: () => Promise<string>): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`nginx exited with ${child.exitCode ?? child.signalCode}: ${await output()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 50))])
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
