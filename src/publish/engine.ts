import { forEachAtOnce } from '../core/at-once.js'
import { stoppedError, type Deadline } from '../core/deadline.js'
import { ActionError } from '../core/errors.js'
import { countOf, formatBytes, formatDuration } from '../core/format.js'
import type { Host } from '../core/host.js'
import { oneLine } from '../core/log-text.js'
import { input, message } from '../core/message.js'
import { Network } from '../core/net.js'
import { writeOwnFile } from '../core/own-files.js'
import { everyProgressInterval } from '../core/progress.js'
import { contentFiles, type ContentFile } from '../deployment/sample.js'
import { textBytes } from '../manifest/json-file.js'
import { readManifest } from '../manifest/read.js'
import type { Manifest } from '../manifest/schema.js'
import { s3Client, withUnfinishedAbort } from '../storage/s3-client.js'
import { bucketUrl, DEFAULT_REGION, isKeyPath, keyOf, objectUrl, type S3Location } from '../storage/s3-location.js'
import { Bucket } from './bucket.js'
import { publishError } from './errors.js'
import { cacheControl, contentTypeOf, NO_CACHE, type CacheRule } from './headers.js'
import { isPlanText, planBytes, planInBrief, type PlanInBrief } from './plan-file.js'
import { planPublish, routeCopies, tooManyRemoved, type Plan } from './plan.js'
import { readBack } from './read-back.js'
import { RECORD_NAME, recordBytes, type PublishedObject } from './record.js'

/**
 * The unpacked site into the team's bucket (`publish-to`), exactly and in an order that never
 * shows a broken page: the files that changed (by the manifest's SHA-256) that are not pages,
 * then the pages, then the deletes, then the record of what is published; then, with
 * `publish-public-url`, the proof that the address serves it. It runs on the thread that
 * index.ts starts for it (publish-thread.ts), or from src/, on the caller's.
 */

/** What the publish says as it goes: the thread it runs on hands each line to the run's host. */
export type PublishLog = Pick<Host, 'info' | 'debug' | 'progress' | 'progressIntervalMs'>

export interface PublishOptions {
  /** The unpacked site (`site-path`). */
  sitePath: string
  /**
   * Its manifest, as the run wrote it (`manifest.json`): each file's SHA-256 says whether the
   * bucket holds it already. The publish reads the file itself, on its thread, rather than be
   * handed a copy of the run's (docs/decisions/publish-thread.md).
   */
  manifestPath: string
  /** `publish-keep-removed`. */
  keepRemoved: number
  /** `publish-max-delete`, in percent. */
  maxDeletePercent: number
  /** `publish-cache-control`. */
  cacheRules: readonly CacheRule[]
  /** `publish-routes`: `copies` puts each page under its route's key too; `off` leaves routes to the host. */
  routes: 'copies' | 'off'
  /** `publish-public-url`: where the site is read back, as a visitor reads it. */
  publicUrl?: string
  /** `check-files`: how many of the files not uploaded are read back besides those uploaded. */
  checkFiles: number | 'all'
  /** The region to sign for: `publish-region`, else AWS_REGION; absent: DEFAULT_REGION. */
  region?: string
  /** The runner's environment: the S3 client's connections follow the proxy it names. */
  environment?: Readonly<Record<string, string | undefined>>
  /** Where the paths uploaded and deleted are written (`publish-changes-path`). */
  changesPath: string
  /** Where the plan is written, each key with its reason (`publish-plan-path`), before any change. */
  planPath: string
  /** `publish-dry-run`: the plan is made, written and said, and nothing in the bucket changes. */
  dryRun: boolean
  pollIntervalMs: number
  host: PublishLog
  /** The run's deadline, which follows its cancellation too. */
  deadline: Deadline
}

export interface PublishResult {
  /** `s3://BUCKET/PREFIX/`. */
  location: string
  /** `publish-url`: `publish-public-url`, else PREFIX's path-style URL on the endpoint. */
  url: string
  /** Of the site's files (the record not counted): uploaded, already there, deleted. */
  uploaded: number
  unchanged: number
  deleted: number
  /** The number of this publish, which its record keeps. */
  serial: number
  /** Removed files kept a while longer (`publish-keep-removed`). */
  retained: number
  /** The pages' route copies (`publish-routes: copies`), counted apart from the site's files. */
  routes: { uploaded: number; unchanged: number; deleted: number }
  /** `publish-changes-path`: on a dry run, what would change. */
  changesPath: string
  /** `publish-plan-path`. */
  planPath: string
  /** A dry run: the counts are what the publish would do, and nothing was changed. */
  dryRun: boolean
  /** The plan's first keys of each kind, with their reasons, for the summary. */
  plan: PlanInBrief
  /** True when `publish-public-url` was read back and served what was published. */
  checked: boolean
  /**
   * Why `publish-public-url` does not serve what was published. The bucket holds the new site all
   * the same, so the counts and the changes stand (a CDN's invalidation needs them); the caller
   * fails the step with it.
   */
  failure?: Error
}

