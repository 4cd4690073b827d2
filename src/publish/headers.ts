import { contentType, lookup } from 'mime-types'
import { Minimatch } from 'minimatch'
import { ActionError } from '../core/errors.js'
import { input, inputSubject, message } from '../core/message.js'
import { isPage } from '../manifest/schema.js'

/**
 * The headers each object is published with, stated once: its `Content-Type` from the extension,
 * as the mime-types package (the table of Express and most Node servers) says it, with
 * `charset=utf-8` on text; its `Cache-Control` from `publish-cache-control`'s rules, else by what
 * the file is.
 */

/** Pages, the sitemap and the record: a cache asks again each time, so that a publish shows at once. */
export const NO_CACHE = 'no-cache'
/** A name that carries its content's hash never holds other bytes: a cache may keep it for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Anything else may change under the same name: a cache keeps it five minutes. */
const SHORT_LIVED = 'public, max-age=300'

/** A name with a content hash: Next.js's build output, or `name.<8 or more hex digits>.ext`. */
const HASHED = [/(^|\/)_next\/static\//, /\.[0-9a-f]{8,}\.[A-Za-z0-9]+$/i]
/** A sitemap, or a sitemap index: `sitemap.xml`, `sitemap-0.xml`, `sitemap_index.xml`. */
const SITEMAP = /(^|\/)sitemap[^/]*\.xml$/i

/** One line of `publish-cache-control`: the files it covers, and their `Cache-Control`. */
export interface CacheRule {
  glob: string
  value: string
}

export function contentTypeOf(path: string): string {
  const type = lookup(path)
  return (type && contentType(type)) || 'application/octet-stream'
}

/** The `Cache-Control` of each path, by the first rule that matches it, else by what the file is. */
export function cacheControl(rules: readonly CacheRule[]): (path: string) => string {
  const matchers = rules.map((rule) => ({ matcher: globOf(rule.glob), value: rule.value }))
  return (path) => {
    const rule = matchers.find(({ matcher }) => matcher.match(path))
    if (rule) return rule.value
    if (isPage(path) || SITEMAP.test(path)) return NO_CACHE
    if (HASHED.some((pattern) => pattern.test(path))) return IMMUTABLE
    return SHORT_LIVED
  }
}

/**
 * A glob against the site's paths: dot files included, and a glob without `/` matches a name at
 * any depth (`*.pdf`), as in .gitignore.
 */
function globOf(glob: string): Minimatch {
  return new Minimatch(glob, { dot: true, matchBase: true })
}

/** What a header's value may hold: visible ASCII, spaces and tabs. */
const HEADER_VALUE = /^[\x20-\x7e\t]+$/

/**
 * `publish-cache-control`'s lines as rules (`GLOB=VALUE`, split at the first `=`; a line that
 * starts with `#` is a comment); throws an ActionError (code `input`) that names the input and the
 * line when one is not a rule.
 */
export function parseCacheRules(lines: readonly string[]): CacheRule[] {
  return lines.flatMap((line) => {
    if (line.startsWith('#')) return []
    const equals = line.indexOf('=')
    const glob = line.slice(0, Math.max(0, equals)).trim()
    const value = line.slice(equals + 1).trim()
    const problem =
      equals < 0 || !glob || !value
        ? 'is not `GLOB=VALUE`'
        : HEADER_VALUE.test(value)
          ? undefined
          : 'has a value that is not a header value (visible ASCII only)'
    if (problem)
      throw new ActionError(
        message`${inputSubject('publish-cache-control')} has a line ("${line}") that ${problem}: one rule a line, such as ${input('publish-cache-control', 'assets/**=public, max-age=86400')}`,
        { code: 'input', input: input('publish-cache-control') }
      )
    return [{ glob, value }]
  })
}
