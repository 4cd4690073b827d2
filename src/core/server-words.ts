import { decodeXML } from 'entities/decode'

/**
 * What a message says of a server's own words (an S3 error's `<Message>`, a registry's `errors`):
 * their start, on one line. A store may answer with a message of any length; the step's one error
 * line says what it is about, not all of it.
 */

/** The most of a server's own words that a message says. */
const SAID_CHARACTERS = 300

/** `text` on one line (each run of white space one space), cut after SAID_CHARACTERS with an ellipsis. */
export function serverWords(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= SAID_CHARACTERS) return line
  // Never half of a surrogate pair.
  const end = /[\ud800-\udbff]/.test(line.charAt(SAID_CHARACTERS - 1)) ? SAID_CHARACTERS - 1 : SAID_CHARACTERS
  return `${line.slice(0, end)}…`
}

/**
 * The `<Code>` and `<Message>` of an S3-style XML error (`<Error><Code>…</Code><Message>…`), as
 * far as `body` holds them: the start of an error page that was not read to its end still gives
 * the start of its message.
 */
export function xmlErrorWords(body: string): { code?: string; message?: string } {
  const element = (name: string): string | undefined => {
    const found = new RegExp(`<${name}>([^<]*)`).exec(body)?.[1]
    const words = found === undefined ? '' : serverWords(decodeXML(found))
    return words === '' ? undefined : words
  }
  return { code: element('Code'), message: element('Message') }
}
