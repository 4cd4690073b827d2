/**
 * Docker's reading of `docker run --env-file FILE`, ported from docker/cli (opts/file.go,
 * parseKeyValueFile): bufio's line scanner (lines end at "\n", a "\r" before it dropped), invalid
 * UTF-8 refused, a BOM trimmed from the first line, leading white space trimmed, blank lines and
 * `#` lines skipped, the line cut at its first `=`, the name trimmed in front and refused with
 * white space in it, and the value passed through as it is: no quotes removed, nothing expanded.
 */
export function readDockerEnvFile(file: Buffer): Map<string, string> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(file)
  const variables = new Map<string, string>()
  const lines = text.split('\n')
  // The scanner yields no empty line after a final "\n".
  if (text.endsWith('\n')) lines.pop()
  for (const [index, scanned] of lines.entries()) {
    const line = (index === 0 ? scanned.replace(/^\uFEFF/, '') : scanned).replace(/\r$/, '').replace(/^\s+/u, '')
    if (line === '' || line.startsWith('#')) continue
    const cut = line.indexOf('=')
    const name = (cut < 0 ? line : line.slice(0, cut)).replace(/^[ \t]+/, '')
    if (/[ \t]/.test(name)) throw new Error(`poorly formatted environment: variable '${name}' contains whitespaces`)
    if (name === '') throw new Error(`poorly formatted environment: no variable name on line '${line}'`)
    // A name without `=` takes its value from docker's own environment, which a test does not have.
    if (cut >= 0) variables.set(name, line.slice(cut + 1))
  }
  return variables
}
