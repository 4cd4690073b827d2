import { accessSync, constants, statSync } from 'node:fs'
import path from 'node:path'

/** Where the browser pass looks for Chrome or Chromium, and what it found. */

export type BrowserSearch = { executable: string } | { executable?: undefined; reason: string }

/**
 * Chrome's headless shell is the same engine without a browser's window, tab strip and omnibox:
 * on two cores it loads the pass's pages about a fifth faster and starts in a third of the time
 * (docs/decisions/browser-pass-pace.md), with the same containment (the containment tests run
 * against both kinds). It is looked for first; a full browser serves as well.
 */
export type BrowserKind = 'headless shell' | 'browser'

/** The kinds, in the order they are looked for. */
const BROWSER_KINDS: readonly BrowserKind[] = ['headless shell', 'browser']

/** Names on the PATH, in the order a Linux runner is likeliest to have them. */
const NAMES: Record<BrowserKind, string[]> = {
  'headless shell': ['chrome-headless-shell', 'chromium-headless-shell'],
  browser: ['google-chrome', 'google-chrome-stable', 'chromium', 'chromium-browser', 'chrome']
}

/** The usual install places, per platform; `%VAR%` is an environment variable. */
const PLACES: Record<BrowserKind, Partial<Record<NodeJS.Platform, string[]>>> = {
  'headless shell': { linux: ['/usr/bin/chromium-headless-shell'] },
  browser: {
    linux: [
      '/usr/bin/google-chrome',
      '/opt/google/chrome/chrome',
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/snap/bin/chromium'
    ],
    darwin: [
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      '%HOME%/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'
    ],
    win32: [
      '%PROGRAMFILES%\\Google\\Chrome\\Application\\chrome.exe',
      '%PROGRAMFILES(X86)%\\Google\\Chrome\\Application\\chrome.exe',
      '%LOCALAPPDATA%\\Google\\Chrome\\Application\\chrome.exe',
      '%PROGRAMFILES%\\Chromium\\Application\\chrome.exe'
    ]
  }
}

/**
 * The browser to run: `CHROME_PATH` when it is set (and then only it: a path given on purpose
 * is not silently replaced by another browser), else the first of the usual names on the PATH,
 * a headless shell before a full browser, else the first of the platform's usual install places.
 * `env` is the run's environment, as the caller hands it in; `kinds` narrows the search (tests
 * that run against each kind).
 */
export function findBrowser(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
  kinds: readonly BrowserKind[] = BROWSER_KINDS
): BrowserSearch {
  const chosen = env.CHROME_PATH?.trim()
  if (chosen)
    return isExecutable(chosen, platform)
      ? { executable: chosen }
      : { reason: `CHROME_PATH (${chosen}) is not an executable file` }
  const folders = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean)
  const suffixes = platform === 'win32' ? ['.exe'] : ['']
  for (const name of kinds.flatMap((kind) => NAMES[kind])) {
    for (const folder of folders) {
      for (const suffix of suffixes) {
        const candidate = path.join(folder, name + suffix)
        if (isExecutable(candidate, platform)) return { executable: candidate }
      }
    }
  }
  for (const place of kinds.flatMap((kind) => PLACES[kind][platform] ?? [])) {
    const candidate = place.replace(/%([^%]+)%/g, (_, name: string) => env[name] ?? '')
    if (!candidate.startsWith('\\') && isExecutable(candidate, platform)) return { executable: candidate }
  }
  const names = kinds.flatMap((kind) => NAMES[kind].slice(0, 2))
  return {
    reason: `no Chrome or Chromium found (set CHROME_PATH, or install one: ${names.join(', ')} on the PATH)`
  }
}

/**
 * The first browser of each kind on the PATH or in the install places, CHROME_PATH aside: the
 * containment tests and the benchmark run against each kind the machine has.
 */
export function findEachKind(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform
): { kind: BrowserKind; search: BrowserSearch }[] {
  return BROWSER_KINDS.map((kind) => ({
    kind,
    search: findBrowser({ ...env, CHROME_PATH: undefined }, platform, [kind])
  }))
}

function isExecutable(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(file).isFile()) return false
    if (platform !== 'win32') accessSync(file, constants.X_OK)
    return true
  } catch {
    return false
  }
}
