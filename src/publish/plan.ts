import { countOf } from '../core/format.js'
import { routeOf, type ContentFile } from '../deployment/sample.js'
import { isPage } from '../manifest/schema.js'
import type { PublishedObject, PublishRecord, RetainedObject } from './record.js'

/**
 * What a publish does, decided before its first change from three things only: the site (each
 * file's SHA-256, from the manifest), the record of the last publish, and the objects under
 * PREFIX (each key's ETag, from one listing). A file goes up when the bucket does not hold its
 * bytes as the record says it does; nothing is judged by size or time. Only objects the record
 * names, and that the bucket still holds as recorded, are ever deleted. Each page's route copy
 * (`routeCopies`) is kept by the same rules, and counted apart from the site's files.
 */

export interface PlanInput {
  site: readonly ContentFile[]
  /** Each page again under its route's key (`routeCopies`); none when the host maps routes itself. */
  routes?: readonly ContentFile[]
  /** The record of the last publish; undefined for the first one into PREFIX. */
  previous: PublishRecord | undefined
  /** Every object under PREFIX but the record, by its path under PREFIX, with its ETag. */
  listing: ReadonlyMap<string, string>
  /** publish-keep-removed: how many publishes a removed file that is not a page outlives. */
  keepRemoved: number
}

export interface Plan {
  /** The number of this publish, which a removed file keeps to count the publishes since. */
  serial: number
  /** New and changed files that are not pages: they go up first. */
  assets: ContentFile[]
  /** New and changed pages: they go up once every other file is in place. */
  pages: ContentFile[]
  /** Files the bucket holds already as published: the same SHA-256, an object with the ETag recorded. */
  unchanged: PublishedObject[]
  /** Objects to delete once everything is uploaded: removed pages, and removed files whose time is up. */
  deletes: PublishedObject[]
  /** Removed files that are not pages, kept until `keepRemoved` publishes have passed. */
  retained: RetainedObject[]
  /** The published files that the site no longer has: what the safety stop (`publish-max-delete`) counts. */
  removed: string[]
  /** Objects under PREFIX that the action did not publish, or that another changed since: left alone. */
  foreign: string[]
  /** The site's files whose key holds an object the action did not publish: it is replaced. */
  replacing: string[]
  /** The pages' route copies, apart from the site's files: they go up with the pages, and go with their page. */
  routes: RoutePlan
}

interface RoutePlan {
  /** Copies of new and changed pages, and copies the bucket does not hold as recorded. */
  uploads: ContentFile[]
  unchanged: PublishedObject[]
  /** Copies of pages the site no longer has, or routes no longer copied: deleted with the removed pages. */
  deletes: PublishedObject[]
}

/**
 * Each page of the site again under its route's key, with the page's bytes (`guides/x` holds
 * `guides/x.html`), so that a host that serves exact keys (S3 static website hosting) answers the
 * routes the pages link to. Not the front page (`/` is the index document) nor a folder's
 * `index.html` (a host answers `x/` with it, and `x` with a redirect there), and never over a file
 * of the site that has the route's name.
 */
export function routeCopies(site: readonly ContentFile[]): ContentFile[] {
  const paths = new Set(site.map((file) => file.path))
  return site.flatMap((file) => {
    const route = routeOf(file.path)
    // `/` and `x/` are the host's index document's to answer: no key ends in `/`.
    return route && !route.endsWith('/') && !paths.has(route) ? [{ ...file, path: route }] : []
  })
}

