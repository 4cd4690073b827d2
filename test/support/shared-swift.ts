import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import { startSwift, swiftAccount, swiftAt, type Swift } from './swift.ts'

/**
 * One Swift for the whole test run instead of one per file: starting its five servers costs about
 * 7 s of CPU, which four files paid each. The global setup serves it from Vitest's own process
 * (`serveSharedSwift`), which starts it when a file first asks and stops it when the run ends; each
 * file that asks (`sharedSwift`) gets an account of its own, so its buckets are its own.
 */

/** Where the files of a run ask for its Swift: set by the global setup. */
const SERVICE_VARIABLE = 'DOCS_EXPORT_TESTS_SWIFT'
/** More than the files that use Swift, for a run and the reruns of a watch. */
const ACCOUNTS = 64

export interface SharedSwiftService {
  stop(): Promise<void>
}

/** Serves the run's Swift on loopback to the files of this run (SERVICE_VARIABLE). */
export async function serveSharedSwift(): Promise<SharedSwiftService> {
  let swift: Promise<Swift> | undefined
  let leased = 0
  const server = http.createServer((request, response) => {
    request.resume()
    swift ??= startSwift(os.tmpdir(), ACCOUNTS)
    swift.then(
      ({ endpoint }) => {
        if (leased === ACCOUNTS) throw new Error(`the run's Swift has ${ACCOUNTS} accounts, and each is taken`)
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ endpoint, account: swiftAccount(leased++) }))
      },
      (error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' })
        response.end(error instanceof Error ? (error.stack ?? error.message) : String(error))
      }
    )
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.env[SERVICE_VARIABLE] = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swift`
  return {
    stop: async () => {
      server.close()
      await (await swift?.catch(() => undefined))?.stop()
    }
  }
}

/** An account of the run's Swift; outside a run of Vitest's (no global setup), a Swift of its own. */
export async function sharedSwift(): Promise<Swift> {
  const service = process.env[SERVICE_VARIABLE]
  if (!service) return startSwift()
  const answer = await fetch(service, { method: 'POST' })
  if (!answer.ok) throw new Error(`The run's Swift did not start: ${await answer.text()}`)
  const { endpoint, account } = (await answer.json()) as { endpoint: string; account: string }
  return swiftAt(endpoint, account, async () => undefined)
}
