import { createHash, createHmac, randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import https from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { HourlyLimit, rateLimitText, REFUSED, retryAfterHeader, type RetryAfterFormat } from './access.ts'
import { AgentJobs, type AgentScenario } from './agent.ts'
import { SAMPLE_SITE, SAMPLE_SITE_PAGES, tarGz, zip, type ArchiveEntry } from './archives.ts'
import { GitHubEmulator } from './github.ts'
import type { ExportedSite } from './sites.ts'

/**
 * An emulator of the admin API on 127.0.0.1: export jobs that move through their statuses over
 * time, in the published flow, the proposed project-scoped one or both, bundles behind presigned
 * links served by a separate storage host, agent jobs created, followed and sent follow-ups, the
 * API's refusals (403, 409, 429), and faults injected on demand. It answers in the vendor's shapes
 * (see the vendor's OpenAPI descriptions, and its README for the project-scoped flow).
 */

export type Route =
  | 'start'
  | 'status'
  | 'bundle'
  | 'download'
  | 'agent'
  | 'project-start'
  | 'project-status'
  | 'agent-create'
  | 'agent-message'

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
  /** A 429 with the route's limit in its body and this `Retry-After`, written as the format says (seconds by default). */
  | { rateLimited: { retryAfterSeconds: number; format?: RetryAfterFormat } }

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
  /**
   * Makes scheduled time pass this many times faster than the wall clock: the emulator's jobs,
   * links, limits and the times it records run on it, and so does a process started on
   * `Emulator.clock` (long jobs in benchmarks, long waits in tests).
   */
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
  /**
   * The export flow the API serves: `unscoped` (the published one, by domain), `project` (the
   * proposed rewrite: the unscoped start answers `goneStatus`, its other endpoints 404), `both`, or
   * `switch` (both, until the unscoped start is gone from the `switchAfterStarts`-th start on, as
   * on the day the rewrite ships). The project-scoped flow's archive is `export.zip`, a zip.
   */
  flow: 'unscoped' | 'project' | 'both' | 'switch'
  /** `switch`: how many unscoped starts are still served; 0: none, the first one already meets the switch. */
  switchAfterStarts: number
  /** What a gone unscoped start answers. */
  goneStatus: 404 | 405
  /**
   * Project-scoped flow: the first this many starts answer 409, as while another run's export of
   * the deployment is queued or running. A job of this emulator's own answers 409 the same way.
   */
  busyStarts: number
  /**
   * The deployment is served under a basePath (`/docs`), which the proposed flow does not export:
   * its start answers the one 400 the vendor documents for that and for a malformed project id,
   * in one sentence that names both.
   */
  basePath?: string
  /** A key that may only read: every POST answers 403. */
  keyAccess: 'read-write' | 'read-only'
  /** The key's IP allowlist: callers from any other address get 403. Absent: no allowlist. */
  ipAllowlist?: string[]
  /** Accepted export starts per organisation per hour before a 429 (the vendor's: 10). */
  exportStartsPerHour: number
  /** Agent creations and follow-ups per project per hour before a 429 (the vendor's: 100). */
  agentUsesPerHour: number
  /** How the limits' 429 writes `Retry-After`. */
  retryAfterFormat: RetryAfterFormat
  /** The scenario of agent jobs created from a prompt. */
  agent: Partial<AgentScenario>
}

/** Options as tests give them: any of them, and a site to serve (its page count becomes the job's). */
export interface EmulatorSetup extends Partial<Omit<EmulatorOptions, 'export'>> {
  export?: Partial<ExportScenario>
  site?: ExportedSite
}

/** A clock `scale` times faster than the wall clock from `origin` (epoch milliseconds). */
export interface DilatedClock {
  scale: number
  origin: number
}

export interface RecordedRequest {
  host: 'api' | 'storage'
  route: Route | 'unknown'
  method: string
  path: string
  headers: http.IncomingHttpHeaders
  body: string
  /** When it arrived, in the emulator's scheduled time (epoch milliseconds). */
  at: number
  /** Storage only: bytes of the archive sent in the body. */
  bodyBytes?: number
}

