/**
 * Starts the admin API emulator of the tests (test/emulator/server.ts) and keeps it running until
 * it is killed, for local runs (`npm run local`) and the e2e workflow (`uses: ./` against it).
 *
 *   node scripts/emulator.ts                 # API on http://127.0.0.1:4010
 *   node scripts/emulator.ts --port 0        # API on a port of the system's choosing
 *   node scripts/emulator.ts --site broken   # every export is that site (test/emulator/sites.ts)
 *
 * `--site` names a site of the tests, so that each job summary can be seen without writing code:
 * `clean`, `broken` (a problem of most kinds at once), `connection-hints`, or one breakage each
 * (`external-loads`, `missing-page`, …). Without it, exports are a small site of three pages.
 *
 * It prints the base URL and the API key, and appends EMULATOR_URL, EMULATOR_API_KEY (and
 * EMULATOR_GITHUB_URL) to $GITHUB_ENV when that is set, so later workflow steps can use them.
 * An agent job `agent_demo` of project `proj_demo` exists for `command: agent-job`.
 */
import { appendFile } from 'node:fs/promises'
import net from 'node:net'
import { parseArgs } from 'node:util'
import { Emulator } from '../test/emulator/server.ts'
import { SITES } from '../test/emulator/sites.ts'

const DEFAULT_PORT = 4010

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.EMULATOR_PORT ?? String(DEFAULT_PORT) },
    site: { type: 'string' }
  }
})
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`emulator: --port must be a port number (0 for any), got "${values.port}"`)
  process.exit(2)
}
const siteOf = values.site === undefined ? undefined : SITES[values.site]
if (values.site !== undefined && !siteOf) {
  console.error(`emulator: --site must be one of ${Object.keys(SITES).join(', ')}; got "${values.site}"`)
  process.exit(2)
}

const emulator = await new Emulator({ site: siteOf?.() }).start()
emulator.addAgentJob('proj_demo', 'agent_demo')

// The emulator listens on a port of the system's choosing; a fixed port (for a .env file that does
// not change between runs) is a loopback forwarder in front of it.
let forwarder: net.Server | undefined
try {
  forwarder = port === 0 ? undefined : await forward(port, new URL(emulator.baseUrl))
} catch (error) {
  console.error(`emulator: ${error instanceof Error ? error.message : String(error)}`)
  await emulator.stop()
  process.exit(1)
}
const baseUrl = forwarder ? `http://127.0.0.1:${port}` : emulator.baseUrl
const { apiKey } = emulator.options

console.log(`Admin API emulator: ${baseUrl} (storage host ${emulator.storageUrl}, GitHub API ${emulator.github.url})`)
console.log(`API key: ${apiKey}`)
console.log('Agent job: project-id proj_demo, agent-job-id agent_demo')
console.log(
  `Exports: ${values.site ? `the site "${values.site}"` : 'a small site of three pages'} (--site ${Object.keys(SITES).join('|')})`
)
console.log()
console.log('For a .env file (npm run local):')
console.log(`INPUT_BASE-URL=${baseUrl}`)
console.log(`INPUT_API-KEY=${apiKey}`)

if (process.env.GITHUB_ENV) {
  await appendFile(
    process.env.GITHUB_ENV,
    `EMULATOR_URL=${baseUrl}\nEMULATOR_API_KEY=${apiKey}\nEMULATOR_GITHUB_URL=${emulator.github.url}\n`
  )
  console.log(`\nWrote EMULATOR_URL, EMULATOR_API_KEY and EMULATOR_GITHUB_URL to ${process.env.GITHUB_ENV}`)
}
console.log('\nRunning until killed (Ctrl-C).')

let stopping = false
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping the emulator (${emulator.requests.length} requests served)`)
  forwarder?.close()
  await emulator.stop()
  process.exit(0)
}
process.on('SIGINT', (signal) => void stop(signal))
process.on('SIGTERM', (signal) => void stop(signal))

/** Listens on 127.0.0.1:port and pipes every connection to the target, byte for byte. */
function forward(listenPort: number, target: URL): Promise<net.Server> {
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname)
    client.pipe(upstream).pipe(client)
    client.on('error', () => upstream.destroy())
    upstream.on('error', () => client.destroy())
  })
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' ? new Error(`Port ${listenPort} is in use: pass --port 0 or another port`) : error
      )
    )
    server.listen(listenPort, '127.0.0.1', () => resolve(server))
  })
}
