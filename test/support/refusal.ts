import { expect } from 'vitest'
import { ArchiveError } from '../../src/archive/policy.js'

/** The ArchiveError `action` throws; the test fails when it throws anything else or nothing. */
export function refusal(action: () => unknown): ArchiveError {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(ArchiveError)
    return error as ArchiveError
  }
  throw new Error('expected a refusal')
}
