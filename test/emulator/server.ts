import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { SAMPLE_SITE, SAMPLE_SITE_PAGES, tarGz } from './archives.ts'
import { GitHubEmulator } from './github.ts'
import type { ExportedSite } from './sites.ts'

/**
 * An emulator of the admin API on 127.0.0.1: export jobs that move through their statuses over
 * time, bundles behind presigned links served by a separate storage host, agent jobs, and faults
 * injected on demand. It answers in the vendor's shapes (see the vendor's OpenAPI descriptions).
 */

export type Route = 'start' | 'status' | 'bundle' | 'download' | 'agent'

/** A fault answers one request of a route instead of the emulator's normal behaviour. */
export type Fault =
  | { status: number; body?: string; headers?: Record<string, string> }
  | { reset: true }
  | { hang: true }
  /** Download only: headers announce the whole archive, the connection dies half-way. */
  | { truncate: true }
  /** Download only: a whole body that is not the archive. */
  | { replaceBody: Buffer }
  /**
   * Download only: answered as usual (Range and If-Range honoured), but the connection dies after
   * this many bytes of the body. With `replaceArchiveWith`, the object then changes (new bytes, new
   * ETag), as when the bundle is regenerated between two attempts.
   */
  | { resetAfterBytes: number; replaceArchiveWith?: ArchiveSource }
  /** Download only: the whole archive with 200, whatever Range asked for (a host without range support). */
  | { ignoreRange: true }
  /**
   * A 200 whose body never ends (a broken or hostile server, a proxy streaming a file), sent as fast
   * as the client reads it. `endlessBytesSent` counts what the client took before it hung up.
   */
  | { endless: true; contentType: string }

export interface ExportScenario {
  queuedMs: number
  runningMs: number
  pages: number
  outcome: 'completed' | 'failed'
  error?: string
  /** Names for the states before the end; the API does not fix them. */
  queuedName: string
  runningName: string
  /** Reported as `progress` while running, instead of the share of the running time elapsed. */
  runningProgress?: number
  /**
   * The status of each answer about the job in turn, the start's first, the last one repeated from
   * then on; instead of the timed states above, so that a run reads the same answers however fast
   * it polls. `completed` and `failed` end the job as the outcome would.
   */
  statuses?: string[]
}

export interface AgentScenario {
  /** The id the API gives the job in its answers; by default the one asked for. */
  id?: string
  activeMs: number
  /**
   * The status of each read in turn, the last one repeated from then on, instead of `active` for
   * `activeMs`: a run reads the same answers however fast it polls. The job is done at `outcome`.
   */
  statuses?: string[]
  outcome: 'completed' | 'archived' | 'failed'
  prLink: string | null
  repository: string
  ref: string | null
  model: string
}

/** What is served behind a bundle link: bytes in memory, or a file streamed from disk. */
type ArchiveSource = { bytes: Buffer; name?: string } | { file: string; name?: string }

export interface EmulatorOptions {
  apiKey: string
  plan: 'enterprise' | 'free'
  export: ExportScenario
  archive: ArchiveSource
  /** Lifetime of a presigned link. */
  linkTtlMs: number
  expiresAtFormat: 'iso' | 'offset' | 'epoch-seconds' | 'epoch-ms'
  progressFormat: 'percent' | 'fraction' | 'string'
  /** Leave sizeBytes out of bundle responses. */
  omitSizeBytes: boolean
  /** Makes scheduled time pass this many times faster (for long jobs in benchmarks). */
  clockScale: number
  /** The storage host answers each link with a redirect to where the archive really is. */
  redirectDownloads: boolean
  /**
   * The vendor's proposed flow: a completed job's status carries `bundleUrl`, `sizeBytes` and
   * `expiresAt` (a fresh link on each read), and the bundle endpoint is gone (404).
   */
  bundleInStatus: boolean
  /** The storage host sends no ETag (so a cut download cannot be resumed). */
  omitEtag: boolean
  /**
   * Where bundle links point instead of the emulator's own storage host, e.g. a static file server
   * for the benchmark (it must serve `/static-exports/<job id>/<name>`).
   */
  storageBaseUrl?: string
  /** The storage host answers each link with a redirect to the same path and query on this origin. */
  redirectDownloadsTo?: string
  /** The id every started export job gets (a hostile one, for instance); by default a fresh `se_…`. */
  jobId?: string
  /** Serve the API and the storage host over https with this key and certificate. */
  tls?: { key: string; cert: string }
}

