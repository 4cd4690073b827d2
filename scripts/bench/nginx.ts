import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'

/**
 * nginx as the benchmark's storage host: it serves the archives with sendfile(2), so the bytes go
 * from the page cache to the socket in the kernel and the host costs almost no CPU on the two cores
 * it shares with the client under test. It runs in the foreground as a child of the benchmark, as a
 * single process, from a generated configuration, on 127.0.0.1 and a free port, and logs each request
 * with its timing. The emulator issues the bundle links (its `storageBaseUrl` option) and nginx serves
 * them: `/static-exports/<job id>/<name>` is the file `<name>` of the folder given.
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

export const NGINX_MISSING =
  'the download figure serves the archives with nginx, a static host that costs the two cores almost nothing, ' +
  'so that the figure compares the clients and not the host; none was found. Install it (Debian or Ubuntu: ' +
  '`sudo apt-get install nginx-light`; macOS: `brew install nginx`) or name the binary in BENCH_NGINX.'

export async function startNginx(binary: string, root: string, workDir: string): Promise<StaticHost> {
  const dir = path.join(workDir, 'nginx')
  await mkdir(path.join(dir, 'temp'), { recursive: true })
  const log = path.join(dir, 'access.log')
  const port = await freePort()
  const config = `
daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  log_format timing '$msec $request_time $status $body_bytes_sent $request_uri';
  access_log ${log} timing;
  sendfile on;
  tcp_nopush on;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/temp;
  proxy_temp_path ${dir}/temp;
  fastcgi_temp_path ${dir}/temp;
  uwsgi_temp_path ${dir}/temp;
  scgi_temp_path ${dir}/temp;
  server {
    listen 127.0.0.1:${port};
    location ~ ^/static-exports/[^/]+/(?<name>[^/]+)$ {
      alias ${root}/$name;
    }
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
  await waitForPort(port, child, () => stderr)
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

/** A port that was free a moment ago; nginx cannot listen on port 0 and say which port it got. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function waitForPort(port: number, child: ChildProcess, stderr: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${stderr()}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGKILL')
  throw new Error(`nginx did not listen on 127.0.0.1:${port} within 5 s: ${stderr()}`)
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
