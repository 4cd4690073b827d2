import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { matchBaseline, readBaseline, withBaseline, type Baseline } from '../../src/site/baseline.js'
import type { Problem, SiteCheckReport } from '../../src/site/report.js'
import { RecordingHost } from '../support/recording-host.ts'
import { Network } from '../../src/core/net.js'

/** Links to this machine over plain http, as the tests' servers are. */
const LOOPBACK = new Network(true)

let directory: string

beforeEach(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'baseline-test-'))
})

afterEach(async () => rm(directory, { recursive: true, force: true }))

function problem(
  check: Problem['check'],
  kind: Problem['kind'],
  target: string,
  message = `${target} is wrong`
): Problem {
  return { check, kind, target, message }
}

function baselineOf(problems: Problem[], unlisted = 0): Baseline {
  return {
    source: '/runner/temp/previous/verify-report.json',
    checkedAt: '2026-11-21T09:00:00.000Z',
    problems: problems.map(({ check, kind, target }) => ({ check, kind, target })),
    unlisted
  }
}

describe('matchBaseline', () => {
  it('knows a problem by its check, kind and target, whatever its message and file say', () => {
    const known = {
      ...problem('broken-reference', 'missing', '/gone'),
      message: 'index.html: a[href] "/gone" …',
      file: 'index.html'
    }
    const other = [
      problem('broken-reference', 'missing', '/also-gone'),
      problem('external-origin', 'load', '/gone'),
      problem('address', 'og:url', 'undefined.mintlify.app')
    ]
    const baseline = baselineOf([
      { ...known, message: 'guides/a.html: a[href] "../gone" …', file: 'guides/a.html' },
      problem('address', 'canonical', 'undefined.mintlify.app')
    ])
    expect(matchBaseline([known, ...other], baseline)).toEqual({ fresh: other, known: [known] })
  })

  it('knows as many of one problem as the baseline has, and no more', () => {
    const errors = [1, 2, 3].map((n) => problem('script-error', 'exception', 'guides/a.html', `Uncaught Error ${n}`))
    const { fresh, known } = matchBaseline(errors, baselineOf(errors.slice(0, 2)))
    expect(known).toEqual(errors.slice(0, 2))
    expect(fresh).toEqual(errors.slice(2))
  })
})

describe('withBaseline', () => {
  it('marks each problem, and counts the unlisted ones new as far as they outnumber the baseline’s', () => {
    const problems = [
      problem('sitemap', 'missing', 'https://docs.acme.dev/a'),
      problem('index', 'missing', 'index.html')
    ]
    const checked = { problems, counts: { problems: 2 + 30 } } as SiteCheckReport
    const report = withBaseline(checked, baselineOf([problems[0]], 25))
    expect(report.baseline?.new).toBe(1 + 5)
    expect(report.problems.map((each) => each.known)).toEqual([true, false])
    expect(report.baseline).toEqual({
      source: '/runner/temp/previous/verify-report.json',
      checkedAt: '2026-11-21T09:00:00.000Z',
      known: 26,
      new: 6
    })
  })
})

describe('readBaseline', () => {
  async function baselineFile(content: unknown): Promise<string> {
    const file = path.join(directory, 'verify-report.json')
    await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content))
    return file
  }

  it('reads the problems of a site check report, and what it counted beyond them', async () => {
    const file = await baselineFile({
      version: 1,
      checkedAt: '2026-11-21T09:00:00.000Z',
      counts: { problems: 23 },
      problems: [{ ...problem('broken-reference', 'missing', '/gone'), file: 'a.html' }],
      browser: { skipped: 'verify-browser: off' }
    })
    const host = new RecordingHost()
    expect(await readBaseline(file, { host, network: LOOPBACK })).toEqual({
      source: file,
      checkedAt: '2026-11-21T09:00:00.000Z',
      problems: [{ check: 'broken-reference', kind: 'missing', target: '/gone' }],
      unlisted: 22
    })
    expect(host.warnings).toEqual([])
  })

  it.each([
    ['missing', undefined, 'does not exist'],
    ['not JSON', '<html>', 'is not JSON'],
    [
      'not a site check report',
      { version: 1, files: [] },
      'is not a site check report (version 1): Invalid input: expected array, received undefined at problems'
    ],
    [
      'written before problems had a kind and a target',
      { version: 1, problems: [{ check: 'index', message: 'The site has no index.html' }] },
      'lists its problems without their kind and target (it was written by an earlier version of the action)'
    ]
  ])('warns once, naming it, when it is %s, and gives no baseline', async (_what, content, reason) => {
    const file = content === undefined ? path.join(directory, 'nope.json') : await baselineFile(content)
    const host = new RecordingHost()
    expect(await readBaseline(file, { host, network: LOOPBACK })).toBeUndefined()
    expect(host.warnings).toEqual([
      {
        message: `The site check baseline ${file} ${reason}: every problem the check finds counts`,
        annotation: { title: 'Site check baseline' }
      }
    ])
  })
})
