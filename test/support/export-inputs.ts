import type { Emulator } from '../emulator/server.ts'

/**
 * Inputs of a quick export against the emulator: short polls, a domain, its key and address, and
 * no browser pass (it depends on the machine having a browser; test/browser.e2e.test.ts runs it).
 * The rest are action.yml's defaults, which runAction fills in as the runner does.
 */
export function exportInputs(emulator: Emulator, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'api-key': emulator.options.apiKey,
    'base-url': emulator.baseUrl,
    domain: 'docs.acme.dev',
    'poll-interval-seconds': '0.05',
    'timeout-seconds': '20',
    'verify-browser': 'off',
    ...overrides
  }
}

/** Inputs of an agent-job run against the emulator: job aj_42 of project proj_acme, short polls. */
export function agentInputs(emulator: Emulator, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    'api-key': emulator.options.apiKey,
    'base-url': emulator.baseUrl,
    command: 'agent-job',
    'project-id': 'proj_acme',
    'agent-job-id': 'aj_42',
    'poll-interval-seconds': '0.05',
    'timeout-seconds': '20',
    ...overrides
  }
}
