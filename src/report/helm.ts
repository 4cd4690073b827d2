import { writeOwnFile } from '../core/own-files.js'

/**
 * Writes the values the vendor's enterprise chart reads to serve a static export. The file holds
 * the presigned link, a credential until it expires, so only its owner may read it.
 */
export async function writeHelmValues(file: string, bundleUrl: string, version?: string): Promise<string> {
  // JSON strings are valid YAML double-quoted scalars, so nothing in the link can break the file.
  const lines = [
    '# Values for the enterprise chart: helm upgrade --install <release> <chart> -f helm-values.yaml',
    'staticExport:',
    '  enabled: true',
    `  bundleUrl: ${JSON.stringify(bundleUrl)}`,
    ...(version ? [`  version: ${JSON.stringify(version)}`] : [])
  ]
  return writeOwnFile(file, `${lines.join('\n')}\n`, { mode: 0o600 })
}
