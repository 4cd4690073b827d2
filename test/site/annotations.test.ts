import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { MAX_ANNOTATIONS, siteCheckError, warnProblems } from '../../src/site/annotations.js'
import type { Problem, SiteCheckReport } from '../../src/site/report.js'

let stdout: MockInstance<typeof process.stdout.write>

beforeEach(() => {
  stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)
})

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
})

/** The `::warning …::` lines written. */
function warnings(): string[] {
  return stdout.mock.calls
    .map(([chunk]) => String(chunk))
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('::warning'))
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
    warnProblems(reportWith(count), '/runner/temp/verify-report.json')
    const lines = warnings()
    expect(lines).toHaveLength(count)
    expect(lines[0]).toBe(
      '::warning title=Site check%3A broken reference::guides/page-0.html: a[href] "/gone-0" points at /gone-0, which is not in the site'
    )
  })

  it.each([11, 250])(
    'stays within GitHub’s 10 annotations with %i problems, the last saying how many more',
    (count) => {
      warnProblems(reportWith(count), '/runner/temp/verify-report.json')
      const lines = warnings()
      expect(lines).toHaveLength(MAX_ANNOTATIONS)
      expect(lines.slice(0, 9).every((line) => line.includes('points at /gone-'))).toBe(true)
      expect(lines[9]).toBe(
        `::warning title=Site check%3A more problems::…and ${count - 9} more site check problems: every one is in /runner/temp/verify-report.json and the job summary lists the first`
      )
    }
  )

  it('counts the problems the report counts, also those it does not list', () => {
    const report = reportWith(3)
    report.counts.problems = 40
    warnProblems(report, '/r.json')
    expect(warnings()[3]).toContain('…and 37 more site check problems')
  })

  it('names the file of the workspace when the site is in it', () => {
    vi.stubEnv('GITHUB_WORKSPACE', '/home/runner/work/docs/docs')
    warnProblems(reportWith(1, '/home/runner/work/docs/docs/out/site'), '/r.json')
    expect(warnings()[0]).toMatch(
      /^::warning title=Site check%3A broken reference,file=out\/site\/guides\/page-0\.html::/
    )
  })

  it('names no file when the site is outside the workspace', () => {
    vi.stubEnv('GITHUB_WORKSPACE', '/home/runner/work/docs/docs')
    warnProblems(reportWith(1, '/home/runner/work/_temp/static-export-x/site'), '/r.json')
    expect(warnings()[0]).not.toContain('file=')
  })
})

describe('siteCheckError', () => {
  it('names the first five problems, the total and the report', () => {
    const error = siteCheckError(reportWith(8), '/runner/temp/verify-report.json')
    const lines = error.message.split('\n')
    expect(lines[0]).toBe('The site check found 8 problems in /runner/temp/site (verify: error):')
    expect(lines.slice(1, 6)).toEqual(
      [0, 1, 2, 3, 4].map(
        (i) => `- guides/page-${i}.html: a[href] "/gone-${i}" points at /gone-${i}, which is not in the site`
      )
    )
    expect(lines.slice(6)).toEqual(['…and 3 more', 'Report: /runner/temp/verify-report.json'])
  })

  it('says "problem" for one', () => {
    expect(siteCheckError(reportWith(1), '/r.json').message).toMatch(
      /^The site check found 1 problem in .*\n- .*\nReport: \/r\.json$/
    )
  })
})
