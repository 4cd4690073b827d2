import { createHash } from 'node:crypto'
import { formatBytes, formatDuration } from '../core/format.js'
import { stoppedError } from '../core/deadline.js'
import { kindFacts } from './kinds.js'
import { OCI_MANIFEST, RegistryClient } from './oci.js'
import { reportUpload } from './progress.js'
import { TAG, type OciTarget } from './target.js'
import type { MirrorArchive, MirrorContext } from './types.js'

/**
 * The archive as an OCI artifact, in the shape `oras push` and `flux push artifact` give one: an
 * image manifest with an `artifactType` of the action's own, the empty config, one layer (the
 * archive, its media type by kind) and annotations that say which export it is; tagged `TAG`,
 * else `version`, else the job id.
 */

/** The action's own artifact type: not the vendor's name, which is not ours to use. */
export const ARTIFACT_TYPE = 'application/vnd.docs-export.bundle.v1'
/** Annotations of our own, in the artifact type's tree. */
const ANNOTATION = {
  domain: 'vnd.docs-export.domain',
  jobId: 'vnd.docs-export.job-id',
  version: 'vnd.docs-export.version'
}
/** The OCI image spec's empty descriptor: `{}`, for an artifact that has no config. */
const EMPTY_CONFIG = {
  mediaType: 'application/vnd.oci.empty.v1+json',
  digest: 'sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a',
  size: 2
}
const EMPTY_BYTES = Buffer.from('{}')

export interface RegistryCopy {
  url: string
  ref: string
  location: string
  uploaded: boolean
}

export async function mirrorToRegistry(
  target: OciTarget,
  archive: MirrorArchive,
  context: MirrorContext
): Promise<RegistryCopy> {
  const tag = tagOf(target.tag ?? context.version ?? context.jobId)
  const location = `${target.host}/${target.repository}:${tag}`
  try {
    const client = await RegistryClient.connect(target, context)
    const layerDigest = `sha256:${archive.sha256}`
    const present = await client.blobExists(layerDigest)
    if (present) {
      context.host.info(
        `Mirror: ${target.host}/${target.repository} holds this archive already (blob ${layerDigest}): not uploaded again`
      )
    } else {
      let sent = 0
      const stopProgress = reportUpload(context.host, archive.sizeBytes, () => sent)
      const startedAt = Date.now()
      try {
        await client.uploadBlob({ file: archive.path }, layerDigest, archive.sizeBytes, (count) => (sent += count))
      } finally {
        stopProgress()
      }
      context.host.info(
        `Mirror: uploaded ${formatBytes(archive.sizeBytes)} to ${target.host}/${target.repository} in ${formatDuration(Date.now() - startedAt)}`
      )
    }
    if (!(await client.blobExists(EMPTY_CONFIG.digest)))
      await client.uploadBlob({ bytes: EMPTY_BYTES }, EMPTY_CONFIG.digest, EMPTY_BYTES.length)
    const manifest = Buffer.from(JSON.stringify(manifestOf(archive, context)))
    const digest = `sha256:${createHash('sha256').update(manifest).digest('hex')}`
    if ((await client.manifestDigest(tag)) === digest) {
      context.host.info(`Mirror: ${location} names this artifact already (${digest})`)
    } else {
      await client.putManifest(tag, manifest, digest)
      context.host.info(`Mirror: pushed ${location} (${digest})`)
    }
    const base = context.publicUrl ?? target.origin
    return {
      url: `${base}/v2/${target.repository}/blobs/${layerDigest}`,
      ref: `${target.host}/${target.repository}@${digest}`,
      location,
      uploaded: !present
    }
  } catch (error) {
    throw stoppedError(context.deadline, context.signal, `while pushing the archive to ${location}`) ?? error
  }
}

function manifestOf(archive: MirrorArchive, context: MirrorContext): object {
  const facts = kindFacts(archive.kind)
  return {
    schemaVersion: 2,
    mediaType: OCI_MANIFEST,
    artifactType: ARTIFACT_TYPE,
    config: EMPTY_CONFIG,
    layers: [
      {
        mediaType: facts.layerMediaType,
        digest: `sha256:${archive.sha256}`,
        size: archive.sizeBytes,
        // The name `oras pull` gives the file it writes.
        annotations: { 'org.opencontainers.image.title': `${archive.sha256}.${facts.ending}` }
      }
    ],
    annotations: {
      'org.opencontainers.image.created': context.createdAt,
      [ANNOTATION.jobId]: context.jobId,
      ...(context.domain ? { [ANNOTATION.domain]: context.domain } : {}),
      ...(context.version ? { [ANNOTATION.version]: context.version } : {})
    }
  }
}

/**
 * A tag from `version` or the job id, which may hold what a tag may not: anything but letters,
 * digits, `_`, `.` and `-` becomes `_`, the first character cannot be `.` or `-`, 128 at most.
 */
function tagOf(text: string): string {
  if (TAG.test(text)) return text
  return (
    text
      .replace(/[^A-Za-z0-9_.-]/g, '_')
      .replace(/^[.-]/, '_')
      .slice(0, 128) || '_'
  )
}
