import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { checkSite } from '../../src/site/check.js'
import type { SiteFindings } from '../../src/site/findings.js'
import type { ArchiveEntry } from '../emulator/archives.ts'
import { brokenSite, exportShapedSite, SITE_DOMAIN, sitemapXml } from '../emulator/sites.ts'
import { ROOT } from '../support/run-action.ts'

let work: string

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'site-check-test-'))
})

afterEach(async () => rm(work, { recursive: true, force: true }))

/** Writes the entries as the unpacking would, into a new folder; returns it. */
async function writeSite(entries: ArchiveEntry[]): Promise<string> {
  const root = await mkdtemp(path.join(work, 'site-'))
  for (const entry of entries) {
    const file = path.join(root, entry.name)
    await mkdir(entry.type === 'directory' ? file : path.dirname(file), { recursive: true })
    if (entry.type === 'symlink') await symlink(entry.target ?? '', file)
    else if (entry.type !== 'directory') await writeFile(file, entry.content ?? '')
  }
  return root
}

/** The findings as plain data, for comparisons. */
function plain(findings: SiteFindings): Record<string, unknown> {
  const {
    durationMs: _durationMs,
    threads: _threads,
    root: _root,
    broken,
    external,
    hints,
    outbound,
    addresses,
    fragments,
    ...rest
  } = findings
  return {
    ...rest,
    broken: broken.sorted(),
    external: external.sorted(),
    hints: hints.sorted(),
    outbound: outbound.sorted(),
    addresses: addresses.sorted(),
    fragments: fragments.sorted()
  }
}

