import { ACTION_WORDS } from '../../src/action/host.js'
import type { Run } from '../../src/core/context.js'
import { Deadline } from '../../src/core/deadline.js'
import type { Annotation, Host, SummaryBuilder } from '../../src/core/host.js'
import { OutputFolder } from '../../src/core/layout.js'
import { Network } from '../../src/core/net.js'
import { readRunnerFacts, type RunnerFacts } from '../../src/core/runner.js'
import { render, type Text } from '../../src/core/message.js'

type Level = 'debug' | 'info' | 'notice' | 'warning' | 'error' | 'progress' | 'group' | 'secret'

/** One message the engine gave its host, with the settings it names in the Action's words. */
export interface Recorded {
  level: Level
  message: string
  annotation?: Annotation
}

interface RecordingOptions {
  /** The inputs the host gives, named as in action.yml. */
  inputs?: Record<string, string>
  /** The folder newDirectory() gives. */
  directory?: string
  /** Told each info line as it is logged, to act on it. */
  onInfo?: (line: string) => void
}

/**
 * A front end for unit tests that keeps what the engine tells it: every message with its level,
 * the secrets, the outputs and the summary (rendered as @actions/core renders it), as the
 * Action's host would receive them. Inputs behave as @actions/core's: `''` when not given.
 */
export class RecordingHost implements Host {
  readonly messages: Recorded[] = []
  readonly secrets: string[] = []
  readonly outputs = new Map<string, string>()
  /** The job summary as the Action writes it to its file: what the engine added, in order. */
  summaryMarkdown = ''
  readonly progressIntervalMs?: number
  readonly wording = ACTION_WORDS
  /** Rejects every summary write, as a front end whose summary file cannot be written does. */
  failSummary = false

  constructor(private readonly options: RecordingOptions = {}) {}

  input(name: string): string {
    return this.options.inputs?.[name] ?? ''
  }

  debug(message: Text): void {
    this.record('debug', message)
  }

  info(message: Text): void {
    this.record('info', message)
    this.options.onInfo?.(render(message, ACTION_WORDS))
  }

  notice(message: Text, annotation?: Annotation): void {
    this.record('notice', message, annotation)
  }

  warning(message: Text, annotation?: Annotation): void {
    this.record('warning', message, annotation)
  }

  error(message: Text): void {
    this.record('error', message)
  }

  async group<T>(name: string, body: () => Promise<T>): Promise<T> {
    this.record('group', name)
    return body()
  }

  progress(line: Text): void {
    this.record('progress', line)
  }

  async newDirectory(jobId: string): Promise<string> {
    if (!this.options.directory) throw new Error(`this test gave the host no folder (for job ${jobId})`)
    return this.options.directory
  }

  setSecret(value: string): void {
    this.secrets.push(value)
    this.messages.push({ level: 'secret', message: value })
  }

  setOutput(name: string, value: string): void {
    this.outputs.set(name, value)
  }

  get summary(): Host['summary'] {
    return async (add) => {
      if (this.failSummary) throw new Error('EACCES: permission denied, open summary.md')
      const builder: SummaryBuilder = {
        addRaw: (html, addEOL) => {
          this.summaryMarkdown += addEOL ? `${html}\n` : html
          return builder
        }
      }
      add(builder)
    }
  }

  /** The log as lines: info as it is, the other levels after their name (`warning: …`). */
  get lines(): string[] {
    return this.messages
      .filter(({ level }) => level !== 'secret' && level !== 'group')
      .map(({ level, message }) => (level === 'info' || level === 'progress' ? message : `${level}: ${message}`))
  }

  get warnings(): { message: string; annotation?: Annotation }[] {
    return this.of('warning').map(({ message, annotation }) => ({ message, annotation }))
  }

  /** The messages of the given levels (all, by default), one per line. */
  text(...levels: Level[]): string {
    return this.messages
      .filter((recorded) => levels.length === 0 || levels.includes(recorded.level))
      .map((recorded) => recorded.message)
      .join('\n')
  }

  /**
   * Everything recorded, in order, in the notation of the runner's log: info and progress lines as
   * they are, the others as workflow commands (`::warning::…`, `::add-mask::…`, `::group::…`).
   */
  transcript(): string {
    const command: Partial<Record<Level, string>> = {
      secret: 'add-mask',
      notice: 'notice',
      warning: 'warning',
      error: 'error',
      debug: 'debug',
      group: 'group'
    }
    return this.messages
      .map(({ level, message }) => (command[level] ? `::${command[level]}::${message}` : message))
      .join('\n')
  }

  of(level: Level): Recorded[] {
    return this.messages.filter((recorded) => recorded.level === level)
  }

  private record(level: Level, message: Text, annotation?: Annotation): void {
    this.messages.push({ level, message: render(message, ACTION_WORDS), ...(annotation ? { annotation } : {}) })
  }
}

/**
 * A run for a unit test: a recording host, a deadline (a minute by default), no cancellation, and
 * a network that allows plain http to loopback (the tests' servers), as with an emulator's base-url.
 */
export function testRun(
  options: {
    host?: RecordingHost
    deadlineMs?: number
    cancellation?: AbortSignal
    runner?: Partial<RunnerFacts>
    network?: Network
  } = {}
): Run & { host: RecordingHost } {
  const host = options.host ?? new RecordingHost()
  const cancellation = options.cancellation ?? new AbortController().signal
  return {
    host,
    deadline: Deadline.in(options.deadlineMs ?? 60_000, cancellation),
    cancellation,
    output: new OutputFolder((jobId) => host.newDirectory(jobId)),
    network: options.network ?? new Network(true),
    runner: { ...readRunnerFacts({}), ...options.runner }
  }
}

/** A message as the Action writes it, the settings it names in the workflow's words (not made inert: see log-text.ts). */
export function actionText(message: Text): string {
  return render(message, ACTION_WORDS)
}
