import type { Readable, Writable } from 'node:stream'

/**
 * A DevTools protocol connection over `--remote-debugging-pipe`: JSON messages, each ended by a
 * NUL byte, written to the browser's file descriptor 3 and read from its descriptor 4. A pipe needs
 * no port and no WebSocket, and it ends when the browser does.
 */

export interface CdpEvent {
  method: string
  params: Record<string, unknown>
  /** The attached target the event comes from (its `sessionId` in the protocol); none for the browser itself. */
  sessionId?: string
}

interface Pending {
  method: string
  resolve: (result: unknown) => void
  reject: (error: Error) => void
}

interface Message {
  id?: number
  method?: string
  params?: Record<string, unknown>
  sessionId?: string
  result?: unknown
  error?: { message: string }
}

export class CdpPipe {
  private nextId = 0
  private readonly pending = new Map<number, Pending>()
  private readonly listeners = new Set<(event: CdpEvent) => void>()
  private partial: Buffer[] = []
  private closed?: Error

  constructor(
    private readonly toBrowser: Writable,
    fromBrowser: Readable
  ) {
    fromBrowser.on('data', (chunk: Buffer) => this.receive(chunk))
    fromBrowser.on('close', () => this.close(new Error('the browser closed its DevTools connection')))
    fromBrowser.on('error', (error) => this.close(error))
    // A write to a browser that has gone fails its command through close(); the stream error adds nothing.
    toBrowser.on('error', () => undefined)
  }

  /** Sends a command, to a target's session when `sessionId` is given, and resolves with its result. */
  send<Result = Record<string, unknown>>(
    method: string,
    params: Record<string, unknown> = {},
    sessionId?: string
  ): Promise<Result> {
    if (this.closed) return Promise.reject(this.closed)
    const id = ++this.nextId
    return new Promise<Result>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject })
      this.toBrowser.write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`)
    })
  }

  /** Calls `listener` with every event; returns the function that stops it. */
  onEvent(listener: (event: CdpEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Fails every command still waiting, and every later one, with `error`. */
  close(error: Error): void {
    if (this.closed) return
    this.closed = error
    for (const pending of this.pending.values()) pending.reject(new Error(`${pending.method}: ${error.message}`))
    this.pending.clear()
  }

  private receive(chunk: Buffer): void {
    let start = 0
    for (let end = chunk.indexOf(0); end !== -1; end = chunk.indexOf(0, start)) {
      this.partial.push(chunk.subarray(start, end))
      const text = Buffer.concat(this.partial).toString('utf8')
      this.partial = []
      start = end + 1
      this.dispatch(JSON.parse(text) as Message)
    }
    if (start < chunk.length) this.partial.push(chunk.subarray(start))
  }

  private dispatch(message: Message): void {
    if (message.id !== undefined) {
      const pending = this.pending.get(message.id)
      this.pending.delete(message.id)
      if (message.error) pending?.reject(new Error(`${pending.method}: ${message.error.message}`))
      else pending?.resolve(message.result ?? {})
      return
    }
    if (!message.method) return
    const event: CdpEvent = { method: message.method, params: message.params ?? {}, sessionId: message.sessionId }
    for (const listener of this.listeners) listener(event)
  }
}