/** Options as tests give them: any of them, and a site to serve (its page count becomes the job's). */
export interface EmulatorSetup extends Partial<Omit<EmulatorOptions, 'export'>> {
  export?: Partial<ExportScenario>
  site?: ExportedSite
}

export interface RecordedRequest {
  host: 'api' | 'storage'
  route: Route | 'unknown'
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  at: number
  /** Storage only: bytes of the archive sent in the body. */
  bodyBytes?: number
}

interface ExportJobState {
  jobId: string
  domain: string
  createdAt: number
  scenario: ExportScenario
  body: Record<string, unknown>
  /** Answers given about the job so far, the start's included. */
  views: number
  /** The status of the last answer about it. */
  lastStatus?: string
}

const DEFAULTS: EmulatorOptions = {
  apiKey: 'mint_emulator_0123456789',
  plan: 'enterprise',
  export: {
    queuedMs: 100,
    runningMs: 400,
    pages: SAMPLE_SITE_PAGES,
    outcome: 'completed',
    queuedName: 'queued',
    runningName: 'running'
  },
  archive: { bytes: tarGz(SAMPLE_SITE), name: 'bundle.tar.gz' },
  linkTtlMs: 15 * 60_000,
  expiresAtFormat: 'iso',
  progressFormat: 'percent',
  omitSizeBytes: false,
  clockScale: 1,
  redirectDownloads: false,
  bundleInStatus: false,
  omitEtag: false
}

export class Emulator {
  readonly options: EmulatorOptions
  readonly requests: RecordedRequest[] = []
  readonly exportJobs = new Map<string, ExportJobState>()
  readonly agentJobs = new Map<string, AgentScenario & { createdAt: number; reads: number }>()
  readonly github = new GitHubEmulator()
  private readonly faults = new Map<Route, Fault[]>()
  private readonly idempotency = new Map<string, string>()
  private expiredLinksToIssue = 0
  /** Bytes of endless answers (the `endless` fault) that the client read before it closed the connection. */
  endlessBytesSent = 0
  private readonly signingKey = randomBytes(16)
  private readonly sockets = new Set<Socket>()
  private readonly api: http.Server
  private readonly storage: http.Server
  private apiPort = 0

  constructor({ site, ...options }: EmulatorSetup = {}) {
    const served: Partial<EmulatorOptions> = site
      ? { archive: { bytes: tarGz(site.entries), name: 'bundle.tar.gz' } }
      : {}
    const pages = site ? { pages: site.pageCount } : {}
    this.options = { ...DEFAULTS, ...served, ...options, export: { ...DEFAULTS.export, ...pages, ...options.export } }
    const { tls } = this.options
    const serve = (handle: http.RequestListener): http.Server =>
      tls ? https.createServer(tls, handle) : http.createServer(handle)
    this.api = serve((req, res) => void this.handleApi(req, res))
    this.storage = serve((req, res) => void this.handleStorage(req, res))
    for (const server of [this.api, this.storage]) {
      server.on('connection', (socket) => {
        this.sockets.add(socket)
        socket.on('close', () => this.sockets.delete(socket))
      })
    }
  }

  /** Listens on ports of the system's choosing; nothing outside loopback is bound. */
  async start(): Promise<this> {
    this.apiPort = await listen(this.api)
    await listen(this.storage)
    await this.github.start()
    return this
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await Promise.all([close(this.api), close(this.storage), this.github.stop()])
  }

  get baseUrl(): string {
    return `${this.scheme}://127.0.0.1:${this.apiPort}`
  }

  get storageUrl(): string {
    return `${this.scheme}://127.0.0.1:${(this.storage.address() as AddressInfo).port}`
  }

  private get scheme(): string {
    return this.options.tls ? 'https' : 'http'
  }

