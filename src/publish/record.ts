import { z } from 'zod'
import { jsonBytesWithListsByLine } from '../manifest/json-file.js'
import { MAX_MANIFEST_BYTES, Sha256 } from '../manifest/schema.js'
import { isKeyPath } from '../storage/s3-location.js'

/**
 * The record of a publish: what the action published under PREFIX, each object with the SHA-256
 * of its bytes and the ETag the store gave it, and the removed files it keeps a while longer.
 * It is an object of the action's own beside the site, written last, once everything it names is
 * in place; the next publish compares the site with it. It comes back from the bucket, so it is
 * checked field by field: a path in it could otherwise name a key outside PREFIX.
 */

/** Its name under PREFIX: a name no export gives a file of its site (a refusal names it when one does). */
export const RECORD_NAME = '.docs-export-publish.json'
const RECORD_VERSION = 1
/** As large as the largest manifest, which it follows file by file. */
export const MAX_RECORD_BYTES = MAX_MANIFEST_BYTES

const Path = z.string().refine(isKeyPath, 'a relative path without empty, `.` or `..` parts')
const PublishedObject = z.object({ path: Path, sha256: Sha256, etag: z.string().max(256) })
const RetainedObject = PublishedObject.extend({ removedIn: z.number().int().nonnegative() })

const RecordSchema = z.object({
  version: z.literal(RECORD_VERSION),
  /** How many publishes the record counts, this one included: a removed file keeps its number. */
  serial: z.number().int().positive(),
  publishedAt: z.string(),
  jobId: z.string(),
  bundleSha256: Sha256,
  files: z.array(PublishedObject),
  retained: z.array(RetainedObject),
  /** Each page again under its route's key (`guides/x` for `guides/x.html`): absent from records written before them. */
  routes: z.array(PublishedObject).default([])
})

export type PublishedObject = z.infer<typeof PublishedObject>
export type RetainedObject = z.infer<typeof RetainedObject>

/** A record read back, each list by path. */
export interface PublishRecord {
  serial: number
  files: ReadonlyMap<string, PublishedObject>
  retained: ReadonlyMap<string, RetainedObject>
  routes: ReadonlyMap<string, PublishedObject>
}

/** The record from its bytes; a reason instead when they are not a record of this action's. */
export function parseRecord(bytes: Buffer): PublishRecord | { problem: string } {
  let json: unknown
  try {
    json = JSON.parse(bytes.toString('utf8'))
  } catch {
    return { problem: 'it is not JSON' }
  }
  const parsed = RecordSchema.safeParse(json)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    return { problem: `${issue?.path.join('.') || 'it'}: ${issue?.message ?? 'not a record'}` }
  }
  const files = new Map(parsed.data.files.map((file) => [file.path, file]))
  const retained = new Map(parsed.data.retained.map((file) => [file.path, file]))
  const routes = new Map(parsed.data.routes.map((file) => [file.path, file]))
  const twice =
    files.size !== parsed.data.files.length ||
    retained.size !== parsed.data.retained.length ||
    routes.size !== parsed.data.routes.length ||
    [...retained.keys()].some((path) => files.has(path)) ||
    [...routes.keys()].some((path) => files.has(path) || retained.has(path))
  if (twice) return { problem: 'it names a path twice' }
  return { serial: parsed.data.serial, files, retained, routes }
}

/** The record's bytes: one object a line, as the manifest has its files. */
export function recordBytes(fields: {
  serial: number
  jobId: string
  bundleSha256: string
  /** Each list as an array, or an iterable that gives its entries afresh each time (json-file.ts). */
  files: Iterable<PublishedObject>
  retained: Iterable<RetainedObject>
  routes: Iterable<PublishedObject>
}): Buffer {
  const record: Record<keyof z.input<typeof RecordSchema>, unknown> = {
    version: RECORD_VERSION,
    serial: fields.serial,
    publishedAt: new Date().toISOString(),
    jobId: fields.jobId,
    bundleSha256: fields.bundleSha256,
    files: fields.files,
    retained: fields.retained,
    routes: fields.routes
  }
  return jsonBytesWithListsByLine(record)
}
