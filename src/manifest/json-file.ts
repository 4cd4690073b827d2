/**
 * The JSON files written beside the site (the manifest, the changes), as a reader and a diff want
 * them: one entry of each list on a line of its own.
 */
export function jsonWithListsByLine(value: Record<string, unknown>): string {
  const fields = Object.entries(value)
    .filter(([, field]) => field !== undefined)
    .map(([key, field]) => {
      const name = JSON.stringify(key)
      if (!Array.isArray(field) || field.length === 0) return `  ${name}: ${JSON.stringify(field)}`
      return `  ${name}: [\n${field.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`
    })
  return `{\n${fields.join(',\n')}\n}\n`
}