  /** Answers the next `times` requests of a route with the fault. */
  inject(route: Route, fault: Fault, times = 1): this {
    const queue = this.faults.get(route) ?? []
    for (let i = 0; i < times; i++) queue.push(fault)
    this.faults.set(route, queue)
    return this
  }

  /** Stops accepting connections on the API port for a while: clients see ECONNREFUSED. */
  async refuseConnectionsFor(ms: number): Promise<void> {
    await close(this.api)
    setTimeout(() => void listen(this.api, this.apiPort), ms).unref()
  }

  /** The next `count` bundle links are issued already expired, by their expiresAt as well. */
  expireNextLinks(count: number): this {
    this.expiredLinksToIssue += count
    return this
  }

  /** Adds an agent job to the emulated project `projectId`. */
  addAgentJob(projectId: string, jobId: string, scenario: Partial<AgentScenario> = {}): this {
    this.agentJobs.set(`${projectId}/${jobId}`, {
      activeMs: 200,
      outcome: 'completed',
      prLink: 'https://github.com/acme/docs/pull/42',
      repository: 'https://github.com/acme/docs',
      ref: 'main',
      model: 'claude-sonnet-4-5',
      ...scenario,
      createdAt: Date.now(),
      reads: 0
    })
    return this
  }

  requestsTo(route: Route): RecordedRequest[] {
    return this.requests.filter((request) => request.route === route)
  }

  /** The SHA-256 of what a successful download delivers. */
  async archiveSha256(): Promise<string> {
    const hash = createHash('sha256')
    const { archive } = this.options
    if ('bytes' in archive) return hash.update(archive.bytes).digest('hex')
    for await (const chunk of createReadStream(archive.file)) hash.update(chunk as Buffer)
    return hash.digest('hex')
  }

