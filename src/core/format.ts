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

/** A count with its noun, singular for one: `1 file`, `3 files`; `plural` where the noun does not take an s. */
export function countOf(value: number, noun: string, plural = `${noun}s`): string {
  return `${value} ${value === 1 ? noun : plural}`
}
