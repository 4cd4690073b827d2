import { formatDuration } from '../core/format.js'
import { bounded, type Inline } from '../core/markup.js'
import { shownPath, type SummarySection } from '../core/summary.js'
import { PROJECT_URL } from '../core/user-agent.js'
import { problemLine, type Problem, type ProblemCheck, type SiteCheckReport } from './report.js'
import type { SiteCheck } from './verify.js'

/** Problems and origins listed in the job summary; the report has them all. */
const LISTED = 10
/** Longest message shown in the summary, so its size stays far from GitHub's 1 MiB limit. */
const LONGEST = 300
/** Longest value in a table's cell: a table wider than the page hides its last columns. */
const LONGEST_CELL = 48
/** Where the docs say what a host needs to serve links without `.html`. */
const SERVER_RULES = `${PROJECT_URL}/blob/main/docs/serving.md`
/** The output that holds the report's path. */
const REPORT_OUTPUT = 'verify-report-path'

/** Each kind of problem with its count, as the summary and its verdict say it: "3 broken references". */
const KINDS: Record<ProblemCheck, (count: number) => string> = {
  index: () => 'no index.html',
  pages: () => 'fewer pages than the export job counted',
  'broken-reference': (count) => counted(count, 'broken reference'),
  fragment: (count) => counted(count, 'link to a missing fragment', 'links to a missing fragment'),
  address: (count) => counted(count, 'address on another host', 'addresses on another host'),
  sitemap: (count) => counted(count, 'sitemap problem'),
  'external-origin': (count) =>
    counted(count, 'origin that fails without internet access', 'origins that fail without internet access'),
  'runtime-origin': (count) => counted(count, 'origin reached at run time', 'origins reached at run time'),
  'runtime-missing': (count) => counted(count, 'file missing at run time', 'files missing at run time'),
  'script-error': (count) => counted(count, 'script error')
}

/** The problems of one kind: how many, and those the report lists. */
interface ProblemGroup {
  check: ProblemCheck
  count: number
  problems: Problem[]
}

/** The problems by kind, in the report's order (the most fundamental first); every problem counted, listed or not. */
function problemGroups(report: SiteCheckReport): ProblemGroup[] {
  const groups = new Map<ProblemCheck, ProblemGroup>()
  const groupOf = (check: ProblemCheck): ProblemGroup => {
    const group = groups.get(check) ?? { check, count: 0, problems: [] }
    groups.set(check, group)
    return group
  }
  for (const problem of report.problems) {
    const group = groupOf(problem.check)
    group.count++
    group.problems.push(problem)
  }
  // The report lists the first sitemap URLs that are not in the site, and counts them all.
  const unlisted = report.counts.problems - report.problems.length
  if (unlisted > 0) groupOf('sitemap').count += unlisted
  return [...groups.values()]
}

function said(group: ProblemGroup): string {
  return KINDS[group.check](group.count)
}

/**
 * The check's outcome in a few words, for the verdict: "no problems", or "10 problems (4 origins
 * that fail without internet access, 3 broken references, …)", the largest kinds first.
 */
export function problemsInBrief(report: SiteCheckReport): string {
  const total = report.counts.problems
  if (total === 0) return 'no problems'
  // Sorted by count; a stable sort keeps the report's order among equals.
  const largest = problemGroups(report)
    .sort((a, b) => b.count - a.count)
    .map(said)
  const kinds = largest.length > 2 ? [...largest.slice(0, 2), '…'] : largest
  const known = report.baseline ? `, ${report.baseline.known} of them known from the baseline` : ''
  return `${counted(total, 'problem')} (${kinds.join(', ')})${known}`
}

/** The problems, right after the verdict: each kind with its count, then its first problems. */
export function addProblemsSection(
  summary: SummarySection,
  { report, reportPath }: SiteCheck,
  workspace?: string
): void {
  const total = report.counts.problems
  if (total === 0) return
  const listed = new Set(report.problems.slice(0, LISTED))
  summary.groups(
    problemGroups(report).map((group) => ({
      head: { strong: said(group) },
      items: group.problems
        .filter((problem) => listed.has(problem))
        .map((problem) => bounded(problemLine(problem), LONGEST))
    }))
  )
  if (total > listed.size) {
    summary.paragraph([
      `The first ${listed.size} of ${total} are listed; the report has them all: `,
      shownPath(reportPath, REPORT_OUTPUT, workspace),
      '.'
    ])
  }
}

/**
 * The site check's section of the job summary: one line when the check found nothing; otherwise
 * its counts and the origins loaded from elsewhere, folded, since the problems above say each of
 * them already. Connection hints and checks that did not run are said in a line each, and links
 * without `.html` as a tip when no rule for them is known: none of them is a problem.
 */
