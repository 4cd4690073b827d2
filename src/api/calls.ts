import { input, message, type Text } from '../core/message.js'

/**
 * The endpoints the action calls, each with its words in messages, its method and whether it may
 * be sent again; and the two export flows, which differ only in their paths and in where the link
 * comes from.
 */

/**
 * Which export flow a run uses. `unscoped` is the vendor's published one: a start by domain and a
 * bundle endpoint for the link. `project` is its proposed rewrite (`vendor-openapi/README.md`): a
 * start under the project with no body, and the link on a completed job's own status.
 */
export type ExportFlow = { kind: 'unscoped' } | { kind: 'project'; projectId: string }

export const UNSCOPED_FLOW: ExportFlow = { kind: 'unscoped' }

export function projectFlow(projectId: string): ExportFlow {
  return { kind: 'project', projectId }
}

/**
 * Whether a call may be sent again. A call that is safe to repeat is retried on any transient
 * fault; one that creates something only where the server cannot have acted on it.
 */
type Repeatable = 'always' | 'only-if-not-received'

type Endpoint =
  'start-export' | 'read-export' | 'generate-bundle' | 'read-agent-job' | 'create-agent-job' | 'send-agent-message'

interface EndpointFacts {
  /** The call in the words of error messages: "start export job". */
  name: string
  method: 'GET' | 'POST'
  repeatable: Repeatable
  /** What to do when a call that is not repeated failed in a way that leaves its effect unknown. */
  mayHaveActed?: Text
}

const ENDPOINTS: Record<Endpoint, EndpointFacts> = {
  'start-export': {
    name: 'start export job',
    method: 'POST',
    repeatable: 'only-if-not-received',
    mayHaveActed: message`The server may have started a job all the same: check for it before running again, and resume it with ${input('export-job-id')}`
  },
  'read-export': { name: 'read export job', method: 'GET', repeatable: 'always' },
  // Generating a bundle again only yields a fresh link.
  'generate-bundle': { name: 'generate export bundle', method: 'POST', repeatable: 'always' },
  'read-agent-job': { name: 'read agent job', method: 'GET', repeatable: 'always' },
  'create-agent-job': {
    name: 'create agent job',
    method: 'POST',
    repeatable: 'only-if-not-received',
    mayHaveActed: message`The API may have created the agent job all the same, and offers no way to list jobs: check the dashboard before running again, and follow that job with ${input('agent-job-id')}`
  },
  // A second copy of a follow-up would reach the agent as a second instruction.
  'send-agent-message': {
    name: 'send follow-up message',
    method: 'POST',
    repeatable: 'only-if-not-received',
    mayHaveActed: message`The API may have passed the message to the agent all the same: follow the job with ${input('agent-job-id')} before sending it again`
  }
}

/** One call: the endpoint, the path asked for, the flow of an export call, and the job concerned. */
export interface ApiCall {
  endpoint: Endpoint
  path: string
  flow?: ExportFlow['kind']
  /** The export or agent job concerned, named in every error about it. */
  jobId?: string
}

export function endpointOf(call: ApiCall): EndpointFacts {
  return ENDPOINTS[call.endpoint]
}

/** Which call failed, in the words used in error messages: "start export job (POST /v1/static-export/jobs)". */
export function describeCall(call: ApiCall): string {
  const { name, method } = endpointOf(call)
  const job = call.jobId ? ` for job ${call.jobId}` : ''
  return `${name}${job} (${method} ${call.path})`
}

const id = encodeURIComponent

/** Where a flow keeps its jobs. */
function exportJobs(flow: ExportFlow): string {
  return flow.kind === 'project' ? `/v1/static-export/${id(flow.projectId)}/jobs` : '/v1/static-export/jobs'
}

export function startExportCall(flow: ExportFlow): ApiCall {
  return { endpoint: 'start-export', path: exportJobs(flow), flow: flow.kind }
}

export function readExportCall(flow: ExportFlow, jobId: string): ApiCall {
  return { endpoint: 'read-export', path: `${exportJobs(flow)}/${id(jobId)}`, flow: flow.kind, jobId }
}

/** The unscoped flow only: the project-scoped one has no bundle endpoint. */
export function generateBundleCall(jobId: string): ApiCall {
  return {
    endpoint: 'generate-bundle',
    path: `${exportJobs(UNSCOPED_FLOW)}/${id(jobId)}/bundle`,
    flow: 'unscoped',
    jobId
  }
}

export function readAgentJobCall(projectId: string, jobId: string): ApiCall {
  return { endpoint: 'read-agent-job', path: `/v2/agent/${id(projectId)}/job/${id(jobId)}`, jobId }
}

export function createAgentJobCall(projectId: string): ApiCall {
  return { endpoint: 'create-agent-job', path: `/v2/agent/${id(projectId)}/job` }
}

export function sendAgentMessageCall(projectId: string, jobId: string): ApiCall {
  return { endpoint: 'send-agent-message', path: `/v2/agent/${id(projectId)}/job/${id(jobId)}/message`, jobId }
}
