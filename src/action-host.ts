import * as core from '@actions/core'
import { mkdtemp } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { Host } from './host.js'

/** The GitHub Action as the engine's front end: inputs, workflow commands, step outputs and the job summary. */
export const actionHost: Host = {
  // Untrimmed: the settings trim every input but `paths`, whose line breaks they keep.
  input: (name) => core.getInput(name, { trimWhitespace: false }),
  describeInput: (name, value) => (value === undefined ? `Input '${name}'` : `${name}: ${value}`),
  debug: (message) => core.debug(message),
  info: (message) => core.info(message),
  notice: (message, annotation) => core.notice(message, annotation),
  warning: (message, annotation) => core.warning(message, annotation),
  error: (message) => core.error(message),
  group: (name, body) => core.group(name, body),
  progress: (line) => core.info(line),
  // A new folder per run in the runner's temporary folder, which the runner empties after the job.
  newDirectory: () => mkdtemp(path.join(process.env.RUNNER_TEMP || os.tmpdir(), 'static-export-')),
  setSecret: (value) => core.setSecret(value),
  setOutput: (name, value) => core.setOutput(name, value),
  get summary() {
    // The runner offers a summary file to steps only.
    if (!process.env.GITHUB_STEP_SUMMARY) return undefined
    return async (add: Parameters<NonNullable<Host['summary']>>[0]) => {
      add(core.summary)
      await core.summary.write()
    }
  }
}
