/**
 * How long a run has, after SIGINT or SIGTERM, to stop on its own before it is ended. The Actions
 * runner sends SIGINT on cancel and SIGTERM 7.5 s later; a command line's parent (a CI job, npx,
 * a shell) may give less. A run heeds the cancellation within milliseconds; this only ends one
 * that does not, still leaving its outputs.
 */
const CANCEL_GRACE_MS = 1000

export interface SignalHandling {
  /** Aborts at the first SIGINT or SIGTERM, with the reason `cancelled by SIGINT`. */
  readonly signal: AbortSignal
  /** The signal received, if any. */
  received(): NodeJS.Signals | undefined
  /** Stops listening: the run is over. */
  dispose(): void
}

/**
 * Listens for SIGINT and SIGTERM on behalf of a run, for both front ends: the first one aborts the
 * run's cancellation signal at once; when the run is still going after the grace period, `overdue`
 * is called, which leaves what it can and exits.
 */
export function handleSignals(
  onSignal: (signal: NodeJS.Signals) => void,
  overdue: (signal: NodeJS.Signals) => void
): SignalHandling {
  const cancellation = new AbortController()
  let received: NodeJS.Signals | undefined
  const listener = (signal: NodeJS.Signals): void => {
    if (received) return
    received = signal
    onSignal(signal)
    cancellation.abort(new Error(`cancelled by ${signal}`))
    setTimeout(() => overdue(signal), CANCEL_GRACE_MS).unref()
  }
  process.on('SIGINT', listener)
  process.on('SIGTERM', listener)
  return {
    signal: cancellation.signal,
    received: () => received,
    dispose: () => {
      process.off('SIGINT', listener)
      process.off('SIGTERM', listener)
    }
  }
}
