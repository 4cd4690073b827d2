import { S3Client } from '@aws-sdk/client-s3'
import { NodeHttpHandler } from '@smithy/node-http-handler'
import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { Readable } from 'node:stream'
import { CLEAN_UP_GRACE_MS, type Deadline } from '../core/deadline.js'
import { ActionError, sentences, systemCode } from '../core/errors.js'
import { formatBytes, formatSeconds } from '../core/format.js'
import { input, message, type Text } from '../core/message.js'
import { ERROR_PAGE_BYTES, readStart } from '../core/net.js'
import { serverWords, xmlErrorWords } from '../core/server-words.js'
import type { InputName } from '../settings/inputs.js'
import { prefixUrl, type S3Location } from './s3-location.js'

/**
 * The AWS SDK's S3 client as the stages that write to a bucket use it: path-style addressing on
 * the stage's endpoint (AWS itself without one), credentials from the SDK's default chain only (the `AWS_*` variables, web
 * identity, a profile: never an input of ours, never logged), and checksums only where the
 * operation requires one, since several S3-compatible stores refuse the SDK's default streaming
 * checksums (Swift answers 501 "aws-chunked is not supported"). Its request handler holds every
 * request to the run's deadline, every answer but an object's or a list's to ERROR_PAGE_BYTES,
 * and the abort of a multipart upload to the clean-up's grace.
 */

const CONNECT_TIMEOUT_MS = 10_000
/** Longest silence of a connection, before an answer or in the middle of a part. */
const STALL_TIMEOUT_MS = 30_000

type Request = Parameters<NodeHttpHandler['handle']>[0]
type HandlerOptions = Parameters<NodeHttpHandler['handle']>[1]
type Handled = Awaited<ReturnType<NodeHttpHandler['handle']>>

/**
 * Every request carries the run's signal, so that a cancellation or the deadline cuts the parts in
 * flight at once (lib-storage's Upload passes no signal of its own to them), except the abort of a
 * multipart upload (DELETE ?uploadId=), which must still go out after the cut: it is what removes
 * the parts already stored. That clean-up gets one attempt within the grace of the deadline's
 * `cleanUpSignal()` instead, so that a store that never answers it cannot hold the run up.
 */
class RunHandler extends NodeHttpHandler {
  private readonly deadline: Deadline
  private readonly runSignal: AbortSignal
  private readonly target: S3Location

  constructor(target: S3Location, deadline: Deadline, environment: ProxyEnvironment) {
    // The SDK's own agents, kept alive with up to 50 sockets, and through the proxy the runner names, if any.
    const agent = { keepAlive: true, maxSockets: 50, proxyEnv: environment }
    super({
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: STALL_TIMEOUT_MS,
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent)
    })
    this.target = target
    this.deadline = deadline
    this.runSignal = deadline.signal()
  }

  override handle(request: Request, options: HandlerOptions = {}): Promise<Handled> {
    if (request.method === 'DELETE' && 'uploadId' in request.query) return this.abortUpload(request, options)
    return this.send(request, { ...options, abortSignal: options.abortSignal ?? this.runSignal })
  }

  /**
   * An error answer, and any answer that S3 keeps to a few hundred bytes, is read here, at most
   * ERROR_PAGE_BYTES of it, before the SDK parses it (it would read and parse any length: 2.7 GiB
   * of memory for an error of 64 MiB): a longer one fails with its status and the start of its
   * message. An object or a list (a GET), or a batch delete's report, goes to the SDK as it comes.
   */
  private async send(request: Request, options: HandlerOptions): Promise<Handled> {
    const { response } = await super.handle(request, options)
    const small = request.method !== 'GET' && !(request.method === 'POST' && 'delete' in request.query)
    if (response.statusCode < 300 && !small) return { response }
    const { bytes, whole } = await readStart(response.body as AsyncIterable<Uint8Array>, ERROR_PAGE_BYTES)
    if (!whole) throw new LongAnswer(response.statusCode, bytes.toString('utf8'))
    // The SDK parses the bytes read.
    response.body = Readable.from([bytes])
    return { response }
  }

  /**
   * The abort of a multipart upload, sent once within the clean-up's grace. Whatever else becomes
   * of it (no answer in time, a refusal, a connection that fails) is an UnfinishedAbort, which the
   * SDK does not retry: its parts may still be stored, and the caller says so.
   */
  private async abortUpload(request: Request, options: HandlerOptions): Promise<Handled> {
    const upload = {
      id: String(request.query.uploadId),
      location: `s3://${this.target.bucket}/${keyOf(request, this.target.bucket)}`
    }
    const signal = this.deadline.cleanUpSignal()
    let answer: Handled
    try {
      answer = await this.send(request, { ...options, abortSignal: signal })
    } catch (error) {
      if (signal.aborted)
        throw new UnfinishedAbort(
          upload,
          `the store gave no answer within the ${formatSeconds(CLEAN_UP_GRACE_MS)} a clean-up is given`
        )
      if (error instanceof LongAnswer) throw new UnfinishedAbort(upload, `the store answered ${error.said}`)
      const reason = systemCode(error) ?? (error instanceof Error ? error.message : String(error))
      throw new UnfinishedAbort(upload, `the store could not be reached (${reason})`)
    }
    const { response } = answer
    if (response.statusCode < 300) return answer
    const { bytes } = await readStart(response.body as AsyncIterable<Uint8Array>, ERROR_PAGE_BYTES)
    throw new UnfinishedAbort(upload, `the store answered ${storeSaid(response.statusCode, bytes.toString('utf8'))}`)
  }
}

