import { textBytes } from '../manifest/json-file.js'
import { whyDelete, whyKept, whyUpload, type Plan, type PlanBasis } from './plan.js'

/**
 * `publish-plan.json`: what a publish does or would do, each key with its reason, written before
 * its first change (and by a dry run, or a safety stop, in its place), so that a user decides from
 * the list. docs/publish.md documents its fields. The reasons are said as the file is written,
 * from the plan and what it was decided from, and never kept: a first publish of 20,000 pages
 * plans 60,000 keys.
 */

const PLAN_FILE_VERSION = 1

/** One key of the plan and why. */
interface PlannedKey {
  path: string
  reason: string
}

/** The plan as the summary shows it: the first keys of each list, and how many each has. */
export interface PlanInBrief {
  upload: PlannedKey[]
  delete: PlannedKey[]
  keep: PlannedKey[]
  counts: { upload: number; delete: number; keep: number; unchanged: number; notOurs: number }
}

/** Keys of each list the summary shows; the file has them all. */
const SHOWN = 20

/** Each list's keys with their reasons, in the order they go: the files that are not pages, then the pages with their routes. */
function* uploads(plan: Plan, basis: PlanBasis): Generator<PlannedKey> {
  for (const files of [plan.assets, plan.pages])
    for (const file of files) yield { path: file.path, reason: whyUpload(file, false, basis) }
  for (const copy of plan.routes.uploads) yield { path: copy.path, reason: whyUpload(copy, true, basis) }
}

function* deletes(plan: Plan): Generator<PlannedKey> {
  for (const object of plan.deletes) yield { path: object.path, reason: whyDelete(object, plan, false) }
  for (const object of plan.routes.deletes) yield { path: object.path, reason: whyDelete(object, plan, true) }
}

function* kept(plan: Plan, basis: PlanBasis): Generator<PlannedKey> {
  for (const object of plan.retained) yield { path: object.path, reason: whyKept(object, basis) }
}

/** The plan's bytes, one key a line, as the manifest has its files, written straight into one buffer. */
export function planBytes(plan: Plan, basis: PlanBasis, fields: { location: string; dryRun: boolean }): Buffer {
  return textBytes(function* () {
    yield `{\n  "version": ${PLAN_FILE_VERSION},\n  "location": ${JSON.stringify(fields.location)},\n`
    yield `  "dryRun": ${fields.dryRun},\n  "serial": ${plan.serial},\n`
    yield `  "unchanged": ${plan.unchanged.length + plan.routes.unchanged.length},\n`
    yield* list('upload', uploads(plan, basis))
    yield ',\n'
    yield* list('delete', deletes(plan))
    yield ',\n'
    yield* list('keep', kept(plan, basis))
    yield ',\n'
    yield* list('notOurs', plan.foreign)
    yield '\n}\n'
  })
}

function* list(name: string, items: Iterable<unknown>): Generator<string> {
  let first = true
  for (const item of items) {
    yield `${first ? `  "${name}": [\n` : ',\n'}    ${JSON.stringify(item)}`
    first = false
  }
  yield first ? `  "${name}": []` : '\n  ]'
}

export function planInBrief(plan: Plan, basis: PlanBasis): PlanInBrief {
  const first = (items: Iterable<PlannedKey>): PlannedKey[] => {
    const shown: PlannedKey[] = []
    for (const item of items) {
      if (shown.length === SHOWN) break
      shown.push(item)
    }
    return shown
  }
  return {
    upload: first(uploads(plan, basis)),
    delete: first(deletes(plan)),
    keep: first(kept(plan, basis)),
    counts: {
      upload: plan.assets.length + plan.pages.length + plan.routes.uploads.length,
      delete: plan.deletes.length + plan.routes.deletes.length,
      keep: plan.retained.length,
      unchanged: plan.unchanged.length + plan.routes.unchanged.length,
      notOurs: plan.foreign.length
    }
  }
}

/** Whether a file is a plan this action wrote, which a later run may replace. */
export function isPlanText(text: string): boolean {
  try {
    const value = JSON.parse(text) as { version?: unknown; upload?: unknown }
    return value.version === PLAN_FILE_VERSION && Array.isArray(value.upload)
  } catch {
    return false
  }
}
