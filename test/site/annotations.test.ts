import { beforeEach, describe, expect, it } from 'vitest'
import { MAX_ANNOTATIONS, siteCheckError, warnProblems } from '../../src/site/annotations.js'
import type { Problem, SiteCheckReport } from '../../src/site/report.js'
import { actionText, RecordingHost, type Recorded } from '../support/recording-host.js'

let host: RecordingHost

beforeEach(() => {
  host = new RecordingHost()
})

function warnings(): Recorded[] {
  return host.of('warning')
}

function reportWith(count: number, site = '/runner/temp/site'): SiteCheckReport {
  const problems: Problem[] = Array.from({ length: count }, (_, i) => ({
    check: 'broken-reference',
    kind: 'missing',
    target: `/gone-${i}`,
    file: `guides/page-${i}.html`,
    message: `guides/page-${i}.html: a[href] "/gone-${i}" points at /gone-${i}, which is not in the site`
  }))
  return { site, problems, counts: { problems: count } } as SiteCheckReport
}

describe('warnProblems', () => {
  it.each([1, 9, MAX_ANNOTATIONS])('writes one warning per problem when there are %i', (count) => {
    warnProblems(host, reportWith(count), '/runner/temp/verify-report.json', undefined)
    expect(warnings()).toHaveLength(count)
    expect(warnings()[0]).toEqual({
      level: 'warning',
      message: 'guides/page-0.html: a[href] "/gone-0" points at /gone-0, which is not in the site',
      annotation: { title: 'Site check: broken reference' }
    })
  })

  it.each([11, 250])(
    'stays within GitHub’s 10 annotations with %i problems, the last saying how many more',
    (count) => {
      warnProblems(host, reportWith(count), '/runner/temp/verify-report.json', undefined)
      expect(warnings()).toHaveLength(MAX_ANNOTATIONS)
      expect(
        warnings()
          .slice(0, 9)
          .every(({ message }) => message.includes('points at /gone-'))
      ).toBe(true)
      expect(warnings()[9]).toEqual({
        level: 'warning',
        message: `…and ${count - 9} more site check problems: every one is in /runner/temp/verify-report.json and the job summary lists the first`,
        annotation: { title: 'Site check: more problems' }
      })
    }
  )

  it('counts the problems the report counts, also those it does not list', () => {
    const report = reportWith(3)
    report.counts.problems = 40
    warnProblems(host, report, '/r.json', undefined)
    expect(warnings()[3]?.message).toContain('…and 37 more site check problems')
  })

  it('names the file of the workspace when the site is in it', () => {
    const workspace = '/home/runner/work/docs/docs'
    warnProblems(host, reportWith(1, '/home/runner/work/docs/docs/out/site'), '/r.json', workspace)
    expect(warnings()[0]?.annotation).toEqual({
      title: 'Site check: broken reference',
      file: 'out/site/guides/page-0.html'
    })
  })

  it('names no file when the site is outside the workspace', () => {
    const workspace = '/home/runner/work/docs/docs'
    warnProblems(host, reportWith(1, '/home/runner/work/_temp/static-export-x/site'), '/r.json', workspace)
    expect(warnings()[0]?.annotation).toEqual({ title: 'Site check: broken reference' })
  })
})

describe('siteCheckError', () => {
  it('names the first five problems, the total and the report, on one line, with its code', () => {
    const error = siteCheckError(reportWith(8), '/runner/temp/verify-report.json')
    expect(error.code).toBe('site-problems')
    const problems = [0, 1, 2, 3, 4].map(
      (i) => `guides/page-${i}.html: a[href] "/gone-${i}" points at /gone-${i}, which is not in the site`
    )
    expect(actionText(error.message)).toBe(
      `The site check found 8 problems in /runner/temp/site (verify: error): ${problems.join('; ')}; …and 3 more. ` +
        'Report: /runner/temp/verify-report.json'
    )
  })

  it('says "problem" for one', () => {
    expect(actionText(siteCheckError(reportWith(1), '/r.json').message)).toMatch(
      /^The site check found 1 problem in \S+ \(verify: error\): [^;]+\. Report: \/r\.json$/
    )
  })
})
