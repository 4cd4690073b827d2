import { z } from 'zod'
import { describeSource, readJsonDocument, type DocumentSourceOptions } from '../core/document.js'
import { ActionError } from '../core/errors.js'
import { message, type Text } from '../core/message.js'
import { oneLine } from '../core/log-text.js'
import type { Host } from '../core/host.js'
import { REPORT_VERSION, type Problem, type SiteCheckReport } from './report.js'

/**
 * A baseline (verify-baseline): the site check report of an earlier run, whose problems are known.
 * A problem is the same as one of the baseline's when its check, kind and target are: its message
 * names an example file, which may change from one export to the next.
 */

/** Site check reports of very broken sites run to a few MiB: their lists stop at 1,000 findings. */
const MAX_BASELINE_BYTES = 32 * 1024 * 1024

const BaselineReport = z.looseObject({
  version: z.literal(REPORT_VERSION),
  checkedAt: z.string().nullish(),
  counts: z.looseObject({ problems: z.number().int().nonnegative() }).optional(),
  problems: z.array(z.looseObject({ check: z.string(), kind: z.string(), target: z.string() }))
})

/** A problem as a baseline knows it; `check` and `kind` as an earlier version may have written them. */
interface ProblemIdentity {
  check: string
  kind: string
  target: string
}

export interface Baseline {
  /** The path or link it was read from (a link without its query). */
  source: string
  checkedAt: string | null
  /** What identifies each of its problems. */
  problems: ProblemIdentity[]
  /** Problems it counted beyond those it lists (sitemap URLs past the first 20): matched by their number. */
  unlisted: number
}

export type ReadBaselineOptions = DocumentSourceOptions & { host: Pick<Host, 'info' | 'debug' | 'warning'> }

/**
 * The baseline at `source`, a path or an https link; undefined after one warning that names it
 * and says why it cannot serve. Without a baseline every problem counts, as it would without
 * verify-baseline.
 */
export async function readBaseline(source: string, options: ReadBaselineOptions): Promise<Baseline | undefined> {
  const named = `The site check baseline ${describeSource(source)}`
  const unusable = (why: Text): undefined => {
    options.host.warning(message`${named} ${why}: every problem the check finds counts`, {
      title: 'Site check baseline'
    })
    return undefined
  }
  let json: unknown
  try {
    json = await readJsonDocument(source, { ...options, maxBytes: MAX_BASELINE_BYTES })
  } catch (error) {
    if (options.signal?.aborted || !(error instanceof ActionError)) throw error
    return unusable(error.text)
  }
  const result = BaselineReport.safeParse(json)
  if (!result.success) {
    const [issue] = result.error.issues
    const hasProblems = Array.isArray((json as { problems?: unknown } | null)?.problems)
    return unusable(
      hasProblems && issue?.path[0] === 'problems'
        ? 'lists its problems without their kind and target (it was written by an earlier version of the action)'
        : `is not a site check report (version ${REPORT_VERSION})${issue ? `: ${oneLine(issue.message)} at ${issue.path.join('.') || 'its top'}` : ''}`
    )
  }
  const { problems, counts, checkedAt } = result.data
  return {
    source: describeSource(source),
    checkedAt: checkedAt ?? null,
    problems: problems.map(({ check, kind, target }) => ({ check, kind, target })),
    unlisted: Math.max(0, (counts?.problems ?? problems.length) - problems.length)
  }
}

/**
 * Which problems are new and which the baseline has. Matched as a multiset: a baseline with one
 * script error on a page knows one such error there, not a second.
 */
export function matchBaseline(
  problems: readonly Problem[],
  baseline: Baseline
): { fresh: Problem[]; known: Problem[] } {
  const remaining = new Map<string, number>()
  for (const problem of baseline.problems)
    remaining.set(problemKey(problem), (remaining.get(problemKey(problem)) ?? 0) + 1)
  const fresh: Problem[] = []
  const known: Problem[] = []
  for (const problem of problems) {
    const key = problemKey(problem)
    const left = remaining.get(key) ?? 0
    if (left > 0) {
      remaining.set(key, left - 1)
      known.push(problem)
    } else {
      fresh.push(problem)
    }
  }
  return { fresh, known }
}

/**
 * The report with each problem marked known or not, and the baseline recorded: `baseline.new`
 * says how many are new. Problems counted but not listed are new as far as they outnumber the
 * baseline's.
 */
export function withBaseline(report: SiteCheckReport, baseline: Baseline): SiteCheckReport {
  const known = new Set(matchBaseline(report.problems, baseline).known)
  const unlisted = report.counts.problems - report.problems.length
  const fresh = report.problems.length - known.size + Math.max(0, unlisted - baseline.unlisted)
  return {
    ...report,
    problems: report.problems.map((problem) => ({ ...problem, known: known.has(problem) })),
    baseline: {
      source: baseline.source,
      checkedAt: baseline.checkedAt,
      known: report.counts.problems - fresh,
      new: fresh
    }
  }
}

function problemKey(problem: ProblemIdentity): string {
  return JSON.stringify([problem.check, problem.kind, problem.target])
}
