import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The few GitHub REST routes the agent comment uses: who am I, list (paginated), create, update
 * and delete issue comments. Point GITHUB_API_URL at `url`.
 */

export interface IssueComment {
  id: number
  body: string
  user: { login: string }
  html_url: string
  issue: number
}

export interface GitHubOptions {
  /** What GET /user answers: a login for a personal token, undefined for GITHUB_TOKEN (403). */
  tokenLogin?: string
  /** Whether the token may write comments (`issues: write`). */
  canWrite: boolean
  /** Issue and pull request numbers that exist. */
  issues: Set<number>
  pageSize: number
  /** Answers every list this late, with the comments as they were when it arrived: two runs can both list before either creates. */
  listDelayMs: number
  /** Changes what the n-th list (from 1) shows, as a listing that lags behind writes would. */
  listView?: (comments: IssueComment[], listNumber: number) => IssueComment[]
  /** Answers every list with a body that never ends, as a broken server or a proxy streaming a file would. */
  endlessLists?: boolean
}

/** An answer given instead of the normal one, once, to the next request of its method. */
interface GitHubFault {
  method: string
  status: number
  body: unknown
  headers?: Record<string, string>
}

export class GitHubEmulator {
  readonly comments: IssueComment[] = []
  /** Answered in order, each to the next request of its method. */
  readonly faults: GitHubFault[] = []
  readonly requests: {
    method: string
    path: string
    /** When it arrived (epoch ms). */
    at: number
    authorization?: string
    userAgent?: string
    apiVersion?: string
  }[] = []
  /** Bytes of endless lists that the client read before it closed the connection. */
  endlessBytesSent = 0
  options: GitHubOptions = { canWrite: true, issues: new Set([7]), pageSize: 30, listDelayMs: 0 }
  private nextId = 1000
  private lists = 0
  private readonly server = http.createServer((req, res) => void this.handle(req, res))

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  /** The login that writes comments with the current token. */
  get author(): string {
    return this.options.tokenLogin ?? 'github-actions[bot]'
  }

  /** Adds a comment as if someone had written it earlier. */
  addComment(issue: number, body: string, login: string): IssueComment {
    const id = this.nextId++
    const comment = {
      id,
      body,
      user: { login },
      issue,
      html_url: `https://github.com/acme/docs/issues/${issue}#issuecomment-${id}`
    }
    this.comments.push(comment)
    return comment
  }

  commentsOn(issue: number): IssueComment[] {
    return this.comments.filter((comment) => comment.issue === issue)
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const url = new URL(req.url ?? '/', this.url)
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      at: Date.now(),
      authorization: req.headers.authorization,
      userAgent: req.headers['user-agent'],
      apiVersion: req.headers['x-github-api-version'] as string | undefined
    })
    const send = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers })
      res.end(JSON.stringify(body))
    }
    if (!req.headers.authorization) return send(401, { message: 'Requires authentication' })
    const fault = this.faults.findIndex((candidate) => candidate.method === req.method)
    if (fault >= 0) {
      const [{ status, body, headers }] = this.faults.splice(fault, 1) as [GitHubFault]
      return send(status, body, headers)
    }

    if (req.method === 'GET' && url.pathname === '/user') {
      if (!this.options.tokenLogin) return send(403, { message: 'Resource not accessible by integration' })
      return send(200, { login: this.options.tokenLogin })
    }
    const list = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(url.pathname)
    if (list) {
      const issue = Number(list[1])
      if (!this.options.issues.has(issue)) return send(404, { message: 'Not Found' })
      if (req.method === 'GET') {
        if (this.options.endlessLists) return void this.sendEndlessly(res)
        const { listDelayMs } = this.options
        if (!listDelayMs) return this.listComments(url, issue, send)
        const late = (...args: Parameters<typeof send>): void => void setTimeout(() => send(...args), listDelayMs)
        return this.listComments(url, issue, late)
      }
      if (req.method === 'POST') {
        if (!this.options.canWrite) return send(403, { message: 'Resource not accessible by integration' })
        const { body } = JSON.parse(Buffer.concat(chunks).toString()) as { body: string }
        return send(201, this.addComment(issue, body, this.author))
      }
    }
    const update = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(url.pathname)
    if (update && req.method === 'PATCH') {
      const comment = this.comments.find((candidate) => candidate.id === Number(update[1]))
      if (!comment) return send(404, { message: 'Not Found' })
      if (!this.options.canWrite || comment.user.login !== this.author)
        return send(403, { message: 'Resource not accessible by integration' })
      comment.body = (JSON.parse(Buffer.concat(chunks).toString()) as { body: string }).body
      return send(200, comment)
    }
    if (update && req.method === 'DELETE') {
      const index = this.comments.findIndex((candidate) => candidate.id === Number(update[1]))
      if (index < 0) return send(404, { message: 'Not Found' })
      if (!this.options.canWrite || this.comments[index]?.user.login !== this.author)
        return send(403, { message: 'Resource not accessible by integration' })
      this.comments.splice(index, 1)
      res.writeHead(204)
      return void res.end()
    }
    send(404, { message: 'Not Found' })
  }

  private async sendEndlessly(res: http.ServerResponse): Promise<void> {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.write('[{"id":1,"body":"')
    const chunk = Buffer.alloc(64 * 1024, 'x')
    while (!res.destroyed) {
      this.endlessBytesSent += chunk.length
      if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve))
    }
  }

  private listComments(
    url: URL,
    issue: number,
    send: (status: number, body: unknown, headers?: Record<string, string>) => void
  ): void {
    const perPage = Math.min(Number(url.searchParams.get('per_page') ?? this.options.pageSize), this.options.pageSize)
    const page = Number(url.searchParams.get('page') ?? 1)
    const all = this.options.listView
      ? this.options.listView(this.commentsOn(issue), ++this.lists)
      : this.commentsOn(issue)
    const slice = all.slice((page - 1) * perPage, page * perPage)
    const last = Math.max(1, Math.ceil(all.length / perPage))
    const headers: Record<string, string> = {}
    if (page < last) {
      const next = new URL(url)
      next.searchParams.set('page', String(page + 1))
      headers.link = `<${next.href}>; rel="next"`
    }
    send(200, slice, headers)
  }
}
