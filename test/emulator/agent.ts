import { randomBytes } from 'node:crypto'

/**
 * The emulator's agent jobs, in the vendor's shapes (`admin-openapi.json`): jobs added by a test or
 * created from a prompt (201, `active`, no `prLink`), read as they move to their outcome, and
 * follow-up messages (200) after which a job may go on reporting its earlier outcome for a while.
 */

export interface AgentScenario {
  /** The id the API gives the job in its answers; by default the one asked for (a created job's: a new one). */
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
  /**
   * What a follow-up message does: the message's answer and the next `staleReads` reads show the
   * job as it was before (its old outcome and `prLink`), the next `activeReads` show it `active`,
   * and from then on it has `outcome` again, with this `prLink`.
   */
  followUp: { staleReads: number; activeReads: number; prLink: string | null }
}

type AgentView = Record<string, unknown> & { status: string }

interface AgentJobState extends AgentScenario {
  createdAt: number
  reads: number
  /** The prompts the job was given: the one it was created with, then each follow-up's. */
  prompts: string[]
  /** Since the last follow-up: the view from before it, and the reads since. */
  followedUp?: { before: AgentView; reads: number }
}

const DEFAULT_SCENARIO: AgentScenario = {
  activeMs: 200,
  outcome: 'completed',
  prLink: 'https://github.com/acme/docs/pull/42',
  repository: 'https://github.com/acme/docs',
  ref: 'main',
  model: 'claude-sonnet-4-5',
  followUp: { staleReads: 0, activeReads: 1, prLink: 'https://github.com/acme/docs/pull/43' }
}

export class AgentJobs {
  private readonly jobs = new Map<string, AgentJobState>()
  /** The emulator's scheduled time (its clock scale). */
  private readonly now: () => number

  // No parameter property: the emulator also runs under Node's type stripping (scripts/emulator.ts).
  constructor(now: () => number) {
    this.now = now
  }

  add(projectId: string, jobId: string, scenario: Partial<AgentScenario> = {}): void {
    this.jobs.set(key(projectId, jobId), {
      ...DEFAULT_SCENARIO,
      ...scenario,
      createdAt: this.now(),
      reads: 0,
      prompts: []
    })
  }

  /** A new job from a prompt: its id (the scenario's, or 24 hex characters) and the 201's body. */
  create(projectId: string, prompt: string, scenario: Partial<AgentScenario>): { jobId: string; view: AgentView } {
    const jobId = scenario.id ?? randomBytes(12).toString('hex')
    this.add(projectId, jobId, { ...scenario, id: undefined })
    const job = this.jobs.get(key(projectId, jobId)) as AgentJobState
    job.prompts.push(prompt)
    return { jobId, view: { ...this.baseView(job, jobId, false), status: 'active', prLink: null } }
  }

  /** The 200's body of a follow-up, or undefined when there is no such job. */
  message(projectId: string, jobId: string, prompt: string): AgentView | undefined {
    const job = this.jobs.get(key(projectId, jobId))
    if (!job) return undefined
    job.prompts.push(prompt)
    const before = this.view(job, jobId, false)
    job.followedUp = { before, reads: 0 }
    return before
  }

  /** The job as a read shows it, or undefined when there is no such job. */
  read(projectId: string, jobId: string): AgentView | undefined {
    const job = this.jobs.get(key(projectId, jobId))
    return job && this.view(job, jobId, true)
  }

  /** The prompts a job was given, in order. */
  prompts(projectId: string, jobId: string): string[] {
    return this.jobs.get(key(projectId, jobId))?.prompts ?? []
  }

  private view(job: AgentJobState, jobId: string, counts: boolean): AgentView {
    const since = job.followedUp
    if (!since) return this.baseView(job, jobId, counts)
    const read = counts ? since.reads++ : since.reads
    const { staleReads, activeReads, prLink } = job.followUp
    if (read < staleReads) return since.before
    const status = read < staleReads + activeReads ? 'active' : job.outcome
    return this.shape(job, jobId, status, status === 'active' || status === 'failed' ? null : prLink)
  }

  private baseView(job: AgentJobState, jobId: string, counts: boolean): AgentView {
    const read = counts ? job.reads++ : job.reads
    const given = job.statuses?.[Math.min(read, job.statuses.length - 1)]
    const done = given === undefined ? this.now() - job.createdAt >= job.activeMs : given === job.outcome
    const status = given ?? (done ? job.outcome : 'active')
    return this.shape(job, jobId, status, done && job.outcome !== 'failed' ? job.prLink : null)
  }

  private shape(job: AgentJobState, jobId: string, status: string, prLink: string | null): AgentView {
    return {
      id: job.id ?? jobId,
      status,
      source: { repository: job.repository, ref: job.ref },
      model: job.model,
      prLink,
      createdAt: new Date(job.createdAt).toISOString(),
      archivedAt: status === 'archived' ? new Date(this.now()).toISOString() : null
    }
  }
}

function key(projectId: string, jobId: string): string {
  return `${projectId}/${jobId}`
}
