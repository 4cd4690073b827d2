import { randomUUID } from 'node:crypto'
import {
  AbortMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand
} from '@aws-sdk/client-s3'
import type { Deadline } from '../core/deadline.js'
import { s3Client, s3Failure, type S3Stage } from './s3-client.js'
import { keyOf, prefixUrl, type S3Location } from './s3-location.js'

/**
 * A bucket a run will write to, asked before the export starts, so that a wrong bucket, refused
 * credentials or a mistyped region cost seconds rather than an export. Each probe asks only what
 * the stage's own permissions allow, and leaves nothing behind:
 * - `list`: one ListObjectsV2 of one key under PREFIX (s3:ListBucket);
 * - `put-delete`: an empty object of a name of its own under PREFIX, deleted at once (s3:PutObject,
 *   s3:DeleteObject);
 * - `upload-abort`: a multipart upload under PREFIX, aborted at once, which stores nothing
 *   (s3:PutObject, s3:AbortMultipartUpload).
 */

export type BucketProbe = 'list' | 'put-delete' | 'upload-abort'

export interface BucketProbeOptions {
  stage: S3Stage
  probes: readonly BucketProbe[]
  region: string
  deadline: Deadline
  environment?: Readonly<Record<string, string | undefined>>
}

/** The name of the probe's object: a name no export gives a file, unique to this run. */
const PROBE_NAME = '.docs-export-probe'

export async function probeBucket(target: S3Location, options: BucketProbeOptions): Promise<void> {
  const { stage } = options
  const client = s3Client(target, options.region, options.deadline, options.environment)
  const abortSignal = options.deadline.signal()
  const Bucket = target.bucket
  const key = keyOf(target.prefix, `${PROBE_NAME}-${randomUUID()}`)
  const ask = async <T>(action: string, send: () => Promise<T>): Promise<T> =>
    send().catch((error: unknown) => {
      throw s3Failure(error, action, target, stage)
    })
  try {
    for (const probe of options.probes) {
      if (probe === 'list') {
        const Prefix = target.prefix ? `${target.prefix}/` : undefined
        await ask('listing', () =>
          client.send(new ListObjectsV2Command({ Bucket, MaxKeys: 1, ...(Prefix ? { Prefix } : {}) }), { abortSignal })
        )
      } else if (probe === 'put-delete') {
        await ask('writing a probe object (deleted at once) to', () =>
          client.send(new PutObjectCommand({ Bucket, Key: key, Body: new Uint8Array(0) }), { abortSignal })
        )
        await ask(`deleting the probe object ${key} (delete it by hand) from`, () =>
          client.send(new DeleteObjectCommand({ Bucket, Key: key }), { abortSignal })
        )
      } else {
        const started = await ask('starting a probe upload (aborted at once) to', () =>
          client.send(new CreateMultipartUploadCommand({ Bucket, Key: key }), { abortSignal })
        )
        await ask(`aborting the probe upload to ${key} (a lifecycle rule removes what is left) in`, () =>
          client.send(new AbortMultipartUploadCommand({ Bucket, Key: key, UploadId: started.UploadId }), {
            abortSignal
          })
        )
      }
    }
  } finally {
    client.destroy()
  }
}

/** What the probes proved, as the log says it. */
export function probed(target: S3Location, probes: readonly BucketProbe[]): string {
  const words = { list: 'lists', 'put-delete': 'takes a write', 'upload-abort': 'takes an upload' }
  return `${prefixUrl(target)} ${probes.map((probe) => words[probe]).join(' and ')} with the runner's credentials`
}
