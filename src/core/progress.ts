/** A long transfer logs how far it got at a steady pace; one that ends within the first interval logs nothing. */
const PROGRESS_INTERVAL_MS = 10_000

/** While nothing changes, a progress line is logged again this often: the log still shows the step is alive. */
export const QUIET_PROGRESS_MS = 60_000

/**
 * Calls `tick` every `intervalMs` (a host's own pace, else every 10 s) until the returned function
 * is called; the timer never keeps the process alive.
 */
export function everyProgressInterval(tick: () => void, intervalMs = PROGRESS_INTERVAL_MS): () => void {
  const timer = setInterval(tick, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Logs `line()` at the pace of everyProgressInterval when it differs from the last line logged, and
 * every QUIET_PROGRESS_MS while it does not: a transfer that does not move does not fill the log.
 */
export function everyProgressChange(log: (line: string) => void, line: () => string, intervalMs?: number): () => void {
  let logged: { line: string; at: number } | undefined
  return everyProgressInterval(() => {
    const now = Date.now()
    const current = line()
    if (logged?.line === current && now - logged.at < QUIET_PROGRESS_MS) return
    log(current)
    logged = { line: current, at: now }
  }, intervalMs)
}
