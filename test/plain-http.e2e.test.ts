import { mkdtemp, rm } from 'node:fs/promises'
import net, { type AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { agentInputs, exportInputs } from './support/export-inputs.ts'
import { runAction, type ActionRun } from './support/run-action.ts'
import { hasTool } from './support/archive-tools.ts'
import { describeWhere } from './support/requirements.ts'
import { selfSignedCertificate } from './support/tls.ts'

/**
 * Plain http after https: with an https base-url, neither a bundle link nor a redirect of the
 * storage host may lead to plain http, on this machine either, where any service may listen.
 * The API and the storage host are the emulator's, over TLS with a throwaway certificate that the
 * action trusts through NODE_EXTRA_CA_CERTS.
 */

let folder: string
let tls: { key: string; cert: string; certFile: string }
let emulator: Emulator | undefined
let listener: net.Server | undefined
let connections = 0

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'plain-http-test-'))
  if (hasTool('openssl')) tls = selfSignedCertificate(folder)
})

afterAll(async () => rm(folder, { recursive: true, force: true }))

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
  await new Promise((resolve) => (listener ? listener.close(resolve) : resolve(undefined)))
  listener = undefined
})

/** A plain service on 127.0.0.1 that counts who connects to it; its origin. */
async function localService(): Promise<string> {
  connections = 0
  const server = net.createServer((socket) => {
    connections++
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok')
  })
  listener = server
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

async function exportOverTls(setup: EmulatorSetup, env: Record<string, string> = {}): Promise<ActionRun> {
  emulator = await new Emulator({ ...setup, tls }).start()
  return runAction(exportInputs(emulator), { env: { NODE_EXTRA_CA_CERTS: tls.certFile, ...env } })
}

const REFUSED =
  'https is required (plain http is allowed only to a loopback address, and only when base-url is one too)'

describeWhere(hasTool('openssl') ? undefined : 'openssl is not installed', 'plain http after https, end to end', () => {
  it('exports over https, the emulator’s certificate trusted (the control)', async () => {
    const run = await exportOverTls({})
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(emulator?.baseUrl).toMatch(/^https:/)
    expect(run.outputs['bundle-sha256']).toBe(await emulator?.archiveSha256())
  })

  it('refuses an https API’s bundle link to plain http on this machine: nothing reaches that port', async () => {
    const service = await localService()
    const run = await exportOverTls({ storageBaseUrl: service })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining(`Download of ${service}/static-exports/`) as unknown])
    expect(run.errors[0]).toContain(`refused: ${REFUSED}`)
    expect(connections).toBe(0)
  })

  it('refuses a redirect of https storage to plain http on this machine: nothing reaches that port', async () => {
    const service = await localService()
    const run = await exportOverTls({ redirectDownloadsTo: service })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(`the storage host redirected to ${service}/static-exports/`)
    expect(run.errors[0]).toContain(`refused: ${REFUSED}`)
    expect(emulator?.requestsTo('download')).toHaveLength(1)
    expect(connections).toBe(0)
  })

  it('does not call a plain http GitHub API from a run whose API is https', async () => {
    emulator = await new Emulator({ tls }).start()
    emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 0 })
    const run = await runAction(agentInputs(emulator, { 'comment-on': '7' }), {
      env: { NODE_EXTRA_CA_CERTS: tls.certFile, GITHUB_API_URL: emulator.github.url }
    })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([`GitHub's API at ${emulator.github.url} (GITHUB_API_URL) was not called: ${REFUSED}`])
    expect(emulator.github.requests).toEqual([])
  })
})
