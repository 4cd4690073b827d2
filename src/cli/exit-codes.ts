/** The exit codes of the command line (README, "Outside GitHub Actions"), for scripts to branch on. */
export const EXIT_CODES = {
  success: 0,
  failure: 1,
  usage: 2,
  timeout: 3,
  SIGINT: 130,
  SIGTERM: 143
} as const

/** What a failure's code (ActionError.code) means to a script: one table, every other code a plain failure. */
const BY_FAILURE_CODE: Record<string, number> = {
  usage: EXIT_CODES.usage,
  input: EXIT_CODES.usage,
  'job-timeout': EXIT_CODES.timeout,
  'out-of-time': EXIT_CODES.timeout
}

/** The exit code of a run that failed with `code`; a run ended by a signal exits as the shell expects of it. */
export function exitCodeOf(code: string, signal?: NodeJS.Signals): number {
  if (signal) return signal === 'SIGTERM' ? EXIT_CODES.SIGTERM : EXIT_CODES.SIGINT
  return BY_FAILURE_CODE[code] ?? EXIT_CODES.failure
}
