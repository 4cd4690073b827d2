import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Annotation, Host } from '../core/host.js'
import { logLine } from '../core/log-text.js'
import { inWords, type SettingWords } from '../core/words.js'
import { CLI_NAMES } from './args.js'

/** Settings as the command line names them: its flags, and the key's variable. */
const CLI_WORDS: SettingWords = {
  mention: (name) => CLI_NAMES[name] ?? `--${name}`,
  subject: (name) => {
    const flag = CLI_NAMES[name] ?? `--${name}`
    return flag.startsWith('--') ? `Option ${flag}` : flag.charAt(0).toUpperCase() + flag.slice(1)
  },
  withValue: (name, value) => {
    const flag = CLI_NAMES[name] ?? `--${name}`
    if (value === 'true') return flag
    if (value === 'false') return flag.replace(/^--/, '--no-')
    return `${flag} ${value}`
  }
}

/** A message in the command line's words, on one line that a terminal shows as text. */
export function cliText(message: string): string {
  return logLine(inWords(message, CLI_WORDS))
}

/** How often a terminal's progress line is redrawn during a download. */
const TERMINAL_PROGRESS_MS = 1000

interface CliHostOptions {
  inputs: ReadonlyMap<string, string>
  /** Where the human-readable lines go: stderr, so that stdout holds only the outputs. */
  stream: NodeJS.WriteStream
  debug: boolean
}

/**
 * The command line as the engine's front end: human lines on stderr with every secret replaced,
 * progress redrawn in place on a terminal, outputs kept for the caller to print.
 */
export class CliHost implements Host {
  readonly outputs = new Map<string, string>()
  readonly progressIntervalMs?: number
  private readonly secrets = new Set<string>()
  /** A progress line is on the screen, without its line break. */
  private progressShown = false

  constructor(private readonly options: CliHostOptions) {
    if (options.stream.isTTY) this.progressIntervalMs = TERMINAL_PROGRESS_MS
  }

  input(name: string): string {
    return this.options.inputs.get(name) ?? ''
  }

  debug(message: string): void {
    if (this.options.debug) this.line(`debug: ${message}`)
  }

  info(message: string): void {
    this.line(message)
  }

  notice(message: string, annotation?: Annotation): void {
    this.line(`notice: ${titled(message, annotation)}`)
  }

  warning(message: string, annotation?: Annotation): void {
    this.line(`warning: ${titled(message, annotation)}`)
  }

  error(message: string): void {
    this.line(`error: ${message}`)
  }

  async group<T>(name: string, body: () => Promise<T>): Promise<T> {
    this.line(`── ${name}`)
    return body()
  }

  progress(line: string): void {
    if (!this.options.stream.isTTY) return this.line(line)
    const width = Math.max(20, (this.options.stream.columns || 80) - 1)
    const shown = cliText(this.redact(line))
    this.options.stream.write(`\r\x1b[2K${shown.length > width ? `${shown.slice(0, width - 1)}…` : shown}`)
    this.progressShown = true
  }

  async newDirectory(jobId: string): Promise<string> {
    const directory = path.resolve(`static-export-${jobId.replace(/[^\w.-]/g, '_')}`)
    await mkdir(directory, { recursive: true })
    return directory
  }

  setSecret(value: string): void {
    if (value) this.secrets.add(value)
  }

  setOutput(name: string, value: string): void {
    this.outputs.set(name, value)
  }

  /** Ends a progress line still on the screen, so that what follows starts on a line of its own. */
  endProgress(): void {
    if (!this.progressShown) return
    this.options.stream.write('\n')
    this.progressShown = false
  }

  private line(message: string): void {
    if (this.progressShown) this.options.stream.write('\r\x1b[2K')
    this.progressShown = false
    this.options.stream.write(`${cliText(this.redact(message))}\n`)
  }

  private redact(text: string): string {
    let redacted = text
    for (const secret of this.secrets) redacted = redacted.split(secret).join('***')
    return redacted
  }
}

function titled(message: string, annotation: Annotation | undefined): string {
  return annotation?.title ? `${annotation.title}: ${message}` : message
}
