import { S3Client } from '@aws-sdk/client-s3'
import { NodeHttpHandler } from '@smithy/node-http-handler'
import { createHash } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { systemCode, type ActionError } from '../core/errors.js'
import { input, message, type Text } from '../core/message.js'
import type { InputName } from '../settings/inputs.js'
import type { S3Location } from './s3-location.js'

/**
 * The AWS SDK's S3 client as the stages that write to a bucket use it: path-style addressing on
 * the stage's endpoint (AWS itself without one), credentials from the SDK's default chain only (the `AWS_*` variables, web
 * identity, a profile: never an input of ours, never logged), and checksums only where the
 * operation requires one, since several S3-compatible stores refuse the SDK's default streaming
 * checksums (Swift answers 501 "aws-chunked is not supported").
 */

const CONNECT_TIMEOUT_MS = 10_000
/** Longest silence of a connection, before an answer or in the middle of a part. */
const STALL_TIMEOUT_MS = 30_000

type Request = Parameters<NodeHttpHandler['handle']>[0]
type HandlerOptions = Parameters<NodeHttpHandler['handle']>[1]

/**
 * Every request carries the run's signal, so that a cancellation or the deadline cuts the parts in
 * flight at once (lib-storage's Upload passes no signal of its own to them), except the abort of a
 * multipart upload (DELETE ?uploadId=), which must still go out after the cut: it is what removes
 * the parts already stored.
 */
class RunHandler extends NodeHttpHandler {
  private readonly runSignal: AbortSignal

  constructor(signal: AbortSignal, environment: ProxyEnvironment) {
    // The SDK's own agents, kept alive with up to 50 sockets, and through the proxy the runner names, if any.
    const agent = { keepAlive: true, maxSockets: 50, proxyEnv: environment }
    super({
      connectionTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: STALL_TIMEOUT_MS,
      httpAgent: new http.Agent(agent),
      httpsAgent: new https.Agent(agent)
    })
    this.runSignal = signal
  }

  override handle(request: Request, options: HandlerOptions = {}): ReturnType<NodeHttpHandler['handle']> {
    const cleanUp = request.method === 'DELETE' && 'uploadId' in request.query
    return super.handle(request, cleanUp ? options : { ...options, abortSignal: options.abortSignal ?? this.runSignal })
  }
}

/** The variables a Node agent reads a proxy from (HTTPS_PROXY, HTTP_PROXY, NO_PROXY), from the runner's environment. */
type ProxyEnvironment = http.AgentOptions['proxyEnv']

/**
 * `environment` is the runner's (RunnerFacts): the SDK's connections follow the proxy it names, as
 * the action's own requests do (src/core/net.ts), which self-hosted runners behind a proxy need.
 */
export function s3Client(
  target: S3Location,
  region: string,
  signal: AbortSignal,
  environment: ProxyEnvironment = {}
): S3Client {
  const client = new S3Client({
    region,
    ...(target.endpoint ? { endpoint: target.endpoint } : {}),
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: new RunHandler(signal, environment)
  })
  sendContentMd5WithDeletes(client)
  return client
}

/**
 * DeleteObjects (the batch delete) with `Content-MD5`, which S3 required of it for years and
 * S3-compatible stores still do: the SDK now sends a CRC32 checksum instead, which Swift refuses
 * (HTTP 400 "Missing required header for this request: Content-MD5"), as other stores did in
 * 2025. AWS takes either. It runs after the SDK's checksum (the build step's normal priority) and
 * before the signature (finalizeRequest), which covers the header.
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
 * credentials, the permissions, the bucket, the endpoint.
 */
export function s3Failure(error: unknown, action: string, target: S3Location, stage: S3Stage): Error {
  const { name = '', message: said = '', $metadata } = (error ?? {}) as SdkError
  const status = $metadata?.httpStatusCode
  const where = target.endpoint ? ` at ${target.endpoint}` : ''
  const problem = `${stage.name}: ${action} s3://${target.bucket}/${target.prefix ? `${target.prefix}/` : ''} failed`
  const fail = (detail: string, hint?: Text): Error => stage.failure(`${problem}: ${detail}`, { hint, cause: error })
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
  return fail(`${status ? `HTTP ${status}, ` : ''}${name || 'error'}${said && said !== name ? `: ${said}` : ''}`)
}

/** What stores answer to a wrong key, a wrong secret or a stale session token. */
const CREDENTIAL_REFUSALS = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken'])
