import { ActionError } from '../core/errors.js'
import type { Text } from '../core/message.js'

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
