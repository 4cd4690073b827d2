import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { createReadStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { oneLine } from '../core/log-text.js'
import { input, message } from '../core/message.js'
import { readBounded } from '../core/net.js'
import type { ContentFile } from '../deployment/sample.js'
import { s3Failure, type S3Stage } from '../storage/s3-client.js'
import { keyOf, prefixUrl, type S3Location } from '../storage/s3-location.js'
import { publishError } from './errors.js'
import { MAX_RECORD_BYTES, parseRecord, RECORD_NAME, type PublishRecord } from './record.js'

/**
 * The publish's requests to the bucket: one listing of PREFIX, the record, each file's upload,
 * the deletes and the new record. Every failure is the publish's (code `publish`), in the words
 * of src/storage/s3-client.ts.
 */

/** The publish as the S3 client's errors name it. */
export const PUBLISH: S3Stage = {
  name: 'Publish',
  failure: publishError,
  inputs: { target: 'publish-to', region: 'publish-region', endpoint: 'publish-endpoint' },
  permissions: 's3:ListBucket (on the bucket, for the prefix), s3:GetObject, s3:PutObject and s3:DeleteObject'
}

/** Larger files go up in parts of this size, four at a time; smaller ones in one PUT, read whole. */
const PART_BYTES = 8 * 1024 * 1024
const PARTS_AT_ONCE = 4
/** Keys a batch delete names; S3 takes up to 1,000. */
const DELETE_BATCH = 1000

/** The headers of one object. */
export interface ObjectHeaders {
  contentType: string
  cacheControl: string
}

export class Bucket {
  readonly target: S3Location
  private readonly client: S3Client
  private readonly signal: AbortSignal

  constructor(client: S3Client, target: S3Location, signal: AbortSignal) {
    this.client = client
    this.target = target
    this.signal = signal
  }

  /** The key of a path of the site. */
  keyOf(file: string): string {
    return keyOf(this.target.prefix, file)
  }

  /** `s3://BUCKET/PREFIX/`, as messages name the place. */
  get location(): string {
    return prefixUrl(this.target)
  }

  /** Every object under PREFIX but the record, by its path under PREFIX, with its ETag. */
  async list(): Promise<Map<string, string>> {
    const prefix = this.target.prefix ? `${this.target.prefix}/` : ''
    const objects = new Map<string, string>()
    let token: string | undefined
    do {
      const page = await this.call('listing', (options) =>
        this.client.send(
          new ListObjectsV2Command({
            Bucket: this.target.bucket,
            ...(prefix ? { Prefix: prefix } : {}),
            ...(token ? { ContinuationToken: token } : {})
          }),
          options
        )
      )
      for (const object of page.Contents ?? []) {
        const name = object.Key?.startsWith(prefix) ? object.Key.slice(prefix.length) : undefined
        if (name && name !== RECORD_NAME) objects.set(name, etagOf(object.ETag))
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return objects
  }

  /** The record of the last publish; undefined when there is none. */
  async readRecord(): Promise<PublishRecord | undefined> {
    const key = this.keyOf(RECORD_NAME)
    let body: AsyncIterable<Uint8Array>
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.target.bucket, Key: key }), {
        abortSignal: this.signal
      })
      body = answer.Body as AsyncIterable<Uint8Array>
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return undefined
      if (this.signal.aborted) throw error
      throw s3Failure(error, 'reading the record of the last publish from', this.target, PUBLISH)
    }
    const bytes = await readBounded(body, undefined, MAX_RECORD_BYTES).catch((error: unknown) => {
      throw s3Failure(error, 'reading the record of the last publish from', this.target, PUBLISH)
    })
    const record = bytes ? parseRecord(bytes) : { problem: `it is larger than ${MAX_RECORD_BYTES} bytes` }
    if ('problem' in record)
      throw publishError(
        `Publish: s3://${this.target.bucket}/${key} is not a record this action wrote (${oneLine(record.problem)})`,
        {
          hint: message`Remove it if nothing else wrote it, or give ${input('publish-to')} a prefix of its own`
        }
      )
    return record
  }

  /**
   * Uploads one file of the site from `sitePath` with its headers and its SHA-256 (as metadata,
   * and as the checksum AWS checks on arrival for a file of one part); returns the object's ETag.
   */
  async upload(file: ContentFile, sitePath: string, headers: ObjectHeaders): Promise<string> {
    const params = {
      Bucket: this.target.bucket,
      Key: this.keyOf(file.path),
      ContentType: headers.contentType,
      CacheControl: headers.cacheControl,
      Metadata: { sha256: file.sha256 }
    }
    const source = path.join(sitePath, file.source)
    const action = `uploading ${oneLine(file.path)} to`
    if (file.size <= PART_BYTES) {
      const body = await readFile(source)
      const answer = await this.call(action, (options) =>
        this.client.send(
          new PutObjectCommand({
            ...params,
            Body: body,
            ContentLength: body.length,
            ChecksumSHA256: Buffer.from(file.sha256, 'hex').toString('base64')
          }),
          options
        )
      )
      return etagOf(answer.ETag)
    }
    // lib-storage's Upload: parts of 8 MiB, and an abort of the upload on any failure, so that no part stays behind.
    const body = createReadStream(source, { highWaterMark: 1024 * 1024 })
    const stopReading = (): void => void body.destroy(this.signal.reason as Error)
    this.signal.addEventListener('abort', stopReading, { once: true })
    try {
      const transfer = new Upload({
        client: this.client,
        partSize: PART_BYTES,
        queueSize: PARTS_AT_ONCE,
        leavePartsOnError: false,
        params: { ...params, Body: body, ContentLength: file.size }
      })
      const answer = await transfer.done()
      return etagOf(answer.ETag)
    } catch (error) {
      throw this.signal.aborted ? error : s3Failure(error, action, this.target, PUBLISH)
    } finally {
      this.signal.removeEventListener('abort', stopReading)
      body.destroy()
    }
  }

  /** Deletes the objects of these paths, in batches; a key the store could not delete fails the publish. */
  async delete(paths: readonly string[]): Promise<void> {
    for (let start = 0; start < paths.length; start += DELETE_BATCH) {
      const batch = paths.slice(start, start + DELETE_BATCH)
      const answer = await this.call('deleting removed files from', (options) =>
        this.client.send(
          new DeleteObjectsCommand({
            Bucket: this.target.bucket,
            Delete: { Quiet: true, Objects: batch.map((file) => ({ Key: this.keyOf(file) })) }
          }),
          options
        )
      )
      const [refused] = answer.Errors ?? []
      if (refused)
        throw publishError(
          `Publish: ${answer.Errors?.length} of ${batch.length} objects could not be deleted from ${this.location}, such as ${oneLine(refused.Key ?? '?')} (${oneLine(refused.Code ?? 'no code')}: ${oneLine(refused.Message ?? '')})`,
          { hint: `The credentials need s3:DeleteObject on the prefix` }
        )
    }
  }

  /** Writes the record, last: it names only what is in place. */
  async writeRecord(bytes: Buffer, cacheControl: string): Promise<void> {
    await this.call('writing the record of this publish to', (options) =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.target.bucket,
          Key: this.keyOf(RECORD_NAME),
          Body: bytes,
          ContentType: 'application/json',
          CacheControl: cacheControl
        }),
        options
      )
    )
  }

  /** A request, with the run's signal; its failure in the publish's words. */
  private async call<Output>(
    action: string,
    request: (options: { abortSignal: AbortSignal }) => Promise<Output>
  ): Promise<Output> {
    try {
      return await request({ abortSignal: this.signal })
    } catch (error) {
      // A cut is said once, by the publish.
      throw this.signal.aborted ? error : s3Failure(error, action, this.target, PUBLISH)
    }
  }
}

/** An ETag without the quotes around it, which stores put in some answers and not in others. */
function etagOf(etag: string | undefined): string {
  return (etag ?? '').replace(/^"|"$/g, '')
}
