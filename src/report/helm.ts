import { writeOwnFile } from '../core/own-files.js'

/**
 * Writes the values the vendor's enterprise chart reads to serve a static export: where a pod
 * fetches the archive when it starts (`bundleUrl`), and the export it pins (`version`), after
 * comment lines that say where they come from (`about`). The file may hold the presigned link, a
 * credential until it expires, so only its owner may read it.
 */
export async function writeHelmValues(
  file: string,
  bundleUrl: string,
  version?: string,
  about: readonly string[] = []
): Promise<string> {
  // JSON strings are valid YAML double-quoted scalars, so nothing in a value can break the file; a
  // comment is one line, its line breaks taken out.
  const lines = [
    '# Values for the enterprise chart: helm upgrade --install <release> <chart> -f helm-values.yaml',
    ...about.map((line) => `# ${line.replace(/[\r\n\u2028\u2029]+/g, ' ')}`),
    'staticExport:',
    '  enabled: true',
    `  bundleUrl: ${JSON.stringify(bundleUrl)}`,
    ...(version ? [`  version: ${JSON.stringify(version)}`] : [])
  ]
  return writeOwnFile(file, `${lines.join('\n')}\n`, { mode: 0o600 })
}
