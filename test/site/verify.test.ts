import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readBaseline } from '../../src/site/baseline.js'
import type { SiteCheckReport } from '../../src/site/report.js'
import { verifySite, type VerifyOptions } from '../../src/site/verify.js'
import type { ArchiveEntry } from '../emulator/archives.ts'
import { brokenSite, exportShapedSite, SITE_DOMAIN } from '../emulator/sites.ts'
import { actionText, RecordingHost, testRun } from '../support/recording-host.ts'
import { Network } from '../../src/core/net.js'

/** Links to this machine over plain http, as the tests' servers are. */
const LOOPBACK = new Network(true)

let work: string
let run: ReturnType<typeof testRun>

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'verify-test-'))
  run = testRun()
})

afterEach(async () => {
  await rm(work, { recursive: true, force: true })
})

/** Checks the site as the export does: the report beside it. */
function verify(site: string, options: Omit<VerifyOptions, 'reportPath'>): ReturnType<typeof verifySite> {
  return verifySite(site, { reportPath: path.join(path.dirname(site), 'verify-report.json'), ...options }, run)
}

async function unpacked(entries: ArchiveEntry[]): Promise<string> {
  const site = path.join(work, 'site')
  for (const entry of entries) {
    await mkdir(path.dirname(path.join(site, entry.name)), { recursive: true })
    await writeFile(path.join(site, entry.name), entry.content ?? '')
  }
  return site
}

const written = (): string => run.host.transcript()
/** The annotations of a kind, as `title: message`. */
const commands = (kind: 'warning' | 'notice' | 'error'): string[] =>
  run.host.of(kind).map(({ message, annotation }) => `${annotation?.title ?? ''}: ${message}`)

describe('verifySite', () => {
  it('checks a clean site: the report beside the site, no warning, the notice about links without .html', async () => {
    const site = exportShapedSite()
    const check = await verify(await unpacked(site.entries), {
      mode: 'warn',
      domain: SITE_DOMAIN,
      expectedPages: site.pageCount
    })
    expect(check?.failure).toBeUndefined()
    expect(check?.reportPath).toBe(path.join(work, 'verify-report.json'))
    const report = JSON.parse(await readFile(check?.reportPath ?? '', 'utf8')) as SiteCheckReport
    expect(report.counts.problems).toBe(0)
    expect(report).toEqual(JSON.parse(JSON.stringify(check?.report)))
    expect(commands('warning')).toEqual([])
    expect(commands('notice')).toEqual([
      expect.stringMatching(/^Site check: links without \.html: The site links to pages without their \.html/)
    ])
    expect(written()).toMatch(
      /Checked 33 files \(8 pages, 2 style sheets, \d+ internal references\) in \d+ ms: no problems/
    )
  })

  it('warns about each problem under verify: warn, and lists them in the log', async () => {
    const check = await verify(await unpacked(brokenSite('missing-page').entries), {
      mode: 'warn',
      domain: SITE_DOMAIN
    })
    expect(check?.failure).toBeUndefined()
    expect(commands('warning')).toEqual([
      'Site check: broken reference: guides/deploy.html: a[href] "/guides/upgrade" points at /guides/upgrade, which is not in the site'
    ])
    expect(written()).toContain(
      ': 1 problem\n  guides/deploy.html: a[href] "/guides/upgrade" points at /guides/upgrade'
    )
  })

  it('returns the step’s error under verify: error, with no warning, the report written all the same', async () => {
    const check = await verify(await unpacked(brokenSite('missing-page').entries), {
      mode: 'error',
      domain: SITE_DOMAIN
    })
    expect(check?.failure?.code).toBe('site-problems')
    expect(actionText(check?.failure?.message ?? '')).toMatch(
      /^The site check found 1 problem in .*\/site \(verify: error\): guides\/deploy\.html: a\[href\] "\/guides\/upgrade"/
    )
    expect(commands('warning')).toEqual([])
    expect(existsSync(check?.reportPath ?? '')).toBe(true)
  })

  it('says in the log which checks it skipped without the domain', async () => {
    await verify(await unpacked(brokenSite('canonical-host').entries), { mode: 'warn' })
    expect(commands('warning')).toEqual([])
    expect(written()).toContain("Not checked: canonical, og:url and sitemap hosts: the export's domain is not known")
  })

  it('under verify: warn, a check that cannot finish is a warning and leaves no report', async () => {
    const check = await verify(path.join(work, 'no-site'), { mode: 'warn', domain: SITE_DOMAIN })
    expect(check).toBeUndefined()
    expect(commands('warning')).toEqual([expect.stringMatching(/^Site check: The site check could not finish: ENOENT/)])
    expect(existsSync(path.join(work, 'verify-report.json'))).toBe(false)
  })

  it('under verify: error, a check that cannot finish fails', async () => {
    await expect(verify(path.join(work, 'no-site'), { mode: 'error', domain: SITE_DOMAIN })).rejects.toThrow(
      /^The site check could not finish: ENOENT/
    )
  })
})

