import { afterEach, describe, expect, it } from 'vitest'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { brokenSite, exportShapedSite } from './emulator/sites.ts'
import { exportInputs } from './support/export-inputs.ts'
import { plainText } from './support/gfm.ts'
import { describeWhere, missingBrowser } from './support/requirements.ts'
import { runAction, type ActionRun } from './support/run-action.ts'

/**
 * The job summary as a reader takes it in, written by dist/index.js and rendered by the CommonMark
 * and GFM renderer: before anything is unfolded each problem is said once (in the list under the
 * verdict), the tables wait inside `<details>`, counts that disagree say why, the error of
 * `verify: error` says what failed and points at the list, and links without `.html` are a tip,
 * shown only when no rule for them is known.
 */

/** The site's four other origins: a script and a frame in a page, a style sheet and a font in its CSS. */
const ORIGINS = [
  'https://cdn.segment.com',
  'https://fonts.googleapis.com',
  'https://fonts.gstatic.com',
  'https://www.youtube.com'
]

let emulator: Emulator | undefined
afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

async function exportRun(setup: EmulatorSetup, inputs: Record<string, string>): Promise<ActionRun> {
  emulator = await new Emulator(setup).start()
  return runAction(exportInputs(emulator, { extract: 'true', ...inputs }), { timeoutMs: 90_000 })
}

/** What a reader sees before unfolding anything, and with everything unfolded. */
function readings(run: ActionRun): { folded: string; unfolded: string } {
  return { folded: plainText(run.summary, { folded: true }), unfolded: plainText(run.summary) }
}

/** The lines of `text` that name `word`: a problem's line may name its origin twice, in its example. */
function linesWith(text: string, word: string): string[] {
  return text.split('\n').filter((line) => line.includes(word))
}

describeWhere(missingBrowser, 'a site that loads from four other origins, with the browser pass', () => {
  it('shows each origin once before anything is unfolded, and says why the run-time count differs', async () => {
    const run = await exportRun({ site: brokenSite('external-loads') }, { 'verify-browser': 'on' })
    expect(run.exitCode, run.stdout).toBe(0)
    const { folded, unfolded } = readings(run)
    for (const origin of ORIGINS) expect(linesWith(folded, origin), `${origin} in\n${folded}`).toHaveLength(1)
    // The tables are folded: their rows are not in sight.
    expect(folded).not.toMatch(/Origin \| (Loads|Types)/)
    expect(folded).toMatch(/^▸ Site check: 4 problems in 33 files/m)
    expect(folded).toMatch(/^▸ Browser pass: 7 pages loaded in /m)
    // Unfolded, the run-time count is set against the static check's, with the origin it did not reach.
    expect(unfolded).toContain(
      'Origins reached at run time | 3 (3 the static check found too); not reached: 1 of the 4 the static check found, https://fonts.gstatic.com: the files name it, but no page loaded asked for it'
    )
    expect(unfolded).toContain(
      'HTML pages | 8 (the export job counted 7: it leaves out HTML files that are no page of the docs, such as a 404.html)'
    )
  })
})

describe('the summary before anything is unfolded', () => {
  it('verify: warn: each problem once, the tables folded, links without .html as a tip', async () => {
    const run = await exportRun({ site: brokenSite('external-loads') }, {})
    expect(run.exitCode).toBe(0)
    const { folded } = readings(run)
    expect(folded.split('\n')).toEqual([
      expect.stringMatching(
        /^### ⚠️ Exported docs\.acme\.dev: 7 pages, 4 problems \(4 origins that fail without internet access\), [\d.]+ m?s$/
      ),
      '- 4 origins that fail without internet access',
      expect.stringMatching(/^ {2}- guides\/deploy\.html: loads script from https:\/\/cdn\.segment\.com/),
      expect.stringMatching(
        /^ {2}- _next\/static\/css\/app-5e1f0a\.css: loads style from https:\/\/fonts\.googleapis\.com/
      ),
      expect.stringMatching(
        /^ {2}- _next\/static\/css\/app-5e1f0a\.css: loads font from https:\/\/fonts\.gstatic\.com/
      ),
      expect.stringMatching(/^ {2}- guides\/deploy\.html: loads frame from https:\/\/www\.youtube\.com/),
      expect.stringMatching(/^▸ Export job se_\w+$/),
      expect.stringMatching(
        /^▸ Site check: 4 problems in 33 files \(8 HTML pages, \d+ internal references\) in [\d.]+ m?s$/
      ),
      'Tip: 47 references in 8 files leave out .html, such as /guides/getting-started in index.html. GitHub Pages, Netlify and Cloudflare Pages serve them as they are, and so does S3 static website hosting once publish-to has put each page under its route; nginx and CloudFront need a rule of their own.',
      'Browser pass: not run (verify-browser: off).'
    ])
  })

  it('verify: error: the error says what failed and points at the list, without a path of the runner', async () => {
    const run = await exportRun({ site: brokenSite('missing-page') }, { verify: 'error' })
    expect(run.exitCode).toBe(1)
    const { folded } = readings(run)
    const lines = folded.split('\n')
    expect(lines[1]).toMatch(
      /^Error: Export job se_\w+: The site check found 1 problem \(verify: error\): each is listed below$/
    )
    expect(linesWith(folded, '/guides/upgrade')).toHaveLength(1)
    expect(folded).not.toContain(run.runnerTemp)
    // The log keeps the whole message: the problems and where the report is.
    expect(run.errors[0]).toContain('points at /guides/upgrade, which is not in the site')
    expect(run.errors[0]).toContain('Report: ')
  })

  it('leaves the tip out when the site brings its host’s rules, and says a clean check in one line', async () => {
    const clean = exportShapedSite()
    const site = { ...clean, entries: [...clean.entries, { name: '_redirects', content: '/old /new 301\n' }] }
    const run = await exportRun({ site }, {})
    expect(run.exitCode).toBe(0)
    const { folded } = readings(run)
    expect(folded).not.toContain('.html')
    expect(folded).toMatch(/^Site check: no problems in 34 files/m)
    expect(run.stdout).not.toContain('links without .html')
  })
})
