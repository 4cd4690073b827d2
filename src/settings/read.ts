import type { z } from 'zod'
import { ActionError } from '../core/errors.js'
import type { Host } from '../core/host.js'
import { input, inputSubject, joined, message, type Message, type Text } from '../core/message.js'
import { unusedAgentJobInputs } from './agent-job.js'
import { domainReduction, unusedExportInputs } from './export.js'
import { isExpression } from './fields.js'
import {
  asSettings,
  COMMAND,
  INPUTS,
  SETTINGS,
  settingName,
  type CatalogueInput,
  type Command,
  type InputName,
  type Settings
} from './inputs.js'

/** Thrown for a malformed input; the message names the input and never holds a secret. */
export class InputError extends ActionError {
  override name = 'InputError'
  override readonly code = 'input'
}

type RawInputs = Partial<Record<InputName, string>>
type Inputs = z.output<typeof SETTINGS>

/**
 * Reads every input once and returns validated settings. Secrets are masked before anything else
 * happens, so no later log line can show them.
 */
export function readSettings(host: Host): Settings {
  const { raw, given } = readRawInputs(host)
  for (const entry of INPUTS) {
    const value = raw[entry.name]
    if (entry.secret && value) host.setSecret(value)
  }
  const command = COMMAND.safeParse(raw.command)
  const parsed = command.success ? SETTINGS.safeParse({ ...raw, command: command.data }) : command
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const { text = issue.message, named = false } =
        (issue as { params?: { text?: Text; named?: boolean } }).params ?? {}
      return named ? text : message`${inputSubject((issue.path[0] as InputName | undefined) ?? 'command')} ${text}`
    })
    const [first] = parsed.error.issues
    throw new InputError(joined(problems, '; '), {
      input: input((first?.path[0] as InputName | undefined) ?? 'command')
    })
  }
  const inputs = parsed.data
  if (inputs.command === 'export' && raw.domain && inputs.domain) {
    const reduced = domainReduction(raw.domain, inputs.domain)
    if (reduced) host[reduced.level](reduced.text)
  }
  for (const [name, why] of unusedInputs(inputs, given)) host.warning(message`${inputSubject(name)} ${why}`)
  const settings = asSettings(inputs)
  for (const entry of INPUTS) {
    const value: unknown = (inputs as Record<string, unknown>)[entry.name]
    if (entry.secret || value === undefined) continue
    const shown = entry.firstLineOnly && typeof value === 'string' ? firstLine(value) : JSON.stringify(value)
    host.debug(`${settingName(entry.name)} = ${shown}`)
  }
  return settings
}

/**
 * The text of each input, trimmed (but `paths`, whose line breaks are kept), undefined when empty
 * so that its default applies; and which ones the workflow set to something else than the default.
 */
function readRawInputs(host: Host): { raw: RawInputs; given: Set<InputName> } {
  const raw: RawInputs = {}
  const given = new Set<InputName>()
  for (const entry of INPUTS) {
    const text = host.input(entry.name)
    const value = entry.name === 'paths' ? text : text.trim()
    if (value.trim()) raw[entry.name] = value
    if (value.trim() && value !== entry.default && !(entry.default && isExpression(entry.default)))
      given.add(entry.name)
  }
  return { raw, given }
}

/** Inputs the workflow set that do nothing: another command's, or one that the combination given ignores. */
function unusedInputs(inputs: Inputs, given: ReadonlySet<InputName>): [InputName, Text][] {
  const found: [InputName, Text][] = []
  for (const entry of INPUTS) {
    if (given.has(entry.name) && !entry.commands.includes(inputs.command)) {
      found.push([entry.name, othersInput(entry, inputs.command)])
    }
  }
  const isGiven = (name: InputName): boolean => given.has(name)
  if (inputs.command === 'export') found.push(...unusedExportInputs(inputs, isGiven))
  if (inputs.command === 'agent-job') found.push(...unusedAgentJobInputs(inputs, isGiven))
  return found
}

/** A long text as the log shows it: its first line, and how long it is. */
function firstLine(text: string): string {
  const [first = ''] = text.split(/\r?\n/, 1)
  return `${JSON.stringify(first.length > 80 ? `${first.slice(0, 79)}…` : first)} (first line of ${text.length} characters)`
}

function othersInput(entry: CatalogueInput, command: Command): Message {
  const users = joined(
    entry.commands.map((user) => message`${input('command', user)}`),
    ' and '
  )
  return message`is used only by ${users}; it does nothing for ${input('command', command)}`
}
