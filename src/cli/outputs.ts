import { oneLine } from '../core/log-text.js'
import { OUTPUTS, type OutputName } from '../report/outputs.js'

/** An output that has a value, in the order the run set it. */
export type Output = readonly [name: string, value: string]

/** The outputs that have a value: what the table, --json and the files show. */
export function outputsWithValues(outputs: ReadonlyMap<string, string>): Output[] {
  return [...outputs].filter(([, value]) => value !== '')
}

/** `jobId` for `job-id`: the key in --json, which `jq -r .jobId` reads. */
export function jsonKey(name: string): string {
  return name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())
}

/** `JOB_ID` for `job-id`: the name in the files of --output-env and --output-sh. */
export function variableName(name: string): string {
  return name.toUpperCase().replace(/-/g, '_')
}

/** The output that holds the presigned link, whose query signs it. */
export const LINK_OUTPUT: OutputName = 'bundle-url'

/** A link as the table shows it unless asked otherwise: without the query that signs it. */
function withoutQuery(link: string): string {
  const url = URL.parse(link)
  return url ? `${url.origin}${url.pathname}` : '(not a link)'
}

/**
 * `name value` lines, the names padded to one column, each value on one line that a terminal
 * shows as text (API fields reach this table), and the link without its signature unless `showLink`.
 */
export function outputTable(outputs: readonly Output[], showLink: boolean): string {
  const width = Math.max(0, ...outputs.map(([name]) => name.length))
  return outputs
    .map(([name, value]) => {
      const shown = name === LINK_OUTPUT && !showLink ? withoutQuery(value) : value
      return `${name.padEnd(width)}  ${oneLine(shown)}\n`
    })
    .join('')
}

/** A failure as --json reports it. */
export interface JsonError {
  code: string
  message: string
}

/**
 * The outputs as one JSON object: camelCase keys, whole numbers as numbers, an output without a
 * value absent, and `error` when the run failed. JSON.stringify escapes C0 controls only; DEL, the
 * C1 controls and the line separators are escaped too, so that the object is inert on a terminal.
 */
export function outputJson(outputs: readonly Output[], error?: JsonError): string {
  const object: Record<string, unknown> = {}
  for (const [name, value] of outputs)
    object[jsonKey(name)] = isCount(name) && /^\d+$/.test(value) ? Number(value) : value
  if (error) object.error = error
  return `${JSON.stringify(object).replace(
    /[\u007f-\u009f\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  )}\n`
}

function isCount(name: string): boolean {
  return Object.hasOwn(OUTPUTS, name) && OUTPUTS[name as OutputName].kind === 'count'
}