/** Uploads in flight at once: enough to hide the round trips, few enough for any store. */
const UPLOADS_AT_ONCE = 16
/** S3's longest key, in bytes. */
const MAX_KEY_BYTES = 1024

export async function runPublish(target: S3Location, options: PublishOptions): Promise<PublishResult> {
  const { host, deadline } = options
  const region = options.region ?? DEFAULT_REGION
  const signal = deadline.signal()
  const manifest = await readSiteManifest(options.manifestPath, { host, deadline, signal })
  const site = checkKeys(contentFiles(manifest), target)
  const routes = options.routes === 'copies' ? checkKeys(routeCopies(site), target) : []
  const client = s3Client(target, region, deadline, options.environment)
  const bucket = new Bucket(client, target, signal)
  let plan: Plan
  let brief: PlanInBrief
  try {
    ;({ plan, brief } = await planFromBucket(bucket, { site, routes }, options))
    if (!options.dryRun) await applyPlan(bucket, plan, { site, routes, manifest }, options)
  } catch (error) {
    // A cut is said once, here, with what the abort of a large file's upload left behind.
    const stopped = stoppedError(deadline, signal, `while publishing to ${bucket.location}`)
    throw stopped ? withUnfinishedAbort(stopped, error) : error
  } finally {
    client.destroy()
  }
  const uploaded = [...plan.assets, ...plan.pages].map((file) => file.path)
  const routesUploaded = plan.routes.uploads.map((copy) => copy.path)
  // A CDN caches /guides/x apart from /guides/x.html: both are invalidated.
  const changed = [uploaded, routesUploaded, [...plan.deletes, ...plan.routes.deletes].map((object) => object.path)]
  await writeOwnFile(options.changesPath, changesBytes(changed), {
    recognise: { isOurs: isChangesText, maxBytes: 64 * 1024 * 1024 }
  })
  const base = bucketUrl(target, region)
  const url = options.publicUrl ?? (target.prefix ? objectUrl(base, target.prefix) : base)
  const result: PublishResult = {
    location: bucket.location,
    url,
    serial: plan.serial,
    uploaded: uploaded.length,
    unchanged: plan.unchanged.length,
    deleted: plan.deletes.length,
    retained: plan.retained.length,
    routes: {
      uploaded: routesUploaded.length,
      unchanged: plan.routes.unchanged.length,
      deleted: plan.routes.deletes.length
    },
    changesPath: options.changesPath,
    planPath: options.planPath,
    dryRun: options.dryRun,
    plan: brief,
    checked: false
  }
  if (options.dryRun) {
    host.info(
      message`Publish: a dry run (${input('publish-dry-run', 'true')}): nothing was changed at ${bucket.location}; the plan, each key with its reason, is in ${options.planPath}`
    )
    return result
  }
  if (!options.publicUrl) {
    host.info(
      message`Publish: not read back (no ${input('publish-public-url')}); ${url} serves the site to visitors only where a bucket policy, static website hosting or a CDN lets them read it`
    )
    return result
  }
  const { publicUrl } = options
  return readBack({ ...options, manifest, publicUrl, uploaded: new Set(uploaded), signal }).then(
    () => ({ ...result, checked: true }),
    (error: unknown) => ({
      ...result,
      failure:
        stoppedError(deadline, signal, `while reading ${publicUrl} back`) ??
        (error instanceof Error ? error : new Error(String(error)))
    })
  )
}

/**
 * The record and the listing, read at once, then the plan, written to `planPath` and said; the
 * safety stop, which changes nothing and names what it would have removed.
 */
