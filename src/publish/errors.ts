import { ActionError } from '../core/errors.js'
import type { Text } from '../core/message.js'

/**
 * A failure of the publish: the code `publish` (the command line's exit code 7), whatever went
 * wrong (a refused request, too many files to delete, an address that does not serve what was
 * published), with what to do about it as the hint.
 */
export function publishError(problem: Text, options: { hint?: Text; cause?: unknown } = {}): ActionError {
  return new ActionError(problem, { ...options, code: 'publish' })
}
