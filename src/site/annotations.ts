import path from 'node:path'
import { ActionError } from '../core/errors.js'
import type { Annotation, Host } from '../core/host.js'
import { input, message } from '../core/message.js'
import { problemLine, type Problem, type ProblemCheck, type SiteCheckReport } from './report.js'

/** GitHub shows at most this many warning annotations of a step (and as many errors). */
export const MAX_ANNOTATIONS = 10
/** Problems the failure message of `verify: error` names. */
const PROBLEMS_IN_ERROR = 5

const TITLES: Record<ProblemCheck, string> = {
  index: 'Site check: no index.html',
  pages: 'Site check: pages missing',
  'broken-reference': 'Site check: broken reference',
  fragment: 'Site check: link to a missing fragment',
  address: 'Site check: canonical address on another host',
  sitemap: 'Site check: sitemap',
  'external-origin': 'Site check: loads from another origin',
  'runtime-origin': 'Site check: reaches another origin at run time',
  'runtime-missing': 'Site check: missing at run time',
  'script-error': 'Site check: script error'
}

/**
 * One warning per problem, naming the page. Past GitHub's limit the last annotation says how
 * many more there are and where they are listed, instead of being silently dropped.
 */
export function warnProblems(
  host: Host,
  report: SiteCheckReport,
  reportPath: string,
  workspace: string | undefined
): void {
  const { problems } = report
  const total = report.counts.problems
  const shown = total > MAX_ANNOTATIONS ? problems.slice(0, MAX_ANNOTATIONS - 1) : problems
  for (const problem of shown) host.warning(problemLine(problem), annotationProperties(problem, report.site, workspace))
  if (total > shown.length) {
    host.warning(
      `…and ${total - shown.length} more site check problems: every one is in ${reportPath} and the job summary lists the first`,
      {
        title: 'Site check: more problems'
      }
    )
  }
}

/**
 * The error of `verify: error`: the first problems, their total, and where the rest are. With a
 * baseline, only the new problems count and are named; the known ones are counted.
 */
export function siteCheckError(report: SiteCheckReport, reportPath: string): ActionError {
  const { baseline } = report
  const total = baseline?.new ?? report.counts.problems
  const listed = report.problems.filter((problem) => !problem.known)
  const first = listed.slice(0, PROBLEMS_IN_ERROR).map((problem) => problem.message)
  const more = total > first.length ? `; …and ${total - first.length} more` : ''
  const noun = `${baseline ? 'new ' : ''}problem${total === 1 ? '' : 's'}`
  const known = baseline ? `; ${baseline.known} more the baseline has` : ''
  return new ActionError(
    message`The site check found ${total} ${noun} in ${report.site} (${input('verify', 'error')}${known}): ${first.join('; ')}${more}. Report: ${reportPath}`,
    {
      code: 'site-problems',
      inSummary: message`The site check found ${total} ${noun} (${input('verify', 'error')}${known}): each is listed below`
    }
  )
}

/** An annotation names the site's file; GitHub links it when the site lies in the workspace. */
function annotationProperties(problem: Problem, site: string, workspace: string | undefined): Annotation {
  const properties: Annotation = { title: `${TITLES[problem.check]}${problem.known ? ' (known)' : ''}` }
  if (problem.file && workspace) {
    const relative = path.relative(workspace, path.join(site, problem.file))
    if (!relative.startsWith('..') && !path.isAbsolute(relative)) properties.file = relative.split(path.sep).join('/')
  }
  return properties
}
