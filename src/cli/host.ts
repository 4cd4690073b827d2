import { lstat, mkdir } from 'node:fs/promises'
import path from 'node:path'
import { ActionError } from '../core/errors.js'
import type { Annotation, Host } from '../core/host.js'
import { nameOf } from '../core/layout.js'
import { logLine, withoutSecrets } from '../core/log-text.js'
import { input, message, render, type Text, type Wording } from '../core/message.js'
import type { InputName } from '../settings/index.js'
import { cliName, KEY_VARIABLE } from './flags.js'

/**
 * Inputs as the command line names them: its flags and the key's variable; where a value came
 * from otherwise (`givenAs`, by input name: a variable, the key's file), that is its name as the
 * subject of a message, so that "MINTLIFY_VERIFY must be …" points at what to change.
 */
export function cliWords(givenAs: ReadonlyMap<InputName, string> = new Map()): Wording {
  const flag = cliName
  return {
    mention: (name) => (name === 'command' ? 'the command' : flag(name)),
    subject: (name) => givenAs.get(name) ?? (name === 'api-key' ? KEY_VARIABLE : `Option ${flag(name)}`),
    withValue: (name, value) => {
      if (name === 'command') return `the ${value} command`
      if (name === 'api-key') return KEY_VARIABLE
      if (value === 'true') return flag(name)
      if (value === 'false') return flag(name).replace(/^--/, '--no-')
      return `${flag(name)} ${value}`
    }
  }
}

/** A message in the command line's words, on one line that a terminal shows as text. */
export function cliText(text: Text, words: Wording = cliWords()): string {
  return logLine(render(text, words))
}

/** How often a terminal's progress line is redrawn during a download. */
const TERMINAL_PROGRESS_MS = 1000

interface CliHostOptions {
  inputs: ReadonlyMap<InputName, string>
  /** Where the human-readable lines go: stderr, so that stdout holds only the outputs. */
  stream: NodeJS.WriteStream
  debug: boolean
  /** Errors only. */
  quiet: boolean
  words: Wording
}

/**
 * The command line as the engine's front end: human lines on stderr with every secret replaced,
 * progress redrawn in place on a terminal, outputs kept for the caller to print.
 */
export class CliHost implements Host {
  readonly outputs = new Map<string, string>()
  readonly progressIntervalMs?: number
  readonly wording: Wording
  private readonly secrets = new Set<string>()
  /** A progress line is on the screen, without its line break. */
  private progressShown = false

  private readonly options: CliHostOptions

  // No parameter property: scripts/docs.ts imports the help, and so this file, with Node's type stripping.
  constructor(options: CliHostOptions) {
    this.options = options
    if (options.stream.isTTY) this.progressIntervalMs = TERMINAL_PROGRESS_MS
    this.wording = options.words
  }

  input(name: InputName): string {
    return this.options.inputs.get(name) ?? ''
  }

  debug(text: Text): void {
    if (this.options.debug) this.said(message`debug: ${text}`)
  }

  info(text: Text): void {
    this.said(text)
  }

  notice(text: Text, annotation?: Annotation): void {
    this.said(message`notice: ${titled(text, annotation)}`)
  }

  warning(text: Text, annotation?: Annotation): void {
    this.said(message`warning: ${titled(text, annotation)}`)
  }

  error(text: Text): void {
    this.line(message`error: ${text}`)
  }

  async group<T>(name: string, body: () => Promise<T>): Promise<T> {
    this.said(`── ${name}`)
    return body()
  }

  progress(line: Text): void {
    if (this.options.quiet) return
    if (!this.options.stream.isTTY) return this.line(line)
    const width = Math.max(20, (this.options.stream.columns || 80) - 1)
    const shown = this.text(line)
    this.options.stream.write(`\r\x1b[2K${shown.length > width ? `${shown.slice(0, width - 1)}…` : shown}`)
    this.progressShown = true
  }

  /** `./static-export-<job id>`: made here, or one an earlier run made; never a link planted in its place. */
  async newDirectory(jobId: string): Promise<string> {
    const directory = path.resolve(`static-export-${nameOf(jobId)}`)
    await mkdir(directory).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    })
    const found = await lstat(directory)
    if (!found.isDirectory()) {
      throw new ActionError(
        message`${directory} is ${found.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}: the output folder is never followed through a link. Remove it, or give ${input('path')} a folder`,
        { code: 'not-own-file' }
      )
    }
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

  /** A line that --quiet leaves out. */
  private said(text: Text): void {
    if (!this.options.quiet) this.line(text)
  }

  private line(text: Text): void {
    if (this.progressShown) this.options.stream.write('\r\x1b[2K')
    this.progressShown = false
    this.options.stream.write(`${this.text(text)}\n`)
  }

  /** A message as this host writes it: in the command line's words, every secret replaced, inert. */
  text(text: Text): string {
    return logLine(withoutSecrets(render(text, this.wording), this.secrets))
  }
}

function titled(text: Text, annotation: Annotation | undefined): Text {
  return annotation?.title ? message`${annotation.title}: ${text}` : text
}
