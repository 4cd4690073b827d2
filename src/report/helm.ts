import { chmod, rename, writeFile } from 'node:fs/promises'

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
  const partial = `${file}.partial`
  await writeFile(partial, `${lines.join('\n')}\n`, { mode: 0o600 })
  await chmod(partial, 0o600)
  await rename(partial, file)
  return file
}