  private async handleApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req)
    const url = new URL(req.url ?? '/', this.baseUrl)
    const match = routeOf(req.method ?? '', url.pathname)
    this.requests.push({
      host: 'api',
      route: match?.route ?? 'unknown',
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      body,
      at: Date.now()
    })
    if (!match) return json(res, 404, { error: `No route for ${req.method} ${url.pathname}` })
    if (this.applyFault(match.route, req, res)) return
    if (req.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      return json(res, 401, { error: 'Invalid or missing API key' })
    }
    switch (match.route) {
      case 'start':
        return this.startJob(req, res, body)
      case 'status':
        return this.readJob(res, match.params[0] ?? '')
      case 'bundle':
        return this.createBundle(res, match.params[0] ?? '')
      case 'agent':
        return this.readAgentJob(res, match.params[0] ?? '', match.params[1] ?? '')
      default:
        return json(res, 404, { error: 'Not found' })
    }
  }

  private startJob(req: http.IncomingMessage, res: http.ServerResponse, text: string): void {
    if (this.options.plan !== 'enterprise') {
      return json(res, 403, {
        error: 'Static export is not enabled for this organization. Contact sales to enable it on an Enterprise plan.'
      })
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      return json(res, 400, { error: 'Request body must be JSON' })
    }
    if (typeof body.domain !== 'string' || !/^[a-z0-9.-]+$/.test(body.domain)) {
      return json(res, 400, { error: 'domain must be a hostname, without protocol or path' })
    }
    const key = req.headers['idempotency-key']
    const known = typeof key === 'string' ? this.idempotency.get(key) : undefined
    const jobId = known ?? this.options.jobId ?? `se_${randomBytes(8).toString('hex')}`
    if (!known) {
      this.exportJobs.set(jobId, {
        jobId,
        domain: body.domain,
        createdAt: Date.now(),
        scenario: this.options.export,
        body,
        views: 0
      })
      if (typeof key === 'string') this.idempotency.set(key, jobId)
    }
    json(res, 202, this.jobView(this.exportJobs.get(jobId) as ExportJobState))
  }

  private async readJob(res: http.ServerResponse, jobId: string): Promise<void> {
    const job = this.exportJobs.get(jobId)
    if (!job) return json(res, 404, { error: `No static export job ${jobId}` })
    const view = this.jobView(job)
    const link = this.options.bundleInStatus && view.status === 'completed' ? await this.issueLink(jobId) : {}
    json(res, 200, { ...view, ...link })
  }

  /** Scheduled time since the job started, sped up by the clock scale. */
  private elapsed(createdAt: number): number {
    return (Date.now() - createdAt) * this.options.clockScale
  }

  private jobView(job: ExportJobState): Record<string, unknown> {
    const { scenario } = job
    const elapsed = this.elapsed(job.createdAt)
    const total = scenario.queuedMs + scenario.runningMs
    let status: string
    let fraction: number
    const given = scenario.statuses?.[Math.min(job.views++, scenario.statuses.length - 1)]
    if (given !== undefined) [status, fraction] = [given, given === 'completed' ? 1 : given === 'failed' ? 0.5 : 0]
    else if (elapsed < scenario.queuedMs) [status, fraction] = [scenario.queuedName, 0]
    else if (elapsed < total)
      [status, fraction] = [scenario.runningName, (elapsed - scenario.queuedMs) / scenario.runningMs]
    else [status, fraction] = [scenario.outcome, scenario.outcome === 'completed' ? 1 : 0.5]
    const pageCount = Math.floor(scenario.pages * fraction)
    job.lastStatus = status
    return {
      jobId: job.jobId,
      status,
      progress:
        status === scenario.runningName && scenario.runningProgress !== undefined
          ? scenario.runningProgress
          : this.progressValue(fraction),
      pageCount,
      createdAt: new Date(job.createdAt).toISOString(),
      updatedAt: new Date().toISOString(),
      error: status === 'failed' ? (scenario.error ?? null) : null
    }
  }

  /** Whether a bundle may be made: the job has completed (as its last answer said, when its statuses are given). */
  private completed(job: ExportJobState): boolean {
    if (job.scenario.statuses) return job.lastStatus === 'completed'
    return this.jobView(job).status === 'completed'
  }

  private progressValue(fraction: number): number | string {
    switch (this.options.progressFormat) {
      case 'fraction':
        return Math.round(fraction * 1000) / 1000
      case 'string':
        return `${Math.round(fraction * 100)}%`
      default:
        return Math.round(fraction * 100)
    }
  }

  private async createBundle(res: http.ServerResponse, jobId: string): Promise<void> {
    if (this.options.bundleInStatus) return json(res, 404, { error: 'Not found' })
    const job = this.exportJobs.get(jobId)
    if (!job) return json(res, 404, { error: `No static export job ${jobId}` })
    if (!this.completed(job)) return json(res, 409, { error: `Job ${jobId} has not completed` })
    json(res, 200, { jobId, ...(await this.issueLink(jobId)) })
  }

  /** A presigned link to the archive, with its size and expiry, in the vendor's fields. */
  private async issueLink(jobId: string): Promise<Record<string, unknown>> {
    const expired = this.expiredLinksToIssue > 0
    if (expired) this.expiredLinksToIssue--
    const expires = Date.now() + (expired ? -1000 : this.options.linkTtlMs)
    const name = this.options.archive.name ?? 'bundle.tar.gz'
    const signature = this.sign(jobId, expires)
    const bundleUrl = `${this.options.storageBaseUrl ?? this.storageUrl}/static-exports/${encodeURIComponent(jobId)}/${name}?X-Amz-Expires=${expires}&X-Amz-Signature=${signature}`
    const size = await this.archiveSize()
    return {
      bundleUrl,
      ...(this.options.omitSizeBytes ? {} : { sizeBytes: size }),
      expiresAt: this.formatExpiry(expires)
    }
  }

  private formatExpiry(ms: number): string | number {
    switch (this.options.expiresAtFormat) {
      case 'epoch-seconds':
        return Math.floor(ms / 1000)
      case 'epoch-ms':
        return ms
      case 'offset': {
        // The same instant written in UTC+02:00.
        const local = new Date(ms + 2 * 3_600_000).toISOString().replace('Z', '+02:00')
        return local
      }
      default:
        return new Date(ms).toISOString()
    }
  }

  private async archiveSize(): Promise<number> {
    const { archive } = this.options
    return 'bytes' in archive ? archive.bytes.length : (await stat(archive.file)).size
  }

  private sign(jobId: string, expires: number): string {
    return createHmac('sha256', this.signingKey).update(`${jobId}:${expires}`).digest('hex')
  }

  private readAgentJob(res: http.ServerResponse, projectId: string, jobId: string): void {
    const job = this.agentJobs.get(`${projectId}/${jobId}`)
    if (!job) return json(res, 404, { error: `Agent job ${jobId} not found` })
    const given = job.statuses?.[Math.min(job.reads++, job.statuses.length - 1)]
    const done = given === undefined ? this.elapsed(job.createdAt) >= job.activeMs : given === job.outcome
    const status = given ?? (done ? job.outcome : 'active')
    json(res, 200, {
      id: job.id ?? jobId,
      status,
      source: { repository: job.repository, ref: job.ref },
      model: job.model,
      prLink: done && job.outcome !== 'failed' ? job.prLink : null,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: status === 'archived' ? new Date().toISOString() : null
    })
  }

  private async handleStorage(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.storageUrl)
    const recorded: RecordedRequest = {
      host: 'storage',
      route: 'download',
      method: req.method ?? '',
      path: url.pathname,
      headers: req.headers,
      body: '',
      at: Date.now(),
      bodyBytes: 0
    }
    this.requests.push(recorded)
    const fault = this.faults.get('download')?.shift()
    if (fault && !('resetAfterBytes' in fault) && !('ignoreRange' in fault)) return this.serveFault(fault, req, res)
    if (req.headers.authorization) {
      return s3Error(res, 400, 'InvalidArgument', 'Only one auth mechanism allowed')
    }
    if (this.options.redirectDownloadsTo) {
      res.writeHead(302, { location: `${this.options.redirectDownloadsTo}${url.pathname}${url.search}` })
      return void res.end()
    }
    if (this.options.redirectDownloads && !url.pathname.startsWith('/moved/')) {
      res.writeHead(302, { location: `/moved${url.pathname}${url.search}` })
      return void res.end()
    }
    const match = /^(?:\/moved)?\/static-exports\/([^/]+)\/[^/]+$/.exec(url.pathname)
    const expires = Number(url.searchParams.get('X-Amz-Expires'))
    if (!match || url.searchParams.get('X-Amz-Signature') !== this.sign(decodeURIComponent(match[1] ?? ''), expires)) {
      return s3Error(
        res,
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided'
      )
    }
    if (Date.now() > expires) return s3Error(res, 403, 'AccessDenied', 'Request has expired')
    await this.serveArchive(req, res, recorded, fault)
  }

  /**
   * The archive as S3 serves an object: with an ETag, and the rest of it from a byte (206, with
   * Content-Range) when Range asks for it and If-Range still names this ETag; the whole object
   * (200) when If-Range names another.
   */
  private async serveArchive(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    recorded: RecordedRequest,
    fault?: Fault
  ): Promise<void> {
    const source = this.options.archive
    const size = await this.archiveSize()
    const etag = await archiveEtag(source)
    const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/gzip', 'accept-ranges': 'bytes' }
    if (!this.options.omitEtag) headers.etag = etag
    let [status, start, end] = [200, 0, size - 1]
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '')
    const ifRange = req.headers['if-range']
    if (range && !(fault && 'ignoreRange' in fault) && (ifRange === undefined || ifRange === etag)) {
      start = Number(range[1])
      if (start >= size) {
        res.writeHead(416, { 'content-range': `bytes */${size}` })
        return void res.end()
      }
      end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
      status = 206
      headers['content-range'] = `bytes ${start}-${end}/${size}`
    }
    headers['content-length'] = end - start + 1
    res.writeHead(status, headers)

    const cut = fault && 'resetAfterBytes' in fault ? fault : undefined
    const last = cut ? Math.min(end, start + cut.resetAfterBytes - 1) : end
    const body =
      'bytes' in source
        ? [source.bytes.subarray(start, last + 1)]
        : createReadStream(source.file, { start, end: last, highWaterMark: 1024 * 1024 })
    for await (const chunk of body) {
      if (res.destroyed) return
      recorded.bodyBytes = (recorded.bodyBytes ?? 0) + (chunk as Buffer).length
      if (!res.write(chunk)) await drainOrClose(res)
    }
    if (!cut) return void res.end()
    await new Promise((resolve) => res.write('', resolve))
    req.socket.destroy()
    if (cut.replaceArchiveWith) this.options.archive = cut.replaceArchiveWith
  }

  /** Serves the next fault queued for the route, if any; true when it did. */
  private applyFault(route: Route, req: http.IncomingMessage, res: http.ServerResponse): boolean {
    const fault = this.faults.get(route)?.shift()
    if (!fault) return false
    this.serveFault(fault, req, res)
    return true
  }

  private serveFault(fault: Fault, req: http.IncomingMessage, res: http.ServerResponse): void {
    if ('reset' in fault) req.socket.destroy()
    else if ('hang' in fault) {
      // Nothing is written; the client's own timeout has to give up.
    } else if ('truncate' in fault) {
      void this.archiveBytes().then((bytes) => {
        res.writeHead(200, { 'content-length': bytes.length })
        res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => req.socket.destroy())
      })
    } else if ('replaceBody' in fault) {
      res.writeHead(200, { 'content-length': fault.replaceBody.length })
      res.end(fault.replaceBody)
    } else if ('endless' in fault) {
      void this.sendEndlessly(res, fault.contentType)
    } else if ('status' in fault) {
      res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers })
      res.end(fault.body ?? JSON.stringify({ error: `Emulated HTTP ${fault.status}` }))
    } else {
      throw new Error(`the fault ${JSON.stringify(fault)} applies to downloads only`)
    }
  }

  private async sendEndlessly(res: http.ServerResponse, contentType: string): Promise<void> {
    res.writeHead(200, { 'content-type': contentType })
    res.write('{"jobId":"se_endless","status":"running","pad":"')
    const chunk = Buffer.alloc(64 * 1024, 'x')
    while (!res.destroyed) {
      if (res.write(chunk)) this.endlessBytesSent += chunk.length
      else {
        this.endlessBytesSent += chunk.length
        await drainOrClose(res)
      }
    }
  }

  private async archiveBytes(): Promise<Buffer> {
    const { archive } = this.options
    if ('bytes' in archive) return archive.bytes
    const chunks: Buffer[] = []
    for await (const chunk of createReadStream(archive.file, { end: 1024 * 1024 })) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }
}

