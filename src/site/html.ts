import { decodeHTMLAttribute } from 'entities/decode'
import { scanCss, type CssReferenceKind } from './css.js'
import { HtmlTokenizer, type TokenizerCallbacks } from './html-tokenizer.js'

/**
 * The references of an HTML page: which URLs it loads when it is viewed, which it links to, what
 * it says its own address is (canonical, og:url), and the ids its links can name. Read with a
 * tokenizer that reports what htmlparser2's does (html-tokenizer.ts) and its streaming callbacks:
 * no tree, no tag stack, and only the attributes that can hold a reference are sliced out of the
 * page (docs/decisions/html-tokenizer.md compares the readers). Entities are not decoded while reading; the few values that hold a `&` are decoded as
 * attributes are.
 */

/** What a browser fetches when it shows the page. */
export type LoadKind = 'script' | 'style' | 'font' | 'image' | 'media' | 'frame' | 'other'

export interface HtmlReference {
  url: string
  /** Where the page holds it, as a selector: `a[href]`, `img[srcset]`, `link[rel=stylesheet]`, `style`. */
  source: string
  /**
   * `navigate`: followed only when clicked (a link); `address`: the page's canonical address,
   * checked by host rather than listed as a link; `connect`: a connection hint, which loads
   * nothing; else what the browser loads it as.
   */
  use: 'navigate' | 'address' | 'connect' | LoadKind
}

/** The page's own address, as it declares it. */
export interface PageAddress {
  url: string
  source: 'canonical' | 'og:url'
}

export interface PageVisitor {
  reference(reference: HtmlReference): void
  address(address: PageAddress): void
  /** A `<base href>`: later relative references resolve against it. */
  base(url: string): void
  /** An `id` of any element, or the `name` of an `<a>`: what a `#fragment` of a link can name. */
  id(value: string): void
}

const CSS_USE: Record<CssReferenceKind, LoadKind> = { import: 'style', font: 'font', image: 'image' }

/** `<link rel>` values that load something, and as what (`preload`-like ones say it with `as`), or hint at a connection. */
const LINK_LOADS: Record<string, LoadKind | 'as' | 'connect'> = {
  stylesheet: 'style',
  icon: 'image',
  'apple-touch-icon': 'image',
  'apple-touch-icon-precomposed': 'image',
  'mask-icon': 'image',
  manifest: 'other',
  modulepreload: 'script',
  preload: 'as',
  prefetch: 'as',
  preconnect: 'connect',
  'dns-prefetch': 'connect'
}

const PRELOAD_AS: Record<string, LoadKind> = {
  script: 'script',
  style: 'style',
  font: 'font',
  image: 'image',
  audio: 'media',
  video: 'media',
  track: 'media',
  document: 'frame'
}

/** The attributes read from each element that can hold a reference; `style` and `id` are read on every element. */
const ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'name'],
  area: ['href'],
  link: ['href', 'rel', 'as', 'imagesrcset'],
  script: ['src'],
  img: ['src', 'srcset'],
  // In <picture> a source has a srcset (images); in <video> and <audio> a src (media).
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  iframe: ['src'],
  frame: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src', 'type'],
  meta: ['property', 'name', 'content', 'http-equiv'],
  base: ['href'],
  style: [],
  // SVG: a sprite's symbol, and an image; both load with the page. SVG 2 reads href, SVG 1.1 xlink:href.
  use: ['href', 'xlink:href'],
  image: ['href', 'xlink:href']
}
const NO_ATTRIBUTES: readonly string[] = []

/** The element names above by their first letter, so that a tag is recognised without making a string of its name. */
const TAGS_BY_FIRST_LETTER: string[][] = []
for (const name of Object.keys(ATTRIBUTES)) (TAGS_BY_FIRST_LETTER[name.charCodeAt(0)] ??= []).push(name)

type Attributes = Record<string, string>
/** Most elements hold no attribute worth reading: they share this, and allocate nothing. */
const NONE_READ: Attributes = Object.freeze({})

/** Reads pages one after the other with one tokenizer, reused. */
export class HtmlScanner {
  private visitor: PageVisitor = { reference() {}, address() {}, base() {}, id() {} }
  private page = ''
  /** The element being read, when it is one that can hold a reference, else ''. */
  private tag = ''
  /** Where the page names the element being read. */
  private tagStart = 0
  private tagEnd = 0
  private wanted = NO_ATTRIBUTES
  private attributes: Attributes = NONE_READ
  /** The attribute being read, when it is one of `wanted`. */
  private attribute: string | undefined
  private value = ''
  /** The text of the `<style>` element being read. */
  private styleText: string | undefined
  private readonly tokenizer = new HtmlTokenizer(this.callbacks())

