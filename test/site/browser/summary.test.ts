import { describe, expect, it } from 'vitest'
import { writeSummary } from '../../../src/core/summary.js'
import { addBrowserSection } from '../../../src/site/browser/summary.js'
import type { BrowserSection, RuntimeOrigin } from '../../../src/site/browser/types.js'
import { plainText } from '../../support/gfm.js'
import { RecordingHost } from '../../support/recording-host.js'

/** The browser pass's section as a reader sees it, folded and unfolded. */
async function shown(section: BrowserSection, staticOrigins: string[]): Promise<{ folded: string; open: string }> {
  const host = new RecordingHost()
  await writeSummary(host, 'the job summary', (summary) => addBrowserSection(summary, section, staticOrigins))
  return { folded: plainText(host.summaryMarkdown, { folded: true }), open: plainText(host.summaryMarkdown) }
}

function origin(name: string, inStaticCheck: boolean): RuntimeOrigin {
  const load = { page: 'index.html', url: `${name}/x`, type: 'Script', initiator: 'parser /index.html:1' }
  return {
    origin: name,
    types: ['Script'],
    exampleUrl: load.url,
    pages: ['index.html'],
    examples: [load],
    inStaticCheck
  }
}

function section(runtimeOrigins: RuntimeOrigin[]): BrowserSection {
  return {
    browser: 'HeadlessChrome',
    version: '150.0',
    executable: '/usr/bin/chromium',
    startupMs: 100,
    sandbox: true,
    durationMs: 1500,
    pages: ['index.html', 'guides/a.html'],
    scriptSets: { distinct: 1, loaded: 1 },
    notLoaded: [],
    runtimeOrigins,
    missing: [],
    scriptErrors: [],
    skipped: null
  }
}

describe('the browser pass in the job summary', () => {
  it('folds its tables under one line: the problems above say each origin already', async () => {
    const { folded, open } = await shown(section([origin('https://a.example', false)]), [])
    expect(folded).toBe('▸ Browser pass: 2 pages loaded in HeadlessChrome 150.0 in 1.5 s')
    expect(open).toContain('Origins reached at run time | 1\n')
    expect(open).toContain('https://a.example | Script | 1 | /x')
  })

  it('sets the origins reached against the static check’s, naming the one no page asked for', async () => {
    const reached = [
      origin('https://a.example', true),
      origin('https://b.example', true),
      origin('https://c.example', false)
    ]
    const { open } = await shown(section(reached), ['https://a.example', 'https://b.example', 'https://fonts.example'])
    expect(open).toContain(
      'Origins reached at run time | 3 (2 the static check found too, 1 only at run time); not reached: 1 of the 3 the static check found, https://fonts.example: the files name it, but no page loaded asked for it'
    )
  })

  it('folds even a pass that reached nothing, when the static check found origins it did not reach', async () => {
    const { folded, open } = await shown(section([]), ['https://a.example', 'https://b.example'])
    expect(folded).toBe('▸ Browser pass: 2 pages loaded in HeadlessChrome 150.0 in 1.5 s')
    expect(open).toContain(
      'Origins reached at run time | 0; not reached: 2 of the 2 the static check found, such as https://a.example: the files name them, but no page loaded asked for them'
    )
  })
})
