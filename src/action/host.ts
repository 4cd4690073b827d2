import * as core from '@actions/core'
import { mkdtemp } from 'node:fs/promises'
import path from 'node:path'
import type { Host, SummaryBuilder } from '../core/host.js'
import { logLine, withoutSecrets } from '../core/log-text.js'
import type { RunnerFacts } from '../core/runner.js'
import { render, type Text, type Wording } from '../core/message.js'

/** Inputs as a workflow names them. */
export const ACTION_WORDS: Wording = {
  mention: (name) => name,
  subject: (name) => `Input '${name}'`,
  withValue: (name, value) => (name === 'command' ? `command ${value}` : `${name}: ${value}`)
}

/** A message as the runner may show it: the inputs it names in the workflow's words, on one inert line. */
function text(message: Text): string {
  return logLine(render(message, ACTION_WORDS))
}

/**
 * The GitHub Action as the engine's front end: inputs, workflow commands, step outputs and the job
 * summary. Every message goes through `text`, the one place where outside text is made inert for
 * the runner's log (src/core/log-text.ts), and then has the run's secrets masked.
 */
export function actionHost(runner: RunnerFacts): Host {
  /**
   * Masked here too, in every line and in the job summary: the runner masks what it was told of
   * in the log it shows, but not in a summary file, and not where its masking is off.
   */
  const secrets = new Set<string>()
  const shown = (message: Text): string => withoutSecrets(text(message), secrets)
  return {
    // Untrimmed: the settings trim every input but `paths`, whose line breaks they keep.
    input: (name) => core.getInput(name, { trimWhitespace: false }),
    wording: ACTION_WORDS,
    debug: (message) => core.debug(shown(message)),
    info: (message) => core.info(shown(message)),
    notice: (message, annotation) => core.notice(shown(message), annotation),
    warning: (message, annotation) => core.warning(shown(message), annotation),
    error: (message) => core.error(shown(message)),
    group: (name, body) => core.group(shown(name), body),
    progress: (line) => core.info(shown(line)),
    // A new folder per run in the runner's temporary folder, which the runner empties after the job.
    newDirectory: () => mkdtemp(path.join(runner.tempDirectory, 'static-export-')),
    setSecret: (value) => {
      if (!value) return
      secrets.add(value)
      core.setSecret(value)
    },
    setOutput: (name, value) => core.setOutput(name, value),
    // The runner offers a summary file to steps only.
    summary: runner.stepSummaryFile
      ? async (add) => {
          const masked: SummaryBuilder = {
            addRaw: (html, addEOL) => {
              core.summary.addRaw(withoutSecrets(html, secrets), addEOL)
              return masked
            }
          }
          add(masked)
          await core.summary.write()
        }
      : undefined
  }
}
