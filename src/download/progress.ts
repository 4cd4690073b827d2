import { formatBytes, formatSeconds } from '../core/format.js'
import { everyProgressInterval } from '../core/progress.js'

/**
 * The progress of a long download, as one log line at a steady interval: a download that ends
 * within the first interval logs nothing. Rate and time left are averaged over the whole download
 * so far, which is steadier than the last interval.
 */

export interface ProgressSource {
  /** Bytes of the file held so far (after a restart from zero, counted again from zero). */
  position: () => number
  /** The file's size, once known. */
  total: () => number | undefined
  /** Bytes received in all, restarts included: what the rate is made of. */
  received: () => number
}

export function progressLine(source: ProgressSource, elapsedMs: number): string {
  const position = source.position()
  const total = source.total()
  const rate = elapsedMs > 0 ? (source.received() / elapsedMs) * 1000 : 0
  const parts = [
    total
      ? `${formatBytes(position)} of ${formatBytes(total)} (${Math.floor((position / total) * 100)}%)`
      : formatBytes(position)
  ]
  parts.push(`${formatBytes(rate)}/s`)
  if (total && rate > 0) parts.push(`about ${formatSeconds(((total - position) / rate) * 1000)} left`)
  return `Downloading: ${parts.join(', ')}`
}

/** Logs a progress line every `intervalMs` (by default every 10 s) until the returned function is called. */
export function reportProgress(
  source: ProgressSource,
  log: (line: string) => void,
  intervalMs?: number,
  now = Date.now
): () => void {
  const startedAt = now()
  return everyProgressInterval(() => log(progressLine(source, now() - startedAt)), intervalMs)
}
