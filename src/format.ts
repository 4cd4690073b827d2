/** Durations and sizes as people read them in logs and summaries. */

export function formatSeconds(ms: number): string {
  const seconds = ms / 1000
  if (seconds < 60) return `${Number(seconds.toFixed(seconds < 10 ? 1 : 0))} s`
  const minutes = Math.floor(seconds / 60)
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`
}

/** A check of a small site takes milliseconds, which a rounded second would show as 0 s. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : formatSeconds(ms)
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  const units = ['KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = -1
  do {
    value /= 1024
    unit++
  } while (value >= 1024 && unit < units.length - 1)
  return `${value.toFixed(1)} ${units[unit]}`
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/g
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/**
 * Text from the network (API fields, storage errors, names and links in a site) as one log line.
 * The runner reads a line that starts with `::` as a workflow command, so a line break or another
 * control character in such text could forge one (`::stop-commands::`, a fake `::error::`): they
 * are shown escaped, as `\n`.
 */
export function oneLine(text: string): string {
  return text.replace(
    CONTROL,
    (character) => ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}
