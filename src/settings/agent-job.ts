import { z } from 'zod'
import { input, message, type Text } from '../core/message.js'
import { API, TIMING, WAIT } from './common.js'
import { POLLED_ONCE } from './export.js'
import { addProblem, described, identifier, requireInputs } from './fields.js'

/** The inputs of `command: agent-job`, and the rules that join them. */

export const AGENT_JOB_INPUTS = z.object({
  command: z.literal('agent-job'),
  ...API,
  'project-id': described(identifier, { description: 'Project identifier, for `agent-job`.' }),
  'agent-job-id': described(identifier, { description: 'Agent job identifier, for `agent-job`.' }),
  ...WAIT,
  ...TIMING,
  'comment-on': described(
    z
      .string()
      .regex(/^#?[1-9]\d{0,9}$/, {
        error: (issue) => `must be an issue or pull request number, got "${issue.input}"`
      })
      .transform((value) => Number(value.replace('#', '')))
      .optional(),
    {
      description: 'For `agent-job`, the issue or pull request number to comment the outcome on.',
      cli: false
    }
  ),
  'github-token': described(z.string().optional(), {
    default: '${{ github.token }}',
    secret: true,
    description: 'Token used for that comment.',
    cli: false
  })
})

export const AGENT_JOB = AGENT_JOB_INPUTS.transform((inputs, ctx) => {
  if (inputs['comment-on'] && !inputs['github-token']) {
    addProblem(ctx, 'github-token', message`is required when ${input('comment-on')} is set`)
  }
  return requireInputs(inputs, ctx, ['project-id', 'agent-job-id'], message`for ${input('command', 'agent-job')}`)
})

type AgentJobInputs = z.output<typeof AGENT_JOB_INPUTS>

/** Inputs the workflow set that do nothing in the combination given, each with the reason. */
export function unusedAgentJobInputs(
  inputs: AgentJobInputs,
  given: (name: keyof AgentJobInputs) => boolean
): [keyof AgentJobInputs, Text][] {
  return !inputs.wait && given('poll-interval-seconds') ? [['poll-interval-seconds', POLLED_ONCE]] : []
}
