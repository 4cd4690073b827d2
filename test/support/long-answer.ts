import type http from 'node:http'

/** What became of a long answer: the bytes written before the client closed the connection, and its whole length. */
export interface LongAnswerTaken {
  written: number
  length: number
}

export interface LongAnswer {
  status: number
  headers?: http.OutgoingHttpHeaders
  head: string
  /** Bytes of text between `head` and `tail`: the answer's length. */
  fillBytes: number
  tail: string
  /** Sends its length as Content-Length (a client may then refuse it unread); else chunked. */
  announced?: boolean
}

/**
 * An answer of `head`, `fillBytes` of text, then `tail`, written a MiB at a time as the client
 * takes it, until it is all written or the client closes the connection: a server that answers
 * with megabytes where a few hundred bytes are due, without holding them in memory itself.
 */
export function longAnswer(response: http.ServerResponse, answer: LongAnswer): Promise<LongAnswerTaken> {
  const { head, fillBytes, tail } = answer
  const length = Buffer.byteLength(head) + fillBytes + Buffer.byteLength(tail)
  const filler = Buffer.alloc(1024 * 1024, 'refused ')
  response.writeHead(answer.status, {
    ...answer.headers,
    ...(answer.announced === false ? {} : { 'content-length': length })
  })
  return new Promise((resolve) => {
    let written = 0
    let closed = false
    response.once('close', () => {
      closed = true
      resolve({ written, length })
    })
    const write = (chunk: Buffer | string): boolean => {
      written += Buffer.byteLength(chunk)
      return response.write(chunk)
    }
    write(head)
    let left = fillBytes
    const more = (): void => {
      while (!closed && left > 0) {
        const chunk = filler.subarray(0, Math.min(left, filler.length))
        left -= chunk.length
        if (!write(chunk)) return void response.once('drain', more)
      }
      if (!closed && left === 0) {
        written += Buffer.byteLength(tail)
        response.end(tail)
      }
    }
    more()
  })
}
