import { jsonBytesWithListsByLine } from '../manifest/json-file.js'
import type { Plan } from './plan.js'

/**
 * `publish-plan.json`: what a publish does or would do, each key with its reason, written before
 * its first change (and by a dry run, or a safety stop, in its place), so that a user decides from
 * the list. docs/publish.md documents its fields.
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

function listsOf(plan: Plan): { upload: PlannedKey[]; delete: PlannedKey[]; keep: PlannedKey[] } {
  const keyed = (paths: readonly { path: string }[]): PlannedKey[] =>
    paths.map(({ path }) => ({ path, reason: plan.reasons.get(path) ?? '' }))
  return {
    // In the order they go: the files that are not pages, then the pages with their routes.
    upload: keyed([...plan.assets, ...plan.pages, ...plan.routes.uploads]),
    delete: keyed([...plan.deletes, ...plan.routes.deletes]),
    keep: keyed(plan.retained)
  }
}

export function planBytes(plan: Plan, fields: { location: string; dryRun: boolean }): Buffer {
  const lists = listsOf(plan)
  return jsonBytesWithListsByLine({
    version: PLAN_FILE_VERSION,
    location: fields.location,
    dryRun: fields.dryRun,
    serial: plan.serial,
    unchanged: plan.unchanged.length + plan.routes.unchanged.length,
    upload: lists.upload,
    delete: lists.delete,
    keep: lists.keep,
    notOurs: plan.foreign
  })
}

export function planInBrief(plan: Plan): PlanInBrief {
  const lists = listsOf(plan)
  return {
    upload: lists.upload.slice(0, SHOWN),
    delete: lists.delete.slice(0, SHOWN),
    keep: lists.keep.slice(0, SHOWN),
    counts: {
      upload: lists.upload.length,
      delete: lists.delete.length,
      keep: lists.keep.length,
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