interface ExportJobState {
  jobId: string
  /** The unscoped flow's job: its domain. */
  domain?: string
  /** The project-scoped flow's job: its project. */
  projectId?: string
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
  omitEtag: false,
  flow: 'unscoped',
  switchAfterStarts: 0,
  goneStatus: 404,
  busyStarts: 0,
  keyAccess: 'read-write',
  exportStartsPerHour: Infinity,
  agentUsesPerHour: Infinity,
  retryAfterFormat: 'seconds',
  agent: {}
}

/** The project ids the emulated API accepts; any other is malformed (400). `proj.acme`, for instance, is not one. */
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/

const BUSY = 'A static export is already queued or running for this deployment.'
/** The proposed flow's 400, whose two causes one sentence names. */
export const BAD_PROJECT_START =
  'Invalid project ID, or the deployment uses a basePath, which static export does not support'

export class Emulator {
  readonly options: EmulatorOptions
  readonly requests: RecordedRequest[] = []
  readonly exportJobs = new Map<string, ExportJobState>()
  readonly agents = new AgentJobs(() => this.now())
  readonly github = new GitHubEmulator()
  private readonly faults = new Map<Route, Fault[]>()
  private readonly idempotency = new Map<string, string>()
  private expiredLinksToIssue = 0
  /** Unscoped starts served so far (the `switch` flow counts them). */
  private unscopedStarts = 0
  private busyStartsLeft: number
  private readonly exportStarts: HourlyLimit
  private readonly agentUses: HourlyLimit
  /** Bytes of endless answers (the `endless` fault) that the client read before it closed the connection. */
  endlessBytesSent = 0
  private readonly signingKey = randomBytes(16)
  /** Where scheduled time meets the wall clock. */
  private readonly clockOrigin = Date.now()
  private readonly sockets = new Set<Socket>()
  private readonly api: http.Server
  private readonly storage: http.Server
  private apiPort = 0

