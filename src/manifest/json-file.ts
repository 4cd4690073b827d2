/**
 * The JSON files written beside the site (the manifest, the changes) and the record of a publish,
 * as a reader and a diff want them: one entry of each list on a line of its own.
 */
export function jsonWithListsByLine(value: Record<string, unknown>): string {
  return [...jsonParts(value)].join('')
}

/**
 * The same text, as UTF-8 bytes, written straight into one buffer: a list of 40,000 entries
 * never exists as a string of its own nor as one string a line, which would hold it three times
 * over (what keeps the publish's memory flat with the size of the site).
 */
export function jsonBytesWithListsByLine(value: Record<string, unknown>): Buffer {
  return textBytes(() => jsonParts(value))
}

/**
 * The UTF-8 bytes of a text given in parts, in one buffer of the right length: `parts` is called
 * twice, once to measure and once to write, and gives the same parts each time.
 */
export function textBytes(parts: () => Iterable<string>): Buffer {
  let length = 0
  for (const part of parts()) length += Buffer.byteLength(part)
  const bytes = Buffer.allocUnsafe(length)
  let written = 0
  for (const part of parts()) written += bytes.write(part, written)
  // Parts that differed the second time would leave bytes unwritten.
  if (written !== length) throw new Error(`a text of ${length} bytes came out as ${written}`)
  return bytes
}

/**
 * A list may be an array, or an iterable that gives its entries afresh each time it is iterated
 * (the text is read twice: once measured, once written), so that a list made for the file alone
 * never exists as an array.
 */
function* jsonParts(value: Record<string, unknown>): Generator<string> {
  const fields = Object.entries(value).filter(([, field]) => field !== undefined)
  yield fields.length === 0 ? '{\n\n' : '{\n'
  for (const [index, [key, field]] of fields.entries()) {
    const name = JSON.stringify(key)
    if (!isList(field)) yield `  ${name}: ${JSON.stringify(field)}`
    else {
      let first = true
      for (const item of field) {
        yield `${first ? `  ${name}: [\n` : ',\n'}    ${JSON.stringify(item)}`
        first = false
      }
      yield first ? `  ${name}: []` : '\n  ]'
    }
    yield index < fields.length - 1 ? ',\n' : '\n'
  }
  yield '}\n'
}

function isList(field: unknown): field is Iterable<unknown> {
  return Array.isArray(field) || (typeof field === 'object' && field !== null && Symbol.iterator in field)
}
