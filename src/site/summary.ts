import { formatDuration } from '../core/format.js'
import type { Host } from '../core/host.js'
import { bounded, type Inline } from '../core/markup.js'
import { writeSummary } from '../core/summary.js'
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
  const rows: [string, Inline][] = [
    ['Problems', counts.problems],
    [
      'HTML pages',
      counts.expectedPages === null
        ? counts.htmlPages
        : `${counts.htmlPages} (the export job counted ${counts.expectedPages})`
    ],
    ['index.html', report.indexHtml ? 'present' : { strong: 'missing' }],
    ['Internal references', `${counts.internalReferences}, ${counts.brokenReferences} broken`],
    ['Links to a missing fragment', counts.brokenFragments],
    ['Origins loaded from elsewhere', counts.externalOrigins],
    ['Connection hints (preconnect, dns-prefetch)', connectionHints(report)],
    ['Canonical or og:url on another host', counts.addressProblems],
    ['Sitemap', report.sitemap ? `${counts.sitemapUrls} URLs, ${counts.sitemapProblems} with problems` : 'none'],
    ...(report.baseline
      ? [
          [
            'Known problems',
            [
              `${report.baseline.known}, in the baseline `,
              { code: report.baseline.source },
              `; ${report.baseline.new} new`
            ]
          ] as [string, Inline]
        ]
      : []),
    ['Checked', `${counts.files} files in ${formatDuration(report.durationMs)}`],
    ['Report', { code: reportPath }]
  ]
  await writeSummary(host, 'the site check to the job summary', (summary) => {
    summary.heading('Site check', 3).table(['Check', 'Result'], rows)
    if (report.externalOrigins.length > 0) {
      summary.heading('Loaded from other origins', 4).table(
        ['Origin', 'Loads', 'Files', 'Such as'],
        report.externalOrigins
          .slice(0, LISTED)
          .map((origin) => [
            { code: origin.origin },
            origin.kinds.join(', '),
            origin.files,
            { code: shorten(origin.examples[0] ?? '') }
          ])
      )
      if (report.externalOrigins.length > LISTED)
        summary.paragraph(`${LISTED} of ${report.externalOrigins.length}; all are in the report.`)
    }
    if (report.problems.length > 0) {
      const heading = counts.problems > LISTED ? `The first ${LISTED} of ${counts.problems} problems` : 'Problems'
      summary
        .heading(heading, 4)
        .list(
          report.problems
            .slice(0, LISTED)
            .map((problem) => problemLine({ ...problem, message: shorten(problem.message) }))
        )
    }
    for (const notice of report.notices) summary.details('Links without .html', notice)
    for (const skipped of report.skipped) summary.paragraph(`Not checked: ${skipped}`)
  })
}

/** Hints are no problem, but they name what the site's scripts will likely reach at run time. */
function connectionHints(report: SiteCheck['report']): Inline {
  const [first] = report.connectionHints
  if (!first) return 0
  const origins = report.counts.connectionHints
  return [
    `${origins} origin${origins === 1 ? '' : 's'}, such as `,
    { code: first.origin },
    ': not problems, but scripts will likely reach them at run time'
  ]
}

function shorten(message: string): string {
  return bounded(message, LONGEST)
}