const page = (body: string, head = ''): string => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`

describe('checkSite on export-shaped sites', () => {
  it('finds nothing wrong in the clean site, and notes that it relies on links without .html', async () => {
    const site = exportShapedSite()
    const findings = await checkSite(await writeSite(site.entries), {
      domain: SITE_DOMAIN,
      expectedPages: site.pageCount
    })
    expect(findings).toMatchObject({
      domain: SITE_DOMAIN,
      expectedPages: 7,
      htmlPages: 8,
      styleSheets: 2,
      indexHtml: true
    })
    expect(findings.files).toBe(site.entries.length)
    expect(findings.internalReferences).toBeGreaterThan(100)
    expect(findings.broken.sorted()).toEqual([])
    expect(findings.external.sorted()).toEqual([])
    expect(findings.addresses.sorted()).toEqual([])
    expect(findings.outbound.sorted()).toEqual([{ origin: 'https://github.com', files: 1, examples: ['index.html'] }])
    expect(findings.sitemap).toEqual({
      files: ['sitemap.xml'],
      urls: 7,
      offDomain: [],
      unresolved: [],
      unresolvedCount: 0
    })
    expect(findings.extensionless).toMatchObject({
      exampleFile: 'index.html',
      exampleReference: '/guides/getting-started'
    })
    expect(findings.extensionless?.files).toBe(8)
  })

  it('finds a link to a page that is not in the site, with the page that holds it', async () => {
    const findings = await checkSite(await writeSite(brokenSite('missing-page').entries), { domain: SITE_DOMAIN })
    expect(findings.broken.sorted()).toEqual([
      {
        target: '/guides/upgrade',
        reference: '/guides/upgrade',
        source: 'a[href]',
        files: 1,
        examples: ['guides/deploy.html']
      }
    ])
  })

  it('finds a missing asset of a style sheet, resolved against the style sheet', async () => {
    const findings = await checkSite(await writeSite(brokenSite('css-asset').entries), { domain: SITE_DOMAIN })
    expect(findings.broken.sorted()).toEqual([
      {
        target: '/_next/static/media/cover.webp',
        reference: '../media/cover.webp',
        source: 'url()',
        files: 1,
        examples: ['_next/static/css/app-5e1f0a.css']
      }
    ])
  })

  it('finds a missing image of a srcset', async () => {
    const findings = await checkSite(await writeSite(brokenSite('srcset-asset').entries), { domain: SITE_DOMAIN })
    expect(findings.broken.sorted()).toEqual([
      {
        target: '/images/hero@3x.png',
        reference: '/images/hero@3x.png',
        source: 'img[srcset]',
        files: 1,
        examples: ['guides/getting-started.html']
      }
    ])
  })

  it('lists the origins loaded from elsewhere with what each loads, apart from plain outbound links', async () => {
    const findings = await checkSite(await writeSite(brokenSite('external-loads').entries), { domain: SITE_DOMAIN })
    expect(findings.external.sorted()).toEqual([
      {
        origin: 'https://cdn.segment.com',
        kinds: ['script'],
        exampleUrl: 'https://cdn.segment.com/analytics.js/v1/key/analytics.min.js',
        reference: 'https://cdn.segment.com/analytics.js/v1/key/analytics.min.js',
        source: 'script[src]',
        files: 1,
        examples: ['guides/deploy.html']
      },
      {
        origin: 'https://fonts.googleapis.com',
        kinds: ['style'],
        exampleUrl: 'https://fonts.googleapis.com/css2?family=Inter',
        reference: 'https://fonts.googleapis.com/css2?family=Inter',
        source: '@import',
        files: 1,
        examples: ['_next/static/css/app-5e1f0a.css']
      },
      {
        origin: 'https://fonts.gstatic.com',
        kinds: ['font'],
        exampleUrl: 'https://fonts.gstatic.com/s/brand/v1/brand.woff2',
        reference: 'https://fonts.gstatic.com/s/brand/v1/brand.woff2',
        source: 'url()',
        files: 1,
        examples: ['_next/static/css/app-5e1f0a.css']
      },
      {
        origin: 'https://www.youtube.com',
        kinds: ['frame'],
        exampleUrl: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
        reference: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
        source: 'iframe[src]',
        files: 1,
        examples: ['guides/deploy.html']
      }
    ])
    expect(findings.outbound.sorted().map((origin) => origin.origin)).toEqual(['https://github.com'])
  })

  it('finds canonical and og:url addresses on another host, not listed as outbound links', async () => {
    const findings = await checkSite(await writeSite(brokenSite('canonical-host').entries), { domain: SITE_DOMAIN })
    expect(findings.addresses.sorted().map(({ source, host, files }) => ({ source, host, files }))).toEqual([
      { source: 'canonical', host: 'undefined.mintlify.app', files: 7 },
      { source: 'og:url', host: 'undefined.mintlify.app', files: 7 }
    ])
    expect(findings.outbound.sorted().map((origin) => origin.origin)).toEqual(['https://github.com'])
  })

  it('finds sitemap URLs on another host, and sitemap URLs the site does not serve', async () => {
    const offDomain = await checkSite(await writeSite(brokenSite('sitemap-host').entries), { domain: SITE_DOMAIN })
    expect(offDomain.sitemap?.offDomain).toEqual([
      { file: 'sitemap.xml', host: 'acme.mintlify.app', urls: 1, examples: ['https://acme.mintlify.app/guides/deploy'] }
    ])
    expect(offDomain.sitemap?.unresolvedCount).toBe(0)
    const unresolved = await checkSite(await writeSite(brokenSite('sitemap-unresolved').entries), {
      domain: SITE_DOMAIN
    })
    expect(unresolved.sitemap).toMatchObject({
      urls: 8,
      offDomain: [],
      unresolved: [{ url: `https://${SITE_DOMAIN}/guides/removed`, file: 'sitemap.xml' }],
      unresolvedCount: 1
    })
  })

  it('notices a site without index.html, and the links to / that now lead nowhere', async () => {
    const findings = await checkSite(await writeSite(brokenSite('no-index').entries), { domain: SITE_DOMAIN })
    expect(findings.indexHtml).toBe(false)
    expect(findings.broken.sorted()[0]).toMatchObject({ target: '/', files: 7 })
  })

  it('without the domain, checks no host but still every path', async () => {
    const findings = await checkSite(await writeSite(brokenSite('canonical-host').entries), {})
    expect(findings.domain).toBeUndefined()
    expect(findings.addresses.size).toBe(0)
    expect(findings.sitemap?.offDomain).toEqual([])
    expect(findings.sitemap?.unresolvedCount).toBe(0)
    // The absolute link to the site's own host cannot be told from another origin.
    expect(findings.outbound.sorted().map((origin) => origin.origin)).toContain(`https://${SITE_DOMAIN}`)
  })
})

