import { ActionError, cancelledError } from '../core/errors.js'
import { TimeUpError, type Deadline } from '../core/deadline.js'
import { input, message, type Text } from '../core/message.js'

/**
 * A failure of the mirror: the code `mirror` (the command line's exit code 6), whatever went wrong
 * (a refused upload, a copy the chart could not read), with what to do about it as the hint.
 */
export function mirrorError(
  problem: Text,
  options: { hint?: Text; retryable?: boolean; cause?: unknown } = {}
): ActionError {
  return new ActionError(problem, { ...options, code: 'mirror' })
}

/**
 * What a mirror stopped by the run's signal becomes: the cancellation, or the time that ran out
 * (code `out-of-time`, as every other stage says it). Undefined when the signal did not stop it.
 */
export function stoppedError(deadline: Deadline, signal: AbortSignal, activity: string): ActionError | undefined {
  if (!signal.aborted) return undefined
  if (signal.reason instanceof TimeUpError || deadline.ranOut())
    return new ActionError(message`${input('timeout-seconds')} ran out ${activity}`, { code: 'out-of-time' })
  return cancelledError(activity)
}
