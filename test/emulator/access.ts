/**
 * What the emulated API refuses before doing anything, as the vendor describes it
 * (`vendor-openapi/README.md`): the three causes of a 403 with the kind of text the API gives, and
 * the hourly limits that answer 429 with a `Retry-After`.
 */

export const REFUSED = {
  plan: 'Static export is not enabled for this organization. Contact sales to enable it on an Enterprise plan.',
  readOnly: 'This API key is read-only and cannot be used for POST requests. Create an API key with write access.',
  allowlist: (address: string): string =>
    `Requests from IP address ${address} are not allowed by this API key's IP allowlist.`
}

/** The 429's body: which limit was reached. */
export function rateLimitText(limit: 'export-starts' | 'agent-uses', count: number): string {
  return limit === 'export-starts'
    ? `Rate limit exceeded: at most ${count} static export jobs can be started per organization per hour.`
    : `Rate limit exceeded: at most ${count} agent requests per project per hour.`
}

/** How `Retry-After` is written: delta-seconds, or an HTTP date (RFC 9110 allows both). */
export type RetryAfterFormat = 'seconds' | 'date'

export function retryAfterHeader(seconds: number, format: RetryAfterFormat, now: number): string {
  return format === 'date' ? new Date(now + seconds * 1000).toUTCString() : String(seconds)
}

const HOUR_MS = 3_600_000

/** Uses counted over the last hour, per key (the organisation, or a project). */
export class HourlyLimit {
  private readonly uses = new Map<string, number[]>()
  private readonly perHour: number

  // No parameter property: the emulator also runs under Node's type stripping (scripts/emulator.ts).
  constructor(perHour: number) {
    this.perHour = perHour
  }

  /**
   * Counts a use of `key` when the limit allows it: undefined then; otherwise the seconds until
   * the oldest use of the hour leaves the window, when another is allowed.
   */
  take(key: string, now: number): number | undefined {
    const recent = (this.uses.get(key) ?? []).filter((at) => at > now - HOUR_MS)
    this.uses.set(key, recent)
    if (recent.length < this.perHour) {
      recent.push(now)
      return undefined
    }
    return Math.max(1, Math.ceil(((recent[0] ?? now) + HOUR_MS - now) / 1000))
  }
}
