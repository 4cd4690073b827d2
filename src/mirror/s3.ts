import { HeadObjectCommand, PutObjectCommand, type HeadObjectCommandOutput, type S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { formatBytes, formatDuration } from '../core/format.js'
import { stoppedError } from '../core/deadline.js'
import { mirrorError } from './errors.js'
import { kindFacts } from './kinds.js'
import { reportUpload } from './progress.js'
import { s3Client, s3Failure, withUnfinishedAbort, type S3Stage } from '../storage/s3-client.js'
import { bucketUrl, DEFAULT_REGION, keyOf, objectUrl } from '../storage/s3-location.js'
import type { S3Target } from './target.js'
import type { MirrorArchive, MirrorContext } from './types.js'

/**
 * The archive into a bucket: `PREFIX/<sha256>.<kind>` (content-addressed, so a key is never
 * rewritten with other bytes), the manifest beside it, then `PREFIX/latest.json`, written last, so
 * that it never names an object that is not complete.
 */

/**
 * Parts of a multipart upload, and how many go at once: 64 MiB of parts in memory at most. Four
 * parts of 16 MiB were slower than `aws s3 cp` (parts of 8 MiB, ten at a time); these kept up with
 * it (scripts/bench/figures/mirror.ts). An archive of one part or less goes in one PUT.
 */
const PART_BYTES = 8 * 1024 * 1024
const PARTS_AT_ONCE = 8
/** The archive's key names its bytes: a cache in front of the bucket may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** latest.json names the newest archive: a cache must ask again each time. */
const NO_CACHE = 'no-cache'

/** The mirror as the S3 client's errors name it. */
export const MIRROR: S3Stage = {
  name: 'Mirror',
  failure: mirrorError,
  inputs: { target: 'mirror-to', region: 'mirror-region', endpoint: 'mirror-endpoint' },
  permissions: 's3:PutObject, s3:GetObject (which HeadObject uses) and s3:AbortMultipartUpload'
}

/** `PREFIX/latest.json`: field names as the manifest's (`version` is the schema's, `exportVersion` the export's label). */
interface LatestPointer {
  version: 1
  key: string
  sha256: string
  jobId: string
  exportVersion: string | null
  createdAt: string
  manifestKey: string | null
}

export interface S3Copy {
  url: string
  location: string
  uploaded: boolean
}

export async function mirrorToS3(target: S3Target, archive: MirrorArchive, context: MirrorContext): Promise<S3Copy> {
  const region = context.region ?? DEFAULT_REGION
  const client = s3Client(target, region, context.deadline, context.environment)
  const key = keyOf(target.prefix, `${archive.sha256}.${kindFacts(archive.kind).ending}`)
  const location = `s3://${target.bucket}/${key}`
  const activity = `while mirroring the archive to ${location}`
  try {
    const present = await holdsArchive(client, target, key, archive, context)
    if (present) {
      context.host.info(`Mirror: ${location} holds this archive already (same size and SHA-256): not uploaded again`)
    } else {
      await upload(client, target, key, archive, context)
      await confirmStored(client, target, key, archive, context)
    }
    const manifestKey = context.manifestPath ? keyOf(target.prefix, `${archive.sha256}.manifest.json`) : undefined
    // The manifest names the run that wrote it as well as the archive: no promise that it stays the same.
    if (context.manifestPath && manifestKey)
      await putSmall(
        client,
        target,
        manifestKey,
        await readFile(context.manifestPath),
        'application/json',
        undefined,
        context
      )
    const latest: LatestPointer = {
      version: 1,
      key,
      sha256: archive.sha256,
      jobId: context.jobId,
      exportVersion: context.version ?? null,
      createdAt: context.createdAt,
      manifestKey: manifestKey ?? null
    }
    const latestKey = keyOf(target.prefix, 'latest.json')
    await putSmall(
      client,
      target,
      latestKey,
      Buffer.from(`${JSON.stringify(latest, null, 2)}\n`),
      'application/json',
      NO_CACHE,
      context
    )
    context.host.info(`Mirror: s3://${target.bucket}/${latestKey} names it as the newest archive`)
    return { url: objectUrl(context.publicUrl ?? bucketUrl(target, region), key), location, uploaded: !present }
  } catch (error) {
    const stopped = stoppedError(context.deadline, context.signal, activity)
    throw stopped ? withUnfinishedAbort(stopped, error) : error
  } finally {
    client.destroy()
  }
}

/**
 * Whether the object is there already with the archive's size and SHA-256 (the metadata the
 * mirror stores, or the store's own SHA-256 checksum). Any other object at the key is replaced: the
 * key names these bytes. A HEAD that is refused (credentials allowed to put but not to read) only
 * means the upload cannot be skipped; the upload then says what the store thinks of them.
 */
async function holdsArchive(
  client: S3Client,
  target: S3Target,
  key: string,
  archive: MirrorArchive,
  context: MirrorContext
): Promise<boolean> {
  const head = await headObject(client, target, key, context)
  if (head === 'refused') {
    context.host.debug(`Mirror: HEAD of ${key} was refused (HTTP 403); uploading without checking for a copy`)
    return false
  }
  if (!head) return false
  if (head.ContentLength === archive.sizeBytes && storedSha256(head) === archive.sha256) return true
  context.host.info(
    `Mirror: the object at ${key} is not this archive (another size, or no SHA-256 to compare): replacing it`
  )
  return false
}

async function headObject(
  client: S3Client,
  target: S3Target,
  key: string,
  context: MirrorContext
): Promise<HeadObjectCommandOutput | 'refused' | undefined> {
  try {
    return await client.send(new HeadObjectCommand({ Bucket: target.bucket, Key: key, ChecksumMode: 'ENABLED' }), {
      abortSignal: context.signal
    })
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode
    if (status === 404) return undefined
    if (status === 403) return 'refused'
    throw s3Failure(error, 'reading', target, MIRROR)
  }
}

/** The SHA-256 an object carries, hex: our metadata, else a whole-object checksum (not a multipart one, `…-N`). */
function storedSha256(head: HeadObjectCommandOutput): string | undefined {
  const metadata = head.Metadata?.sha256?.toLowerCase()
  if (metadata) return metadata
  const checksum = head.ChecksumSHA256
  return checksum && !checksum.includes('-') ? Buffer.from(checksum, 'base64').toString('hex') : undefined
}

/**
 * lib-storage's Upload: one PUT for an archive of one part, else a multipart upload, aborted on any
 * failure (leavePartsOnError: false), so that no part stays behind. On a cut, the run's signal
 * stops the reading of the file and every request in flight (see src/storage/s3-client.ts); the
 * abort then goes out, and the upload rejects once it has, or once the clean-up's grace is over:
 * the failure then says that the abort may not have completed.
 */
async function upload(
  client: S3Client,
  target: S3Target,
  key: string,
  archive: MirrorArchive,
  context: MirrorContext
): Promise<void> {
  const facts = kindFacts(archive.kind)
  const body = createReadStream(archive.path, { highWaterMark: 1024 * 1024 })
  const stopReading = (): void => void body.destroy(context.signal.reason as Error)
  context.signal.addEventListener('abort', stopReading, { once: true })
  const transfer = new Upload({
    client,
    partSize: PART_BYTES,
    queueSize: PARTS_AT_ONCE,
    leavePartsOnError: false,
    params: {
      Bucket: target.bucket,
      Key: key,
      Body: body,
      ContentLength: archive.sizeBytes,
      ContentType: facts.contentType,
      CacheControl: IMMUTABLE,
      Metadata: { sha256: archive.sha256 },
      // The whole object's SHA-256, which S3 checks on arrival; a multipart upload has a checksum per part instead.
      ...(archive.sizeBytes <= PART_BYTES
        ? { ChecksumSHA256: Buffer.from(archive.sha256, 'hex').toString('base64') }
        : {})
    }
  })
  let uploaded = 0
  transfer.on('httpUploadProgress', (progress) => (uploaded = progress.loaded ?? uploaded))
  const stopProgress = reportUpload(context.host, archive.sizeBytes, () => uploaded)
  const startedAt = Date.now()
  try {
    await transfer.done()
  } catch (error) {
    // A cut is said once, by mirrorToS3, with what the abort left behind.
    throw context.signal.aborted ? error : s3Failure(error, 'uploading the archive to', target, MIRROR)
  } finally {
    stopProgress()
    context.signal.removeEventListener('abort', stopReading)
    body.destroy()
  }
  context.host.info(
    `Mirror: uploaded ${formatBytes(archive.sizeBytes)} to s3://${target.bucket}/${key} in ${formatDuration(Date.now() - startedAt)}`
  )
}

/** What the store says it holds now: the archive's size and SHA-256, or the upload went wrong. */
async function confirmStored(
  client: S3Client,
  target: S3Target,
  key: string,
  archive: MirrorArchive,
  context: MirrorContext
): Promise<void> {
  const head = await headObject(client, target, key, context)
  // Credentials allowed to put but not to read: the check that follows is what remains.
  if (head === 'refused') return
  if (head?.ContentLength !== archive.sizeBytes || storedSha256(head) !== archive.sha256)
    throw mirrorError(
      `Mirror: after the upload, s3://${target.bucket}/${key} holds ${head?.ContentLength ?? 'no'} bytes${head ? ` with SHA-256 ${storedSha256(head) ?? 'unknown'}` : ''}, not the archive (${archive.sizeBytes} bytes, ${archive.sha256})`
    )
}

async function putSmall(
  client: S3Client,
  target: S3Target,
  key: string,
  body: Buffer,
  contentType: string,
  cacheControl: string | undefined,
  context: MirrorContext
): Promise<void> {
  await client
    .send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: cacheControl
      }),
      { abortSignal: context.signal }
    )
    .catch((error: unknown) => {
      throw s3Failure(error, `writing ${key.split('/').pop()} to`, target, MIRROR)
    })
}
