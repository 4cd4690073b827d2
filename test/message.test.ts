import { describe, expect, it } from 'vitest'
import { ACTION_WORDS } from '../src/action/host.js'
import { cliWords } from '../src/cli/host.js'
import { ActionError, asClause, failureMessage, sentences, textOf } from '../src/core/errors.js'
import { input, inputSubject, joined, message, render } from '../src/core/message.js'

describe('messages name inputs as values, worded by the front end that shows them', () => {
  const text = message`${inputSubject('domain')} is required unless ${input('export-job-id')} is given, with ${input('wait', 'false')}`

  it('in the workflow words of the Action', () => {
    expect(render(text, ACTION_WORDS)).toBe(
      "Input 'domain' is required unless export-job-id is given, with wait: false"
    )
  })

  it('in the words of the command line, and of the variable a value came from', () => {
    expect(render(text, cliWords())).toBe('Option --domain is required unless --export-job-id is given, with --no-wait')
    expect(render(text, cliWords(new Map([['domain', 'MINTLIFY_DOMAIN']])))).toMatch(/^MINTLIFY_DOMAIN is required/)
  })

  it('keeps the references through the errors that carry them, their hints and the step’s final line', () => {
    const error = new ActionError(message`${input('timeout-seconds')} ran out`, {
      hint: message`Raise ${input('timeout-seconds')}`,
      jobId: 'se_1'
    })
    expect(render(failureMessage(error), cliWords())).toBe(
      'Export job se_1: --timeout-seconds ran out. Raise --timeout-seconds'
    )
    // The Error's own message names each input plainly, for a stack trace.
    expect(error.message).toBe('timeout-seconds ran out. Raise timeout-seconds')
    expect(render(textOf(new Error('plain')), ACTION_WORDS)).toBe('plain')
  })

  it('joins sentences and clauses without losing a reference', () => {
    const joinedText = sentences(message`Set ${input('path')}`, 'then run again.', undefined, ' ')
    expect(render(joinedText, ACTION_WORDS)).toBe('Set path. then run again.')
    expect(render(asClause(message`Check ${input('base-url')}.`), cliWords())).toBe('Check --base-url')
    expect(render(joined([message`${input('verify', 'error')}`, 'b'], '; '), cliWords())).toBe('--verify error; b')
  })
})
