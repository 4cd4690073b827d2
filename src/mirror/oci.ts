import { header } from '../core/net.js'
import { mirrorError } from './errors.js'
import { RegistrySession, type Body } from './oci-http.js'
import type { OciTarget } from './target.js'
import type { RegistryContext } from './types.js'

/**
 * A small client of one repository of an OCI registry with the distribution spec's flows only:
 * blob HEAD, blob upload (POST, then one PUT `?digest=`, or PATCHes with `Content-Range` then the
 * PUT for a large blob; never the single-request `POST ?digest=`, which distribution 2.8 accepts
 * and then drops), and manifest HEAD and PUT. Its session (oci-http.ts) speaks HTTP and holds the
 * credentials.
 */

export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json'

/** A blob up to this size goes in one PUT; a larger one in PATCHes of this size (proxies in front of registries often cap a request's body). */
const CHUNK_BYTES = 64 * 1024 * 1024

export class RegistryClient {
  private readonly session: RegistrySession

  private constructor(session: RegistrySession) {
    this.session = session
  }

  /** A client of `target`'s repository, once the registry answered `GET /v2/` and took the credentials it asked for. */
  static async connect(target: OciTarget, context: RegistryContext): Promise<RegistryClient> {
    const session = new RegistrySession(target, context)
    await session.connect()
    return new RegistryClient(session)
  }

  private get repository(): string {
    return this.session.target.repository
  }

  async blobExists(digest: string): Promise<boolean> {
    const answer = await this.session.attempts('checking for the blob', () =>
      this.session.send('HEAD', this.session.url(`/v2/${this.repository}/blobs/${digest}`))
    )
    if (answer.status === 200) return true
    if (answer.status === 404) return false
    throw this.session.failure(`HEAD of blob ${digest}`, answer)
  }

  /** Uploads a blob; a failed attempt starts a new upload session (and cancels the old one). */
  async uploadBlob(
    source: { file: string } | { bytes: Buffer },
    digest: string,
    size: number,
    onBytes: (count: number) => void = () => undefined
  ): Promise<void> {
    await this.session.attempts(`uploading blob ${digest}`, async () => {
      const started = await this.session.send('POST', this.session.url(`/v2/${this.repository}/blobs/uploads/`))
      if (started.status !== 202) throw this.session.failure('starting a blob upload (POST)', started)
      let location = this.session.location(started)
      try {
        if ('bytes' in source) {
          await this.finish(location, digest, source.bytes)
          return
        }
        if (size <= CHUNK_BYTES) {
          await this.finish(location, digest, { file: source.file, start: 0, end: size - 1, onBytes })
          return
        }
        for (let start = 0; start < size; start += CHUNK_BYTES) {
          const end = Math.min(size, start + CHUNK_BYTES) - 1
          const chunk = await this.session.send('PATCH', location, {
            body: { file: source.file, start, end, onBytes },
            headers: { 'content-type': 'application/octet-stream', 'content-range': `${start}-${end}` }
          })
          if (chunk.status !== 202) throw this.session.failure(`uploading bytes ${start}-${end} (PATCH)`, chunk)
          location = this.session.location(chunk)
        }
        await this.finish(location, digest)
      } catch (error) {
        await this.session.cancelUpload(location)
        throw error
      }
    })
  }

  /** Whether the registry takes a push into the repository: an upload session started, then cancelled, which stores nothing. */
  async probeUpload(): Promise<void> {
    const started = await this.session.attempts('starting a probe upload (cancelled at once)', () =>
      this.session.send('POST', this.session.url(`/v2/${this.repository}/blobs/uploads/`))
    )
    if (started.status !== 202) throw this.session.failure('starting a probe upload (POST)', started)
    await this.session.cancelUpload(this.session.location(started))
  }

  /** The digest the tag names now, or undefined: a manifest HEAD with the OCI Accept header (distribution answers 404 without it). */
  async manifestDigest(reference: string): Promise<string | undefined> {
    const answer = await this.session.attempts('reading the tag', () =>
      this.session.send('HEAD', this.session.url(`/v2/${this.repository}/manifests/${reference}`), {
        headers: { accept: OCI_MANIFEST }
      })
    )
    if (answer.status === 404) return undefined
    if (answer.status !== 200) throw this.session.failure(`HEAD of manifest ${reference}`, answer)
    return header(answer.headers['docker-content-digest'])
  }

  /** PUTs the manifest (whose digest is `digest`) under `reference`, a tag, and checks the digest the registry says it stored. */
  async putManifest(reference: string, manifest: Buffer, digest: string): Promise<void> {
    const answer = await this.session.attempts('pushing the manifest', () =>
      this.session.send('PUT', this.session.url(`/v2/${this.repository}/manifests/${reference}`), {
        body: manifest,
        headers: { 'content-type': OCI_MANIFEST }
      })
    )
    if (answer.status !== 201) throw this.session.failure(`PUT of manifest ${reference}`, answer)
    const stored = header(answer.headers['docker-content-digest'])
    if (stored && stored !== digest)
      throw mirrorError(`Mirror: the registry stored the manifest as ${stored}, not as ${digest}`)
  }

  /** The finishing PUT `?digest=`, with the last (or only) bytes, or none after PATCHes. */
  private async finish(location: URL, digest: string, body?: Body): Promise<void> {
    const url = new URL(location)
    url.searchParams.set('digest', digest)
    const answer = await this.session.send('PUT', url, {
      body: body ?? Buffer.alloc(0),
      headers: { 'content-type': 'application/octet-stream' }
    })
    if (answer.status !== 201) throw this.session.failure(`finishing the upload of blob ${digest} (PUT)`, answer)
  }
}
