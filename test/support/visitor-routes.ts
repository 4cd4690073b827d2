/**
 * Every route a visitor of a site follows, as its own pages and sitemap write them: the links of
 * its pages to other pages of the site, and its sitemap's URLs, each a path from the site's root
 * (`/guides/deploy`, `/api-reference/`, `/`), encoded as the browser sends it. Files with an
 * extension (assets, the sitemap itself) are not routes.
 */
export function visitorRoutes(files: Iterable<[name: string, text: string]>, domain = 'docs.acme.dev'): string[] {
  const routes = new Set<string>()
  for (const [name, text] of files) {
    const base = new URL(name, `https://${domain}/`)
    const references = name.endsWith('.html')
      ? [...text.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1] ?? '')
      : name === 'sitemap.xml'
        ? [...text.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] ?? '')
        : []
    for (const reference of references) {
      const url = new URL(reference.replaceAll('&amp;', '&'), base)
      if (url.host === domain && !/\.[a-z0-9]+$/i.test(url.pathname)) routes.add(url.pathname)
    }
  }
  return [...routes].sort()
}
