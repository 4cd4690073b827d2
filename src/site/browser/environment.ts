import path from 'node:path'

/**
 * The browser's environment: an allowlist, never the whole environment of the run, which holds
 * the runner's tokens (GITHUB_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN, ACTIONS_RUNTIME_TOKEN…), the
 * action's inputs (INPUT_API-KEY) and whatever secrets the workflow put in `env:`. What a browser
 * needs to find its libraries and fonts passes; every folder it writes to is inside its profile.
 */

/** Variables passed as they are. */
const PASSED = [
  // Wrapper scripts (Debian's /usr/bin/chromium) run tools from the PATH.
  'PATH',
  'LANG',
  'LANGUAGE',
  'LC_ALL',
  'LC_CTYPE',
  'TZ',
  // Where the setuid sandbox helper is, on systems that need one.
  'CHROME_DEVEL_SANDBOX',
  // Windows cannot start a process without them.
  'SYSTEMROOT',
  'SystemRoot',
  'WINDIR',
  'PATHEXT'
]

/** The variables that name a temporary folder. */
const TEMPORARY = ['TMPDIR', 'TMP', 'TEMP']

/** The variables that name a home or a per-user folder, each pointed into the profile. */
const INSIDE_PROFILE: Record<string, string> = {
  HOME: 'home',
  USERPROFILE: 'home',
  XDG_CONFIG_HOME: 'config',
  XDG_CACHE_HOME: 'cache',
  XDG_DATA_HOME: 'data',
  APPDATA: 'config',
  LOCALAPPDATA: 'data'
}

/** The folders under the profile that the environment names, to be made before the browser starts. */
export const PROFILE_FOLDERS = [...new Set(Object.values(INSIDE_PROFILE))]

/** The browser's environment: the allowlist's variables of `environment`, and its folders in `profile` and `temporary`. */
export function browserEnvironment(
  environment: Readonly<Record<string, string | undefined>>,
  profile: string,
  temporary: string
): Record<string, string> {
  const result: Record<string, string> = {}
  for (const name of PASSED) {
    const value = environment[name]
    if (value !== undefined) result[name] = value
  }
  for (const [name, folder] of Object.entries(INSIDE_PROFILE)) result[name] = path.join(profile, folder)
  for (const name of TEMPORARY) result[name] = temporary
  return result
}
