/** The settings of a run: read from the front end's inputs, one schema per command. */
export { readSettings, InputError } from './read.js'
export {
  COMMANDS,
  INPUTS,
  commandsOf,
  inputsOf,
  type AgentSettings,
  type CatalogueInput,
  type CheckDeploymentSettings,
  type Command,
  type ExportSettings,
  type InputName,
  type Settings
} from './inputs.js'
export { KEY_VARIABLE } from './common.js'
