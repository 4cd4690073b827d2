/**
 * The references a style sheet makes, read by a small tokenizer that knows just enough CSS to be
 * right about them: comments and strings (with escapes) are skipped, so a `url(` inside either is
 * no reference; `url(...)` quoted or not; `@import "x.css"` and `@import url(x.css)`; the strings
 * of `image-set()`; and whether a `url()` sits in an `@font-face` block (a font, else an image).
 */

export type CssReferenceKind = 'import' | 'font' | 'image'

export interface CssReference {
  url: string
  kind: CssReferenceKind
}

const FONT_FILE = /\.(woff2?|ttf|otf|eot)([?#]|$)/i

/** Calls `visit` with each reference of the style sheet `css`, in order. */
export function scanCss(css: string, visit: (reference: CssReference) => void): void {
  const length = css.length
  let i = 0
  let depth = 0
  /** The block depth of the `@font-face` rule we are in, or -1. */
  let fontFaceDepth = -1
  let fontFacePending = false
  /** Set by `@import` until its first string or url(). */
  let importPending = false
  /** The `(` depth of an image-set() whose strings are URLs, or -1. */
  let imageSetDepth = -1
  let parens = 0

  const urlKind = (url: string): CssReferenceKind => {
    if (importPending) return 'import'
    return fontFaceDepth >= 0 || FONT_FILE.test(url) ? 'font' : 'image'
  }
  const emit = (url: string): void => {
    if (url) visit({ url, kind: urlKind(url) })
    importPending = false
  }

  while (i < length) {
    const char = css.charCodeAt(i)
    if (char === SLASH && css.charCodeAt(i + 1) === STAR) {
      const end = css.indexOf('*/', i + 2)
      i = end < 0 ? length : end + 2
    } else if (char === QUOTE || char === APOSTROPHE) {
      const string = readString(css, i)
      if (importPending || (imageSetDepth >= 0 && parens === imageSetDepth)) emit(string.value)
      i = string.end
    } else if (char === AT) {
      const name = readName(css, i + 1)
      const keyword = name.value.toLowerCase()
      importPending = keyword === 'import'
      fontFacePending = keyword === 'font-face'
      i = name.end
    } else if (char === OPEN_BRACE) {
      depth++
      if (fontFacePending) fontFaceDepth = depth
      fontFacePending = false
      importPending = false
      i++
    } else if (char === CLOSE_BRACE) {
      if (depth === fontFaceDepth) fontFaceDepth = -1
      depth = Math.max(0, depth - 1)
      i++
    } else if (char === SEMICOLON) {
      importPending = false
      fontFacePending = false
      i++
    } else if (char === OPEN_PAREN) {
      parens++
      i++
    } else if (char === CLOSE_PAREN) {
      if (parens === imageSetDepth) imageSetDepth = -1
      parens = Math.max(0, parens - 1)
      i++
    } else if (isNameStart(char) || char === BACKSLASH) {
      const name = readName(css, i)
      i = name.end
      if (css.charCodeAt(i) !== OPEN_PAREN) continue
      const fn = name.value.toLowerCase()
      if (fn === 'url') {
        const url = readUrl(css, i + 1)
        emit(url.value)
        i = url.end
      } else if (fn === 'image-set' || fn === '-webkit-image-set') {
        parens++
        imageSetDepth = parens
        i++
      }
    } else {
      i++
    }
  }
}

const SLASH = 0x2f
const STAR = 0x2a
const QUOTE = 0x22
const APOSTROPHE = 0x27
const AT = 0x40
const OPEN_BRACE = 0x7b
const CLOSE_BRACE = 0x7d
const SEMICOLON = 0x3b
const OPEN_PAREN = 0x28
const CLOSE_PAREN = 0x29
const BACKSLASH = 0x5c
const NEWLINE = 0x0a

interface Token {
  value: string
  /** Index just past the token. */
  end: number
}

function isNameStart(char: number): boolean {
  return (
    (char >= 0x61 && char <= 0x7a) || (char >= 0x41 && char <= 0x5a) || char === 0x5f || char === 0x2d || char >= 0x80
  )
}

function isNameChar(char: number): boolean {
  return isNameStart(char) || (char >= 0x30 && char <= 0x39)
}

function isWhitespace(char: number): boolean {
  return char === 0x20 || char === 0x09 || char === NEWLINE || char === 0x0d || char === 0x0c
}

function isHex(char: number): boolean {
  return (char >= 0x30 && char <= 0x39) || (char >= 0x61 && char <= 0x66) || (char >= 0x41 && char <= 0x46)
}

/** An escape after the backslash at `start`: the character it stands for and where it ends. */
function readEscape(css: string, start: number): Token {
  let i = start + 1
  let hex = ''
  while (hex.length < 6 && i < css.length && isHex(css.charCodeAt(i))) hex += css[i++]
  if (!hex) return { value: css[i] ?? '', end: Math.min(css.length, i + 1) }
  if (isWhitespace(css.charCodeAt(i))) i++
  const codePoint = Number.parseInt(hex, 16)
  const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff)
  return { value: valid ? String.fromCodePoint(codePoint) : '\ufffd', end: i }
}

/** An identifier (escapes decoded) starting at `start`. */
function readName(css: string, start: number): Token {
  let value = ''
  let from = start
  let i = start
  while (i < css.length) {
    const char = css.charCodeAt(i)
    if (char === BACKSLASH && css.charCodeAt(i + 1) !== NEWLINE) {
      const escape = readEscape(css, i)
      value += css.slice(from, i) + escape.value
      i = from = escape.end
    } else if (isNameChar(char)) i++
    else break
  }
  return { value: value + css.slice(from, i), end: i }
}

/** The string whose opening quote is at `start`; an unclosed one ends at the line's end, as in CSS. */
function readString(css: string, start: number): Token {
  const quote = css.charCodeAt(start)
  let value = ''
  let i = start + 1
  while (i < css.length) {
    const char = css.charCodeAt(i)
    if (char === quote) return { value, end: i + 1 }
    if (char === NEWLINE) return { value, end: i }
    if (char === BACKSLASH) {
      if (css.charCodeAt(i + 1) === NEWLINE) i += 2
      else {
        const escape = readEscape(css, i)
        value += escape.value
        i = escape.end
      }
    } else value += css[i++]
  }
  return { value, end: i }
}

/** The argument of `url(` that starts at `start`, quoted or not, up to its `)`. */
function readUrl(css: string, start: number): Token {
  let i = start
  while (isWhitespace(css.charCodeAt(i))) i++
  const first = css.charCodeAt(i)
  if (first === QUOTE || first === APOSTROPHE) {
    const string = readString(css, i)
    const close = css.indexOf(')', string.end)
    return { value: string.value, end: close < 0 ? css.length : close + 1 }
  }
  let value = ''
  while (i < css.length) {
    const char = css.charCodeAt(i)
    if (char === CLOSE_PAREN) return { value: value.trimEnd(), end: i + 1 }
    if (char === BACKSLASH) {
      const escape = readEscape(css, i)
      value += escape.value
      i = escape.end
    } else value += css[i++]
  }
  return { value: value.trimEnd(), end: i }
}
