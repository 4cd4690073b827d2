/** The exit codes of the command line (README, "Outside GitHub Actions"), for scripts to branch on, with what each means. */
export const EXIT_CODES = {
  success: { code: 0, meaning: 'success' },
  failure: { code: 1, meaning: 'the job failed, an archive was refused, or another error' },
  usage: { code: 2, meaning: 'bad usage, or Node older than 24' },
  timeout: { code: 3, meaning: 'timeout (--timeout-seconds); the job id is printed to resume it' },
  refused: { code: 4, meaning: 'the key was refused, or the plan does not allow it (HTTP 401/403)' },
  problems: {
    code: 5,
    meaning: 'the site check found problems under --verify error, or check-deployment found the deployment not current'
  },
  mirror: {
    code: 6,
    meaning: 'the mirror failed: the upload was refused, or the copy is not readable as the chart reads it'
  },
  publish: {
    code: 7,
    meaning:
      'the publish failed: a request was refused, it would remove more than --publish-max-delete, or --publish-public-url does not serve what was published'
  },
  SIGINT: { code: 130, meaning: 'SIGINT' },
  SIGTERM: { code: 143, meaning: 'SIGTERM' }
} as const

type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES]['code']

/** What a failure's code (ActionError.code) means to a script: one table, every other code a plain failure. */
const BY_FAILURE_CODE: Readonly<Record<string, ExitCode>> = {
  usage: EXIT_CODES.usage.code,
  input: EXIT_CODES.usage.code,
  'job-timeout': EXIT_CODES.timeout.code,
  'out-of-time': EXIT_CODES.timeout.code,
  'access-refused': EXIT_CODES.refused.code,
  'site-problems': EXIT_CODES.problems.code,
  'deployment-not-current': EXIT_CODES.problems.code,
  mirror: EXIT_CODES.mirror.code,
  publish: EXIT_CODES.publish.code
}

/** The exit code of a run that failed with `code`; a run ended by a signal exits as the shell expects of it. */
export function exitCodeOf(code: string, signal?: NodeJS.Signals): ExitCode {
  if (signal) return signal === 'SIGTERM' ? EXIT_CODES.SIGTERM.code : EXIT_CODES.SIGINT.code
  return BY_FAILURE_CODE[code] ?? EXIT_CODES.failure.code
}