export function planPublish({ site, routes = [], previous, listing, keepRemoved }: PlanInput): Plan {
  const serial = (previous?.serial ?? 0) + 1
  /** The object as published, while the bucket still holds it so: the same key, the same ETag. */
  const held = <T extends PublishedObject>(object: T | undefined): T | undefined =>
    object && listing.get(object.path) === object.etag ? object : undefined
  const ours = (path: string): boolean =>
    held(previous?.files.get(path)) !== undefined ||
    held(previous?.retained.get(path)) !== undefined ||
    held(previous?.routes.get(path)) !== undefined
  // A key the site or a route copy takes is never deleted nor listed as another's, whatever it was before.
  const inSite = new Set([...site, ...routes].map((file) => file.path))
  const plan: Plan = {
    serial,
    assets: [],
    pages: [],
    unchanged: [],
    deletes: [],
    retained: [],
    removed: [],
    foreign: [],
    replacing: [],
    routes: { uploads: [], unchanged: [], deletes: [] }
  }
  for (const file of site) {
    const published = held(previous?.files.get(file.path) ?? previous?.retained.get(file.path))
    if (published?.sha256 === file.sha256) {
      plan.unchanged.push({ path: file.path, sha256: file.sha256, etag: published.etag })
      continue
    }
    ;(isPage(file.path) ? plan.pages : plan.assets).push(file)
    // An object the record does not name is replaced, never taken as ours by its ETag: its headers are
    // another tool's (docs/decisions/publish-first-into-a-filled-prefix.md).
    if (!ours(file.path) && listing.has(file.path)) plan.replacing.push(file.path)
  }
  for (const copy of routes) {
    const published = held(previous?.routes.get(copy.path))
    if (published?.sha256 === copy.sha256) {
      plan.routes.unchanged.push({ path: copy.path, sha256: copy.sha256, etag: published.etag })
      continue
    }
    plan.routes.uploads.push(copy)
    if (!ours(copy.path) && listing.has(copy.path)) plan.replacing.push(copy.path)
  }
  for (const published of previous?.routes.values() ?? []) {
    const object = inSite.has(published.path) ? undefined : held(published)
    if (object) plan.routes.deletes.push(object)
  }
  const leaving: RetainedObject[] = []
  for (const published of previous?.files.values() ?? []) {
    if (inSite.has(published.path)) continue
    plan.removed.push(published.path)
    const object = held(published)
    if (!object) continue
    // A page no other page links to any more goes at once; other files outlive it, so that a page
    // a browser or a cache kept from before this publish still gets its styles and scripts.
    if (isPage(object.path)) plan.deletes.push(object)
    else leaving.push({ ...object, removedIn: serial })
  }
  for (const kept of [...(previous?.retained.values() ?? []), ...leaving]) {
    const object = inSite.has(kept.path) ? undefined : held(kept)
    if (!object) continue
    if (serial - object.removedIn >= keepRemoved) plan.deletes.push(object)
    else plan.retained.push(object)
  }
  for (const path of listing.keys()) if (!inSite.has(path) && !ours(path)) plan.foreign.push(path)
  return plan
}

/**
 * The safety stop: how many of the published files this publish would remove, when that is more
 * than `maxDeletePercent` of them; undefined when it is within the share (or nothing was published).
 */
export function tooManyRemoved(
  plan: Plan,
  previous: PublishRecord | undefined,
  maxDeletePercent: number
): { removed: number; published: number } | undefined {
  const published = previous?.files.size ?? 0
  const removed = plan.removed.length
  return published > 0 && removed * 100 > maxDeletePercent * published ? { removed, published } : undefined
}

/** What a plan was decided from, which its reasons are said from (plan-file.ts). */
export type PlanBasis = Pick<PlanInput, 'previous' | 'listing' | 'keepRemoved'>

/** Why a key goes up: what the record says of it, and what the bucket holds there; a route copy says its page. */
export function whyUpload(file: ContentFile, route: boolean, { previous, listing }: PlanBasis): string {
  const recorded = route
    ? previous?.routes.get(file.path)
    : (previous?.files.get(file.path) ?? previous?.retained.get(file.path))
  const why = !recorded
    ? listing.has(file.path)
      ? 'replaces an object the last record does not name'
      : 'new'
    : recorded.sha256 !== file.sha256
      ? 'changed'
      : listing.has(file.path)
        ? 'the object was replaced since it was published'
        : 'the object is gone from the bucket'
  return route ? `the route of ${file.source}: ${why}` : why
}

/** Why an object is deleted: its page was removed, its time under keep-removed is up, or routes are no longer copied. */
export function whyDelete(object: PublishedObject | RetainedObject, plan: Plan, route: boolean): string {
  if (route) {
    const copied = plan.routes.uploads.length + plan.routes.unchanged.length > 0
    return copied ? `the route of ${object.path}.html, which was removed` : 'a route copy, and routes are not copied'
  }
  if (!('removedIn' in object)) return 'a page removed from the site: it goes at once'
  return `removed from the site in publish ${object.removedIn}, kept ${countOf(plan.serial - object.removedIn, 'publish', 'publishes')}`
}

/** Why a removed file stays: until which publish. */
export function whyKept(object: RetainedObject, { keepRemoved }: PlanBasis): string {
  return `removed from the site in publish ${object.removedIn}, kept until publish ${object.removedIn + keepRemoved}`
}
