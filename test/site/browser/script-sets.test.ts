import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ScriptSetSnapshot } from '../../../src/site/browser/script-sets.js'
import { SiteReader } from '../../../src/site/reader.js'
import { SiteFiles } from '../../../src/site/resolve.js'

let root: string

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'script-sets-'))
})

afterEach(async () => rm(root, { recursive: true, force: true }))

const page = (head: string, body = ''): string => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`
const APP = '<script src="/_next/app-1.js" async></script><script src="/_next/main-2.js"></script>'

/** A reader of the pages, as the static check reads them. */
async function reader(pages: Record<string, string>): Promise<SiteReader> {
  for (const [file, content] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), content)
  }
  const files = Object.keys(pages).sort()
  const siteReader = new SiteReader(root, new SiteFiles(root, files), 'docs.acme.dev', { scriptSets: true })
  for (const file of files) siteReader.readFile(file)
  return siteReader
}

/** The sets a reader kept, in order. */
function setsOf(siteReader: SiteReader): ScriptSetSnapshot {
  if (!siteReader.scriptSets) throw new Error('the reader keeps no sets')
  return siteReader.scriptSets.snapshot()
}

describe("each page's set of scripts, iframes and embeds", () => {
  it('groups pages by their scripts (without query), iframes and embeds (by origin), not by their text', async () => {
    const { sets, pages } = setsOf(
      await reader({
        'index.html': page(APP, '<p>home</p>'),
        'guides/a.html': page(APP, '<p>other text, same scripts</p>'),
        'guides/b.html': page(`<script src="/_next/main-2.js?v=9"></script>${APP}`),
        'api/x.html': page(`${APP}<script src="/_next/api-reference-3.js"></script>`),
        'api/y.html': page(`${APP}<script src="https://cdn.example/playground.js?key=1"></script>`),
        'videos/one.html': page(APP, '<iframe src="https://www.youtube.com/embed/one"></iframe>'),
        'videos/two.html': page(APP, '<iframe src="https://www.youtube.com/embed/two?start=3"></iframe>'),
        'videos/local.html': page(APP, '<iframe src="/embeds/map.html"></iframe><embed src="/files/a.pdf">'),
        'plain.html': page('<style>p{}</style>', '<script>inline()</script>'),
        'styles/site.css': 'p { color: red }'
      })
    )
    const setOf = Object.fromEntries(pages.map(([file, set]) => [file, sets[set]]))
    expect(setOf).toEqual({
      'api/x.html': 'script /_next/api-reference-3.js\nscript /_next/app-1.js\nscript /_next/main-2.js',
      'api/y.html': 'script /_next/app-1.js\nscript /_next/main-2.js\nscript https://cdn.example/playground.js',
      'guides/a.html': 'script /_next/app-1.js\nscript /_next/main-2.js',
      'guides/b.html': 'script /_next/app-1.js\nscript /_next/main-2.js',
      'index.html': 'script /_next/app-1.js\nscript /_next/main-2.js',
      'plain.html': '',
      'videos/local.html': 'embed (site)\niframe (site)\nscript /_next/app-1.js\nscript /_next/main-2.js',
      'videos/one.html': 'iframe https://www.youtube.com\nscript /_next/app-1.js\nscript /_next/main-2.js',
      'videos/two.html': 'iframe https://www.youtube.com\nscript /_next/app-1.js\nscript /_next/main-2.js'
    })
    expect(sets).toHaveLength(6)
  })

  it('comes out the same whichever reader read which page, as worker threads share a site', async () => {
    const pages = {
      'a.html': page(APP),
      'b.html': page('<script src="/b.js"></script>'),
      'c.html': page(APP),
      'd.html': page('<script src="/d.js"></script>')
    }
    const one = setsOf(await reader(pages))
    const first = await reader({ 'c.html': pages['c.html'], 'd.html': pages['d.html'] })
    const second = await reader({ 'b.html': pages['b.html'], 'a.html': pages['a.html'] })
    first.merge(second.snapshot())
    expect(setsOf(first)).toEqual(one)
    expect(one.pages.map(([file]) => file)).toEqual(['a.html', 'b.html', 'c.html', 'd.html'])
  })
})
