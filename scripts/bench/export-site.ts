import { createWriteStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import { tarHeader, tarPadding } from '../../test/emulator/archives.ts'
import { ASSETS, exportPage, pageFile, rscPayload, sitemapXml } from '../../test/emulator/sites.ts'

/**
 * An export-shaped site of `pages` pages for the site check's figure, streamed to a tar.gz: pages
 * in folders of 100 as the emulator's sites render them (preloads, style sheet, scripts,
 * canonical, a sidebar of the folder's pages and the sections, an image with a srcset, an inline
 * RSC payload), each with its `.txt` payload, the `_next/static/` assets, and a sitemap.
 */

const PER_FOLDER = 100
const DOMAIN = 'docs.bench.dev'

export interface ExportSiteArchive {
  sizeBytes: number
  contentBytes: number
  files: number
}

export async function writeExportSite(
  file: string,
  pages: number,
  payloadBytes = 6 * 1024
): Promise<ExportSiteArchive> {
  const routes = Array.from({ length: pages }, (_, i) =>
    i === 0 ? '' : `section-${String(Math.floor(i / PER_FOLDER)).padStart(3, '0')}/page-${i}`
  )
  const sections = routes.filter((_, i) => i % PER_FOLDER === 1).slice(0, 30)
  let contentBytes = 0
  let files = 0
  let seed = 0x9e3779b9
  const payloadText = (): string => {
    // xorshift32 words: the same site on every run, text that gzip compresses as it would prose.
    const words: string[] = []
    let length = 0
    while (length < payloadBytes) {
      seed ^= seed << 13
      seed ^= seed >>> 17
      seed ^= seed << 5
      const word = WORDS[(seed >>> 0) % WORDS.length] ?? 'docs'
      words.push(word)
      length += word.length + 1
    }
    return words.join(' ')
  }
  function* entry(name: string, content: string | Buffer): Generator<Buffer> {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content
    contentBytes += bytes.length
    files++
    yield tarHeader({ name }, bytes.length)
    yield bytes
    yield tarPadding(bytes.length)
  }
  function* entries(): Generator<Buffer> {
    for (const [i, route] of routes.entries()) {
      const folder = Math.floor(i / PER_FOLDER)
      const nav = [...sections, ...routes.slice(Math.max(1, folder * PER_FOLDER), (folder + 1) * PER_FOLDER)]
      const body = `<p>${payloadText().slice(0, 1500)}</p><img src="/images/hero.png" srcset="/images/hero.png 1x, /images/hero@2x.png 2x" alt=""/><a href="../section-000/page-1#intro">First page</a>`
      yield* entry(pageFile(route), exportPage(route, { domain: DOMAIN, nav, body, payload: payloadText() }))
      yield* entry(pageFile(route).replace(/\.html$/, '.txt'), rscPayload(route))
    }
    yield* entry(
      ASSETS.css.slice(1),
      `@font-face{font-family:Inter;src:url(../media/${ASSETS.font.split('/').pop()}) format("woff2")}\n.hero{background:url(/images/bg.svg)}\n`
    )
    for (const asset of [ASSETS.font, ASSETS.fontWoff, ...ASSETS.chunks]) yield* entry(asset.slice(1), `/* ${asset} */`)
    for (const image of ['bg.svg', 'logo.png', 'logo@2x.png', 'hero.png', 'hero@2x.png'])
      yield* entry(`images/${image}`, image)
    yield* entry('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')
    yield* entry('sitemap.xml', sitemapXml(routes.map((route) => `https://${DOMAIN}/${route}`)))
    yield Buffer.alloc(1024)
  }
  await pipeline(Readable.from(entries()), createGzip(), createWriteStream(file))
  return { sizeBytes: (await stat(file)).size, contentBytes, files }
}

export const EXPORT_SITE_DOMAIN = DOMAIN

const WORDS =
  'the a to of and in is for with on that by this be are from as your can it use or api page docs guide set up run token key request response deploy build version export site static host file'.split(
    ' '
  )
