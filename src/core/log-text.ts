/**
 * A message as one inert line of a log. Messages hold text from outside (API fields, names in the
 * archive, paths and text in the site, what the browser reports), and the readers of a log act on
 * some of what they see:
 * - the Actions runner reads a line that starts with `::` (after white space) as a workflow
 *   command, and `##[` anywhere in a line as one of the older form (actions/runner,
 *   ActionCommand.TryParseV2 and TryParse). A forged `::stop-commands::` turns off every later
 *   command, the masking of secrets included;
 * - the runner ends a line at CR as well as LF; log viewers at U+2028 and U+2029 too;
 * - a terminal acts on ESC, OSC and other control characters (titles, hyperlinks, a cleared screen).
 *
 * So each front end writes every message through this one function: control characters and line
 * breaks are shown escaped (`\n`, `\u001b`), and what the runner would read as a command is broken
 * up. Messages of several lines are not written: each line is a call of its own.
 */

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const ESCAPES: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }
/** `::` at the start of a line, after white space: the current form of a workflow command. */
const COMMAND_START = /^(\s*)::/
/** `##[` anywhere: the older form, which the runner still reads. */
const OLD_COMMAND = /##\[/g

/** Text from outside as it may appear in one log line: controls and line breaks escaped. */
export function oneLine(text: string): string {
  return text.replace(
    CONTROL,
    (character) => ESCAPES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
}

/** A whole log line, which no reader can take for a command: `oneLine`, then commands broken up. */
export function logLine(text: string): string {
  return oneLine(text)
    .replace(COMMAND_START, (_, space: string) => `${space}\\u003a:`)
    .replace(OLD_COMMAND, '##\\u005b')
}

/** `text` with every secret replaced by `***`, as the runner masks them: for what the runner does not mask itself. */
export function withoutSecrets(text: string, secrets: Iterable<string>): string {
  let redacted = text
  for (const secret of secrets) if (secret) redacted = redacted.split(secret).join('***')
  return redacted
}
