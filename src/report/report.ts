import type { AgentJob, Bundle, ExportJob } from '../api/schemas.js'
import type { ArchiveKind } from '../archive/index.js'
import type { DeploymentReport } from '../deployment/report.js'
import type { DownloadedFile } from '../download/index.js'
import type { Changes } from '../manifest/compare.js'
import type { MirrorResult } from '../mirror/index.js'
import type { PublishResult } from '../publish/index.js'
import type { SiteCheck } from '../site/verify.js'

/**
 * What an export run made: built once, when the run ends, from what each step returned; after a
 * failure it holds what the steps before it made. The outputs and the job summary are written
 * from it.
 */
export interface ExportReport {
  command: 'export'
  startedAt: number
  finishedAt?: number
  jobId?: string
  /** The last status read. */
  job?: ExportJob
  /** Pages exported, once the wait is over: the count of a job still running keeps growing. */
  pageCount?: number
  /** The latest link asked for. */
  bundle?: Bundle
  archive?: DownloadedFile & { kind: ArchiveKind }
  sitePath?: string
  helmValuesPath?: string
  /** `manifest.json`, once written. */
  manifestPath?: string
  /** The changes since the export `compare-to` names, and where they were written. */
  changes?: { changes: Changes; path: string }
  siteCheck?: SiteCheck
  /** The copy in the team's own storage (`mirror-to`). */
  mirror?: MirrorResult
  /** The site in the team's bucket (`publish-to`). */
  publish?: PublishResult
  /** A publish that was asked for and not run: where it would have gone, and why it was not. */
  publishSkipped?: { location: string; reason: string }
}

/** What an agent-job run learned. */
export interface AgentReport {
  command: 'agent-job'
  startedAt: number
  /** The job followed: the one the settings name, or the one the run started from the prompt. */
  agentJobId?: string
  /** The first line of the prompt the run sent, when it sent one. */
  prompt?: string
  /** The last state read. */
  job?: AgentJob
  /** The job once the wait is over: ended, or read once with wait: false. */
  outcome?: AgentJob
  commentUrl?: string
}

/** What a check-deployment run learned. */
export interface DeploymentCheckReport {
  command: 'check-deployment'
  startedAt: number
  /** The check's outcome, once it ended. */
  deployment?: DeploymentReport
  /** Where the JSON report was written. */
  reportPath?: string
}

export type RunReport = ExportReport | AgentReport | DeploymentCheckReport

/** How a command ended: its report, and its failure when it failed. */
export interface Outcome<Report extends RunReport> {
  report: Report
  failure?: unknown
}
