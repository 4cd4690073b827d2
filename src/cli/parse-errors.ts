import { parseArgs, type ParseArgsOptionDescriptor } from 'node:util'
import type { Flag } from './flags.js'

/**
 * What is wrong with a command line that parseArgs refused, said with what to type instead: the
 * flag nearest to an unknown one ("--domian: did you mean --domain?", as git and gh say it), and
 * for a flag without its value, which flag it is. `--version` is two flags: the program's version
 * before any command, the export's label after `export`.
 */
export function parseProblem(
  error: NodeJS.ErrnoException,
  args: readonly string[],
  flags: readonly Flag[],
  options: Record<string, ParseArgsOptionDescriptor>
): string {
  // Read again leniently, for the tokens: which option parseArgs stopped at.
  const { tokens } = parseArgs({ args: [...args], options, strict: false, allowPositionals: true, tokens: true })
  const names = flags.flatMap((flag) => [
    `--${flag.name}`,
    ...(flag.value ? [] : [`--no-${flag.name}`]),
    ...(flag.short ? [`-${flag.short}`] : [])
  ])
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const unknown = tokens.find((token) => token.kind === 'option' && !names.includes(token.rawName))
    if (unknown?.kind === 'option') {
      if (unknown.rawName === '--version') return `Unknown option --version. ${PROGRAM_VERSION}`
      const near = nearest(unknown.rawName, names)
      return near ? `${unknown.rawName}: did you mean ${near}?` : `Unknown option ${unknown.rawName}`
    }
  }
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const missing = tokens.find(
      (token) =>
        token.kind === 'option' &&
        options[token.name]?.type === 'string' &&
        (token.value === undefined || (!token.inlineValue && token.value.startsWith('-')))
    )
    const flag = missing?.kind === 'option' ? flags.find((candidate) => candidate.name === missing.name) : undefined
    if (flag?.value) {
      // The one flag that is also the program's: after `export`, it is the export's label.
      if (flag.name === 'version')
        return `--version needs a value: --version LABEL, the export's label. ${PROGRAM_VERSION}`
      return `--${flag.name} needs a value: --${flag.name} ${flag.value}`
    }
  }
  return error.message
}

/** Where the program's own version is, for a `--version` given after a command. */
const PROGRAM_VERSION = "The program's own version is docs-export --version, before any command"

/** The name nearest to `word`, when one is near enough to be what was meant; dashes not counted. */
function nearest(word: string, names: readonly string[]): string | undefined {
  const bare = (name: string): string => name.replace(/^-+/, '')
  let best: { name: string; distance: number } | undefined
  for (const name of names) {
    const distance = editDistance(bare(word), bare(name))
    if (!best || distance < best.distance) best = { name, distance }
  }
  // A few edits, fewer for a short name, none for a letter: -x is no typo of -h.
  const allowed = Math.min(3, Math.floor(bare(word).length / 3))
  return best && best.distance <= allowed ? best.name : undefined
}

/** The optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  )
  const at = (i: number, j: number): number => rows[i]?.[j] ?? 0
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let distance = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        distance = Math.min(distance, at(i - 2, j - 2) + 1)
      const row = rows[i]
      if (row) row[j] = distance
    }
  }
  return at(a.length, b.length)
}
