/**
 * What the Actions runner takes for a workflow command in a step's output, as its source reads it
 * (actions/runner: ProcessInvoker splits the output into lines with .NET's ReadLine, which ends a
 * line at CR, LF or CRLF; ActionCommand.TryParseV2 trims leading white space and wants `::`, then
 * a second `::`; ActionCommand.TryParse finds `##[` anywhere in the line, then a `]`). The names
 * the runner knows are listed so that only real commands count.
 */
const COMMANDS = new Set([
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning'
])

/** The commands the runner would read in `output`, by name. */
export function runnerCommands(output: string): string[] {
  const found: string[] = []
  for (const line of output.split(/\r\n|\r|\n/)) {
    const trimmed = line.trimStart()
    if (trimmed.startsWith('::')) {
      const end = trimmed.indexOf('::', 2)
      const name = end < 0 ? undefined : trimmed.slice(2, end).split(' ')[0]
      if (name !== undefined && COMMANDS.has(name)) found.push(name)
      continue
    }
    const prefix = line.indexOf('##[')
    const close = prefix < 0 ? -1 : line.indexOf(']', prefix)
    const name = close < 0 ? undefined : line.slice(prefix + 3, close).split(' ')[0]
    if (name !== undefined && COMMANDS.has(name)) found.push(name)
  }
  return found
}
