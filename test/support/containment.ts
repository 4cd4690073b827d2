import { spawn } from 'node:child_process'
import dgram from 'node:dgram'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SiteCheckReport } from '../../src/site/report.ts'
import type { ArchiveEntry } from '../emulator/archives.ts'
import { Emulator } from '../emulator/server.ts'
import { exportPage, exportShapedSite, type ExportedSite } from '../emulator/sites.ts'
import type { Canaries, NetworkPath } from '../site/browser/paths/path.ts'
import { exportInputs } from './export-inputs.ts'
import { runAction, type ActionRun, type RunOptions } from './run-action.ts'

/**
 * The site of every way out of the browser (test/site/browser/paths/), exported through the
 * emulator and checked by the built action with `verify-browser: on`, with loopback canaries that
 * must hear nothing. Run as a script (`node test/support/containment.ts <result.json>`) inside a
 * network namespace that has only loopback, it also captures every packet of the run and lists
 * those that went anywhere but to the emulator and the action's own servers.
 */

const PATHS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../site/browser/paths')

export async function networkPaths(): Promise<{ name: string; path: NetworkPath }[]> {
  const files = (await readdir(PATHS)).filter((file) => file.endsWith('.ts') && file !== 'path.ts').sort()
  return Promise.all(
    files.map(async (file) => ({
      name: file.replace(/\.ts$/, ''),
      path: ((await import(path.join(PATHS, file))) as { path: NetworkPath }).path
    }))
  )
}

/** A TCP and a UDP listener on 127.0.0.1, for one path; each remembers what reached it. */
interface Canary extends Canaries {
  heard: string[]
  close(): Promise<void>
}

async function startCanary(): Promise<Canary> {
  const heard: string[] = []
  const tcp = net.createServer((socket) => {
    heard.push(`TCP connection from ${socket.remoteAddress}:${socket.remotePort}`)
    socket.destroy()
  })
  const udp = dgram.createSocket('udp4')
  udp.on('message', (message, from) =>
    heard.push(`UDP datagram of ${message.length} bytes from ${from.address}:${from.port}`)
  )
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', () => resolve()))
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', () => resolve()))
  return {
    tcp: (tcp.address() as net.AddressInfo).port,
    udp: udp.address().port,
    heard,
    close: async () => {
      await new Promise<void>((resolve) => tcp.close(() => resolve()))
      await new Promise<void>((resolve) => udp.close(() => resolve()))
    }
  }
}

/** The export-shaped site's assets, an index that links every path's page, and the pages. */
function pathSite(paths: { name: string; path: NetworkPath }[], canaries: Map<string, Canaries>): ExportedSite {
  const assets = exportShapedSite().entries.filter((entry) => !/\.(html|txt|xml)$/.test(entry.name))
  const entries: ArchiveEntry[] = [
    ...assets,
    { name: 'index.html', content: exportPage('', { nav: paths.map(({ path }) => path.route) }) }
  ]
  for (const { name, path: networkPath } of paths) {
    const ports = canaries.get(name)
    if (!ports) throw new Error(`no canary for ${name}`)
    entries.push(
      {
        name: `${networkPath.route}.html`,
        content: exportPage(networkPath.route, {
          nav: [''],
          body: `<p>${networkPath.title}</p>`,
          head: networkPath.head(ports)
        })
      },
      ...(networkPath.files?.(ports) ?? [])
    )
  }
  return { entries, pageCount: paths.length + 1 }
}

export interface ContainedRun {
  run: ActionRun
  report: SiteCheckReport
  /** The emulator's ports: its API, its storage host, its GitHub API. */
  emulatorPorts: number[]
  /** Each path's canary ports, by path, as its page was written with them. */
  ports: Record<string, Canaries>
  /** What each path's canaries heard, by path. */
  heard: Record<string, string[]>
}

/** Exports the site of every path and runs the action on it, with the canaries listening. */
export async function runContained(options: RunOptions = {}): Promise<ContainedRun> {
  const paths = await networkPaths()
  const canaries = new Map<string, Canary>()
  try {
    for (const { name } of paths) canaries.set(name, await startCanary())
    const emulator = await new Emulator({ site: pathSite(paths, canaries) }).start()
    try {
      // A loaded machine may take a while over the site's pages: the run's time is no limit here.
      const inputs = exportInputs(emulator, { extract: 'true', 'verify-browser': 'on', 'timeout-seconds': '120' })
      const run = await runAction(inputs, {
        timeoutMs: 150_000,
        ...options,
        env: { RUNNER_DEBUG: '1', ...options.env }
      })
      const reportPath = run.outputs['verify-report-path']
      if (!reportPath) throw new Error(`the run wrote no report (exit ${run.exitCode}):\n${run.stdout}\n${run.stderr}`)
      return {
        run,
        report: JSON.parse(await readFile(reportPath, 'utf8')) as SiteCheckReport,
        emulatorPorts: [emulator.baseUrl, emulator.storageUrl, emulator.github.url].map((url) =>
          Number(new URL(url).port)
        ),
        ports: Object.fromEntries([...canaries].map(([name, { tcp, udp }]) => [name, { tcp, udp }])),
        heard: Object.fromEntries([...canaries].map(([name, canary]) => [name, canary.heard]))
      }
    } finally {
      await emulator.stop()
    }
  } finally {
    for (const canary of canaries.values()) await canary.close()
  }
}

