import type { ErrorRecord } from '../core/errors.js'
import type { TextRecord } from '../core/message.js'
import type { S3Location } from '../storage/s3-location.js'
import type { PublishOptions, PublishResult } from './engine.js'

/**
 * What passes between the run (index.ts) and the thread that publishes (publish-thread.ts). Only
 * data crosses: the host's log lines, the deadline's time and a cancellation, the result, and a
 * failure as a record (src/core/errors.ts), since a structured clone keeps no class.
 */

/** What the thread is started with. */
export interface ThreadSetup {
  target: S3Location
  options: Omit<PublishOptions, 'host' | 'deadline'>
  /** The run's deadline, in epoch milliseconds: the thread keeps its own clock to it. */
  deadlineAt: number
  progressIntervalMs?: number
}

/** The run was cancelled: the thread stops, as the deadline's signal stops the publish on one thread. */
export interface ToThread {
  cancel: true
}

export type FromThread =
  | { kind: 'log'; level: 'info' | 'debug' | 'progress'; text: TextRecord }
  | { kind: 'done'; result: Omit<PublishResult, 'failure'>; failure?: ErrorRecord }
  | { kind: 'failed'; error: ErrorRecord }