describe('verifySite with a baseline (verify-baseline)', () => {
  /** The report of a run on the site with one broken link, as the baseline; its message reworded, as a later example file would. */
  async function baselineFile(): Promise<string> {
    const first = await verify(await unpacked(brokenSite('missing-page').entries), {
      mode: 'warn',
      domain: SITE_DOMAIN
    })
    const report = {
      ...first?.report,
      problems: first?.report.problems.map((problem) => ({ ...problem, message: 'reworded', file: 'other.html' }))
    }
    const file = path.join(work, 'baseline.json')
    await writeFile(file, JSON.stringify(report))
    await rm(path.join(work, 'site'), { recursive: true })
    run = testRun()
    return file
  }

  /** The same site with a second broken link, on another page. */
  function withAnotherBrokenLink(): ArchiveEntry[] {
    return brokenSite('missing-page').entries.map((entry) =>
      entry.name === 'guides/getting-started.html' && typeof entry.content === 'string'
        ? { ...entry, content: entry.content.replace('</main>', '<a href="/guides/removed">Removed</a></main>') }
        : entry
    )
  }

  it('passes verify: error on the problems the baseline has, listing each as known', async () => {
    const file = await baselineFile()
    const baseline = await readBaseline(file, { host: new RecordingHost(), network: LOOPBACK })
    const check = await verify(await unpacked(brokenSite('missing-page').entries), {
      mode: 'error',
      domain: SITE_DOMAIN,
      baseline
    })
    expect(check?.failure).toBeUndefined()
    expect(check?.report.problems).toEqual([
      expect.objectContaining({ check: 'broken-reference', target: '/guides/upgrade', known: true })
    ])
    expect(check?.report.baseline).toMatchObject({ source: file, known: 1, new: 0 })
    expect(check?.report.baseline?.checkedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(commands('warning')).toEqual([
      'Site check: broken reference (known): guides/deploy.html: a[href] "/guides/upgrade" points at /guides/upgrade, which is not in the site (known: the baseline has it)'
    ])
    expect(written()).toContain(`: 1 problem (1 known from the baseline ${file})`)
  })

  it('fails verify: error on a problem the baseline does not have, naming only that one', async () => {
    const baseline = await readBaseline(await baselineFile(), { host: new RecordingHost(), network: LOOPBACK })
    const check = await verify(await unpacked(withAnotherBrokenLink()), {
      mode: 'error',
      domain: SITE_DOMAIN,
      baseline
    })
    expect(actionText(check?.failure?.message ?? '')).toMatch(
      /^The site check found 1 new problem in .*\/site \(verify: error; 1 more the baseline has\): guides\/getting-started\.html: a\[href\] "\/guides\/removed" points at \/guides\/removed, which is not in the site\. Report: /
    )
    expect(check?.report.problems.map((problem) => [problem.target, problem.known])).toEqual([
      ['/guides/removed', false],
      ['/guides/upgrade', true]
    ])
  })
})
