import { ActionError } from '../core/errors.js'

/** Thrown for a command line that cannot run: exit code 2, before any request. */
export class UsageError extends ActionError {
  override name = 'UsageError'
  override readonly code = 'usage'
}
