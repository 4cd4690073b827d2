import { srcsetUrls } from '../html.js'
import type { ReferenceResolver, SiteFiles } from '../resolve.js'
import type { CdpPipe } from './cdp.js'
import type { PageLoad } from './types.js'

/**
 * The links and resources of a page as its scripts left it, checked against the site as the static
 * check checks its HTML: a link a script added (a menu, a list built from JSON) that the site does
 * not have is a broken link the static check cannot see. Attributes are read in a world of the
 * pass's own (`Page.createIsolatedWorld`), where nothing the page defined can answer for the DOM.
 */

/** The initiator of what is found among the rendered page's links: no request started it. */
export const RENDERED_PAGE = 'rendered page'

/** What is read, as the static check names its sources. */
const READ: [selector: string, attribute: string][] = [
  ['a[href]', 'href'],
  ['area[href]', 'href'],
  ['link[href]', 'href'],
  ['script[src]', 'src'],
  ['img[src]', 'src'],
  ['img[srcset]', 'srcset'],
  ['source[src]', 'src'],
  ['source[srcset]', 'srcset'],
  ['video[src]', 'src'],
  ['video[poster]', 'poster'],
  ['audio[src]', 'src'],
  ['track[src]', 'src'],
  ['iframe[src]', 'src'],
  ['embed[src]', 'src'],
  ['object[data]', 'data']
]
/** `link` relations that name an origin, not a file. */
const CONNECT_RELATIONS = /(^|\s)(preconnect|dns-prefetch)(\s|$)/i
/** References read from one page at most, and the longest one read. */
const MAX_REFERENCES = 10_000
const MAX_LENGTH = 4096

interface RenderedReference {
  source: string
  value: string
}

/** The expression evaluated in the page's isolated world: the references and the document's base. */
function readExpression(): string {
  return `(() => {
  const read = ${JSON.stringify(READ)};
  const found = [];
  for (const [selector, attribute] of read) {
    for (const element of document.querySelectorAll(selector)) {
      if (found.length >= ${MAX_REFERENCES}) break;
      if (element.localName === 'link' && ${CONNECT_RELATIONS}.test(element.getAttribute('rel') || '')) continue;
      const value = element.getAttribute(attribute);
      if (value !== null && value.length <= ${MAX_LENGTH}) found.push([selector, value]);
    }
  }
  for (const element of document.querySelectorAll('use, image')) {
    if (found.length >= ${MAX_REFERENCES}) break;
    const value = element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
    if (value !== null && value.length <= ${MAX_LENGTH}) found.push([element.localName + '[href]', value]);
  }
  return { base: document.baseURI, found };
})()`
}

/** Reads the rendered references of the page in the tab's main frame. */
export async function readRenderedReferences(
  cdp: CdpPipe,
  sessionId: string,
  frameId: string
): Promise<{ base: string; references: RenderedReference[] }> {
  const { executionContextId } = await cdp.send<{ executionContextId: number }>(
    'Page.createIsolatedWorld',
    { frameId, worldName: 'site-check' },
    sessionId
  )
  const { result } = await cdp.send<{ result: { value?: unknown } }>(
    'Runtime.evaluate',
    { expression: readExpression(), contextId: executionContextId, returnByValue: true },
    sessionId
  )
  const value = result.value as { base?: unknown; found?: unknown } | undefined
  const base = typeof value?.base === 'string' ? value.base : ''
  const references: RenderedReference[] = []
  if (Array.isArray(value?.found)) {
    for (const entry of value.found as unknown[]) {
      if (!Array.isArray(entry)) continue
      const [source, text] = entry as unknown[]
      if (typeof source === 'string' && typeof text === 'string') references.push({ source, value: text })
    }
  }
  return { base, references }
}

/**
 * The rendered references of `page` that point into the site at a path it does not have, once per
 * path and source: `url` is the decoded site path, `type` where the page holds it (`a[href]`).
 */
export function missingRendered(
  page: string,
  rendered: { base: string; references: RenderedReference[] },
  resolver: ReferenceResolver,
  site: SiteFiles
): PageLoad[] {
  const missing = new Map<string, PageLoad>()
  for (const { source, value } of rendered.references) {
    const urls = source.endsWith('[srcset]') ? srcsetUrls(value) : [value]
    for (const url of urls) {
      const target = resolver.resolve(url, rendered.base)
      if (target.kind !== 'internal' || site.lookup(target.path)) continue
      const key = `${source} ${target.path}`
      if (!missing.has(key)) missing.set(key, { page, url: target.path, type: source, initiator: RENDERED_PAGE })
    }
  }
  return [...missing.values()]
}
