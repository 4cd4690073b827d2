import { describe, expect, it } from 'vitest'
import { readSitemap } from '../../src/site/sitemap.js'

describe('readSitemap', () => {
  it('reads every <loc> of a urlset, trimmed, entities decoded', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>
          https://docs.acme.dev/
        </loc><lastmod>2026-11-01</lastmod></url>
        <url><loc>https://docs.acme.dev/search?q=a&amp;b=c</loc></url>
        <url><loc><![CDATA[https://docs.acme.dev/cdata]]></loc></url>
        <url><loc></loc></url>
      </urlset>`
    expect(readSitemap(xml)).toEqual({
      index: false,
      locations: ['https://docs.acme.dev/', 'https://docs.acme.dev/search?q=a&b=c', 'https://docs.acme.dev/cdata']
    })
  })

  it('tells a sitemap index, and reads prefixed names', () => {
    const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://docs.acme.dev/sitemap-0.xml</sm:loc></sm:sitemap></sm:sitemapindex>`
    expect(readSitemap(xml)).toEqual({ index: true, locations: ['https://docs.acme.dev/sitemap-0.xml'] })
  })

  it('reads nothing from something that is not a sitemap', () => {
    expect(readSitemap('<html><body>Not found</body></html>')).toEqual({ index: false, locations: [] })
  })
})