/** The object's key, from the path of a path-style request (`/BUCKET/KEY`). */
function keyOf(request: Request, bucket: string): string {
  const path = request.path
  const start = path.indexOf(`/${bucket}/`)
  return start < 0
    ? path
    : path
        .slice(start + bucket.length + 2)
        .split('/')
        .map(decodeURIComponent)
        .join('/')
}

/**
 * An answer longer than ERROR_PAGE_BYTES, which was not read to its end, as the SDK shapes a
 * service error (its code as the name, its message, the status): from the start that was read.
 */
class LongAnswer extends Error {
  readonly $metadata: { httpStatusCode: number }
  /** What the store said, for a message. */
  readonly said: string

  constructor(status: number, start: string) {
    const { code, message: words } = xmlErrorWords(start)
    super(words ?? `an answer longer than ${formatBytes(ERROR_PAGE_BYTES)}, not read further`)
    this.name = code ?? 'error'
    this.$metadata = { httpStatusCode: status }
    this.said = storeSaid(status, start)
  }
}

/** `HTTP <status> (<code>: <message>)`, as far as an S3 error's `text` holds them. */
function storeSaid(status: number, text: string): string {
  const { code, message: words } = xmlErrorWords(text)
  const told = [code, words].filter(Boolean).join(': ')
  return `HTTP ${status}${told ? ` (${told})` : ''}`
}

/**
 * The abort of a multipart upload that may not have completed: its parts may still be stored. It
 * has no `cause`, since the SDK would retry what a cause says is passing (a time-out).
 */
class UnfinishedAbort extends ActionError {
  override name = 'UnfinishedAbort'

  constructor(upload: { id: string; location: string }, reason: string) {
    super(
      `The abort of multipart upload ${serverWords(upload.id)} of ${upload.location} may not have completed: ${reason}`,
      {
        code: 'unfinished-abort',
        hint: 'Its parts stay in the bucket, and are billed, until removed: run aws s3api abort-multipart-upload with this bucket, key and upload id, or let a lifecycle rule (AbortIncompleteMultipartUpload) remove them'
      }
    )
  }
}

/** The UnfinishedAbort behind a failed upload: lib-storage throws it, or keeps it as the cause of the upload's own failure. */
function unfinishedAbort(error: unknown): UnfinishedAbort | undefined {
  if (error instanceof UnfinishedAbort) return error
  const cause = (error as { cause?: unknown } | undefined)?.cause
  return cause instanceof UnfinishedAbort ? cause : undefined
}

/** The variables a Node agent reads a proxy from (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), from the runner's environment. */
type ProxyEnvironment = http.AgentOptions['proxyEnv']

/**
 * `deadline` is the run's: every request but the abort of an upload stops with its signal.
 * `environment` is the runner's (RunnerFacts): the SDK's connections follow the proxy it names, as
 * the action's own requests do (src/core/net.ts), which self-hosted runners behind a proxy need.
 */
export function s3Client(
  target: S3Location,
  region: string,
  deadline: Deadline,
  environment: ProxyEnvironment = {}
): S3Client {
  const client = new S3Client({
    region,
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: new RunHandler(target, deadline, environment)
  })
  sendContentMd5WithDeletes(client)
  return client
}