describe('checkSite details', () => {
  it('resolves relative references against <base href>', async () => {
    const root = await writeSite([
      { name: 'index.html', content: page('<a href="page">x</a>', '<base href="/docs/">') },
      { name: 'docs/page.html', content: page('') }
    ])
    const findings = await checkSite(root, { domain: SITE_DOMAIN })
    expect(findings.broken.size).toBe(0)
    expect(findings.extensionless).toMatchObject({ references: 1, servedBy: 'docs/page.html' })
  })

  it('counts a linked file as a file and finds pages through a linked folder', async () => {
    const root = await writeSite([
      { name: 'index.html', content: page('<a href="/latest/intro">x</a><a href="/home.html">y</a>') },
      { name: 'v2/intro.html', content: page('') },
      { name: 'latest', type: 'symlink', target: 'v2' },
      { name: 'home.html', type: 'symlink', target: 'index.html' }
    ])
    const findings = await checkSite(root, { domain: SITE_DOMAIN })
    expect(findings.broken.sorted()).toEqual([])
    expect(findings.htmlPages).toBe(3)
  })

  it('follows a sitemap index to the sitemaps it lists', async () => {
    const root = await writeSite([
      { name: 'index.html', content: page('') },
      {
        name: 'sitemap.xml',
        content: `<sitemapindex><sitemap><loc>https://${SITE_DOMAIN}/sitemap-0.xml</loc></sitemap><sitemap><loc>https://${SITE_DOMAIN}/sitemap-1.xml</loc></sitemap></sitemapindex>`
      },
      { name: 'sitemap-0.xml', content: sitemapXml([`https://${SITE_DOMAIN}/`, `https://${SITE_DOMAIN}/gone`]) }
    ])
    const findings = await checkSite(root, { domain: SITE_DOMAIN })
    expect(findings.sitemap).toEqual({
      files: ['sitemap.xml', 'sitemap-0.xml'],
      urls: 4,
      offDomain: [],
      unresolved: [
        { url: `https://${SITE_DOMAIN}/sitemap-1.xml`, file: 'sitemap.xml' },
        { url: `https://${SITE_DOMAIN}/gone`, file: 'sitemap-0.xml' }
      ],
      unresolvedCount: 2
    })
  })

  it('counts a file once per finding, however often it holds the reference', async () => {
    const root = await writeSite([
      { name: 'index.html', content: page('<a href="/gone">1</a><a href="/gone#x">2</a><a href="gone?y">3</a>') },
      { name: 'other.html', content: page('<a href="/gone">1</a>') }
    ])
    const findings = await checkSite(root, { domain: SITE_DOMAIN })
    expect(findings.broken.sorted()).toEqual([
      { target: '/gone', reference: '/gone', source: 'a[href]', files: 2, examples: ['index.html', 'other.html'] }
    ])
  })

  it('resolves a reference again where it means something else, in pages of the same layout read one after the other', async () => {
    // The same links in the same places: relative ones lead elsewhere from another folder or another <base>.
    const layout = (head = ''): string => page('<a href="/a/next">n</a><a href="next">r</a><a href="?q">q</a>', head)
    const root = await writeSite([
      { name: 'a/one.html', content: layout() },
      { name: 'a/next.html', content: layout() },
      { name: 'b/one.html', content: layout() },
      { name: 'b/two.html', content: layout('<base href="/a/">') },
      { name: 'index.html', content: page('') }
    ])
    const findings = await checkSite(root, { domain: SITE_DOMAIN })
    // `?q` is the page itself, but under <base href="/a/"> the folder /a/, which has no index.
    expect(findings.broken.sorted()).toEqual([
      { target: '/a/', reference: '?q', source: 'a[href]', files: 1, examples: ['b/two.html'] },
      { target: '/b/next', reference: 'next', source: 'a[href]', files: 1, examples: ['b/one.html'] }
    ])
    expect(findings.internalReferences).toBe(12)
  })

  it('fails on a site folder that does not exist', async () => {
    await expect(checkSite(path.join(work, 'missing'), {})).rejects.toThrow(/ENOENT/)
  })
})

