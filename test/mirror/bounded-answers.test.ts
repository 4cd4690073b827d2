import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ActionError } from '../../src/core/errors.js'
import { Network } from '../../src/core/net.js'
import { checkAnonymousRead } from '../../src/mirror/check.js'
import { parseMirrorTarget } from '../../src/mirror/index.js'
import { fetchToken } from '../../src/mirror/oci-auth.js'
import { RegistrySession } from '../../src/mirror/oci-http.js'
import type { OciTarget } from '../../src/mirror/target.js'
import { longAnswer, type LongAnswerTaken } from '../support/long-answer.ts'
import { actionText } from '../support/recording-host.js'
import { failureOf, mirrorOptions } from './fixtures.js'

/**
 * Every answer from a host the user configured is read within a bound, whatever its length: the
 * token endpoint, the registry, and the public URL that the check reads (the S3 endpoint's are in
 * s3-hostile.test.ts). Each host here answers with 64 MiB, chunked, so that nothing but the reader
 * stops it; the test asserts that the client closed the connection long before the end.
 */

const LONG = 64 * 1024 * 1024

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
})

/** A server whose every answer is `status` and 64 MiB of text; resolves with what became of the first. */
async function longAnswers(status: number, head: string): Promise<{ origin: string; taken: Promise<LongAnswerTaken> }> {
  let took: (taken: Promise<LongAnswerTaken>) => void = () => undefined
  const taken = new Promise<LongAnswerTaken>((resolve) => (took = (answer) => void answer.then(resolve)))
  const listener: RequestListener = (request, response) => {
    request.resume()
    took(longAnswer(response, { status, head, fillBytes: LONG, tail: '"}', announced: false }))
  }
  server = createServer(listener)
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, taken }
}

function expectClosedEarly({ written, length }: LongAnswerTaken): void {
  expect(written).toBeLessThan(length / 4)
}

describe('answers read within a bound', () => {
  it("the token endpoint's: no token, and the rest not read", async () => {
    const { origin, taken } = await longAnswers(200, '{"token":"')
    const options = mirrorOptions()
    const error = await failureOf(
      fetchToken({
        challenge: { scheme: 'bearer', params: { realm: `${origin}/token`, service: 'registry' } },
        scope: 'repository:docs/acme:pull,push',
        credentials: { username: 'pusher', password: 'secret' },
        network: new Network(true),
        signal: options.deadline.signal(),
        deadline: options.deadline.at
      })
    )
    expect(actionText(error.text)).toBe(`Mirror: the registry's token realm ${origin}/token gave no token (HTTP 200)`)
    expectClosedEarly(await taken)
  })

  it("the registry's: an error of 64 MiB is a failure with its status, the rest not read", async () => {
    const { origin, taken } = await longAnswers(400, '{"errors":[{"code":"BLOB_UPLOAD_INVALID","message":"')
    const options = mirrorOptions()
    const target = parseMirrorTarget(`oci://${new URL(origin).host}/docs/acme`) as OciTarget
    const session = new RegistrySession(target, {
      ...options,
      signal: options.deadline.signal(),
      network: new Network(true)
    })
    const answer = await session.send('PUT', new URL('/v2/docs/acme/blobs/uploads/1', origin), {
      body: Buffer.from('x')
    })
    expect(answer.status).toBe(400)
    const failure = session.failure('finishing the upload (PUT)', answer)
    expect(failure).toBeInstanceOf(ActionError)
    expect(actionText((failure as ActionError).text)).toBe(
      `Mirror: finishing the upload (PUT) on ${target.host}/docs/acme: HTTP 400`
    )
    expectClosedEarly(await taken)
  })

  it('the public URL that the check reads: a 404 of 64 MiB fails the check, the rest not read', async () => {
    const { origin, taken } = await longAnswers(404, '<html><body>Not found: ')
    const options = mirrorOptions()
    const error = await failureOf(
      checkAnonymousRead(
        `${origin}/docs/bundle.tar.gz`,
        { sha256: '0'.repeat(64), sizeBytes: 10 },
        {
          network: new Network(true),
          signal: options.deadline.signal(),
          deadline: options.deadline.at,
          fix: 'Make it readable'
        }
      )
    )
    expect(actionText(error.text)).toContain('it answered HTTP 404 to a request without credentials')
    expectClosedEarly(await taken)
  })
})
