import type { ArchiveKind } from '../../../src/archive/index.js'
import type { Rule } from '../../../src/archive/policy.js'

/**
 * One archive that a finding was made of, and what the action must do with it now: refuse it
 * under a rule, or unpack it as its source. test/archive/regressions.test.ts runs every case of
 * every file in this folder; each file is one finding, named after it.
 */
export interface Regression {
  title: string
  kind: ArchiveKind
  /** Tools the archive is made with; the case is skipped, saying so, where one is missing. */
  tools?: string[]
  /** The archive, made in the scratch folder `scratch`. */
  make(scratch: string): Buffer | Promise<Buffer>
  /** The refusal expected: its rule, and its detail (the message between the verdict and the rule). */
  refused?: { rule: Rule; detail: string | RegExp }
  /**
   * Or the site expected: the folder `make` archived, compared path by path (type, mode, content),
   * or the files the site holds and their text.
   */
  unpacks?: ((scratch: string) => string) | Record<string, string>
}
