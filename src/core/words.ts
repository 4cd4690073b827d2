/**
 * Messages name settings in the words of the front end that shows them: the Action says
 * `extract: true` and `Input 'domain'`, the command line `--extract` and `Option --domain`. The
 * engine cannot know which front end runs it, and its errors are built far from any front end
 * (a retry that ran out of time, a download cut short). So a message holds a reference to the
 * setting, and the front end's host puts it in its own words when it writes the message: one
 * mechanism, not two sets of strings.
 *
 * A reference is the input's name between private-use characters, which no message of the engine
 * holds otherwise.
 */

const OPEN = '\u{E000}'
const VALUE = '\u{E001}'
const SUBJECT = '\u{E002}'
const CLOSE = '\u{E003}'

const REFERENCE = /\u{E000}(\u{E002})?([a-z][a-z0-9-]*)(?:\u{E001}([^\u{E000}-\u{E003}]*))?\u{E003}/gu
const STRAY_MARKS = /[\u{E000}-\u{E003}]/gu

/** How a front end words a setting: mentioned, as the subject of a sentence, or given a value. */
export interface SettingWords {
  /** `timeout-seconds`, `--timeout-seconds`. */
  mention(name: string): string
  /** `Input 'domain'`, `Option --domain`: the start of "… is required". */
  subject(name: string): string
  /** `wait: false`, `--no-wait`, `export-job-id: se_1`, `--export-job-id se_1`. */
  withValue(name: string, value: string): string
}

/** The setting `name` (an input of action.yml), mentioned in a message. */
export function setting(name: string, value?: string): string {
  return value === undefined ? `${OPEN}${name}${CLOSE}` : `${OPEN}${name}${VALUE}${value}${CLOSE}`
}

/** The setting `name` as the subject of a sentence ("Input 'domain' is required …"). */
export function settingSubject(name: string): string {
  return `${OPEN}${SUBJECT}${name}${CLOSE}`
}

/** A message with every reference put in the front end's words. */
export function inWords(text: string, words: SettingWords): string {
  if (!text.includes(OPEN)) return text.replace(STRAY_MARKS, '')
  return text
    .replace(REFERENCE, (_, subject: string | undefined, name: string, value: string | undefined) => {
      if (subject) return words.subject(name)
      return value === undefined ? words.mention(name) : words.withValue(name, value)
    })
    .replace(STRAY_MARKS, '')
}