  /** Calls `visitor` with each reference and id of `html`, in document order. */
  scan(html: string, visitor: PageVisitor): void {
    this.visitor = visitor
    this.page = html
    this.tag = ''
    this.styleText = undefined
    this.tokenizer.tokenize(html)
    // A `<style>` still open at the end of the page is closed there by a browser, and applies.
    if (this.styleText !== undefined) this.css(this.styleText, 'style')
    this.page = ''
  }

  private callbacks(): TokenizerCallbacks {
    const ignore = (): void => {}
    return {
      onopentagname: (start, end) => {
        this.tagStart = start
        this.tagEnd = end
        this.tag = this.knownTag(start, end)
        this.wanted = ATTRIBUTES[this.tag] ?? NO_ATTRIBUTES
        this.attributes = NONE_READ
      },
      onattribname: (start, end) => {
        this.attribute = this.wantedAttribute(start, end)
        this.value = ''
      },
      onattribdata: (start, end) => {
        if (this.attribute !== undefined) this.value += this.page.slice(start, end)
      },
      onattribend: () => {
        if (this.attribute === undefined) return
        if (this.attributes === NONE_READ) this.attributes = {}
        this.attributes[this.attribute] = this.value.includes('&') ? decodeHTMLAttribute(this.value) : this.value
        this.attribute = undefined
      },
      onopentagend: () => this.openTag(),
      onselfclosingtag: () => this.openTag(),
      onclosetag: (start, end) => {
        if (this.styleText === undefined || this.page.slice(start, end).toLowerCase() !== 'style') return
        this.css(this.styleText, 'style')
        this.styleText = undefined
      },
      ontext: (start, end) => {
        if (this.styleText !== undefined) this.styleText += this.page.slice(start, end)
      },
      oncomment: ignore,
      oncdata: ignore,
      ondeclaration: ignore,
      onend: ignore
    }
  }

  /** The name of the element between `start` and `end` when it is one that is read, else ''. */
  private knownTag(start: number, end: number): string {
    const candidates = TAGS_BY_FIRST_LETTER[this.page.charCodeAt(start) | 0x20]
    if (candidates)
      for (const name of candidates) if (name.length === end - start && this.nameIs(start, name)) return name
    return ''
  }

  /** The attribute named by the page between `start` and `end`, when it is read and not yet seen; no string is made otherwise. */
  private wantedAttribute(start: number, end: number): string | undefined {
    const length = end - start
    if (length === 5 && this.nameIs(start, 'style')) return 'style' in this.attributes ? undefined : 'style'
    if (length === 2 && this.nameIs(start, 'id')) return 'id' in this.attributes ? undefined : 'id'
    for (const name of this.wanted) {
      if (name.length === length && this.nameIs(start, name)) return name in this.attributes ? undefined : name
    }
    return undefined
  }

  /** Whether the page holds `name` (lower case) at `start`, in any case. */
  private nameIs(start: number, name: string): boolean {
    for (let i = 0; i < name.length; i++) {
      const char = this.page.charCodeAt(start + i)
      // ASCII letters compare case-insensitively; `-` and digits are unchanged by | 0x20.
      if ((char | 0x20) !== name.charCodeAt(i)) return false
    }
    return true
  }

  private emit(url: string | undefined, source: string, use: HtmlReference['use']): void {
    if (url !== undefined) this.visitor.reference({ url, source, use })
  }

  private emitSrcset(srcset: string | undefined, source: string, use: LoadKind): void {
    if (srcset !== undefined) for (const url of srcsetUrls(srcset)) this.visitor.reference({ url, source, use })
  }

