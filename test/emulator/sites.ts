import type { ArchiveEntry } from './archives.ts'

/**
 * Sites shaped like the platform's static exports: a Next.js export where `/guides/x` is the file
 * `guides/x.html` beside its RSC payload `guides/x.txt`, assets under `_next/static/`, style
 * sheets that load fonts and images with url(), a sitemap and canonical addresses on the
 * domain, and links written without `.html`. `exportShapedSite()` is clean; `BROKEN_SITES`
 * breaks it in one way each.
 */

export const SITE_DOMAIN = 'docs.acme.dev'

/** A site and the page count its export job reports. */
export interface ExportedSite {
  entries: ArchiveEntry[]
  pageCount: number
}

/** The file of a route: `` → `index.html`, `guides/x` → `guides/x.html`, `api-reference/` → `api-reference/index.html`. */
export function pageFile(route: string): string {
  return route === '' || route.endsWith('/') ? `${route}index.html` : `${route}.html`
}

export const ASSETS = {
  css: '/_next/static/css/app-5e1f0a.css',
  printCss: '/_next/static/css/print-77c2d1.css',
  font: '/_next/static/media/inter-latin-4c1b2e.woff2',
  fontWoff: '/_next/static/media/inter-latin-4c1b2e.woff',
  chunks: [
    '/_next/static/chunks/webpack-9a8b7c.js',
    '/_next/static/chunks/main-app-3d4e5f.js',
    '/_next/static/chunks/app/layout-6a7b8c.js'
  ]
}

export interface PageOptions {
  domain?: string
  /** Routes of the sidebar. */
  nav: string[]
  title?: string
  /** More markup for the page's body. */
  body?: string
  /** More markup for the page's head. */
  head?: string
  /** The page's inline RSC payload, as the export writes it into script elements. */
  payload?: string
}

