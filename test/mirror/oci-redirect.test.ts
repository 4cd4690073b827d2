import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { ActionError } from '../../src/core/errors.js'
import { mirrorArchive, parseMirrorTarget, type MirrorArchive } from '../../src/mirror/index.js'
import { actionText } from '../support/recording-host.js'
import {
  missingRegistry,
  startChallenger,
  startRegistry,
  startRelay,
  type Registry,
  type Relay,
  type RelayOptions
} from '../support/registry.js'
import { describeWhere } from '../support/requirements.js'
import { failureOf, makeArchive, mirrorOptions } from './fixtures.js'

/**
 * No credential follows a redirect: the registry (distribution 2.8, behind a relay that sends one
 * kind of request elsewhere) sends a request to another origin, which asks for credentials with a
 * Bearer challenge whose realm is its own. Whatever the request (the GET of /v2/, a blob's HEAD,
 * the upload's POST, PATCH and PUT, the manifest's PUT), that origin receives no credentials and no
 * token request, and the failure names it, not the credentials.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 300_000 })

/** Larger than the client's 64 MiB chunk: the blob goes up in PATCHes. */
const CHUNKED_BYTES = 65 * 1024 * 1024

describeWhere(missingRegistry(), 'a registry that sends a request to an origin that asks for credentials', () => {
  let registry: Registry
  let small: MirrorArchive
  let front: Relay | undefined
  let other: Relay
  let repository = 0

  beforeAll(async () => {
    registry = await startRegistry({ auth: 'htpasswd' })
    small = await makeArchive(64 * 1024)
  })
  afterAll(async () => registry?.stop())

  afterEach(async () => {
    await front?.stop()
    await other?.stop()
    front = undefined
  })

  /** Pushes `archive` through a relay in front of the registry, which `options` make misbehave; the failure. */
  async function push(
    archive: MirrorArchive,
    options: (other: string) => RelayOptions
  ): Promise<{ error: ActionError; text: string }> {
    other = await startChallenger()
    front = await startRelay(registry.url, options(other.url))
    const mirrorOptionsWithCredentials = mirrorOptions({
      check: 'off',
      registryCredentials: { username: registry.username, password: registry.password }
    })
    const target = parseMirrorTarget(`oci://${front.host}/docs/redirected-${++repository}:latest`)
    const error = await failureOf(mirrorArchive(target, archive, mirrorOptionsWithCredentials))
    expect(error.code).toBe('mirror')
    return { error, text: actionText(error.text) }
  }

  /** The other origin received no credentials and no token request; the failure names it and does not blame the credentials. */
  function expectNothingOfOursElsewhere(text: string): void {
    expect(other.requests.map((request) => request.authorization)).toEqual(other.requests.map(() => undefined))
    expect(other.requests.filter((request) => request.url.startsWith('/token'))).toEqual([])
    expect(text).toContain(other.url)
    expect(text).not.toContain('refused the credentials')
  }

  const to =
    (method: string, path: RegExp) =>
    (elsewhere: string): RelayOptions => ({
      redirect: (request) =>
        request.method === method && path.test(request.url) ? `${elsewhere}${request.url}` : undefined
    })

  it('GET of /v2/: fails naming the origin that asked, and never asks its realm for a token', async () => {
    const { text } = await push(small, to('GET', /^\/v2\/$/))
    expect(text).toBe(
      `Mirror: GET /v2/ on ${front?.host}/docs/redirected-${repository} was answered HTTP 401 by ${other.url}, where the registry sent it, not by the registry: the credentials go to the registry only. ` +
        'A registry that sends reads or uploads to another host must give it links that need no credentials'
    )
    expect(other.requests.map((request) => request.method)).toEqual(['GET'])
    expectNothingOfOursElsewhere(text)
  })

  it("HEAD of a blob: the registry's origin got the credentials, the other origin nothing", async () => {
    const { text } = await push(small, to('HEAD', /\/blobs\/sha256:/))
    expect(text).toMatch(
      /^Mirror: HEAD \/v2\/docs\/redirected-\d+\/blobs\/sha256:[0-9a-f]{64} on .* was answered HTTP 401 by/
    )
    expect(other.requests.map((request) => request.method)).toEqual(['HEAD'])
    expectNothingOfOursElsewhere(text)
    expect(front?.requests.some((request) => request.authorization?.startsWith('Basic '))).toBe(true)
  })

  it('POST that starts an upload, redirected: not followed, and the failure says where it led', async () => {
    const { text } = await push(small, to('POST', /\/blobs\/uploads\/$/))
    expect(text).toBe(
      `Mirror: starting a blob upload (POST) on ${front?.host}/docs/redirected-${repository}: HTTP 307, a redirect to ${other.url}, not followed: the mirror follows at most 5, of GET and HEAD only`
    )
    expect(other.requests).toEqual([])
    expectNothingOfOursElsewhere(text)
  })

  it("PUT of the upload to another origin (the POST's Location): fails naming it", async () => {
    const { text } = await push(small, (elsewhere) => ({ uploadsTo: () => elsewhere }))
    expect(text).toMatch(/^Mirror: PUT \/v2\/docs\/redirected-\d+\/blobs\/uploads\/\S+ on .* was answered HTTP 401 by/)
    // The upload's session there is closed after the failure, without credentials either.
    expect(other.requests.map((request) => request.method)).toEqual(['PUT', 'DELETE'])
    expectNothingOfOursElsewhere(text)
  })

  it("PATCH of a large upload to another origin (the POST's Location): fails naming it", async () => {
    const large = await makeArchive(CHUNKED_BYTES)
    const { text } = await push(large, (elsewhere) => ({ uploadsTo: () => elsewhere }))
    expect(text).toMatch(
      /^Mirror: PATCH \/v2\/docs\/redirected-\d+\/blobs\/uploads\/\S+ on .* was answered HTTP 401 by/
    )
    expect(other.requests.map((request) => request.method)).toEqual(['PATCH', 'DELETE'])
    expectNothingOfOursElsewhere(text)
  })

  it('PUT of the manifest, redirected: not followed, and the failure says where it led', async () => {
    const { text } = await push(small, to('PUT', /\/manifests\//))
    expect(text).toBe(
      `Mirror: PUT of manifest latest on ${front?.host}/docs/redirected-${repository}: HTTP 307, a redirect to ${other.url}, not followed: the mirror follows at most 5, of GET and HEAD only`
    )
    expect(other.requests).toEqual([])
    expectNothingOfOursElsewhere(text)
    // The blobs went up to the registry itself, with the credentials.
    expect(front?.requests.filter((request) => request.method === 'PUT' && request.authorization)).not.toEqual([])
  })
})
