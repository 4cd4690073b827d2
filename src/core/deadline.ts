import { ActionError, cancelledError } from './errors.js'
import { input, message } from './message.js'

/** A timer cannot wait longer than 2^31 - 1 ms (Node fires it at once): a deadline further away has no timer. */
const MAX_TIMER_MS = 2 ** 31 - 1

/**
 * How long a clean-up may take once a stage has failed, run out of time or been cancelled: the
 * abort of an S3 multipart upload, a registry's upload session closed, the unpacking's file thread
 * stopped. Each gets one attempt within this, and none goes on past the deadline plus this, so a
 * run ends within `timeout-seconds` plus this grace, whatever a store does with the clean-up.
 */
export const CLEAN_UP_GRACE_MS = 5_000

/** Why a deadline's signal aborted when its time ran out. */
export class TimeUpError extends ActionError {
  override name = 'TimeUpError'
  constructor() {
    super(message`${input('timeout-seconds')} ran out`, { code: 'out-of-time', input: input('timeout-seconds') })
  }
}

/**
 * When the run's time is up: `timeout-seconds`, counted from the start of the run, bounds every
 * stage (polls, calls and their retries, the download, unpacking, the site check, the browser
 * pass, the comment). Each stage asks it what it needs: how long is left, or a signal that aborts
 * when the time is up or the run is cancelled, whichever comes first.
 */
export class Deadline {
  private timeUp?: AbortSignal
  /** Epoch milliseconds. */
  readonly at: number
  /** Aborts when the run is cancelled; the deadline's signal follows it. */
  private readonly cancellation?: AbortSignal

  constructor(at: number, cancellation?: AbortSignal) {
    this.at = at
    this.cancellation = cancellation
  }

  /** A deadline `ms` from now. */
  static in(ms: number, cancellation?: AbortSignal): Deadline {
    return new Deadline(Date.now() + ms, cancellation)
  }

  remainingMs(): number {
    return Math.max(0, this.at - Date.now())
  }

  expired(): boolean {
    return Date.now() >= this.at
  }

  /** Aborts once the time is up (with a TimeUpError) or when the run is cancelled (with its reason). */
  signal(): AbortSignal {
    this.timeUp ??= this.timeUpSignal()
    return this.cancellation ? AbortSignal.any([this.cancellation, this.timeUp]) : this.timeUp
  }

  /**
   * When a clean-up that starts now is given up: CLEAN_UP_GRACE_MS from now, and never later than
   * that after the deadline, so that clean-ups one after another still end within the grace.
   */
  cleanUpEndsAt(): number {
    return Math.min(Date.now(), this.at) + CLEAN_UP_GRACE_MS
  }

  /**
   * A signal for a clean-up that starts now, which aborts at `cleanUpEndsAt()`. It does not follow
   * the cancellation: a cancelled run still cleans up.
   */
  cleanUpSignal(): AbortSignal {
    return AbortSignal.timeout(Math.max(0, this.cleanUpEndsAt() - Date.now()))
  }

  /** Whether the deadline's signal aborted because the time was up, not because the run was cancelled. */
  ranOut(): boolean {
    return this.expired() && !this.cancellation?.aborted
  }

  private timeUpSignal(): AbortSignal {
    const remaining = this.remainingMs()
    if (remaining === 0) return AbortSignal.abort(new TimeUpError())
    if (remaining > MAX_TIMER_MS) return new AbortController().signal
    const controller = new AbortController()
    // The timer must not keep the process alive: a run that is over exits at once.
    setTimeout(() => controller.abort(new TimeUpError()), remaining).unref()
    return controller.signal
  }
}

/**
 * What work stopped by the run's signal becomes: the cancellation, or the time that ran out (code
 * `out-of-time`, as every other stage says it). Undefined when the signal did not stop it.
 */
export function stoppedError(deadline: Deadline, signal: AbortSignal, activity: string): ActionError | undefined {
  if (!signal.aborted) return undefined
  if (signal.reason instanceof TimeUpError || deadline.ranOut())
    return new ActionError(message`${input('timeout-seconds')} ran out ${activity}`, { code: 'out-of-time' })
  return cancelledError(activity)
}