export function addSiteCheckSection(
  summary: SummarySection,
  { report, reportPath }: SiteCheck,
  workspace?: string
): void {
  const { counts } = report
  const reportShown = shownPath(reportPath, REPORT_OUTPUT, workspace)
  const checked = `${counted(counts.files, 'file')} (${counted(counts.htmlPages, 'HTML page')}, ${counted(counts.internalReferences, 'internal reference')}) in ${formatDuration(report.durationMs)}`
  if (counts.problems === 0) {
    summary.paragraph([{ strong: 'Site check' }, `: no problems in ${checked}. Report: `, reportShown, '.'])
  } else {
    summary.folded(`Site check: ${counted(counts.problems, 'problem')} in ${checked}`, (folded) => {
      folded.table(
        ['Check', 'Result'],
        [
          ['HTML pages', htmlPages(counts)],
          ['index.html', report.indexHtml ? 'present' : { strong: 'missing' }],
          ['Internal references', `${counts.internalReferences}, ${counts.brokenReferences} broken`],
          ['Links to a missing fragment', counts.brokenFragments],
          ['Origins loaded from elsewhere', counts.externalOrigins],
          ['Canonical or og:url on another host', counts.addressProblems],
          ['Sitemap', report.sitemap ? `${counts.sitemapUrls} URLs, ${counts.sitemapProblems} with problems` : 'none'],
          ...baselineRow(report),
          ['Report', reportShown]
        ]
      )
      if (report.externalOrigins.length > 0) {
        folded.heading(listedOf('Loaded from other origins', report.externalOrigins.length), 4).table(
          ['Origin', 'Loads', 'Files', 'Such as'],
          report.externalOrigins
            .slice(0, LISTED)
            .map((origin) => [
              { code: cell(origin.origin) },
              origin.kinds.join(', '),
              origin.files,
              { code: cell(origin.examples[0] ?? '') }
            ])
        )
      }
    })
  }
  const hints = connectionHints(report)
  if (hints) summary.paragraph(hints)
  const tip = extensionlessTip(report)
  if (tip) summary.paragraph(tip)
  for (const skipped of report.skipped) summary.paragraph(`Not checked: ${skipped}`)
}

/**
 * The HTML pages, and the export job's count where it differs, with why: the job counts the pages
 * of the docs, the check every HTML file (a `404.html` too); fewer is a problem of its own.
 */
function htmlPages(counts: SiteCheckReport['counts']): Inline {
  const { htmlPages: found, expectedPages: expected } = counts
  if (expected === null || expected === found) return found
  if (found < expected) return `${found} (the export job counted ${expected}: ${expected - found} missing)`
  return `${found} (the export job counted ${expected}: it leaves out HTML files that are no page of the docs, such as a 404.html)`
}

/**
 * Links without `.html` are no problem, but a plain host (nginx, CloudFront, S3) answers them 404
 * unless told to serve `x.html` for `/x`: a tip, unless the site brings its host's rules.
 */
function extensionlessTip(report: SiteCheckReport): Inline | undefined {
  const use = report.extensionless
  if (!use || use.hostRules) return undefined
  return [
    `Tip: ${counted(use.references, 'reference')} in ${counted(use.files, 'file')} leave out .html, such as `,
    { code: use.exampleReference },
    ' in ',
    { code: use.exampleFile },
    '. GitHub Pages, Netlify and Cloudflare Pages serve them as they are, and so does S3 static website hosting once ',
    { code: 'publish-to' },
    ' has put each page under its route; nginx and CloudFront need ',
    { link: SERVER_RULES, label: 'a rule of their own' },
    '.'
  ]
}

function baselineRow(report: SiteCheckReport): Inline[][] {
  if (!report.baseline) return []
  const { source, known } = report.baseline
  return [['Known problems', [`${known}, in the baseline `, { code: source }, `; ${report.baseline.new} new`]]]
}

/** Hints are no problem, but they name what the site's scripts will likely reach at run time. */
function connectionHints(report: SiteCheckReport): Inline | undefined {
  const [first] = report.connectionHints
  if (!first) return undefined
  return [
    { strong: 'Connection hints' },
    ` (preconnect, dns-prefetch): ${counted(report.counts.connectionHints, 'origin')}, such as `,
    { code: first.origin },
    ': not problems, but scripts will likely reach them at run time.'
  ]
}

/** A table's title, saying when it shows only the first rows. */
function listedOf(title: string, total: number): string {
  return total > LISTED ? `${title}: ${LISTED} of ${total}; the report has them all` : title
}

function cell(value: string): string {
  return bounded(value, LONGEST_CELL)
}

function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`
}
