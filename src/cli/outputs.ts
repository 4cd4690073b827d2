import { open } from 'node:fs/promises'

/** The outputs that have a value, in the order the run set them: what --json, the table and the dotenv file show. */
export function outputsWithValues(outputs: ReadonlyMap<string, string>): [string, string][] {
  return [...outputs].filter(([, value]) => value !== '')
}

/** `name value` lines, the names padded to one column. */
export function outputTable(outputs: [string, string][]): string {
  const width = Math.max(0, ...outputs.map(([name]) => name.length))
  return outputs.map(([name, value]) => `${name.padEnd(width)}  ${value}\n`).join('')
}

/**
 * `BUNDLE_URL='…'` lines: GitLab's dotenv report, and a file that sh reads back exactly with `.`,
 * since nothing inside single quotes is special but the quote itself.
 */
function dotenv(outputs: [string, string][]): string {
  return outputs
    .map(([name, value]) => `${name.toUpperCase().replace(/-/g, '_')}='${value.replace(/'/g, `'\\''`)}'\n`)
    .join('')
}

/** Writes the dotenv file for the owner only: the bundle link is a credential until it expires. */
export async function writeDotenv(file: string, outputs: [string, string][]): Promise<void> {
  const handle = await open(file, 'w', 0o600)
  try {
    // A file that was already there keeps its mode through open: narrow it before writing.
    await handle.chmod(0o600)
    await handle.writeFile(dotenv(outputs))
  } finally {
    await handle.close()
  }
}