/** Resolves when the response can take more, or is gone. */
function drainOrClose(res: http.ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done)
      res.off('close', done)
      resolve()
    }
    res.on('drain', done)
    res.on('close', done)
  })
}

const etags = new WeakMap<ArchiveSource, string>()

/** An S3-style ETag: the MD5 of the bytes in memory; for a file, its size and time, as nginx does. */
async function archiveEtag(source: ArchiveSource): Promise<string> {
  let etag = etags.get(source)
  if (!etag) {
    if ('bytes' in source) etag = `"${createHash('md5').update(source.bytes).digest('hex')}"`
    else {
      const { size, mtimeMs } = await stat(source.file)
      etag = `"${Math.floor(mtimeMs).toString(16)}-${size.toString(16)}"`
    }
    etags.set(source, etag)
  }
  return etag
}

function routeOf(method: string, pathname: string): { route: Route; params: string[] } | undefined {
  const table: [string, RegExp, Route][] = [
    ['POST', /^\/v1\/static-export\/jobs$/, 'start'],
    ['GET', /^\/v1\/static-export\/jobs\/([^/]+)$/, 'status'],
    ['POST', /^\/v1\/static-export\/jobs\/([^/]+)\/bundle$/, 'bundle'],
    ['GET', /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/, 'agent']
  ]
  for (const [verb, pattern, route] of table) {
    const found = pattern.exec(pathname)
    if (verb === method && found) return { route, params: found.slice(1).map(decodeURIComponent) }
  }
  return undefined
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function s3Error(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`)
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function listen(server: http.Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
  })
}
