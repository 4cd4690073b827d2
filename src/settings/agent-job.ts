import { z } from 'zod'
import { input, message, type Text } from '../core/message.js'
import { API, PROJECT, TIMING, WAIT } from './common.js'
import { POLLED_ONCE } from './export.js'
import { addProblem, described, identifier, requireInputs } from './fields.js'

/** The inputs of `command: agent-job`, and the rules that join them. */

/**
 * The longest prompt: more than a GitHub issue's body holds (65,536 characters), and less than the
 * 128 KiB a runner can hand an action in one input.
 */
const PROMPT_LIMIT = 100_000

export const AGENT_JOB_INPUTS = z.object({
  command: z.literal('agent-job'),
  ...API,
  ...PROJECT,
  'agent-job-id': described(identifier, {
    description:
      'Agent job identifier, for `agent-job`: the job to follow, or with `prompt` the job to send it to as a follow-up.'
  }),
  prompt: described(
    z
      .string()
      .max(PROMPT_LIMIT, {
        error: (issue) => `is ${String((issue.input as string).length)} characters long; the limit is ${PROMPT_LIMIT}`
      })
      .optional(),
    {
      description: `For \`agent-job\`: the instruction for a new agent job (with \`project-id\`, without \`agent-job-id\`), or a follow-up to send to \`agent-job-id\`; at most ${PROMPT_LIMIT} characters. Never logged whole: the log, the summary and the comment show its first line.`,
      firstLineOnly: true,
      cli: {
        file: {
          name: 'prompt-file',
          description: 'Read the prompt from FILE, for a long or multi-line one (instead of --prompt).'
        }
      }
    }
  ),
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
  if (!inputs.prompt && !inputs['agent-job-id']) {
    addProblem(
      ctx,
      'agent-job-id',
      message`is required for ${input('command', 'agent-job')} unless ${input('prompt')} is given, to start a job`
    )
  }
  return requireInputs(inputs, ctx, ['project-id'], message`for ${input('command', 'agent-job')}`)
})

type AgentJobInputs = z.output<typeof AGENT_JOB_INPUTS>

/** Inputs the workflow set that do nothing in the combination given, each with the reason. */
export function unusedAgentJobInputs(
  inputs: AgentJobInputs,
  given: (name: keyof AgentJobInputs) => boolean
): [keyof AgentJobInputs, Text][] {
  return !inputs.wait && given('poll-interval-seconds') ? [['poll-interval-seconds', POLLED_ONCE]] : []
}
