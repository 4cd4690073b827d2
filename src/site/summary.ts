import { formatDuration } from '../core/format.js'
import type { Host } from '../core/host.js'
import { addTable, code, escapeHtml, writeSummary } from '../core/summary.js'
import { problemLine } from './report.js'
import type { SiteCheck } from './verify.js'

/** Problems and origins listed in the job summary; the report has them all. */
const LISTED = 10
/** Longest message shown in the summary, so its size stays far from GitHub's 1 MiB limit. */
const LONGEST = 300

/** The site check's section of the job summary: counts, the origins loaded from elsewhere, the first problems. */
export async function writeSiteCheckSummary(host: Host, check: SiteCheck): Promise<void> {
  const { report, reportPath } = check
  const { counts } = report
  const rows: [string, string][] = [
    ['Problems', String(counts.problems)],
    [
      'HTML pages',
      counts.expectedPages === null
        ? String(counts.htmlPages)
        : `${counts.htmlPages} (the export job counted ${counts.expectedPages})`
    ],
    ['index.html', report.indexHtml ? 'present' : '<strong>missing</strong>'],
    ['Internal references', `${counts.internalReferences}, ${counts.brokenReferences} broken`],
    ['Links to a missing fragment', String(counts.brokenFragments)],
    ['Origins loaded from elsewhere', String(counts.externalOrigins)],
    ['Connection hints (preconnect, dns-prefetch)', connectionHints(report)],
    ['Canonical or og:url on another host', String(counts.addressProblems)],
    ['Sitemap', report.sitemap ? `${counts.sitemapUrls} URLs, ${counts.sitemapProblems} with problems` : 'none'],
    ...(report.baseline
      ? [
          [
            'Known problems',
            `${report.baseline.known}, in the baseline ${code(report.baseline.source)}; ${report.baseline.new} new`
          ] as [string, string]
        ]
      : []),
    ['Checked', `${counts.files} files in ${formatDuration(report.durationMs)}`],
    ['Report', code(reportPath)]
  ]
  await writeSummary(host, 'the site check to the job summary', (summary) => {
    addTable(summary.addHeading('Site check', 3), ['Check', 'Result'], rows)
    if (report.externalOrigins.length > 0) {
      addTable(
        summary.addHeading('Loaded from other origins', 4),
        ['Origin', 'Loads', 'Files', 'Such as'],
        report.externalOrigins
          .slice(0, LISTED)
          .map((origin) => [
            code(origin.origin),
            escapeHtml(origin.kinds.join(', ')),
            String(origin.files),
            code(shorten(origin.examples[0] ?? ''))
          ])
      )
      if (report.externalOrigins.length > LISTED)
        summary.addRaw(`<p>${LISTED} of ${report.externalOrigins.length}; all are in the report.</p>`, true)
    }
    if (report.problems.length > 0) {
      const heading = counts.problems > LISTED ? `The first ${LISTED} of ${counts.problems} problems` : 'Problems'
      summary
        .addHeading(heading, 4)
        .addList(
          report.problems
            .slice(0, LISTED)
            .map((problem) => escapeHtml(problemLine({ ...problem, message: shorten(problem.message) })))
        )
    }
    for (const notice of report.notices) summary.addDetails('Links without .html', `<pre>${escapeHtml(notice)}</pre>`)
    for (const skipped of report.skipped) summary.addRaw(`<p>Not checked: ${escapeHtml(skipped)}</p>`, true)
    return summary
  })
}

/** Hints are no problem, but they name what the site's scripts will likely reach at run time. */
function connectionHints(report: SiteCheck['report']): string {
  const [first] = report.connectionHints
  if (!first) return '0'
  const origins = report.counts.connectionHints
  return `${origins} origin${origins === 1 ? '' : 's'}, such as ${code(first.origin)}: not problems, but scripts will likely reach them at run time`
}

function shorten(message: string): string {
  return message.length > LONGEST ? `${message.slice(0, LONGEST - 1)}…` : message
}
