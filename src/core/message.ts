import type { InputName } from '../settings/inputs.js'

/**
 * Messages that name an input, as values. The Action says `extract: true` and `Input 'domain'`,
 * the command line `--extract` and `Option --domain`; the engine cannot know which front end runs
 * it, and its errors are built far from any front end (a retry that ran out of time, a download cut
 * short). So a message holds references to inputs as data, built with the `message` template tag,
 * and the host that shows it renders it once, in its own words, through `render`.
 *
 * A reference in a plain template string is a lint error (restrict-template-expressions), and so is
 * a message: text is joined with `message`, which keeps the references.
 */

/** An input named in a message; the front end that shows the message puts it in its own words. */
export interface InputReference {
  readonly input: InputName
  /** The value the message gives it: `wait: false`, `--no-wait`. */
  readonly value?: string
  /** The subject of a sentence: "Input 'domain' is required", "Option --domain is required". */
  readonly subject?: boolean
}

type Part = string | InputReference

/** A message: text, and references to inputs. */
export class Message {
  readonly parts: readonly Part[]

  constructor(parts: readonly Part[]) {
    this.parts = parts
  }

  /** In the plainest words (each input by its name): for a stack trace, never for a front end. */
  toString(): string {
    return render(this, BY_NAME)
  }
}

/** What a host writes: plain text, or a message with references. */
export type Text = string | Message

/**
 * A text as one thread hands it to another: a structured clone keeps a message's parts but not its
 * class, so the receiver makes the message again with `textFromRecord`.
 */
export type TextRecord = string | { readonly parts: readonly Part[] }

export function textRecord(text: Text): TextRecord {
  return typeof text === 'string' ? text : { parts: text.parts }
}

export function textFromRecord(record: TextRecord): Text {
  return typeof record === 'string' ? record : new Message(record.parts)
}

/** What a message may hold in a slot. */
type Slot = Text | number | InputReference

/** A message from a template: `message\`${input('timeout-seconds')} ran out\``. */
export function message(strings: TemplateStringsArray, ...slots: Slot[]): Message {
  const parts: Part[] = []
  strings.forEach((text, index) => {
    append(parts, text)
    const slot = slots[index]
    if (slot !== undefined) append(parts, slot)
  })
  return new Message(parts)
}

/** Texts joined with `separator` into one message, their references kept. */
export function joined(texts: readonly Text[], separator: string): Message {
  const parts: Part[] = []
  texts.forEach((text, index) => {
    if (index > 0) append(parts, separator)
    append(parts, text)
  })
  return new Message(parts)
}

/** The input `name` mentioned in a message, with the value the message gives it. */
export function input(name: InputName, value?: string): InputReference {
  return value === undefined ? { input: name } : { input: name, value }
}

/** The input `name` as the subject of a sentence ("Input 'domain' is required …"). */
export function inputSubject(name: InputName): InputReference {
  return { input: name, subject: true }
}

/** How a front end words an input: mentioned, as the subject of a sentence, or given a value. */
export interface Wording {
  /** `timeout-seconds`, `--timeout-seconds`. */
  mention(name: InputName): string
  /** `Input 'domain'`, `Option --domain`. */
  subject(name: InputName): string
  /** `wait: false`, `--no-wait`, `export-job-id: se_1`, `--export-job-id se_1`. */
  withValue(name: InputName, value: string): string
}

/** A text in a front end's words. */
export function render(text: Text, wording: Wording): string {
  if (typeof text === 'string') return text
  return text.parts
    .map((part) => {
      if (typeof part === 'string') return part
      if (part.subject) return wording.subject(part.input)
      return part.value === undefined ? wording.mention(part.input) : wording.withValue(part.input, part.value)
    })
    .join('')
}

/** Every input by its name, as action.yml has it. */
const BY_NAME: Wording = {
  mention: (name) => name,
  subject: (name) => name,
  withValue: (name, value) => `${name}: ${value}`
}

/** Whether a text says anything: not empty, and not only white space. */
export function isBlank(text: Text | undefined): boolean {
  return text === undefined || render(text, BY_NAME).trim() === ''
}

/** The text without white space at its ends. */
export function trimmed(text: Text): Text {
  if (typeof text === 'string') return text.trim()
  const parts = [...text.parts]
  const first = parts[0]
  const last = parts.at(-1)
  if (typeof first === 'string') parts[0] = first.trimStart()
  if (typeof last === 'string') parts[parts.length - 1] = last.trimEnd()
  return new Message(parts)
}

/** The text's last character, where it is text (a sentence's full stop), else undefined. */
export function lastCharacter(text: Text): string | undefined {
  const last = typeof text === 'string' ? text : text.parts.at(-1)
  return typeof last === 'string' ? last.at(-1) : undefined
}

/** The text without its last `count` characters, where they are text. */
export function withoutEnd(text: Text, count: number): Text {
  if (typeof text === 'string') return text.slice(0, -count)
  const parts = [...text.parts]
  const last = parts.at(-1)
  if (typeof last === 'string') parts[parts.length - 1] = last.slice(0, -count)
  return new Message(parts)
}

function append(parts: Part[], slot: Slot): void {
  if (slot instanceof Message) {
    for (const part of slot.parts) append(parts, part)
    return
  }
  if (typeof slot === 'object') {
    parts.push(slot)
    return
  }
  const text = String(slot)
  if (text === '') return
  const last = parts.at(-1)
  if (typeof last === 'string') parts[parts.length - 1] = last + text
  else parts.push(text)
}