describe('checkSite fragments', () => {
  const fragmentsOf = (findings: SiteFindings): string[] =>
    findings.fragments
      .sorted()
      .map(
        (link) =>
          `${link.examples.join(',')}: ${link.source} ${link.reference} → ${link.page} #${link.fragment} (${link.files})`
      )

  it('checks a link to a fragment of its own page against every id of the page, before or after the link', async () => {
    const root = await writeSite([
      {
        name: 'index.html',
        content: page(
          '<a href="#later">1</a><a href="#missing">2</a><a href="#">3</a><a href="#top">4</a><a href="#TOP">5</a><a href="#:~:text=Setup">6</a>' +
            '<a href="#a%20b">7</a><a href="#old">8</a><a href="#caf%C3%A9">9</a><a href="#later:~:text=x">10</a><a href="#Later">11</a>' +
            '<h2 id="later">Later</h2><h2 id="a b">A b</h2><a name="old"></a><h2 id="café">Café</h2>'
        )
      }
    ])
    expect(fragmentsOf(await checkSite(root, { domain: SITE_DOMAIN }))).toEqual([
      'index.html: a[href] #Later → index.html #Later (1)',
      'index.html: a[href] #missing → index.html #missing (1)'
    ])
  })

  it('checks a link to a fragment of another page against that page’s ids, however the page is named', async () => {
    const root = await writeSite([
      {
        name: 'index.html',
        content: page(
          '<a href="/guides/intro#setup">1</a><a href="guides/intro.html#gone">2</a><a href="https://docs.acme.dev/guides/intro?x=1#gone">3</a>' +
            '<a href="/guides/#overview">4</a><a href="/missing#x">5</a><a href="/logo.svg#x">6</a><a href="https://other.example/#x">7</a>'
        )
      },
      { name: 'guides/intro.html', content: page('<h2 id="setup">Setup</h2><a href="/#nowhere">home</a>') },
      { name: 'guides/index.html', content: page('<section id="overview"></section>') },
      { name: 'logo.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
      { name: 'z.html', content: page('<a href="/guides/intro#gone">again</a>') }
    ])
    const findings = await checkSite(root, { domain: SITE_DOMAIN })
    expect(fragmentsOf(findings)).toEqual([
      'index.html,z.html: a[href] guides/intro.html#gone → guides/intro.html #gone (2)',
      'guides/intro.html: a[href] /#nowhere → index.html #nowhere (1)'
    ])
    // A missing page is a broken reference, not a missing fragment.
    expect(findings.broken.sorted().map((reference) => reference.target)).toEqual(['/missing'])
  })

  it('follows <base href> for a link to a bare fragment', async () => {
    const root = await writeSite([
      {
        name: 'index.html',
        content: page('<a href="#intro">x</a><a href="#here">y</a><h2 id="here"></h2>', '<base href="/docs/">')
      },
      { name: 'docs/index.html', content: page('<h2 id="intro"></h2>') }
    ])
    expect(fragmentsOf(await checkSite(root, { domain: SITE_DOMAIN }))).toEqual([
      'index.html: a[href] #here → docs/index.html #here (1)'
    ])
  })
})

describe('checkSite on worker threads', () => {
  const workerFile = new URL(`file://${path.join(ROOT, 'dist/site-worker/index.js')}`)

  it('finds what one thread finds, with the built worker bundle', async () => {
    expect(existsSync(workerFile), 'dist/site-worker/index.js is built by npm run bundle').toBe(true)
    const site = brokenSite('external-loads')
    const entries = [
      ...site.entries,
      ...Array.from({ length: 40 }, (_, i) => ({
        name: `extra/page-${i}.html`,
        content: page(
          `<a href="/gone-${i % 3}">x</a><img src="https://img.example/${i}.png"><link rel="preconnect" href="https://hint-${i % 2}.example">` +
            `<h2 id="s${i % 2}"></h2><a href="/extra/page-${(i + 7) % 40}#s0">t</a><a href="#s1">u</a>`
        )
      }))
    ]
    const root = await writeSite(entries)
    const here = await checkSite(root, { domain: SITE_DOMAIN, expectedPages: 50 })
    const workers = await checkSite(root, { domain: SITE_DOMAIN, expectedPages: 50, workerFile, filesPerWorker: 1 })
    expect(plain(workers)).toEqual(plain(here))
    expect([here.threads, workers.threads]).toEqual([1, Math.min(os.availableParallelism(), 4)])
    expect(here.broken.size).toBe(3)
    expect(here.external.size).toBe(5)
    expect(here.hints.size).toBe(2)
    expect(here.fragments.size).toBe(40)
  })

  it('fails when a worker cannot start', async () => {
    const root = await writeSite(exportShapedSite().entries)
    const missing = new URL(`file://${path.join(work, 'no-such-worker.js')}`)
    await expect(checkSite(root, { workerFile: missing, filesPerWorker: 1 })).rejects.toThrow()
  })
})
