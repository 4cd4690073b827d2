import type { Deadline } from './deadline.js'
import type { Host } from './host.js'
import type { OutputFolder } from './layout.js'
import type { Network } from './net.js'
import type { RunnerFacts } from './runner.js'

/**
 * One run of a command, built once by the front end's run and passed explicitly to every stage,
 * which takes what it needs from it: where to log, how long is left, whether the run was
 * cancelled, where its files go, what the runner said about itself, and where requests may go.
 */
export interface Run {
  readonly host: Host
  /** `timeout-seconds`, counted from the start of the run; its signal follows the cancellation too. */
  readonly deadline: Deadline
  /** Aborted when the run is cancelled (SIGINT, SIGTERM). */
  readonly cancellation: AbortSignal
  readonly output: OutputFolder
  readonly runner: RunnerFacts
  /** Where the run's requests may go (plain http or not), and the connection pool that holds them to it. */
  readonly network: Network
}