async function planFromBucket(
  bucket: Bucket,
  { site, routes }: { site: readonly ContentFile[]; routes: readonly ContentFile[] },
  options: PublishOptions
): Promise<{ plan: Plan; brief: PlanInBrief }> {
  const { host } = options
  // Both at once; when both fail, the listing's failure is the one said, whichever came first.
  const [read, listed] = await Promise.allSettled([bucket.readRecord(), bucket.list()])
  if (listed.status === 'rejected') throw listed.reason
  if (read.status === 'rejected') throw read.reason
  const previous = read.value
  const listing = listed.value
  host.info(
    `Publish: ${bucket.location} ${previous ? `holds publish ${previous.serial} of this action (${countOf(previous.files.size, 'file')})` : 'holds no record of an earlier publish'}, and ${countOf(listing.size, 'object')} besides its record`
  )
  const basis = { previous, listing, keepRemoved: options.keepRemoved }
  const plan = planPublish({ site, routes, ...basis })
  // The reasons are said from what the plan was decided from, which goes once the plan is made.
  await writeOwnFile(options.planPath, planBytes(plan, basis, { location: bucket.location, dryRun: options.dryRun }), {
    recognise: { isOurs: isPlanText, maxBytes: 256 * 1024 * 1024 }
  })
  const brief = planInBrief(plan, basis)
  const stop = tooManyRemoved(plan, previous, options.maxDeletePercent)
  if (stop) {
    const share = Math.ceil((stop.removed * 100) / stop.published)
    const allowAny = share < 100 ? message`, or ${input('publish-max-delete', '100%')} to allow any` : ''
    throw publishError(
      message`Publish: this export would remove ${stop.removed} of the ${stop.published} files published at ${bucket.location} (${share}%), more than ${input('publish-max-delete', `${options.maxDeletePercent}%`)} allows: ${examples(plan.removed)}; nothing was changed. The plan, each key with its reason: ${options.planPath}`,
      {
        hint: message`An export that came back nearly empty must not empty the site. If this one is right (a site made smaller on purpose), run again with ${input('publish-max-delete', `${share}%`)}${allowAny}`
      }
    )
  }
  logPlan(plan, bucket, host)
  return { plan, brief }
}

/** The uploads in their order, the deletes, the record. */
async function applyPlan(
  bucket: Bucket,
  plan: Plan,
  { site, routes, manifest }: { site: readonly ContentFile[]; routes: readonly ContentFile[]; manifest: Manifest },
  options: PublishOptions
): Promise<void> {
  const { host } = options
  const headers = { cacheControl: cacheControl(options.cacheRules) }
  const etags = new Map<string, string>()
  const startedAt = Date.now()
  let bytes = 0
  const total = plan.assets.length + plan.pages.length + plan.routes.uploads.length
  const stopProgress = everyProgressInterval(
    () => host.progress(`Publish: uploaded ${etags.size} of ${countOf(total, 'object')} (${formatBytes(bytes)})`),
    host.progressIntervalMs
  )
  try {
    // No page goes up before every other file is in place: a page never names a file that is not there yet.
    // A route copy is a page, with the page's headers.
    for (const phase of [plan.assets, [...plan.pages, ...plan.routes.uploads]]) {
      await forEachAtOnce(phase, UPLOADS_AT_ONCE, async (file) => {
        const etag = await bucket.upload(file, options.sitePath, {
          contentType: contentTypeOf(file.source),
          cacheControl: headers.cacheControl(file.source)
        })
        etags.set(file.path, etag)
        bytes += file.size
      })
    }
  } finally {
    stopProgress()
  }
  if (total > 0)
    host.info(
      `Publish: uploaded ${countOf(total, 'object')} (${formatBytes(bytes)}) in ${formatDuration(Date.now() - startedAt)}`
    )
  await bucket.delete([...plan.deletes, ...plan.routes.deletes].map((object) => object.path))
  /** What the record says of each file: as it was, or as uploaded now; given afresh each time the record's bytes iterate it. */
  const recorded = (
    files: readonly ContentFile[],
    unchanged: readonly PublishedObject[]
  ): Iterable<PublishedObject> => {
    const kept = new Map(unchanged.map((object) => [object.path, object]))
    return {
      *[Symbol.iterator]() {
        for (const file of files)
          yield kept.get(file.path) ?? { path: file.path, sha256: file.sha256, etag: etags.get(file.path) ?? '' }
      }
    }
  }
  const { jobId, bundleSha256 } = manifest
  await bucket.writeRecord(
    recordBytes({
      serial: plan.serial,
      jobId,
      bundleSha256,
      files: recorded(site, plan.unchanged),
      retained: plan.retained,
      routes: recorded(routes, plan.routes.unchanged)
    }),
    NO_CACHE
  )
  host.info(
    `Publish: ${bucket.location} serves ${countOf(site.length, 'file')} as publish ${plan.serial}${routes.length > 0 ? `, and ${countOf(routes.length, 'page')} under ${routes.length === 1 ? 'its route' : 'their routes'} too` : ''}; its record is ${bucket.keyOf(RECORD_NAME)}`
  )
}