  constructor({ site, ...options }: EmulatorSetup = {}) {
    const served = defaultArchive(options.flow ?? DEFAULTS.flow, site?.entries)
    const pages = site ? { pages: site.pageCount } : {}
    this.options = { ...DEFAULTS, ...served, ...options, export: { ...DEFAULTS.export, ...pages, ...options.export } }
    this.busyStartsLeft = this.options.busyStarts
    this.exportStarts = new HourlyLimit(this.options.exportStartsPerHour)
    this.agentUses = new HourlyLimit(this.options.agentUsesPerHour)
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

  /** The emulator's clock, for a process that must read the same time (runAction's `clock`). */
  get clock(): DilatedClock {
    return { scale: this.options.clockScale, origin: this.clockOrigin }
  }

  /** Scheduled time in epoch milliseconds: the wall clock, sped up by clockScale from the emulator's creation. */
  now(): number {
    return Math.floor(this.clockOrigin + (Date.now() - this.clockOrigin) * this.options.clockScale)
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

  /** Stops accepting connections on the API port until `until` settles: clients see ECONNREFUSED. */
  async refuseConnectionsUntil(until: Promise<unknown>): Promise<void> {
    await close(this.api)
    void until.finally(() => listen(this.api, this.apiPort))
  }

  /** The next `count` bundle links are issued already expired, by their expiresAt as well. */
  expireNextLinks(count: number): this {
    this.expiredLinksToIssue += count
    return this
  }

  /** Adds an agent job to the emulated project `projectId`. */
  addAgentJob(projectId: string, jobId: string, scenario: Partial<AgentScenario> = {}): this {
    this.agents.add(projectId, jobId, scenario)
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
      at: this.now()
    })
    if (!match) return json(res, 404, { error: `No route for ${req.method} ${url.pathname}` })
    if (this.applyFault(match.route, req, res)) return
    const gone = this.notServed(match.route)
    if (gone) return json(res, gone, { error: gone === 405 ? 'Method Not Allowed' : 'Not Found' })
    if (req.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      return json(res, 401, { error: 'Invalid or missing API key' })
    }
    const caller = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '')
    if (this.options.ipAllowlist && !this.options.ipAllowlist.includes(caller)) {
      return json(res, 403, { error: REFUSED.allowlist(caller) })
    }
    if (req.method === 'POST' && this.options.keyAccess === 'read-only')
      return json(res, 403, { error: REFUSED.readOnly })
    const [first = '', second = ''] = match.params
    switch (match.route) {
      case 'start':
        return this.startJob(req, res, body)
      case 'status':
        return this.readJob(res, first)
      case 'bundle':
        return this.createBundle(res, first)
      case 'project-start':
        return this.startProjectJob(req, res, first, body)
      case 'project-status':
        return this.readProjectJob(res, first, second)
      case 'agent':
        return this.readAgentJob(res, first, second)
      case 'agent-create':
        return this.createAgentJob(res, first, body)
      case 'agent-message':
        return this.messageAgentJob(res, first, second, body)
      default:
        return json(res, 404, { error: 'Not found' })
    }
  }

  /** The status a route answers when the flow it belongs to is not served (see `flow`); undefined when it is. */
  private notServed(route: Route): number | undefined {
    const { flow } = this.options
    if (route === 'project-start' || route === 'project-status') return flow === 'unscoped' ? 404 : undefined
    if (route !== 'start' && route !== 'status' && route !== 'bundle') return undefined
    if (flow === 'project') return route === 'start' ? this.options.goneStatus : 404
    if (flow !== 'switch' || route !== 'start') return undefined
    // Jobs started before the switch stay readable; only the start is gone.
    if (this.unscopedStarts >= this.options.switchAfterStarts) return this.options.goneStatus
    this.unscopedStarts++
    return undefined
  }

  private startJob(req: http.IncomingMessage, res: http.ServerResponse, text: string): void {
    if (this.options.plan !== 'enterprise') return json(res, 403, { error: REFUSED.plan })
    let body: Record<string, unknown>
    try {
      body = JSON.parse(text) as Record<string, unknown>
    } catch {
      return json(res, 400, { error: 'Request body must be JSON' })
    }
    if (typeof body.domain !== 'string' || !/^[a-z0-9.-]+$/.test(body.domain)) {
      return json(res, 400, { error: 'domain must be a hostname, without protocol or path' })
    }
    if (this.limitedStart(res)) return
    const job = this.newJob(req, () => this.options.jobId ?? `se_${randomBytes(8).toString('hex')}`, {
      domain: body.domain,
      body
    })
    json(res, 202, this.jobView(job))
  }

  /** The proposed flow's start: no body, the project in the path, a 409 while an export of it is queued or running. */
  private startProjectJob(req: http.IncomingMessage, res: http.ServerResponse, projectId: string, text: string): void {
    if (!PROJECT_ID.test(projectId)) return json(res, 400, { error: `Invalid project ID: ${projectId}` })
    if (text.trim() !== '') return json(res, 400, { error: 'This endpoint does not accept a request body' })
    if (this.options.basePath) return json(res, 400, { error: BAD_PROJECT_START })
    if (this.options.plan !== 'enterprise') return json(res, 403, { error: REFUSED.plan })
    if (this.limitedStart(res)) return
    const ownRunning = [...this.exportJobs.values()].some((job) => job.projectId === projectId && !this.finished(job))
    if (this.busyStartsLeft > 0 || ownRunning) {
      this.busyStartsLeft = Math.max(0, this.busyStartsLeft - 1)
      return json(res, 409, { error: BUSY })
    }
    const job = this.newJob(req, () => this.options.jobId ?? randomBytes(12).toString('hex'), { projectId, body: {} })
    json(res, 202, this.projectView(job))
  }

  /** Answers 429 when the organisation's hourly starts are used up; true when it did. */
  private limitedStart(res: http.ServerResponse): boolean {
    const waitSeconds = this.exportStarts.take('organisation', this.now())
    if (waitSeconds === undefined) return false
    this.tooMany(res, 'export-starts', waitSeconds, this.options.retryAfterFormat)
    return true
  }

  private tooMany(
    res: http.ServerResponse,
    limit: 'export-starts' | 'agent-uses',
    retryAfterSeconds: number,
    format: RetryAfterFormat
  ): void {
    const perHour = limit === 'export-starts' ? this.options.exportStartsPerHour : this.options.agentUsesPerHour
    const text = rateLimitText(limit, Number.isFinite(perHour) ? perHour : limit === 'export-starts' ? 10 : 100)
    res.setHeader('retry-after', retryAfterHeader(retryAfterSeconds, format, this.now()))
    json(res, 429, { error: text })
  }

  /** A new job, or the one an earlier start with the same Idempotency-Key made. */
  private newJob(
    req: http.IncomingMessage,
    newId: () => string,
    fields: Pick<ExportJobState, 'domain' | 'projectId' | 'body'>
  ): ExportJobState {
    const key = req.headers['idempotency-key']
    const known = typeof key === 'string' ? this.idempotency.get(key) : undefined
    const jobId = known ?? newId()
    if (!known) {
      this.exportJobs.set(jobId, { jobId, ...fields, createdAt: this.now(), scenario: this.options.export, views: 0 })
      if (typeof key === 'string') this.idempotency.set(key, jobId)
    }
    return this.exportJobs.get(jobId) as ExportJobState
  }

  private async readJob(res: http.ServerResponse, jobId: string): Promise<void> {
    const job = this.exportJobs.get(jobId)
    if (!job || job.projectId !== undefined) return json(res, 404, { error: `No static export job ${jobId}` })
    const view = this.jobView(job)
    const link = this.options.bundleInStatus && view.status === 'completed' ? await this.issueLink(jobId) : {}
    json(res, 200, { ...view, ...link })
  }

  /** The proposed flow's status: no progress or page count; once completed, a fresh link on every read. */
  private async readProjectJob(res: http.ServerResponse, projectId: string, jobId: string): Promise<void> {
    if (!PROJECT_ID.test(projectId)) return json(res, 400, { error: `Invalid project ID: ${projectId}` })
    const job = this.exportJobs.get(jobId)
    if (!job || job.projectId !== projectId) return json(res, 404, { error: `No static export job ${jobId}` })
    const view = this.projectView(job)
    json(res, 200, view.status === 'completed' ? { ...view, ...(await this.issueLink(jobId)) } : view)
  }

  /** Scheduled time since the job started. */
  private elapsed(createdAt: number): number {
    return this.now() - createdAt
  }

  private jobView(job: ExportJobState): Record<string, unknown> & { status: string } {
    const { scenario } = job
    const given = scenario.statuses?.[Math.min(job.views++, scenario.statuses.length - 1)]
    const [status, fraction] =
      given === undefined ? this.timed(job) : [given, given === 'completed' ? 1 : given === 'failed' ? 0.5 : 0]
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
      updatedAt: new Date(this.now()).toISOString(),
      error: status === 'failed' ? (scenario.error ?? null) : null
    }
  }

  /** The proposed flow drops progress and pageCount. */
  private projectView(job: ExportJobState): Record<string, unknown> & { status: string } {
    const { progress: _progress, pageCount: _pageCount, ...view } = this.jobView(job)
    return view
  }

  /** The status and the share done of a job that follows the scenario's times. */
  private timed(job: ExportJobState): [string, number] {
    const { scenario } = job
    const elapsed = this.elapsed(job.createdAt)
    if (elapsed < scenario.queuedMs) return [scenario.queuedName, 0]
    if (elapsed < scenario.queuedMs + scenario.runningMs)
      return [scenario.runningName, (elapsed - scenario.queuedMs) / scenario.runningMs]
    return [scenario.outcome, scenario.outcome === 'completed' ? 1 : 0.5]
  }

  /** Whether a bundle may be made: the job has completed (as its last answer said, when its statuses are given). */
  private completed(job: ExportJobState): boolean {
    if (job.scenario.statuses) return job.lastStatus === 'completed'
    return this.timed(job)[0] === 'completed'
  }

  /** Whether the job has ended, without counting an answer about it. */
  private finished(job: ExportJobState): boolean {
    const status = job.scenario.statuses ? (job.lastStatus ?? job.scenario.statuses[0]) : this.timed(job)[0]
    return status === 'completed' || status === 'failed'
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
    if (!job || job.projectId !== undefined) return json(res, 404, { error: `No static export job ${jobId}` })
    if (!this.completed(job)) return json(res, 409, { error: `Job ${jobId} has not completed` })
    json(res, 200, { jobId, ...(await this.issueLink(jobId)) })
  }

  /** A presigned link to the archive, with its size and expiry, in the vendor's fields. */
  private async issueLink(jobId: string): Promise<Record<string, unknown>> {
    const expired = this.expiredLinksToIssue > 0
    if (expired) this.expiredLinksToIssue--
    const expires = this.now() + (expired ? -1000 : this.options.linkTtlMs)
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
    const view = this.agents.read(projectId, jobId)
    if (!view) return json(res, 404, { error: `Agent job ${jobId} not found` })
    json(res, 200, view)
  }

  private createAgentJob(res: http.ServerResponse, projectId: string, text: string): void {
    const prompt = this.agentPrompt(res, projectId, text)
    if (prompt === undefined) return
    json(res, 201, this.agents.create(projectId, prompt, this.options.agent).view)
  }

  private messageAgentJob(res: http.ServerResponse, projectId: string, jobId: string, text: string): void {
    const prompt = this.agentPrompt(res, projectId, text)
    if (prompt === undefined) return
    const view = this.agents.message(projectId, jobId, prompt)
    if (!view) return json(res, 404, { error: `Agent job ${jobId} not found` })
    json(res, 200, view)
  }

  /** The prompt of an agent request, counted against the project's hourly uses; undefined after answering a refusal. */
  private agentPrompt(res: http.ServerResponse, projectId: string, text: string): string | undefined {
    if (!PROJECT_ID.test(projectId)) return void json(res, 400, { error: `Invalid project ID: ${projectId}` })
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      return void json(res, 400, { error: 'Request body must be JSON' })
    }
    const prompt = (body as { prompt?: unknown } | null)?.prompt
    if (typeof prompt !== 'string' || prompt.length === 0) {
      return void json(res, 400, { error: 'prompt is required and must be a non-empty string' })
    }
    const waitSeconds = this.agentUses.take(projectId, this.now())
    if (waitSeconds !== undefined)
      return void this.tooMany(res, 'agent-uses', waitSeconds, this.options.retryAfterFormat)
    return prompt
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
      at: this.now(),
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
    if (this.now() > expires) return s3Error(res, 403, 'AccessDenied', 'Request has expired')
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
    const type = source.name?.endsWith('.zip') ? 'application/zip' : 'application/gzip'
    const headers: http.OutgoingHttpHeaders = { 'content-type': type, 'accept-ranges': 'bytes' }
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
    if ('rateLimited' in fault) {
      const limit = route === 'agent-create' || route === 'agent-message' ? 'agent-uses' : 'export-starts'
      const { retryAfterSeconds, format = 'seconds' } = fault.rateLimited
      this.tooMany(res, limit, retryAfterSeconds, format)
    } else this.serveFault(fault, req, res)
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
    ['POST', /^\/v1\/static-export\/([^/]+)\/jobs$/, 'project-start'],
    ['GET', /^\/v1\/static-export\/([^/]+)\/jobs\/([^/]+)$/, 'project-status'],
    ['GET', /^\/v2\/agent\/([^/]+)\/job\/([^/]+)$/, 'agent'],
    ['POST', /^\/v2\/agent\/([^/]+)\/job$/, 'agent-create'],
    ['POST', /^\/v2\/agent\/([^/]+)\/job\/([^/]+)\/message$/, 'agent-message']
  ]
  for (const [verb, pattern, route] of table) {
    const found = pattern.exec(pathname)
    if (verb === method && found) return { route, params: found.slice(1).map(decodeURIComponent) }
  }
  return undefined
}

/** The archive served unless a test gives one: the project-scoped flow's is `export.zip`, a zip. */
function defaultArchive(flow: EmulatorOptions['flow'], entries?: ArchiveEntry[]): Partial<EmulatorOptions> {
  if (flow === 'project' || flow === 'switch')
    return { archive: { bytes: zip(entries ?? SAMPLE_SITE, { deflate: true }), name: 'export.zip' } }
  return entries ? { archive: { bytes: tarGz(entries), name: 'bundle.tar.gz' } } : {}
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
