/**
 * Why a browser did not start, from what it wrote to its standard error, and what the user can do
 * about it. The text is the browser's: it is cut short and is never more than a reason in a message.
 */

/** A browser that did not get as far as answering over the DevTools protocol. */
export class BrowserStartError extends Error {
  override name = 'BrowserStartError'

  constructor(
    message: string,
    /** What the user can do about it, without naming how the pass is switched off (the caller knows the front end). */
    readonly hint: string
  ) {
    super(message)
  }
}

/** Longest excerpt of the browser's own words in a reason. */
const EXCERPT = 300

/** Lines that say why, in the order they are looked for; any other last line is the fallback. */
const TELLING = [/No usable sandbox/i, /FATAL/, /error while loading shared libraries/i, /cannot execute/i]

const GENERIC_HINT = 'Point CHROME_PATH at a Chrome or Chromium that starts on this machine'

const SANDBOX_HINT =
  "Ubuntu 23.10 and later (GitHub's ubuntu-24.04 runners among them) let only browsers that have an AppArmor profile use the sandbox: use Google Chrome, which those runners have (/usr/bin/google-chrome, found first when CHROME_PATH is not set), or give this browser an AppArmor profile"

/** The error for a browser that exited before its first answer, from its exit and its standard error. */
export function exitedBeforeAnswer(exit: string, stderr: string): BrowserStartError {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  if (lines.some((line) => TELLING[0]?.test(line))) {
    return new BrowserStartError(
      `the browser could not start its sandbox (it said "No usable sandbox") and exited (${exit})`,
      SANDBOX_HINT
    )
  }
  const telling = TELLING.map((pattern) => lines.find((line) => pattern.test(line))).find(Boolean) ?? lines.at(-1)
  const said = telling ? `: ${excerpt(telling)}` : ', saying nothing'
  return new BrowserStartError(`the browser exited (${exit}) before it answered${said}`, GENERIC_HINT)
}

/** The error for a browser still silent when its time to answer was up. */
export function silentAtStart(seconds: number): BrowserStartError {
  return new BrowserStartError(`the browser did not answer within ${seconds} s of its start`, GENERIC_HINT)
}

function excerpt(line: string): string {
  // Chromium's log prefix ([pid:tid:date:LEVEL:file(line)]) says nothing to the user.
  const text = line.replace(/^\[[^\]]*\]\s*/, '')
  return text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text
}