/** What the plan does, said once before it does it; what it leaves alone, named. */
function logPlan(plan: Plan, bucket: Bucket, host: PublishLog): void {
  const kept = plan.retained.length > 0 ? `, ${countOf(plan.retained.length, 'removed file')} kept a while longer` : ''
  const { routes } = plan
  const copies = routes.uploads.length + routes.unchanged.length + routes.deletes.length
  host.info(
    `Publish: ${countOf(plan.assets.length + plan.pages.length, 'file')} to upload (${plan.assets.length} not pages, then ${countOf(plan.pages.length, 'page')}), ${plan.unchanged.length} unchanged, ${plan.deletes.length} to delete${kept}` +
      (copies > 0
        ? `; route copies of the pages: ${routes.uploads.length} to upload with the pages, ${routes.unchanged.length} unchanged, ${routes.deletes.length} to delete`
        : '')
  )
  if (plan.replacing.length > 0)
    host.info(
      `Publish: ${plan.replacing.length} of the keys this publish writes ${plan.replacing.length === 1 ? 'holds an object' : 'hold objects'} the record of the last publish does not name (another tool's, or a cut publish's), replaced: ${examples(plan.replacing)}`
    )
  if (plan.foreign.length > 0)
    host.info(
      `Publish: ${countOf(plan.foreign.length, 'object')} under ${bucket.location} ${plan.foreign.length === 1 ? 'is' : 'are'} not this action's, and ${plan.foreign.length === 1 ? 'is' : 'are'} left alone: ${examples(plan.foreign)}`
    )
}

/**
 * The manifest the run wrote beside the site, read back and checked as any manifest is. The run
 * wrote it moments ago, so a failure here is a fault of the runner's disk, said as the publish's.
 */
async function readSiteManifest(
  file: string,
  { host, deadline, signal }: { host: PublishLog; deadline: Deadline; signal: AbortSignal }
): Promise<Manifest> {
  try {
    // A path, never a link: the network is never used.
    return await readManifest(file, { network: new Network(false), host, deadline: deadline.at, signal })
  } catch (error) {
    if (!(error instanceof ActionError)) throw error
    throw publishError(message`Publish: ${error.text}; nothing was published`, { cause: error })
  }
}

/** The site's files (or their route copies), checked before any request: each key stays under PREFIX and is one S3 takes. */
function checkKeys(files: ContentFile[], target: S3Location): ContentFile[] {
  for (const file of files) {
    const problem =
      file.path === RECORD_NAME
        ? 'has the name of the record of the publish'
        : !isKeyPath(file.path)
          ? 'is not a plain relative path'
          : Buffer.byteLength(keyOf(target.prefix, file.path)) > MAX_KEY_BYTES
            ? `makes a key longer than S3's ${MAX_KEY_BYTES} bytes`
            : undefined
    if (problem)
      throw publishError(`Publish: the site's file ${oneLine(file.path)} ${problem}; nothing was published`, {
        hint: message`Publish to a shorter prefix in ${input('publish-to')}, or leave the file out of the site`
      })
  }
  return files
}

/**
 * `publish-changes.json`: the paths uploaded and deleted, as a CDN's invalidation takes them
 * (`/guides/a%20b.html`), one a line, written straight into its bytes (json-file.ts).
 */
function changesBytes(lists: readonly (readonly string[])[]): Buffer {
  const count = lists.reduce((sum, list) => sum + list.length, 0)
  return textBytes(function* () {
    if (count === 0) {
      yield '[]\n'
      return
    }
    yield '['
    let first = true
    for (const list of lists)
      for (const file of list) {
        yield `${first ? '\n' : ',\n'}  ${JSON.stringify(`/${file.split('/').map(encodeURIComponent).join('/')}`)}`
        first = false
      }
    yield '\n]\n'
  })
}

function isChangesText(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return Array.isArray(value) && value.every((item) => typeof item === 'string' && item.startsWith('/'))
  } catch {
    return false
  }
}

function examples(paths: readonly string[]): string {
  const shown = paths.slice(0, 5).map(oneLine).join(', ')
  return paths.length > 5 ? `${shown}, …and ${paths.length - 5} more` : shown
}
