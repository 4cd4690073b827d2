import { z } from 'zod'

/**
 * The manifest: what one export's site holds, file by file, written as `manifest.json` beside the
 * site (docs/after-the-deploy.md documents it). A manifest read back may come from anywhere, so
 * every field is checked, and a path is one that stays inside the site wherever it is joined.
 */

export const MANIFEST_VERSION = 1
/** About 130 bytes a file: room for the unpacking policy's 500,000 entries. */
export const MAX_MANIFEST_BYTES = 64 * 1024 * 1024

export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in lower-case hex')

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** Relative, `/`-separated, without empty, `.` or `..` parts, a backslash or a control character. */
function isSitePath(path: string): boolean {
  if (path === '' || path.includes('\\') || CONTROL.test(path)) return false
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
}

export const ManifestFile = z.object({
  path: z.string().refine(isSitePath, 'a relative path inside the site'),
  size: z.number().int().nonnegative(),
  sha256: Sha256,
  link: z.string().optional()
})
export type ManifestFile = z.infer<typeof ManifestFile>

export const Manifest = z.object({
  version: z.literal(MANIFEST_VERSION),
  jobId: z.string(),
  domain: z.string().nullable(),
  /** The export's label (the `version` setting), or null. */
  exportVersion: z.string().nullable(),
  bundleSha256: Sha256,
  createdAt: z.string(),
  files: z.array(ManifestFile)
})
export type Manifest = z.infer<typeof Manifest>

/** Which export a manifest describes, without its files: how reports name it. */
export interface ExportOf {
  jobId: string
  domain: string | null
  exportVersion: string | null
  bundleSha256: string
  createdAt: string
  files: number
}

export function exportOf(manifest: Manifest): ExportOf {
  const { jobId, domain, exportVersion, bundleSha256, createdAt } = manifest
  return { jobId, domain, exportVersion, bundleSha256, createdAt, files: manifest.files.length }
}

/** Pages, as the site check counts them: `.html` and `.htm` files. */
export function isPage(path: string): boolean {
  return /\.html?$/i.test(path)
}

/**
 * Sorted by path as UTF-8 bytes (Buffer.compare), the order that does not depend on the locale
 * or on JavaScript's UTF-16 strings. Each path is encoded once, not once per comparison.
 */
export function sortByPath<T extends { path: string }>(items: readonly T[]): T[] {
  return items
    .map((item) => ({ item, key: Buffer.from(item.path) }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .map(({ item }) => item)
}