/** A page as the export renders it: preloads, style sheet, scripts, canonical, sidebar, table of contents, payload. */
export function exportPage(route: string, options: PageOptions): string {
  const domain = options.domain ?? SITE_DOMAIN
  const address = `https://${domain}/${route.replace(/\/$/, '')}`
  const title = options.title ?? (route || 'Acme Docs')
  const nav = options.nav
    .map((target) => `<li><a class="nav-link" href="/${target}">${target || 'Home'}</a></li>`)
    .join('')
  return [
    '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
    `<link rel="preload" href="${ASSETS.font}" as="font" crossorigin="" type="font/woff2"/>`,
    `<link rel="stylesheet" href="${ASSETS.css}" data-precedence="next"/>`,
    ...ASSETS.chunks.map((chunk) => `<link rel="preload" as="script" fetchPriority="low" href="${chunk}"/>`),
    ...ASSETS.chunks.map((chunk) => `<script src="${chunk}" async=""></script>`),
    `<title>${title} - Acme</title>`,
    `<link rel="canonical" href="${address}"/>`,
    `<meta property="og:url" content="${address}"/>`,
    `<meta property="og:image" content="https://${domain}/images/og.png"/>`,
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>',
    options.head ?? '',
    '</head><body><a href="#content" class="skip">Skip to content</a>',
    `<header><a href="/"><img src="/images/logo.png" srcset="/images/logo.png 1x, /images/logo@2x.png 2x" alt="Acme"/></a></header>`,
    `<nav><ul>${nav}</ul></nav>`,
    '<aside><p>On this page</p><a class="toc" href="#intro">Introduction</a></aside>',
    `<main id="content"><h1>${title}</h1><h2 id="intro">Introduction</h2><p>Read the guides below.</p>${options.body ?? ''}</main>`,
    `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
    `<script>self.__next_f.push([1,${JSON.stringify(options.payload ?? `0:{"route":"/${route}"}`)}])</script>`,
    '</body></html>\n'
  ].join('')
}

/** The RSC payload file the export writes beside each page. */
export function rscPayload(route: string): string {
  return `0:["$","main",null,{"children":["$","h1",null,{"children":${JSON.stringify(route || 'Acme Docs')}}]}]\n`
}

const APP_CSS = `@import "./print-77c2d1.css" print;
/* url(/_next/static/media/commented-out.woff2) is no reference */
@font-face{font-family:Inter;font-style:normal;font-display:swap;src:url(../media/inter-latin-4c1b2e.woff2) format("woff2"),url("../media/inter-latin-4c1b2e.woff") format("woff")}
.hero{background-image:url('/images/bg.svg')}
.logo{background:image-set("/images/logo.png" 1x,"/images/logo@2x.png" 2x)}
.quote::before{content:"url(/not-a-reference.png)"}
.icon{mask:url(data:image/svg+xml;base64,PHN2Zy8+) no-repeat}
`

/** The routes of the clean site; `api-reference/` is a folder's index. */
const ROUTES = [
  '',
  'guides/getting-started',
  'guides/deploy',
  'guides/café',
  'api-reference/',
  'api-reference/introduction',
  'api-reference/endpoints/list-pages'
]

/** Links a page of the clean site holds besides its sidebar: every shape a reference takes. */
const BODY: Record<string, string> = {
  '': [
    '<p><a href="guides/deploy">Deploy</a> · <a href="/guides/getting-started?ref=home#install">Install</a>',
    ' · <a href="https://docs.acme.dev/api-reference/introduction">API</a> · <a href="/guides/caf%C3%A9">Café</a>',
    ' · <a href="/api-reference/">Reference</a> · <a href="/api-reference">Reference (no slash)</a>',
    ' · <a href="mailto:docs@acme.dev">Mail</a> · <a href="tel:+15550100">Call</a> · <a href="javascript:void(0)">Menu</a>',
    ' · <a href="#top">Top</a> · <a href="https://github.com/acme/docs">GitHub</a> · <a href="/sitemap.xml">Sitemap</a></p>',
    '<picture><source srcset="/images/hero.png 1x, /images/hero@2x.png 2x" type="image/png"/><img src="/images/hero.png" alt=""/></picture>',
    '<video src="/videos/demo.mp4" poster="/images/hero.png"><track src="/videos/demo.vtt" kind="captions"/></video>',
    '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt=""/>',
    '<div style="background:url(/images/bg.svg)">Banner</div>',
    '<style>.banner{background-image:url("/images/hero@2x.png")}</style>'
  ].join(''),
  'api-reference/endpoints/list-pages':
    '<p><a href="../introduction">Introduction</a> · <a href="../../guides/deploy#cli">Deploy</a></p>',
  'guides/deploy':
    '<iframe src="/api-reference/introduction" title="Playground"></iframe><a href="./getting-started.html">Getting started</a><h2 id="cli">CLI</h2>',
  'guides/getting-started':
    '<a name="install"></a><h2>Install</h2><p><a href="#:~:text=Install">Jump to the text</a></p>',
  'guides/café': '<h2 id="réglages">Réglages</h2><a href="#r%C3%A9glages">Réglages</a>'
}

const STATIC_FILES: ArchiveEntry[] = [
  { name: ASSETS.css.slice(1), content: APP_CSS },
  { name: ASSETS.printCss.slice(1), content: 'body{color:#000}\n' },
  { name: ASSETS.font.slice(1), content: Buffer.from('wOF2font') },
  { name: ASSETS.fontWoff.slice(1), content: Buffer.from('wOFFfont') },
  ...ASSETS.chunks.map((chunk) => ({ name: chunk.slice(1), content: `/* ${chunk} */self.webpackChunk=[];\n` })),
  ...['bg.svg', 'logo.png', 'logo@2x.png', 'hero.png', 'hero@2x.png', 'og.png'].map((name) => ({
    name: `images/${name}`,
    content: Buffer.from(name)
  })),
  { name: 'videos/demo.mp4', content: Buffer.from('mp4') },
  { name: 'videos/demo.vtt', content: 'WEBVTT\n' },
  { name: 'favicon.svg', content: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  { name: 'robots.txt', content: `User-agent: *\nSitemap: https://${SITE_DOMAIN}/sitemap.xml\n` },
  {
    name: '404.html',
    content: '<!DOCTYPE html><html><body><h1>Page not found</h1><a href="/">Home</a></body></html>\n'
  }
]

export function sitemapXml(urls: string[]): string {
  const entries = urls.map((url) => `<url><loc>${url}</loc></url>`).join('\n  ')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${entries}\n</urlset>\n`
}

/** The clean export-shaped site: every reference resolves, nothing loads from elsewhere. */
export function exportShapedSite(): ExportedSite {
  const entries: ArchiveEntry[] = []
  for (const route of ROUTES) {
    entries.push({ name: pageFile(route), content: exportPage(route, { nav: ROUTES, body: BODY[route] }) })
    entries.push({ name: pageFile(route).replace(/\.html$/, '.txt'), content: rscPayload(route) })
  }
  entries.push(...STATIC_FILES)
  entries.push({ name: 'sitemap.xml', content: sitemapXml(ROUTES.map((route) => `https://${SITE_DOMAIN}/${route}`)) })
  // 404.html is no page of the docs: the job counts the routes.
  return { entries, pageCount: ROUTES.length }
}

/** The site with `name` replaced by `content` (or added). */
function withFile(site: ExportedSite, name: string, content: string): ExportedSite {
  const others = site.entries.filter((entry) => entry.name !== name)
  return { ...site, entries: [...others, { name, content }] }
}

function editFile(site: ExportedSite, name: string, edit: (content: string) => string): ExportedSite {
  const entry = site.entries.find((candidate) => candidate.name === name)
  if (typeof entry?.content !== 'string') throw new Error(`no text file ${name} in the site`)
  return withFile(site, name, edit(entry.content))
}

function editPages(site: ExportedSite, edit: (content: string) => string): ExportedSite {
  return {
    ...site,
    entries: site.entries.map((entry) =>
      ROUTES.some((route) => pageFile(route) === entry.name)
        ? { ...entry, content: edit(String(entry.content)) }
        : entry
    )
  }
}

/** One kind of breakage per site, each the clean site changed in one way. */
const BREAKAGES = [
  'missing-page',
  'css-asset',
  'srcset-asset',
  'external-loads',
  'canonical-host',
  'sitemap-host',
  'sitemap-unresolved',
  'no-index',
  'fewer-pages',
  'svg-references',
  'fragment',
  'sitemap-index'
] as const
export type Breakage = (typeof BREAKAGES)[number]

export function brokenSite(breakage: Breakage): ExportedSite {
  const clean = exportShapedSite()
  switch (breakage) {
    case 'missing-page':
      return editFile(clean, 'guides/deploy.html', (html) =>
        html.replace('</main>', '<a href="/guides/upgrade">Upgrade</a></main>')
      )
    case 'css-asset':
      return editFile(clean, ASSETS.css.slice(1), (css) => `${css}.cover{background:url(../media/cover.webp)}\n`)
    case 'srcset-asset':
      return editFile(clean, 'guides/getting-started.html', (html) =>
        html.replace(
          '</main>',
          '<img src="/images/hero.png" srcset="/images/hero.png 1x, /images/hero@3x.png 3x" alt=""/></main>'
        )
      )
    case 'external-loads':
      return editFile(
        editFile(
          clean,
          ASSETS.css.slice(1),
          (css) =>
            `@import url(https://fonts.googleapis.com/css2?family=Inter);\n${css}` +
            '@font-face{font-family:Brand;src:url(https://fonts.gstatic.com/s/brand/v1/brand.woff2) format("woff2")}\n'
        ),
        'guides/deploy.html',
        (html) =>
          html
            .replace(
              '</head>',
              '<script src="https://cdn.segment.com/analytics.js/v1/key/analytics.min.js"></script></head>'
            )
            .replace('</main>', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></main>')
      )
    case 'canonical-host':
      return editPages(clean, (html) =>
        html.replace(
          /(rel="canonical" href="|property="og:url" content=")https:\/\/docs\.acme\.dev/g,
          '$1https://undefined.mintlify.app'
        )
      )
    case 'sitemap-host':
      return editFile(clean, 'sitemap.xml', (xml) =>
        xml.replace(`https://${SITE_DOMAIN}/guides/deploy`, 'https://acme.mintlify.app/guides/deploy')
      )
    case 'sitemap-unresolved':
      return editFile(clean, 'sitemap.xml', (xml) =>
        xml.replace('</urlset>', `<url><loc>https://${SITE_DOMAIN}/guides/removed</loc></url>\n</urlset>`)
      )
    case 'no-index':
      return { ...clean, entries: clean.entries.filter((entry) => entry.name !== 'index.html') }
    case 'fewer-pages':
      return { ...clean, pageCount: clean.pageCount + 3 }
    case 'svg-references':
      return editFile(clean, 'guides/deploy.html', (html) =>
        html.replace(
          '</main>',
          '<svg><use href="/icons/sprite.svg#search"/></svg><svg><image xlink:href="https://diagrams.example/flow.png"/></svg></main>'
        )
      )
    case 'fragment':
      return editFile(clean, 'guides/deploy.html', (html) =>
        html.replace(
          '</main>',
          '<a href="/guides/getting-started#setup">Setup</a><a href="#options">Options</a></main>'
        )
      )
    case 'sitemap-index':
      return withFile(
        withFile(
          clean,
          'sitemap.xml',
          `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://${SITE_DOMAIN}/sitemap-0.xml</loc></sitemap></sitemapindex>\n`
        ),
        'sitemap-0.xml',
        sitemapXml([
          ...ROUTES.map((route) => `https://${SITE_DOMAIN}/${route}`),
          `https://${SITE_DOMAIN}/guides/removed`
        ])
      )
  }
}

/** The clean site with connection hints, which load nothing: no problem, listed apart. */
export function siteWithConnectionHints(): ExportedSite {
  return editPages(exportShapedSite(), (html) =>
    html.replace(
      '</head>',
      '<link rel="preconnect" href="https://api.segment.io"/><link rel="dns-prefetch" href="//cdn.segment.com"/><link rel="dns-prefetch" href="https://docs.acme.dev"/></head>'
    )
  )
}

/** An address longer than a summary's page is wide, which a script of the broken site reaches at run time. */
const LONG_ADDRESS =
  'https://api.search.example/v1/indexes/docs-acme-dev-production/query?q=deploy&locale=en-US&session=0123456789abcdef0123456789abcdef&filters=guides,reference,changelog'

/**
 * A site with a problem of most kinds at once: loads from four other origins, a broken link, a
 * missing fragment, and a script that reaches another origin and throws, on one page.
 */
export function siteWithProblems(): ExportedSite {
  return editFile(brokenSite('external-loads'), 'guides/deploy.html', (html) =>
    html.replace(
      '</main>',
      '<a href="/guides/upgrade">Upgrade</a><a href="#options">Options</a>' +
        `<script>fetch(${JSON.stringify(LONG_ADDRESS)}).catch(() => {}); throw new Error('planted failure in a script that runs on every page of the guides section')</script></main>`
    )
  )
}

/** Every site by name, as the emulator serves it (`npm run emulator -- --site NAME`). */
export const SITES: Readonly<Record<string, () => ExportedSite>> = {
  clean: exportShapedSite,
  broken: siteWithProblems,
  'connection-hints': siteWithConnectionHints,
  ...Object.fromEntries(BREAKAGES.map((breakage) => [breakage, () => brokenSite(breakage)]))
}