/** The ports the action's own servers listened on, as its debug log names them (`Browser pass: site on http://127.0.0.1:…`). */
export function passPorts(stdout: string): number[] {
  return [...stdout.matchAll(/^::debug::Browser pass: [\w ]+ on http:\/\/127\.0\.0\.1:(\d+)$/gm)].map((match) =>
    Number(match[1])
  )
}

/**
 * The packets (as tcpdump -nn prints them) that went anywhere but to the given loopback ports:
 * every new TCP connection elsewhere, every UDP datagram (the run needs none: no lookup, no
 * STUN), every IPv6 packet.
 */
export function strayPackets(lines: string[], allowed: number[]): string[] {
  return lines.filter((line) => {
    const to = / IP 127\.0\.0\.1\.\d+ > 127\.0\.0\.1\.(\d+): Flags \[S\],/.exec(line)
    return !(to && allowed.includes(Number(to[1])))
  })
}

/** The result of a run in a network namespace, as the script writes it. */
export interface NamespaceResult extends ContainedRun {
  /** Every TCP or UDP packet tcpdump saw that was not a segment of an open IPv4 connection, as it printed them. */
  packets: string[]
}

/**
 * Inside a network namespace (the caller's `unshare -n`): brings up loopback, adds a way out that
 * goes nowhere (a veth pair with a default route through it, IPv4 and IPv6, its gateway's address
 * resolved to a made-up hardware address), starts tcpdump on every interface, runs the action as
 * `user` with `browser` (CHROME_PATH), and writes what it found to `resultFile`.
 */
async function inNamespace(resultFile: string, browser: string, user?: { uid: number; gid: number }): Promise<void> {
  for (const command of [
    'ip link set lo up',
    'ip link add out0 type veth peer name out1',
    'ip link set out0 up',
    'ip link set out1 up',
    'ip addr add 10.200.0.2/24 dev out0',
    'ip -6 addr add fd00:200::2/64 dev out0 nodad',
    'ip neigh add 10.200.0.1 lladdr 02:00:00:00:02:01 dev out0',
    'ip -6 neigh add fd00:200::1 lladdr 02:00:00:00:02:01 dev out0',
    'ip route add default via 10.200.0.1',
    'ip -6 route add default via fd00:200::1'
  ]) {
    await exec(command.split(' '))
  }
  // Every TCP and UDP packet but the segments of open IPv4 TCP connections: new connections (SYN),
  // UDP, IPv6. The kernel's own (IGMP and ICMPv6 as the interfaces come up) are not the run's.
  const dump = spawn(
    'tcpdump',
    [
      '-i',
      'any',
      '-nn',
      '-l',
      '-U',
      '(tcp or udp) and not (ip and tcp and tcp[tcpflags] & (tcp-syn|tcp-ack) != tcp-syn)'
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] }
  )
  let printed = ''
  dump.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    dump.once('error', reject)
    dump.stderr.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening on')) resolve()
    })
  })
  const ended = new Promise<void>((resolve) => dump.once('close', () => resolve()))
  let contained: ContainedRun
  try {
    contained = await runContained({ user, env: { CHROME_PATH: browser } })
  } finally {
    dump.kill('SIGINT')
    await ended
  }
  const packets = printed.split('\n').filter((line) => line.trim() !== '')
  await writeFile(resultFile, JSON.stringify({ ...contained, packets } satisfies NamespaceResult))
}

function exec(command: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const [file = '', ...args] = command
    const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command.join(' ')} exited with ${code}: ${stderr}`))
    )
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [resultFile, browser, uid, gid] = process.argv.slice(2)
  if (!resultFile || !browser)
    throw new Error('usage: node test/support/containment.ts <result.json> <browser> [uid gid]')
  await inNamespace(resultFile, browser, uid && gid ? { uid: Number(uid), gid: Number(gid) } : undefined)
}
