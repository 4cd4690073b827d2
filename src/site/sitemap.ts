import { Parser } from 'htmlparser2'

export interface Sitemap {
  /** `sitemapindex`: the locations are further sitemaps, not pages. */
  index: boolean
  /** Every `<loc>`, trimmed, in order. */
  locations: string[]
}

/** The `<loc>` URLs of a sitemap (or of a sitemap index), read with htmlparser2 in XML mode. */
export function readSitemap(xml: string): Sitemap {
  const sitemap: Sitemap = { index: false, locations: [] }
  let root = true
  let location: string | undefined
  const parser = new Parser(
    {
      onopentag(name) {
        const local = localName(name)
        if (root) sitemap.index = local === 'sitemapindex'
        root = false
        if (local === 'loc') location = ''
      },
      ontext(text) {
        if (location !== undefined) location += text
      },
      onclosetag(name) {
        if (localName(name) !== 'loc' || location === undefined) return
        const trimmed = location.trim()
        if (trimmed) sitemap.locations.push(trimmed)
        location = undefined
      }
    },
    { xmlMode: true }
  )
  parser.end(xml)
  return sitemap
}

/** `<sm:loc>` and `<loc>` alike: sitemaps are sometimes written with a namespace prefix. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase()
}
