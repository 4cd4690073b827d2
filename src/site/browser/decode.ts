import type { Initiator, ScriptError } from './types.js'

/**
 * The DevTools protocol's payloads as the report words them: initiators, exceptions, resource
 * types, speculation rules. Every field comes
 * from the browser, and through it from the page: each is read as possibly missing or of another type.
 */

interface CallFrame {
  url: string
  lineNumber: number
  columnNumber: number
}

interface StackTrace {
  callFrames: CallFrame[]
  parent?: StackTrace
}

export interface RawInitiator {
  type: string
  url?: string
  lineNumber?: number
  stack?: StackTrace
}

export interface ExceptionDetails {
  text: string
  url?: string
  lineNumber?: number
  columnNumber?: number
  exception?: { description?: string }
  stackTrace?: StackTrace
}

/** How a URL is shown: the site's own as a path, any other as it is. */
export type ShortUrl = (url: string) => string

/** The first frame with an address, through async parents (a fetch() in a then() callback). */
function firstFrame(stack: StackTrace | undefined): CallFrame | undefined {
  for (let trace = stack; trace; trace = trace.parent) {
    const frame = trace.callFrames.find((candidate) => candidate.url)
    if (frame) return frame
  }
  return undefined
}

/** `script /app.js:1:191`, `parser /guides/intro:12`, `other`. */
export function describeInitiator(initiator: RawInitiator | undefined, short: ShortUrl): Initiator {
  if (!initiator) return 'other'
  const frame = firstFrame(initiator.stack)
  if (frame) return `${initiator.type} ${short(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
  if (initiator.url)
    return `${initiator.type} ${short(initiator.url)}${initiator.lineNumber === undefined ? '' : `:${initiator.lineNumber + 1}`}`
  return initiator.type
}

/** Chrome's words for an import() or a module script that could not be fetched. */
const MODULE_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i

export function scriptError(page: string, details: ExceptionDetails, short: ShortUrl): ScriptError {
  const description = details.exception?.description?.split('\n')[0]
  const message = description
    ? `${details.text.replace(/\s*$/, '')} ${description}`.replace(/^Uncaught Uncaught/, 'Uncaught')
    : details.text
  const frame = firstFrame(details.stackTrace)
  const url = frame?.url ?? details.url
  const line = frame ? frame.lineNumber : details.lineNumber
  const column = frame ? frame.columnNumber : details.columnNumber
  return {
    page,
    kind: MODULE_FAILURE.test(message) ? 'module' : 'exception',
    message,
    source: url ? `${short(url)}:${(line ?? 0) + 1}:${(column ?? 0) + 1}` : null
  }
}

/** A resource type from an event, `Other` when it has none. */
export function resourceType(value: unknown): string {
  return typeof value === 'string' ? value : 'Other'
}

/** Speculation rules a page may hold, read as far as they name URLs. */
const SPECULATION_ACTIONS: Record<string, string> = {
  prefetch: 'Prefetch',
  prefetch_with_subresources: 'Prefetch',
  prerender: 'Prerender'
}
/** URLs read from one rule set at most. */
const MAX_SPECULATION_URLS = 100

/**
 * The URLs that a speculation rule set (the text of a `<script type="speculationrules">`) lists,
 * resolved against `base`, with what it asks for them: `Prefetch` or `Prerender`. Document rules
 * (`where`) name no URL and are not read; neither is text that is not a rule set.
 */
export function speculationUrls(sourceText: string, base: string): { url: string; type: string }[] {
  let rules: unknown
  try {
    rules = JSON.parse(sourceText)
  } catch {
    return []
  }
  if (typeof rules !== 'object' || rules === null) return []
  const found: { url: string; type: string }[] = []
  for (const [action, type] of Object.entries(SPECULATION_ACTIONS)) {
    const list: unknown = (rules as Record<string, unknown>)[action]
    if (!Array.isArray(list)) continue
    for (const rule of list as unknown[]) {
      const urls: unknown = typeof rule === 'object' && rule !== null ? (rule as { urls?: unknown }).urls : undefined
      if (!Array.isArray(urls)) continue
      for (const url of urls as unknown[]) {
        if (found.length >= MAX_SPECULATION_URLS) return found
        const parsed = typeof url === 'string' ? URL.parse(url, base) : null
        if (parsed) found.push({ url: parsed.href, type })
      }
    }
  }
  return found
}
