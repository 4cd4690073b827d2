import { lstat, rename } from 'node:fs/promises'
import path from 'node:path'
import { ActionError } from '../core/errors.js'
import { writeBeside } from '../core/own-files.js'
import { variableName, type Output } from './outputs.js'

/**
 * GitLab's own limits on a dotenv report, by default (db/structure.sql, table plan_limits:
 * `dotenv_variables integer DEFAULT 20`, `dotenv_size integer DEFAULT 5120`). A self-managed
 * instance may raise them; the file is written for any instance, so for the defaults.
 */
const GITLAB_MAX_VARIABLES = 20
const GITLAB_MAX_BYTES = 5120

/** What Ruby's String#strip removes from both ends, as GitLab does to every name and value. */
const RUBY_STRIPPED = /^[\0\t\n\v\f\r ]|[\0\t\n\v\f\r ]$/

/** A file of outputs that its reader would not read back as written: exit code 1. */
class OutputFileError extends ActionError {
  override name = 'OutputFileError'
  override readonly code = 'output-file'
}

/**
 * The outputs as GitLab's `artifacts:reports:dotenv` reads them. GitLab
 * (app/services/ci/parse_dotenv_artifact_service.rb) takes each line as `^(.*?)=(.*)$`, strips
 * both sides, keeps quotes as they are, and refuses a line without `=` (an empty one included), more
 * than `dotenv_variables` names, or a file of `dotenv_size` bytes or more. The value is not raw: the
 * runner expands it with Go's os.Expand, where `$$` stands for `$` (gitlab-runner,
 * common/spec/variables.go). So each line is `NAME=value` with every `$` doubled, and a value that
 * GitLab would change (a line break, white space at either end) is refused rather than altered.
 * Docker's --env-file reads the same lines, taking values literally (a `$` reaches it doubled).
 */
export function gitlabDotenv(outputs: readonly Output[]): string {
  const lines = outputs.map(([name, value]) => {
    const variable = variableName(name)
    if (/[\r\n]/.test(value))
      throw new OutputFileError(`--output-env: ${variable} holds a line break, which a dotenv line cannot carry`)
    if (RUBY_STRIPPED.test(value))
      throw new OutputFileError(
        `--output-env: ${variable} begins or ends with white space, which GitLab strips from a dotenv value`
      )
    return `${variable}=${value.replace(/\$/g, () => '$$')}\n`
  })
  if (lines.length > GITLAB_MAX_VARIABLES) {
    throw new OutputFileError(
      `--output-env: ${lines.length} variables, more than the ${GITLAB_MAX_VARIABLES} that GitLab takes from a dotenv report by default (dotenv_variables)`
    )
  }
  const text = lines.join('')
  const bytes = Buffer.byteLength(text)
  if (bytes >= GITLAB_MAX_BYTES) {
    throw new OutputFileError(
      `--output-env: ${bytes} bytes, and GitLab refuses a dotenv report of ${GITLAB_MAX_BYTES} bytes (5 KB) or more by default (dotenv_size): use --output-sh, or a shorter --out`
    )
  }
  return text
}

/** The outputs as `export NAME='value'` lines, which sh reads back exactly with `.`: nothing inside single quotes is special but the quote. */
export function shellExports(outputs: readonly Output[]): string {
  return outputs.map(([name, value]) => `export ${variableName(name)}='${value.replace(/'/g, `'\\''`)}'\n`).join('')
}

/**
 * Writes `text` to `file` for its owner only (the files hold the bundle link, a credential until
 * it expires), never through a link: into a new file beside it, then renamed over `file`, which
 * replaces a link that appeared meanwhile rather than writing where it points.
 */
export async function writeNewFile(file: string, text: string, flag: string): Promise<void> {
  const target = path.resolve(file)
  try {
    await writeBeside(target, text, 0o600, async (temporary) => {
      const existing = await lstat(target).catch(() => undefined)
      if (existing?.isDirectory()) throw new OutputFileError(`${flag} ${file} is a folder: name a file`)
      await rename(temporary, target)
    })
  } catch (error) {
    if (error instanceof ActionError) throw error
    throw new OutputFileError(
      `${flag}: could not write ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      {
        cause: error
      }
    )
  }
}
