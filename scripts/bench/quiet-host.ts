import type { Host } from '../../src/core/host.ts'

/**
 * The front end of a probe (mirror-probe.ts, publish-probe.ts) that runs one stage of the engine
 * alone: it says nothing, so that what is measured is the stage and not its logging.
 */
export const QUIET_HOST: Host = {
  input: () => '',
  debug: () => undefined,
  info: () => undefined,
  notice: () => undefined,
  warning: () => undefined,
  error: () => undefined,
  progress: () => undefined,
  group: (_name, body) => body(),
  newDirectory: () => Promise.reject(new Error('a probe writes no folder')),
  setSecret: () => undefined,
  setOutput: () => undefined,
  wording: { mention: (name) => name, subject: (name) => name, withValue: (name, value) => `${name}: ${value}` }
}
