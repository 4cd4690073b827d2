import type { Run } from '../core/context.js'
import { ActionError } from '../core/errors.js'
import { inputSubject, message } from '../core/message.js'
import { projectFlow, UNSCOPED_FLOW, type ExportFlow } from './calls.js'
import type { ApiClient } from './client.js'
import { ApiError } from './errors.js'
import type { Bundle, ExportJob } from './schemas.js'

/**
 * Which export flow a run follows, and where its link comes from: by domain (the vendor's
 * published flow), or under the project (its proposed rewrite), whichever the API serves.
 */

/** What the start of an export is asked for: the export command's settings of the same names. */
export interface ExportStart {
  domain?: string
  projectId?: string
  exportJobId?: string
  paths: string[]
  version?: string
  wait: boolean
}

/** The job the run follows, and the flow it is in. */
export interface Started {
  job: ExportJob
  flow: ExportFlow
}

/**
 * Starts the export, or takes the job `export-job-id` names, in the flow that the API serves: by
 * domain (the vendor's published flow), or under the project (its proposed rewrite) when
 * `project-id` is given without `domain`, or with both once the start by domain is gone.
 */
export async function startOrReuse(settings: ExportStart, client: ApiClient, run: Run): Promise<Started> {
  const { host } = run
  const { domain, projectId, exportJobId } = settings
  if (exportJobId) {
    host.info(`Using the existing export job ${exportJobId}`)
    const job = { jobId: exportJobId, status: '' }
    if (!domain && projectId) return { job, flow: projectFlow(projectId) }
    if (!projectId) return { job, flow: UNSCOPED_FLOW }
    return { job, flow: await flowOfJob(exportJobId, projectId, client, run) }
  }
  const request = {
    domain: domain ?? '',
    ...(settings.paths.length > 0 ? { paths: settings.paths } : {}),
    ...(settings.version ? { version: settings.version } : {})
  }
  const start = async (flow: ExportFlow): Promise<Started> => {
    if (flow.kind === 'project' && settings.paths.length > 0) {
      host.warning(
        message`${inputSubject('paths')} does nothing in the project-scoped flow: its start takes no list of pages`
      )
    }
    // The project-scoped start answers 409 while another export of the deployment runs, and gives
    // no way to find it: that one is waited out. The published start documents no such answer.
    const job =
      flow.kind === 'project'
        ? await client.startExportWhenFree(request, { flow, wait: settings.wait })
        : await client.startExport(request, { flow })
    const what = flow.kind === 'project' ? `project ${flow.projectId}` : request.domain
    host.info(`Started export job ${job.jobId} for ${what} (${job.status || 'accepted'})`)
    return { job, flow }
  }
  if (!domain && projectId) return start(projectFlow(projectId))
  if (!projectId) return start(UNSCOPED_FLOW)
  try {
    const started = await start(UNSCOPED_FLOW)
    host.notice(
      `Export started by domain (POST /v1/static-export/jobs), the flow the API serves; the project-scoped one is used once it is gone`
    )
    return started
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'endpoint-gone')) throw error
    host.notice(
      `Export started under project ${projectId} (POST /v1/static-export/${projectId}/jobs): the start by domain answered HTTP ${error.status}`
    )
    return start(projectFlow(projectId))
  }
}

/** The flow of an existing job when both are possible: by domain, unless the API does not serve that read. */
async function flowOfJob(jobId: string, projectId: string, client: ApiClient, { host }: Run): Promise<ExportFlow> {
  try {
    await client.getExportJob(jobId, UNSCOPED_FLOW)
    return UNSCOPED_FLOW
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 405))) throw error
    host.notice(
      `Export job ${jobId} is read under project ${projectId}: the read by domain answered HTTP ${error.status}`
    )
    return projectFlow(projectId)
  }
}

/**
 * The link the completed job's status carries, where it carries one (read again for a fresh one);
 * otherwise one from the bundle endpoint, which the project-scoped flow does not have.
 */
export async function bundleLink(
  job: ExportJob,
  flow: ExportFlow,
  client: ApiClient,
  fresh: boolean,
  host: Run['host']
): Promise<Bundle> {
  if (job.bundle && !fresh) {
    host.info('The job status carries the bundle link: no bundle call needed')
    return job.bundle
  }
  if (job.bundle || flow.kind === 'project') {
    const read = await client.getExportJob(job.jobId, flow)
    if (read.bundle) return read.bundle
  }
  if (flow.kind === 'project') {
    throw new ActionError(
      `Export job ${job.jobId} is completed, but its status carries no link to its archive (bundleUrl)`,
      {
        code: 'unexpected-response',
        namesJob: true
      }
    )
  }
  return client.generateBundle(job.jobId)
}
