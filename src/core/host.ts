/**
 * What the engine (the commands, the API client, the download, the archive and the site check)
 * needs from the program that runs it: its settings, a log, secrets kept out of that log, outputs
 * and a summary. Two front ends provide it: the GitHub Action (src/action/host.ts) and the command
 * line (src/cli/host.ts). The engine knows nothing else of where it runs, and gets its host from
 * the run (src/core/context.ts).
 *
 * Messages are handed over raw: each front end renders them in its own words (the inputs they name,
 * src/core/message.ts) and writes them through src/core/log-text.ts, in that one place.
 */

import type { Text, Wording } from './message.js'

/** Where a warning or notice points, as far as the front end can show it. */
export interface Annotation {
  title?: string
  /** A file relative to the workspace. */
  file?: string
}

/**
 * What the engine adds to a job summary: HTML that src/core/summary.ts made, every outside value
 * in it escaped by src/core/markup.ts (@actions/core's summary is one).
 */
export interface SummaryBuilder {
  addRaw(html: string, addEOL?: boolean): SummaryBuilder
}

export interface Host {
  /** The raw text of a setting, named as in action.yml's inputs; `''` when it was not given. */
  input(name: string): string
  /** How this front end names inputs: a text it shows elsewhere than in its log (the job summary) is rendered in these words. */
  readonly wording: Wording
  debug(message: Text): void
  info(message: Text): void
  notice(message: Text, annotation?: Annotation): void
  warning(message: Text, annotation?: Annotation): void
  error(message: Text): void
  /** Runs `body` as one phase of the run, under `name`. */
  group<T>(name: string, body: () => Promise<T>): Promise<T>
  /** A line of progress, which the next one may replace. */
  progress(line: Text): void
  /** How often a long transfer reports its progress; absent: at the engine's steady pace, for logs. */
  readonly progressIntervalMs?: number
  /** Makes the folder for the archive, the site and the files beside them when `path` is not given. */
  newDirectory(jobId: string): Promise<string>
  /** Keeps a value out of every log line from now on. */
  setSecret(value: string): void
  setOutput(name: string, value: string): void
  /**
   * Adds to the run's summary and writes it; absent where the front end has no summary page.
   * Rejects when the summary cannot be written.
   */
  readonly summary?: (add: (summary: SummaryBuilder) => SummaryBuilder) => Promise<void>
}