  private openTag(): void {
    const { tag: name, attributes } = this
    switch (name) {
      case 'a':
        this.emit(attributes.href, 'a[href]', 'navigate')
        if (attributes.name) this.visitor.id(attributes.name)
        break
      case 'area':
        this.emit(attributes.href, 'area[href]', 'navigate')
        break
      case 'link':
        this.link(attributes)
        break
      case 'script':
        this.emit(attributes.src, 'script[src]', 'script')
        break
      case 'img':
        this.emit(attributes.src, 'img[src]', 'image')
        this.emitSrcset(attributes.srcset, 'img[srcset]', 'image')
        break
      case 'source':
        this.emit(attributes.src, 'source[src]', 'media')
        this.emitSrcset(attributes.srcset, 'source[srcset]', 'image')
        break
      case 'video':
        this.emit(attributes.poster, 'video[poster]', 'image')
        this.emit(attributes.src, 'video[src]', 'media')
        break
      case 'audio':
      case 'track':
        this.emit(attributes.src, `${name}[src]`, 'media')
        break
      case 'iframe':
      case 'frame':
      case 'embed':
        this.emit(attributes.src, `${name}[src]`, 'frame')
        break
      case 'object':
        this.emit(attributes.data, 'object[data]', 'frame')
        break
      case 'input':
        if (attributes.type?.toLowerCase() === 'image') this.emit(attributes.src, 'input[src]', 'image')
        break
      case 'meta':
        this.meta(attributes)
        break
      case 'base':
        if (attributes.href !== undefined) this.visitor.base(attributes.href)
        break
      case 'style':
        this.styleText = ''
        break
      case 'use':
      case 'image':
        if (attributes.href !== undefined) this.emit(attributes.href, `${name}[href]`, 'image')
        else this.emit(attributes['xlink:href'], `${name}[xlink:href]`, 'image')
        break
    }
    if (attributes.id) this.visitor.id(attributes.id)
    const style = attributes.style
    if (style?.includes('(')) this.css(style, `${this.page.slice(this.tagStart, this.tagEnd).toLowerCase()}[style]`)
    this.tag = ''
  }

  private css(text: string, source: string): void {
    scanCss(text, (reference) => this.visitor.reference({ url: reference.url, source, use: CSS_USE[reference.kind] }))
  }

  private link(attributes: Attributes): void {
    const rel = (attributes.rel ?? '').trim().toLowerCase()
    const tokens = rel.split(/\s+/)
    this.emit(attributes.href, `link[rel=${tokens.join(' ')}]`, linkUse(tokens, attributes.as))
    if (attributes.href !== undefined && tokens.includes('canonical'))
      this.visitor.address({ url: attributes.href, source: 'canonical' })
    this.emitSrcset(attributes.imagesrcset, 'link[imagesrcset]', 'image')
  }

  private meta(attributes: Attributes): void {
    const property = (attributes.property ?? attributes.name ?? '').toLowerCase()
    if (property === 'og:url' && attributes.content !== undefined)
      this.visitor.address({ url: attributes.content, source: 'og:url' })
    if (attributes['http-equiv']?.toLowerCase() === 'refresh' && attributes.content) {
      this.emit(refreshUrl(attributes.content), 'meta[http-equiv=refresh]', 'navigate')
    }
  }
}

/** A `<link>` loads what its rel says it loads; any other rel (alternate, next) is a link. */
function linkUse(rel: string[], as: string | undefined): HtmlReference['use'] {
  if (rel.includes('canonical')) return 'address'
  // A rel that loads wins over a hint beside it: `preconnect preload` loads.
  let hint = false
  for (const token of rel) {
    const use = LINK_LOADS[token]
    if (use === 'as') return PRELOAD_AS[(as ?? '').trim().toLowerCase()] ?? 'other'
    if (use === 'connect') hint = true
    else if (use) return use
  }
  return hint ? 'connect' : 'navigate'
}

/**
 * The URLs of a `srcset`, per the HTML standard's parsing: candidates are separated by commas,
 * a URL ends at whitespace (a URL may hold commas, but not end with one), and descriptors run
 * to the next comma outside parentheses.
 */
export function srcsetUrls(srcset: string): string[] {
  const urls: string[] = []
  const length = srcset.length
  let i = 0
  while (i < length) {
    while (i < length && (isSpace(srcset.charCodeAt(i)) || srcset[i] === ',')) i++
    if (i >= length) break
    const start = i
    while (i < length && !isSpace(srcset.charCodeAt(i))) i++
    let url = srcset.slice(start, i)
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '')
    } else {
      let parens = 0
      for (; i < length; i++) {
        const char = srcset[i]
        if (char === '(') parens++
        else if (char === ')') parens = Math.max(0, parens - 1)
        else if (char === ',' && parens === 0) break
      }
    }
    if (url) urls.push(url)
  }
  return urls
}

function isSpace(char: number): boolean {
  return char === 0x20 || char === 0x09 || char === 0x0a || char === 0x0c || char === 0x0d
}

/** The URL of a `<meta http-equiv="refresh" content="5; url=/next">`, if it names one. */
export function refreshUrl(content: string): string | undefined {
  const match = /^\s*\d*(?:\.[\d.]*)?\s*[;,]?\s*(?:url\s*=\s*)?(.*)$/is.exec(content)
  let url = match?.[1]?.trim() ?? ''
  const quote = url[0]
  if (quote === '"' || quote === "'") {
    const end = url.indexOf(quote, 1)
    url = url.slice(1, end < 0 ? undefined : end)
  }
  return url || undefined
}
