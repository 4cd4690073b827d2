import { gzipSync } from 'node:zlib'

/**
 * GitLab's reading of a dotenv report (`artifacts:reports:dotenv`), ported rule by rule from its
 * sources, so that a test reads the command line's --output-env as a deploy job would receive it:
 *
 * GitLab, app/services/ci/parse_dotenv_artifact_service.rb:
 * - `artifact.file.size < dotenv_size`: the stored report, which the runner uploads gzipped
 *   (app/models/ci/job_artifact.rb: `dotenv: :gzip`); `dotenv_size` is 5120 by default, and
 *   `dotenv_variables` 20 (db/structure.sql, plan_limits);
 * - the blob is made UTF-8 (`encode_utf8_with_replacement_character`) and its BOM stripped;
 * - `blob.each_line`: lines end after each "\n";
 * - `line.scan(/^(.*?)=(.*)$/).last`, else ParserError "Invalid Format" (a blank line too); then
 *   `result.each(&:strip!)`: Ruby's strip, which removes NUL, \t, \n, \v, \f, \r and space at both
 *   ends; quotes are kept as they are;
 * - `variables[key] = …`: a later line with the same key replaces the earlier one, and more than
 *   `dotenv_variables` keys is refused;
 * - each variable is `raw: false`; app/models/concerns/ci/has_variable.rb validates its key
 *   (`/\A[a-zA-Z0-9_]+\z/`, at most 255 characters).
 *
 * gitlab-runner, common/spec/variables.go: a variable that is not raw has its value expanded with
 * Go's `os.Expand(value, variables.Get)`, where the name `$` maps to `$` (so `$$` is a `$`), the
 * shell's special names (`*#@!?` and digits) to nothing, and any other name to the job variable's
 * value, or nothing.
 */

interface Limits {
  variables: number
  bytes: number
}

const GITLAB_DEFAULTS: Limits = { variables: 20, bytes: 5120 }

/** Ruby's String#strip. */
function rubyStrip(text: string): string {
  return text.replace(/^[\0\t\n\v\f\r ]+/, '').replace(/[\0\t\n\v\f\r ]+$/, '')
}

/** The variables GitLab stores from a dotenv report, before expansion; throws what GitLab would refuse. */
export function parseGitlabDotenv(file: Buffer, limits: Limits = GITLAB_DEFAULTS): Map<string, string> {
  const stored = gzipSync(file).length
  if (!(stored < limits.bytes)) throw new Error(`Dotenv Artifact Too Big. Maximum Allowable Size: ${limits.bytes}`)
  const blob = new TextDecoder('utf-8', { fatal: false }).decode(file).replace(/^\uFEFF/, '')
  const variables = new Map<string, string>()
  for (const line of blob.match(/[^\n]*\n|[^\n]+$/g) ?? []) {
    // Ruby's `.` matches anything but "\n"; `^` and `$` are line anchors, and `$` may stand before the "\n".
    const matches = [...line.matchAll(/^([^\n]*?)=([^\n]*)$/gm)]
    const result = matches.at(-1)
    if (!result) throw new Error('Invalid Format')
    const key = rubyStrip(result[1] ?? '')
    const value = rubyStrip(result[2] ?? '')
    if (!/^[a-zA-Z0-9_]+$/.test(key) || key.length > 255) throw new Error(`Validation failed: Key "${key}"`)
    variables.set(key, value)
  }
  if (variables.size > limits.variables)
    throw new Error(`Dotenv files cannot have more than ${limits.variables} variables`)
  return variables
}

/** Go's os.Expand (src/os/env.go), character by character. */
function goExpand(value: string, mapping: (name: string) => string): string {
  let expanded: string | undefined
  let start = 0
  for (let index = 0; index < value.length; index++) {
    if (value[index] === '$' && index + 1 < value.length) {
      expanded = (expanded ?? '') + value.slice(start, index)
      const [name, width] = shellName(value.slice(index + 1))
      // A name of nothing with a width is bad syntax (`${}`, `${`): Go drops it.
      if (name === '' && width === 0) expanded += '$'
      else if (name !== '') expanded += mapping(name)
      index += width
      start = index + 1
    }
  }
  return expanded === undefined ? value : expanded + value.slice(start)
}

const SHELL_SPECIAL = /^[*#$@!?\-0-9]$/
const ALPHANUMERIC = /^[A-Za-z0-9_]$/

/** Go's getShellName: the name after a `$`, and how many characters it takes. */
function shellName(text: string): [string, number] {
  if (text[0] === '{') {
    if (text.length > 2 && SHELL_SPECIAL.test(text[1] ?? '') && text[2] === '}') return [text.slice(1, 2), 3]
    for (let index = 1; index < text.length; index++) {
      if (text[index] === '}') return index === 1 ? ['', 2] : [text.slice(1, index), index + 1]
    }
    return ['', 1]
  }
  if (SHELL_SPECIAL.test(text[0] ?? '')) return [text.slice(0, 1), 1]
  let index = 0
  while (index < text.length && ALPHANUMERIC.test(text[index] ?? '')) index++
  return [text.slice(0, index), index]
}

/** The variables as a later job's environment has them: GitLab's parse, then the runner's expansion. */
export function readGitlabDotenv(file: Buffer): Map<string, string> {
  const variables = parseGitlabDotenv(file)
  const lookup = (name: string): string => {
    if (name === '$') return '$'
    if (/^[*#@!?0-9]$/.test(name)) return ''
    return variables.get(name) ?? ''
  }
  return new Map([...variables].map(([key, value]) => [key, goExpand(value, lookup)]))
}
