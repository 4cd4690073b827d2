import { z } from 'zod'
import { AGENT_JOB, AGENT_JOB_INPUTS } from './agent-job.js'
import { CHECK_DEPLOYMENT, CHECK_DEPLOYMENT_INPUTS } from './check-deployment.js'
import { EXPORT, EXPORT_INPUTS } from './export.js'
import { CATALOGUE, described, type CatalogueEntry } from './fields.js'

/**
 * The catalogue of commands: one schema per command (export.ts, agent-job.ts,
 * check-deployment.ts), joined on `command`. The settings' types are inferred from the schemas,
 * and action.yml, the README's tables and the command line's flags and help are made from them.
 */

/** The inputs of each command, by its name, in the order action.yml lists them. */
const COMMAND_INPUTS = {
  export: EXPORT_INPUTS,
  'agent-job': AGENT_JOB_INPUTS,
  'check-deployment': CHECK_DEPLOYMENT_INPUTS
}

export type Command = keyof typeof COMMAND_INPUTS

export const COMMANDS = Object.keys(COMMAND_INPUTS) as Command[]

/** The `command` input: which of the schemas applies. */
export const COMMAND = described(
  z.enum(COMMANDS as [Command, ...Command[]], {
    error: (issue) => `must be ${COMMANDS.join(', ')}, got "${String(issue.input)}"`
  }),
  {
    default: 'export',
    description:
      'What to do: `export` (run a static export), `agent-job` (follow an AI agent job) or `check-deployment` (check that the deployed site serves an export).',
    cli: { flag: false }
  }
)

/** The settings of every command, with the rules that join their inputs. */
export const SETTINGS = z.discriminatedUnion('command', [EXPORT, AGENT_JOB, CHECK_DEPLOYMENT])

/** The name of an input, as action.yml has it. */
export type InputName = Extract<{ [C in Command]: keyof (typeof COMMAND_INPUTS)[C]['shape'] }[Command], string>

/** An input of the catalogue: its name, the commands that read it, and its entry. */
export interface CatalogueInput extends CatalogueEntry {
  name: InputName
  commands: Command[]
}

/** Every input, `command` first, then those of each command in turn, as action.yml lists them. */
export const INPUTS: readonly CatalogueInput[] = catalogue()

function catalogue(): CatalogueInput[] {
  const found = new Map<InputName, CatalogueInput>()
  const add = (name: InputName, schema: z.ZodType, command?: Command): void => {
    const entry = found.get(name)
    if (entry) {
      if (command) entry.commands.push(command)
      return
    }
    const meta = CATALOGUE.get(schema)
    if (!meta) throw new Error(`The input ${name} has no description`)
    found.set(name, { ...meta, name, commands: command ? [command] : [...COMMANDS] })
  }
  add('command', COMMAND)
  for (const command of COMMANDS) {
    const shape: Record<string, z.ZodType> = COMMAND_INPUTS[command].shape
    for (const [name, schema] of Object.entries(shape)) if (name !== 'command') add(name as InputName, schema, command)
  }
  for (const entry of found.values()) {
    const strange = Object.keys(entry.byCommand ?? {}).filter((command) => !entry.commands.includes(command as Command))
    if (strange.length > 0)
      throw new Error(`The input ${entry.name} has words for ${strange.join(', ')}, which do not read it`)
  }
  return [...found.values()]
}

/** The input `name` of the catalogue. */
function inputOf(name: InputName): CatalogueInput {
  const found = INPUTS.find((entry) => entry.name === name)
  if (!found) throw new Error(`No input ${name}`)
  return found
}

/** The commands that read `name`. */
export function commandsOf(name: InputName): readonly Command[] {
  return inputOf(name).commands
}

/** The inputs `command` reads, in the catalogue's order. */
export function inputsOf(command: Command): CatalogueInput[] {
  return INPUTS.filter((entry) => entry.name !== 'command' && entry.commands.includes(command))
}

/** `timeout-seconds` → `timeoutMs`, `base-url` → `baseUrl`: an input's name as a setting. */
type SettingName<Name extends string> = Name extends `${infer Base}-seconds` ? `${Camel<Base>}Ms` : Camel<Name>
type Camel<Name extends string> = Name extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<Camel<Tail>>}`
  : Name
type AsSettings<Inputs> = Inputs extends unknown
  ? { [Name in keyof Inputs as SettingName<Name & string>]: Inputs[Name] }
  : never

/** The settings of a run: the inputs of its command, checked, parsed and named as settings. */
export type Settings = AsSettings<z.output<typeof SETTINGS>>
type SettingsOf<C extends Command> = Extract<Settings, { command: C }>
export type ExportSettings = SettingsOf<'export'>
export type AgentSettings = SettingsOf<'agent-job'>
export type CheckDeploymentSettings = SettingsOf<'check-deployment'>

/** The name of an input as a setting, as SettingName spells it. */
export function settingName(name: string): string {
  return name.replace(/-seconds$/, '-ms').replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())
}

/** Parsed inputs, named as settings. */
export function asSettings(inputs: z.output<typeof SETTINGS>): Settings {
  return Object.fromEntries(Object.entries(inputs).map(([name, value]) => [settingName(name), value])) as Settings
}
