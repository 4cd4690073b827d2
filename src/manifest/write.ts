import { CHANGES_VERSION, type Changes } from './compare.js'
import { writeOwnFile } from '../core/own-files.js'
import { jsonWithListsByLine } from './json-file.js'
import { Manifest, MANIFEST_VERSION, MAX_MANIFEST_BYTES, sortByPath, type ManifestFile } from './schema.js'

/** What the export knows when it writes the manifest: the job, the archive, the files unpacked. */
export interface ManifestFields {
  jobId: string
  /** Unknown when an existing job was collected without `domain`. */
  domain?: string
  /** The `version` setting, the export's label. */
  exportVersion?: string
  bundleSha256: string
  createdAt?: Date
  /** In any order: the manifest lists them by path. */
  files: readonly ManifestFile[]
}

export function buildManifest(fields: ManifestFields): Manifest {
  return {
    version: MANIFEST_VERSION,
    jobId: fields.jobId,
    domain: fields.domain ?? null,
    exportVersion: fields.exportVersion ?? null,
    bundleSha256: fields.bundleSha256,
    createdAt: (fields.createdAt ?? new Date()).toISOString(),
    files: sortByPath(fields.files).map(({ path: file, size, sha256, link }) =>
      link === undefined ? { path: file, size, sha256 } : { path: file, size, sha256, link }
    )
  }
}

/**
 * Writes the manifest to `file` (`manifest.json` in the export's `path`, beside the site, so that
 * it is not deployed with it), replacing one that an earlier run wrote there. Returns its content.
 */
export async function writeManifest(file: string, fields: ManifestFields): Promise<Manifest> {
  const manifest = buildManifest(fields)
  await writeOwnFile(file, jsonWithListsByLine(manifest), {
    recognise: { isOurs: (text) => Manifest.safeParse(parseJson(text)).success, maxBytes: MAX_MANIFEST_BYTES }
  })
  return manifest
}

/** Writes the changes to `file` (`changes.json` beside the manifest), replacing one that an earlier run wrote there. */
export async function writeChanges(file: string, changes: Changes): Promise<string> {
  await writeOwnFile(file, jsonWithListsByLine({ ...changes }), {
    recognise: { isOurs: (text) => isChanges(parseJson(text)), maxBytes: 2 * MAX_MANIFEST_BYTES }
  })
  return file
}

function isChanges(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false
  const { version, added, removed, changed } = value as Partial<Record<keyof Changes, unknown>>
  return version === CHANGES_VERSION && [added, removed, changed].every(Array.isArray)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
