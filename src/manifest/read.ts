import { describeSource, readJsonDocument, type DocumentSourceOptions } from '../core/document.js'
import { ActionError } from '../core/errors.js'
import { message } from '../core/message.js'
import { oneLine } from '../core/log-text.js'
import type { Host } from '../core/host.js'
import { Manifest, MAX_MANIFEST_BYTES } from './schema.js'

export type ReadManifestOptions = DocumentSourceOptions

/**
 * The manifest at `source`, a path or an https link (http only to a loopback address), read
 * within MAX_MANIFEST_BYTES and checked field by field. Fails with an ActionError that names the
 * source (a link without its query) and says why.
 */
export async function readManifest(source: string, options: ReadManifestOptions): Promise<Manifest> {
  const named = `The manifest ${describeSource(source)}`
  let json: unknown
  try {
    json = await readJsonDocument(source, { ...options, maxBytes: MAX_MANIFEST_BYTES })
  } catch (error) {
    if (!(error instanceof ActionError)) throw error
    const code = error.code === 'not-json' ? 'not-a-manifest' : error.code
    throw new ActionError(message`${named} ${error.text}`, { code, cause: error })
  }
  const result = Manifest.safeParse(json)
  if (!result.success) {
    const [issue] = result.error.issues
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : ''
    throw new ActionError(
      `${named} is not a manifest of this action (version 1)${issue ? `: ${oneLine(issue.message)}${where}` : ''}`,
      { code: 'not-a-manifest' }
    )
  }
  return result.data
}

/**
 * The previous export's manifest for the comparison (compare-to), or undefined after one warning
 * that names it and says why: one that cannot be read, is not a manifest, or is of another domain
 * than the export's (when that is known) is no failure of the run, only no comparison.
 */
export async function readPreviousManifest(
  source: string,
  options: ReadManifestOptions & { domain?: string; host: Pick<Host, 'info' | 'debug' | 'warning'> }
): Promise<Manifest | undefined> {
  let manifest: Manifest
  try {
    manifest = await readManifest(source, options)
  } catch (error) {
    if (options.signal?.aborted || !(error instanceof ActionError)) throw error
    options.host.warning(message`${error.text}: the changes since that export are not listed`, { title: 'Changes' })
    return undefined
  }
  if (options.domain && manifest.domain && manifest.domain !== options.domain) {
    options.host.warning(
      `The manifest ${describeSource(source)} is of ${oneLine(manifest.domain)}, not ${options.domain}: the changes since that export are not listed`,
      { title: 'Changes' }
    )
    return undefined
  }
  return manifest
}
