import { createHash } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ARTIFACT_TYPE } from '../../src/mirror/artifact.js'
import { mirrorArchive, parseMirrorTarget, type MirrorArchive } from '../../src/mirror/index.js'
import { missingRegistry, startRegistry, startRelay, type Registry, type Relay } from '../support/registry.js'
import { actionText } from '../support/recording-host.js'
import { describeWhere } from '../support/requirements.js'
import { failureOf, makeArchive, mirrorOptions, run } from './fixtures.js'

/**
 * The mirror against Debian's docker-registry (distribution 2.8): pushes with basic credentials
 * and with the bearer-token flow, anonymous reads through a read-only twin on the same storage,
 * and skopeo as an independent reader of what was pushed. Relays on other loopback ports stand for
 * other origins, and record what reached them.
 */

/** Larger than the client's 64 MiB chunk: the blob goes up in PATCHes, then the PUT. */
const CHUNKED_BYTES = 70 * 1024 * 1024

vi.setConfig({ testTimeout: 180_000, hookTimeout: 300_000 })

describeWhere(missingRegistry() ?? missingSkopeo(), 'mirror to an OCI registry (distribution 2.8)', () => {
  let archive: MirrorArchive

  beforeAll(async () => {
    archive = await makeArchive(CHUNKED_BYTES)
  })

  describe('with basic credentials', () => {
    let registry: Registry
    /** In front of the registry: the origin the mirror is told to push to. */
    let front: Relay
    /** Another origin that takes uploads, with credentials of its own, as a registry's storage host does. */
    let uploads: Relay

    beforeAll(async () => {
      registry = await startRegistry({ auth: 'htpasswd', readOnlyMirror: true })
      uploads = await startRelay(registry.url, { authorization: basic(registry) })
      front = await startRelay(registry.url, { uploadsTo: () => uploads.url })
    })

    afterAll(async () => {
      await front?.stop()
      await uploads?.stop()
      await registry?.stop()
    })

    it('pushes the artifact and reads the blob back without credentials through the read-only twin', async () => {
      const options = mirrorOptions({
        publicUrl: registry.readOnly?.url,
        registryCredentials: { username: registry.username, password: registry.password },
        version: '2026-11-22'
      })
      const result = await mirrorArchive(parseMirrorTarget(`oci://${front.host}/docs/acme`), archive, options)

      expect(result).toEqual({
        url: `${registry.readOnly?.url}/v2/docs/acme/blobs/sha256:${archive.sha256}`,
        ref: expect.stringMatching(
          new RegExp(`^${front.host.replace(/\./g, '\\.')}/docs/acme@sha256:[0-9a-f]{64}$`)
        ) as string,
        location: `${front.host}/docs/acme:2026-11-22`,
        uploaded: true,
        checked: true
      })
      // The blob went up in PATCHes of 64 MiB, to the other origin, which never saw the credentials.
      expect(uploads.requests.filter((request) => request.method === 'PATCH')).toHaveLength(2)
      expect(uploads.requests.map((request) => request.authorization)).toEqual(uploads.requests.map(() => undefined))
      expect(front.requests.some((request) => request.authorization === basic(registry))).toBe(true)

      // skopeo reads the manifest as a client of the registry would, with the digest the mirror reported.
      const raw = run('skopeo', [
        'inspect',
        '--raw',
        '--tls-verify=false',
        '--creds',
        `${registry.username}:${registry.password}`,
        `docker://${registry.host}/docs/acme:2026-11-22`
      ])
      expect(`sha256:${createHash('sha256').update(raw).digest('hex')}`).toBe(result.ref?.split('@')[1])
      const manifest = JSON.parse(raw) as {
        artifactType: string
        config: { mediaType: string; size: number }
        layers: { mediaType: string; digest: string; size: number }[]
        annotations: Record<string, string>
      }
      expect(manifest.artifactType).toBe(ARTIFACT_TYPE)
      expect(manifest.config).toMatchObject({ mediaType: 'application/vnd.oci.empty.v1+json', size: 2 })
      expect(manifest.layers).toEqual([
        expect.objectContaining({
          mediaType: 'application/vnd.oci.image.layer.v1.tar+gzip',
          digest: `sha256:${archive.sha256}`,
          size: archive.sizeBytes
        })
      ])
      expect(manifest.annotations).toEqual({
        'org.opencontainers.image.created': '2026-11-22T10:00:00Z',
        'vnd.docs-export.job-id': 'se_mirror_1',
        'vnd.docs-export.domain': 'docs.acme.dev',
        'vnd.docs-export.version': '2026-11-22'
      })

      // And copies the artifact out of the read-only twin, anonymously: the layer is the archive.
      const layout = await mkdtemp(path.join(os.tmpdir(), 'skopeo-layout-'))
      run('skopeo', [
        'copy',
        '--src-tls-verify=false',
        `docker://${registry.readOnly?.host}/docs/acme:2026-11-22`,
        `oci:${layout}`
      ])
      const copied = await readFile(path.join(layout, 'blobs', 'sha256', archive.sha256))
      expect(createHash('sha256').update(copied).digest('hex')).toBe(archive.sha256)
    })

    it('does not upload the blob again, and finds the tag already naming the artifact', async () => {
      const options = mirrorOptions({
        publicUrl: registry.readOnly?.url,
        registryCredentials: { username: registry.username, password: registry.password },
        version: '2026-11-22'
      })
      const before = uploads.requests.length
      const result = await mirrorArchive(parseMirrorTarget(`oci://${front.host}/docs/acme`), archive, options)
      expect(result.uploaded).toBe(false)
      expect(uploads.requests.length).toBe(before)
      expect(options.host.text('info')).toContain('holds this archive already')
      expect(options.host.text('info')).toContain(`${front.host}/docs/acme:2026-11-22 names this artifact already`)
    })

    it('tags with the job id when neither a tag nor a version is given', async () => {
      const options = mirrorOptions({
        check: 'off',
        registryCredentials: { username: registry.username, password: registry.password }
      })
      const result = await mirrorArchive(parseMirrorTarget(`oci://${registry.host}/docs/acme`), archive, options)
      expect(result.location).toBe(`${registry.host}/docs/acme:se_mirror_1`)
    })

    it('fails the check when the registry itself, which wants credentials for reads, is the public address', async () => {
      const options = mirrorOptions({
        registryCredentials: { username: registry.username, password: registry.password }
      })
      const error = await failureOf(
        mirrorArchive(parseMirrorTarget(`oci://${registry.host}/docs/acme:latest`), archive, options)
      )
      expect(error.code).toBe('mirror')
      expect(actionText(error.text)).toContain(
        `The chart could not fetch ${registry.url}/v2/docs/acme/blobs/sha256:${archive.sha256}: it answered HTTP 401 to a request without credentials`
      )
      expect(actionText(error.text)).toContain('Make the repository readable without credentials (a public project)')
      expect(actionText(error.text)).toContain('a read-only mirror')
    })

    it('fails saying the credentials were refused when the password is wrong', async () => {
      const options = mirrorOptions({
        registryCredentials: { username: registry.username, password: 'wrong-password' }
      })
      const error = await failureOf(
        mirrorArchive(parseMirrorTarget(`oci://${registry.host}/docs/acme`), archive, options)
      )
      expect(error.code).toBe('mirror')
      expect(actionText(error.text)).toMatch(
        /HTTP 401.*The registry refused the credentials: check mirror-username and mirror-password/
      )
      expect(actionText(error.text)).not.toContain('wrong-password')
    })

    it('asks for credentials when none are given', async () => {
      const error = await failureOf(
        mirrorArchive(parseMirrorTarget(`oci://${registry.host}/docs/acme`), archive, mirrorOptions())
      )
      expect(actionText(error.text)).toContain(`the registry ${registry.host} asks for credentials (HTTP 401)`)
    })
  })

  describe('with the bearer-token flow', () => {
    let registry: Registry
    let front: Relay

    beforeAll(async () => {
      registry = await startRegistry({ auth: 'token', readOnlyMirror: true })
      front = await startRelay(registry.url)
    })

    afterAll(async () => {
      await front?.stop()
      await registry?.stop()
    })

    it('gets a token from the realm with the credentials, and sends the registry only the token', async () => {
      const options = mirrorOptions({
        publicUrl: registry.readOnly?.url,
        registryCredentials: { username: registry.username, password: registry.password }
      })
      const result = await mirrorArchive(parseMirrorTarget(`oci://${front.host}/docs/bearer:v1`), archive, options)
      expect(result).toMatchObject({ uploaded: true, checked: true, location: `${front.host}/docs/bearer:v1` })

      expect(registry.tokenRequests).toHaveLength(1)
      expect(registry.tokenRequests[0]).toMatchObject({ method: 'GET', authorization: basic(registry) })
      expect(registry.tokenRequests[0]?.url).toContain('scope=repository%3Adocs%2Fbearer%3Apull%2Cpush')
      expect(registry.tokenRequests[0]?.url).toContain('service=docs-export-tests')
      // The registry saw a request without credentials (the challenge), then only the token.
      const sent = front.requests.map((request) => request.authorization)
      expect(sent[0]).toBeUndefined()
      expect(sent.slice(1).every((authorization) => authorization?.startsWith('Bearer ey'))).toBe(true)
      expect(front.requests.some((request) => request.authorization?.includes(registry.password))).toBe(false)
    })
  })
})

function basic(registry: Registry): string {
  return `Basic ${Buffer.from(`${registry.username}:${registry.password}`).toString('base64')}`
}

function missingSkopeo(): string | undefined {
  try {
    run('skopeo', ['--version'])
    return undefined
  } catch {
    return "skopeo is not installed (Debian's skopeo)"
  }
}
