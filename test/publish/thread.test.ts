import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLEAN_UP_GRACE_MS, Deadline } from '../../src/core/deadline.js'
import { ActionError, errorFromRecord, errorRecord, systemCode } from '../../src/core/errors.js'
import { input, message, render } from '../../src/core/message.js'
import { ACTION_WORDS } from '../../src/action/host.js'
import { publishSite, type PublishOptions } from '../../src/publish/index.js'
import { RecordingHost } from '../support/recording-host.ts'

/**
 * publishSite() on its thread, as dist/ runs it, with test/support/threads/publish-scripted.ts in
 * the place of the real thread (src/publish/publish-thread.ts, which publish.e2e.test.ts runs
 * through dist/ against Swift): what the run hears of a thread that fails, is cancelled, never
 * answers, ends without a word, or runs out of the memory it is given.
 */
const SCRIPTED = new URL('../support/threads/publish-scripted.ts', import.meta.url)
const TARGET = { bucket: 'docs', prefix: 'site' }

function options(script: string, host: RecordingHost, deadline: Deadline): PublishOptions {
  return {
    sitePath: script,
    manifestPath: '/nonexistent/manifest.json',
    keepRemoved: 1,
    maxDeletePercent: 50,
    cacheRules: [],
    routes: 'copies',
    checkFiles: 10,
    changesPath: '/nonexistent/publish-changes.json',
    planPath: '/nonexistent/publish-plan.json',
    dryRun: false,
    pollIntervalMs: 1000,
    host,
    deadline
  }
}

async function failureOf(promise: Promise<unknown>): Promise<ActionError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown
  )
  expect(error).toBeInstanceOf(ActionError)
  return error as ActionError
}

describe('the publish on its thread', () => {
  it("hands the thread's log lines to the host in its words, and its failure on as the ActionError it was", async () => {
    const host = new RecordingHost()
    const error = await failureOf(publishSite(TARGET, options('answer', host, Deadline.in(60_000)), SCRIPTED))
    expect(host.messages).toContainEqual({ level: 'info', message: 'Publish: about publish-to' })
    expect(render(error.text, ACTION_WORDS)).toBe('Publish: refused; see publish-max-delete: 60%')
    expect(error).toMatchObject({ code: 'publish', retryable: false, input: { input: 'publish-max-delete' } })
    expect(systemCode(error)).toBe('ECONNRESET')
  })

  it('passes a cancellation of the run on to the thread, which stops', async () => {
    const cancellation = new AbortController()
    const publishing = publishSite(
      TARGET,
      options('until-cancelled', new RecordingHost(), Deadline.in(60_000, cancellation.signal)),
      SCRIPTED
    )
    cancellation.abort()
    expect(await failureOf(publishing)).toMatchObject({
      code: 'cancelled',
      message: 'The run was cancelled while publishing'
    })
  })

  it("ends a thread that has not answered by the end of the deadline's clean-up grace, and says the time ran out", async () => {
    const deadline = Deadline.in(200)
    const error = await failureOf(publishSite(TARGET, options('silent', new RecordingHost(), deadline), SCRIPTED))
    expect(error).toMatchObject({ code: 'out-of-time' })
    expect(render(error.text, ACTION_WORDS)).toBe('timeout-seconds ran out while publishing to s3://docs/site/')
    expect(Date.now()).toBeGreaterThanOrEqual(deadline.at + CLEAN_UP_GRACE_MS)
  }, 30_000)

  it('fails with the publish code when the thread ends without a word', async () => {
    const error = await failureOf(
      publishSite(TARGET, options('exit', new RecordingHost(), Deadline.in(60_000)), SCRIPTED)
    )
    expect(error.code).toBe('publish')
    expect(error.message).toMatch(
      /^Publish: the publish to s3:\/\/docs\/site\/ ended \(exit code 3\) before it said how it went\. The bucket still serves a whole site/
    )
  })

  it('bounds the memory of the thread, and says so when a publish needs more', async () => {
    const error = await failureOf(
      publishSite(TARGET, options('out-of-memory', new RecordingHost(), Deadline.in(60_000)), SCRIPTED)
    )
    expect(error.code).toBe('publish')
    expect(error.message).toMatch(
      /^Publish: the publish to s3:\/\/docs\/site\/ ran out of memory: its thread may use 256\.0 MiB and needed more\./
    )
  }, 30_000)
})

describe("the publish's manifest", () => {
  // From src/ there is no thread bundle: publishSite() runs the publish here, as the thread would.
  it.each([
    ['does not exist', undefined, /does not exist/],
    ['is not JSON', 'not json', /is not JSON/],
    ['is not a manifest', JSON.stringify({ version: 1, files: 'none' }), /is not a manifest of this action/]
  ])('fails the publish before any request when manifest.json %s', async (_, content, reason) => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'publish-manifest-'))
    try {
      const manifestPath = path.join(folder, 'manifest.json')
      if (content !== undefined) await writeFile(manifestPath, content)
      const host = new RecordingHost()
      // Nothing listens on port 1: a request would fail otherwise, and say so.
      const target = { ...TARGET, endpoint: 'http://127.0.0.1:1' }
      const error = await failureOf(
        publishSite(target, { ...options('inline', host, Deadline.in(60_000)), manifestPath })
      )
      const text = render(error.text, ACTION_WORDS)
      expect(text).toContain(`Publish: The manifest ${manifestPath} `)
      expect(text).toMatch(reason)
      expect(text).toContain('nothing was published')
      expect(error.code).toBe('publish')
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

describe('a failure handed from one thread to another', () => {
  it('keeps an ActionError whole: its text with the inputs it names, its fields, and its causes', () => {
    const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })
    const original = new ActionError(message`${input('timeout-seconds')} ran out`, {
      code: 'out-of-time',
      retryable: true,
      retryAfterMs: 2000,
      hint: 'Try again',
      input: input('timeout-seconds', '60'),
      jobId: 'se_7',
      inSummary: message`late: ${input('timeout-seconds')}`,
      cause
    })
    // What a thread receives is a structured clone: no class survives it.
    const copy = errorFromRecord(structuredClone(errorRecord(original)))
    expect(copy).toBeInstanceOf(ActionError)
    const action = copy as ActionError
    expect(render(action.text, ACTION_WORDS)).toBe(render(original.text, ACTION_WORDS))
    expect(render(action.inSummary ?? '', ACTION_WORDS)).toBe('late: timeout-seconds')
    expect(action).toMatchObject({
      code: 'out-of-time',
      retryable: true,
      retryAfterMs: 2000,
      input: { input: 'timeout-seconds', value: '60' },
      jobId: 'se_7',
      namesJob: false,
      stack: original.stack
    })
    expect(systemCode(action)).toBe('ECONNRESET')
    expect((action.cause as Error).message).toBe('read ECONNRESET')
  })

  it('keeps what it can of anything else thrown', () => {
    expect(errorFromRecord(structuredClone(errorRecord('a string')))).toMatchObject({ message: 'a string' })
    const type = errorFromRecord(structuredClone(errorRecord(new TypeError('no'))))
    expect(type).toMatchObject({ name: 'TypeError', message: 'no' })
  })
})
