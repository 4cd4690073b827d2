/** A long transfer logs how far it got at a steady pace; one that ends within the first interval logs nothing. */
const PROGRESS_INTERVAL_MS = 10_000

/**
 * Calls `tick` every `intervalMs` (a host's own pace, else every 10 s) until the returned function
 * is called; the timer never keeps the process alive.
 */
export function everyProgressInterval(tick: () => void, intervalMs = PROGRESS_INTERVAL_MS): () => void {
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
