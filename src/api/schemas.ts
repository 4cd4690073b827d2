import { z } from 'zod'
import { oneLine } from '../core/log-text.js'

/**
 * Response shapes of the admin API. Every object is loose (unknown fields are kept and ignored)
 * and statuses are free strings, because the API documents only part of what it sends.
 */

/**
 * Progress as a percentage 0-100, as the vendor documents it, from a number or a string such as
 * "45" or "45%". A value below 1 is a small percentage, never a fraction: 0.5 means 0.5 %.
 */
export function normalizeProgress(value: unknown): number | undefined {
  if (typeof value === 'number') return clampPercent(value)
  if (typeof value === 'string' && /^\s*\d*\.?\d+\s*%?\s*$/.test(value)) return clampPercent(Number.parseFloat(value))
  return undefined
}

function clampPercent(value: number): number | undefined {
  if (!Number.isFinite(value)) return undefined
  return Math.round(Math.min(100, Math.max(0, value)) * 10) / 10
}

/** A count (pages, bytes) as a whole number, from a number or a numeric string. */
export function parseWholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number) || number < 0) return undefined
  return Math.floor(number)
}

/**
 * A timestamp as ISO 8601 UTC, from an ISO string with any offset, or epoch seconds or milliseconds
 * (as a number or a numeric string). Numbers below 1e11 are taken as seconds: that is the year 5138.
 */
export function normalizeTimestamp(value: unknown): string | undefined {
  let date: Date
  if (typeof value === 'number' || (typeof value === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(value))) {
    const number = Number(value)
    date = new Date(number < 1e11 ? number * 1000 : number)
  } else if (typeof value === 'string' && value.trim() !== '') {
    date = new Date(value.trim())
  } else return undefined
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

const jobIdField = z.union([z.string().min(1).transform(oneLine), z.number().transform(String)])

/** The status view of an export job, normalised. */
export interface ExportJob {
  jobId: string
  /** Lower-cased; values besides completed and failed mean "not finished". */
  status: string
  progress?: number
  pageCount?: number
  /** The server's explanation of a failure. */
  error?: string
  /** A completed job's link, where the status response carries one (the vendor's projectId-scoped flow). */
  bundle?: Bundle
}

const ExportJobBody = z.looseObject({
  jobId: jobIdField.optional(),
  id: jobIdField.optional(),
  status: z.string().min(1).optional(),
  progress: z.unknown().optional(),
  pageCount: z.unknown().optional(),
  error: z.unknown().optional(),
  bundleUrl: z.unknown().optional(),
  expiresAt: z.unknown().optional(),
  sizeBytes: z.unknown().optional()
})

/** The start call's answer: a job id is required; a status is optional (the vendor sends `queued`). */
export const StartResponse = ExportJobBody.refine((body) => body.jobId ?? body.id, {
  error: 'no jobId in the response'
}).transform((body) => toExportJob(body, 'queued'))

export const ExportJobResponse = ExportJobBody.refine((body) => body.status, {
  error: 'no status in the response'
})
  .refine((body) => body.bundleUrl === undefined || body.bundleUrl === null || BundleFields.safeParse(body).success, {
    error: 'bundleUrl is not an http(s) link'
  })
  .transform((body) => toExportJob(body, ''))

function toExportJob(body: z.infer<typeof ExportJobBody>, fallbackStatus: string): ExportJob {
  const link = body.bundleUrl === undefined || body.bundleUrl === null ? undefined : BundleResponse.safeParse(body)
  return {
    jobId: body.jobId ?? body.id ?? '',
    status: oneLine((body.status ?? fallbackStatus).trim().toLowerCase()),
    progress: normalizeProgress(body.progress),
    pageCount: parseWholeNumber(body.pageCount),
    error: errorText(body.error),
    ...(link?.success ? { bundle: link.data } : {})
  }
}

/** A generated bundle: the presigned link and what is known about it. */
export interface Bundle {
  bundleUrl: string
  /** ISO 8601 UTC; absent when the API did not say. */
  expiresAt?: string
  sizeBytes?: number
}

const BundleFields = z.looseObject({
  bundleUrl: z.url({ protocol: /^https?$/, error: 'bundleUrl is not an http(s) link' }),
  expiresAt: z.unknown().optional(),
  sizeBytes: z.unknown().optional()
})

export const BundleResponse = BundleFields.transform((body): Bundle => ({
  bundleUrl: body.bundleUrl,
  expiresAt: normalizeTimestamp(body.expiresAt),
  sizeBytes: parseWholeNumber(body.sizeBytes)
}))

/** An agent job, normalised. */
export interface AgentJob {
  id: string
  status: string
  repository?: string
  ref?: string
  model?: string
  /** Null until the agent opened a pull request, and when no files changed. */
  prLink?: string
  createdAt?: string
  archivedAt?: string
}

export const AgentJobResponse = z
  .looseObject({
    id: jobIdField.optional(),
    status: z.string().min(1, { error: 'no status in the response' }),
    source: z.looseObject({ repository: z.string().nullish(), ref: z.string().nullish() }).nullish(),
    model: z.string().nullish(),
    // An output, a log line and a comment: only a real http(s) link, in its parsed form.
    prLink: z.preprocess(
      (value) => (value === '' ? null : value),
      z
        .url({ protocol: /^https?$/, error: 'prLink is not an http(s) link' })
        .transform((link) => new URL(link).href)
        .nullish()
    ),
    createdAt: z.unknown().optional(),
    archivedAt: z.unknown().optional()
  })
  .transform((body): AgentJob => ({
    id: body.id ?? '',
    status: oneLine(body.status.trim().toLowerCase()),
    repository: optionalLine(body.source?.repository),
    ref: optionalLine(body.source?.ref),
    model: optionalLine(body.model),
    prLink: body.prLink || undefined,
    createdAt: normalizeTimestamp(body.createdAt),
    archivedAt: normalizeTimestamp(body.archivedAt)
  }))

/**
 * The created job (201): its id is required, since every later call names it; a missing status is
 * the `active` that a new job has.
 */
export const CreatedAgentJobResponse = z
  .preprocess(
    (body) => (body && typeof body === 'object' && !('status' in body) ? { ...body, status: 'active' } : body),
    AgentJobResponse
  )
  .refine((job) => job.id !== '', { error: 'no id in the response' })

/** The answer to a follow-up: the job as it then is, where the answer carries one. */
export const FollowUpResponse = z.unknown().transform((body) => AgentJobResponse.safeParse(body).data)

function optionalLine(value: string | null | undefined): string | undefined {
  return value ? oneLine(value) : undefined
}

/** The `error` text of an error body, whether a string or an object with a message. */
export function errorText(value: unknown): string | undefined {
  if (typeof value === 'string') return oneLine(value.trim()) || undefined
  if (value && typeof value === 'object' && 'message' in value && typeof value.message === 'string') {
    return oneLine(value.message)
  }
  return undefined
}
