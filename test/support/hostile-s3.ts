import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { longAnswer, type LongAnswerTaken } from './long-answer.ts'

/**
 * An S3 endpoint on loopback that misbehaves on purpose, for the tests where the misbehaviour is
 * the point: error answers that go on for megabytes, parts and aborts that are never answered, an
 * abort that is refused. It speaks just enough of S3 for the AWS SDK and lib-storage (path-style
 * requests, signatures not checked): HEAD of an object (404), PutObject, CreateMultipartUpload,
 * UploadPart and AbortMultipartUpload. It records what it received and what became of each answer.
 */

export const UPLOAD_ID = 'upload-2f1c9e'

export interface HostileS3Options {
  /** PutObject and each part are answered with this status and an S3 error whose `<Message>` goes on for `messageBytes`. */
  longError?: { status: number; messageBytes: number }
  /** CreateMultipartUpload is answered 200 with its document, then this many more bytes. */
  longStart?: number
  /** Each part is read whole, then never answered. */
  silentParts?: boolean
  /** Each part is answered with this status and a short S3 error. */
  partStatus?: number
  /** PutObject (a whole object, not a part) is answered with this status and a short S3 error. */
  putStatus?: number
  /**
   * Every request, the probe's included, is answered 400 with an error whose words echo the
   * request's session token, as a store that does not take the header says it.
   */
  echoToken?: boolean
  /** The abort is never answered (`silent`), or answered with this status and a short S3 error; 204 by default. */
  abort?: 'silent' | number
}

interface RecordedRequest {
  method: string
  /** The path, decoded, without the query. */
  path: string
  query: URLSearchParams
}

/** An abort as the endpoint saw it. */
interface RecordedAbort {
  path: string
  uploadId: string | null
  /** Settles when the client closed the connection before any answer: it gave the abort up. */
  givenUp: Promise<void>
}

export interface HostileS3 {
  readonly endpoint: string
  readonly requests: RecordedRequest[]
  readonly aborts: RecordedAbort[]
  /** For each long answer: the bytes written before the client closed the connection, and the body's whole length. */
  readonly longAnswers: Promise<LongAnswerTaken>[]
  stop(): Promise<void>
}

const XML = { 'content-type': 'application/xml' }
/** The start of the name of the object a run's probe uploads and removes before the export (src/storage/probe.ts). */
const PROBE_NAME = '.docs-export-probe-'

export async function startHostileS3(options: HostileS3Options): Promise<HostileS3> {
  const requests: RecordedRequest[] = []
  const aborts: RecordedAbort[] = []
  const longAnswers: Promise<LongAnswerTaken>[] = []
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://s3')
    requests.push({ method: request.method ?? '', path: decodeURIComponent(url.pathname), query: url.searchParams })
    const answer = (): void => {
      if (request.method === 'HEAD') return void response.writeHead(404).end()
      if (options.echoToken) {
        const token = String(request.headers['x-amz-security-token'] ?? '')
        return void response
          .writeHead(400, XML)
          .end(
            `${XML_START}<Error><Code>InvalidArgument</Code><Message>Unsupported header 'x-amz-security-token' received: ${token}</Message></Error>`
          )
      }
      // The faults are for the copy to meet: the probe before the export is answered as a sound store answers it.
      if (url.pathname.includes(PROBE_NAME)) {
        if (request.method === 'POST')
          return void response
            .writeHead(200, XML)
            .end(`<InitiateMultipartUploadResult><UploadId>probe</UploadId></InitiateMultipartUploadResult>`)
        return void response.writeHead(204).end()
      }
      if (request.method === 'POST' && url.searchParams.has('uploads')) {
        if (options.longStart)
          return void longAnswers.push(
            longAnswer(response, {
              status: 200,
              headers: XML,
              head: '<InitiateMultipartUploadResult><UploadId>',
              fillBytes: options.longStart,
              tail: '</UploadId></InitiateMultipartUploadResult>'
            })
          )
        return void response
          .writeHead(200, XML)
          .end(
            `<InitiateMultipartUploadResult><Bucket>docs</Bucket><Key>${url.pathname}</Key><UploadId>${UPLOAD_ID}</UploadId></InitiateMultipartUploadResult>`
          )
      }
      if (request.method === 'DELETE' && url.searchParams.has('uploadId')) {
        const givenUp = new Promise<void>((resolve) => response.once('close', () => resolve()))
        aborts.push({ path: decodeURIComponent(url.pathname), uploadId: url.searchParams.get('uploadId'), givenUp })
        if (options.abort === 'silent') return
        const status = options.abort ?? 204
        return void (status < 300 ? response.writeHead(status).end() : shortError(response, status))
      }
      if (request.method === 'PUT') {
        const part = url.searchParams.has('partNumber')
        if (options.longError) {
          const { status, messageBytes } = options.longError
          return void longAnswers.push(
            longAnswer(response, {
              status,
              headers: XML,
              head: `${XML_START}<Error><Code>InvalidArgument</Code><Message>The part is refused because `,
              fillBytes: messageBytes,
              tail: '</Message></Error>'
            })
          )
        }
        if (part && options.silentParts) return
        if (part && options.partStatus) return void shortError(response, options.partStatus)
        if (!part && options.putStatus) return void shortError(response, options.putStatus)
        return void response.writeHead(200, { etag: '"0"' }).end()
      }
      response.writeHead(501).end()
    }
    // Every request's body is read whole first, as a store does before it answers.
    request.resume()
    request.once('end', answer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    aborts,
    longAnswers,
    stop: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}

const XML_START = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** What S3 says with a status: `SlowDown` for a 503, `AccessDenied` for anything else. */
function shortError(response: http.ServerResponse, status: number): void {
  const [code, words] =
    status === 503 ? ['SlowDown', 'Please reduce your request rate.'] : ['AccessDenied', 'Access Denied']
  response.writeHead(status, XML).end(`${XML_START}<Error><Code>${code}</Code><Message>${words}</Message></Error>`)
}