/**
 * DeleteObjects (the batch delete) with `Content-MD5`, which S3 required of it for years and
 * S3-compatible stores still do: the SDK now sends a CRC32 checksum instead, which Swift refuses
 * (HTTP 400 "Missing required header for this request: Content-MD5"), as other stores did in
 * 2025. AWS takes either. It runs after the SDK's checksum (the build step's normal priority) and
 * before the signature (finalizeRequest), which covers the header. Why batches rather than a
 * request a key: docs/decisions/publish-deletes.md.
 */
function sendContentMd5WithDeletes(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown }
      const { body } = request
      const bytes = typeof body === 'string' || body instanceof Uint8Array
      if (context.commandName !== 'DeleteObjectsCommand' || !request.headers || !bytes) return next(args)
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !/^x-amz-(checksum-|sdk-checksum-algorithm$)/i.test(name))
      )
      headers['content-md5'] = createHash('md5').update(body).digest('base64')
      return next({ ...args, request: { ...request, headers } })
    },
    { step: 'build', priority: 'low', name: 'sendContentMd5WithDeletes' }
  )
}

/** What the SDK throws: a service error with its name and status, or a client-side one. */
interface SdkError {
  name?: string
  message?: string
  $metadata?: { httpStatusCode?: number }
}

/** The stage that uses the client, as its errors name it. */
export interface S3Stage {
  /** What starts each of its messages: `Mirror`. */
  name: string
  /** Its failure, with its code. */
  failure: (problem: Text, options: { hint?: Text; cause?: unknown }) => ActionError
  /** Its inputs that name the bucket, the region and the endpoint. */
  inputs: { target: InputName; region: InputName; endpoint: InputName }
  /** The permissions it needs on the prefix, as the answer to a refusal says them. */
  permissions: string
}

/**
 * An error of the SDK as the stage's failure, saying what was refused and what to change: the
 * credentials, the permissions, the bucket, the endpoint; and, when the abort of a multipart upload
 * may not have completed, that too.
 */
export function s3Failure(error: unknown, action: string, target: S3Location, stage: S3Stage): ActionError {
  const problem = `${stage.name}: ${action} ${prefixUrl(target)} failed`
  // lib-storage throws the abort's failure in place of the upload's own when both failed.
  const failure =
    unfinishedAbort(error) === error
      ? stage.failure(problem, { cause: error })
      : explained(error, problem, target, stage)
  return withUnfinishedAbort(failure, error)
}

/** `failure`, followed by what the abort of an upload left behind when `error` says it may not have completed. */
export function withUnfinishedAbort(failure: ActionError, error: unknown): ActionError {
  const leftBehind = unfinishedAbort(error)
  if (!leftBehind) return failure
  return new ActionError(sentences(failure.text, leftBehind.text), {
    code: failure.code,
    namesJob: failure.namesJob,
    cause: error
  })
}

function explained(error: unknown, problem: string, target: S3Location, stage: S3Stage): ActionError {
  const { name = '', message: said = '', $metadata } = (error ?? {}) as SdkError
  const status = $metadata?.httpStatusCode
  const where = target.endpoint ? ` at ${target.endpoint}` : ''
  const fail = (detail: string, hint?: Text): ActionError =>
    stage.failure(`${problem}: ${detail}`, { hint, cause: error })
  if (name === 'CredentialsProviderError')
    return fail(
      'no AWS credentials were found',
      "S3 credentials come from the AWS SDK's default chain: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (as aws-actions/configure-aws-credentials sets them), a web identity, or a profile"
    )
  if (name === 'NoSuchBucket')
    return fail(
      `the bucket ${target.bucket} does not exist${where}`,
      message`Create it, or correct ${input(stage.inputs.target)}`
    )
  if (CREDENTIAL_REFUSALS.has(name))
    return fail(
      `the store refused the credentials (${name})`,
      message`Check the AWS credentials the runner has, and ${input(stage.inputs.region)}: a signature made for another region is refused too`
    )
  if (name === 'AccessDenied' || status === 403)
    return fail('access denied (HTTP 403)', `The credentials need ${stage.permissions} on the prefix`)
  const code = systemCode(error)
  if (code && status === undefined)
    return fail(`the store could not be reached${where} (${code})`, message`Check ${input(stage.inputs.endpoint)}`)
  const words = serverWords(said)
  return fail(
    `${status ? `HTTP ${status}, ` : ''}${serverWords(name) || 'error'}${words && words !== name ? `: ${words}` : ''}`
  )
}

/** What stores answer to a wrong key, a wrong secret or a stale session token. */
const CREDENTIAL_REFUSALS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken'])
