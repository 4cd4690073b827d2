import os from 'node:os'

/**
 * What the machine that runs the step says about itself, read from the environment in this one
 * place (as actions/deploy-pages reads the Actions runtime in `context.js`) and passed on: nothing
 * else in the engine reads `process.env`.
 */
export interface RunnerFacts {
  /** RUNNER_TEMP, which the runner empties after the job; else the system's temporary folder. */
  tempDirectory: string
  /** GITHUB_WORKSPACE: annotations name files relative to it. */
  workspace?: string
  /** GITHUB_REPOSITORY, as `owner` and `repo`. */
  repository?: { owner: string; repo: string }
  /** GITHUB_SERVER_URL: github.com, or a GitHub Enterprise Server. */
  serverUrl: string
  /** GITHUB_API_URL. */
  apiUrl: string
  /** GITHUB_STEP_SUMMARY: the runner offers a summary file to steps only. */
  stepSummaryFile?: string
  /**
   * The environment the step runs in, for the one program it starts, the browser: it is looked for
   * there (CHROME_PATH, PATH), and given only an allowlist of it (src/site/browser/environment.ts),
   * never the runner's tokens or the action's inputs.
   */
  environment: Readonly<Record<string, string | undefined>>
  /**
   * The credentials the environment holds for the stores the run may write to (the AWS SDK's
   * variables): secrets of the run from the moment it starts, masked in the Action's log and
   * summary and blanked by the command line on every channel, since a store's error text may
   * echo the request that carried them.
   */
  credentials: readonly string[]
}

/** The variables of the AWS SDK's chain that hold a credential: the key id names it, the others are it. */
const CREDENTIAL_VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_SECURITY_TOKEN']

export function readRunnerFacts(env: NodeJS.ProcessEnv = process.env): RunnerFacts {
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '')
  const [owner, repo, ...rest] = (env.GITHUB_REPOSITORY ?? '').split('/')
  const repository = owner && repo && rest.length === 0 ? { owner, repo } : undefined
  return {
    tempDirectory: env.RUNNER_TEMP || os.tmpdir(),
    workspace: env.GITHUB_WORKSPACE || undefined,
    repository,
    serverUrl,
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    stepSummaryFile: env.GITHUB_STEP_SUMMARY || undefined,
    environment: env,
    credentials: CREDENTIAL_VARIABLES.map((name) => env[name]?.trim() ?? '').filter((value) => value !== '')
  }
}
