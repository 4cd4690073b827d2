/** A figure measured over several runs: its median, with the smallest and largest value seen. */
export interface Stat {
  median: number
  min: number
  max: number
  runs: number
}

export function stat(values: number[]): Stat {
  if (values.length === 0) throw new Error('no values to summarise')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median = sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length }
}

export const MiB = 1024 * 1024

export function formatStat(s: Stat, format: (value: number) => string): string {
  return `${format(s.median)} (${format(s.min)}–${format(s.max)})`
}

export const ms = (value: number): string =>
  value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${Math.round(value)} ms`
export const mib = (bytes: number): string => `${(bytes / MiB).toFixed(1)} MiB`
export const mibps = (bytesPerSecond: number): string => `${Math.round(bytesPerSecond / MiB)} MiB/s`
export const ratio = (value: number): string => value.toFixed(2)
export const count = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(1))
