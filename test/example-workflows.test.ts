import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from './support/run-action.ts'
import { CLI_ENTRY } from './support/run-cli.ts'

/**
 * What the examples for many sites and for the agent from an issue promise, beyond what
 * test/workflows.test.ts checks of every example: the fan-out and its limits, the labeller's
 * access checked before anything runs, and the issue's text kept as data on its way to the prompt.
 * Their scripts run here as the runner runs a step: bash, with the step's env.
 */

const read = async (name: string): Promise<string> => readFile(path.join(ROOT, name), 'utf8')

interface Step {
  id?: string
  name?: string
  uses?: string
  run?: string
  env?: Record<string, string>
  with?: Record<string, unknown>
}

/** Runs a step's script as the runner does (bash -e -o pipefail), with `env` and a `gh` of the test's making on the PATH. */
async function runStep(
  step: Step,
  env: Record<string, string>,
  gh = ''
): Promise<{ status: number | null; stdout: string; cwd: string; output: string }> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'example-step-'))
  const bin = path.join(cwd, 'bin')
  const output = path.join(cwd, 'github-output')
  await writeFile(output, '')
  await mkdir(bin)
  await writeFile(path.join(bin, 'gh'), `#!/bin/sh\n${gh}\n`)
  await chmod(path.join(bin, 'gh'), 0o755)
  await writeFile(path.join(cwd, 'step.sh'), step.run ?? '')
  const result = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', 'step.sh'], {
    cwd,
    encoding: 'utf8',
    env: { PATH: `${bin}:${process.env.PATH}`, GITHUB_OUTPUT: output, ...env }
  })
  return { status: result.status, stdout: result.stdout, cwd, output: await readFile(output, 'utf8') }
}

/** The values of a GITHUB_OUTPUT file as the runner reads them: `name=value` or `name<<DELIMITER` … `DELIMITER`. */
function readOutputs(text: string): Map<string, string> {
  const outputs = new Map<string, string>()
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? ''
    const multi = /^([^=<]+)<<(.+)$/.exec(line)
    if (multi) {
      const end = lines.indexOf(multi[2] ?? '', i + 1)
      outputs.set(multi[1] ?? '', lines.slice(i + 1, end).join('\n'))
      i = end
    } else if (line.includes('=')) outputs.set(line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1))
  }
  return outputs
}

describe('examples/export-many-sites.yml', () => {
  it('fans out over the sites, a few at a time, one failure stopping none, one concurrency group per site', async () => {
    const text = await read('examples/export-many-sites.yml')
    const { jobs } = parse(text) as {
      jobs: Record<
        string,
        {
          strategy: { 'fail-fast': boolean; 'max-parallel': number; matrix: { site: Record<string, string>[] } }
          concurrency: { group: string; 'cancel-in-progress': boolean }
          steps: Step[]
        }
      >
    }
    const job = Object.values(jobs)[0]
    expect(job?.strategy['fail-fast']).toBe(false)
    expect(job?.strategy['max-parallel']).toBeGreaterThan(0)
    expect(job?.strategy['max-parallel']).toBeLessThanOrEqual(10)
    expect(job?.strategy.matrix.site.length).toBeGreaterThan(1)
    for (const site of job?.strategy.matrix.site ?? []) expect(Object.keys(site)).toEqual(['domain', 'project-id'])
    expect(job?.concurrency).toEqual({ group: 'docs-export-${{ matrix.site.domain }}', 'cancel-in-progress': false })
    const action = job?.steps.find((step) => step.uses?.startsWith('acme/mintlify-static-export-action@'))
    expect(action?.with).toMatchObject({
      domain: '${{ matrix.site.domain }}',
      'project-id': '${{ matrix.site.project-id }}'
    })
    expect(text).toContain('At most 10 export starts per organisation per hour')
  })
})

describe('examples/ci/argo-export-many-sites.yaml', () => {
  interface Template {
    name: string
    steps?: {
      name: string
      template: string
      arguments: { parameters: { name: string; value: string }[] }
      withItems: Record<string, string>[]
    }[][]
    inputs?: { parameters: { name: string }[] }
    container?: { args: string[]; env: { name: string; value?: string }[] }
  }

  it('fans out with withItems under parallelism, each item reaching the script as variables', async () => {
    const text = await read('examples/ci/argo-export-many-sites.yaml')
    const workflow = parse(text) as { kind: string; spec: { parallelism: number; templates: Template[] } }
    expect(workflow.kind).toBe('WorkflowTemplate')
    expect(workflow.spec.parallelism).toBeGreaterThan(0)
    expect(workflow.spec.parallelism).toBeLessThanOrEqual(10)
    const [fanOut, exporter] = workflow.spec.templates
    const step = fanOut?.steps?.[0]?.[0]
    expect(step?.template).toBe(exporter?.name)
    expect(step?.withItems.length).toBeGreaterThan(1)
    for (const item of step?.withItems ?? []) expect(Object.keys(item)).toEqual(['domain', 'projectId'])
    expect(step?.arguments.parameters).toEqual(
      expect.arrayContaining([
        { name: 'domain', value: '{{item.domain}}' },
        { name: 'project-id', value: '{{item.projectId}}' }
      ])
    )
    const env = Object.fromEntries((exporter?.container?.env ?? []).map((variable) => [variable.name, variable.value]))
    expect(env).toMatchObject({
      MINTLIFY_DOMAIN: '{{inputs.parameters.domain}}',
      MINTLIFY_PROJECT_ID: '{{inputs.parameters.project-id}}'
    })
    expect(text).toContain('At most 10 export starts per organisation per hour')
  })

  it('runs the single site template’s script, which its own test runs against the emulator', async () => {
    const script = (name: string): Promise<string | undefined> =>
      read(`examples/ci/${name}`).then(
        (text) =>
          (parse(text) as { spec: { templates: Template[] } }).spec.templates.find((template) => template.container)
            ?.container?.args[0]
      )
    const fanned = await script('argo-export-many-sites.yaml')
    expect(fanned).not.toContain('{{')
    expect(fanned).toBe(await script('argo-workflow-template.yaml'))
    const help = execFileSync(process.execPath, [CLI_ENTRY, 'export', '--help'], { encoding: 'utf8' })
    for (const flag of fanned?.match(/--[a-z][a-z-]*/g) ?? []) expect(help).toContain(flag)
  })
})

describe('examples/agent-from-issue.yml', async () => {
  const workflow = parse(await read('examples/agent-from-issue.yml')) as {
    on: { issues: { types: string[] } }
    permissions: Record<string, string>
    jobs: Record<string, { if: string; steps: Step[] }>
  }
  const job = Object.values(workflow.jobs)[0]
  const steps = job?.steps ?? []
  const [check, prompt, agent] = steps

  it('runs on a docs-agent label, checks the labeller first, then starts the agent and comments on the issue', () => {
    expect(workflow.on.issues.types).toEqual(['labeled'])
    expect(job?.if).toBe("github.event.label.name == 'docs-agent'")
    expect(workflow.permissions).toEqual({ issues: 'write' })
    expect(check?.run).toContain('gh api "repos/$REPOSITORY/collaborators/$LABELLER/permission" --jq .permission')
    expect(agent?.uses).toBe('acme/mintlify-static-export-action@v1')
    expect(agent?.with).toMatchObject({
      command: 'agent-job',
      'project-id': '${{ vars.MINTLIFY_PROJECT_ID }}',
      prompt: '${{ steps.prompt.outputs.prompt }}',
      'comment-on': '${{ github.event.issue.number }}'
    })
    expect(prompt?.id).toBe('prompt')
    for (const step of steps) if (step.run) expect(step.run).not.toContain('${{')
  })

  it.each([
    ['admin', 0],
    ['maintain', 0],
    ['write', 0],
    ['triage', 1],
    ['read', 1],
    ['none', 1]
  ])('lets a labeller with %s access go on: exit %i', async (permission, status) => {
    const run = await runStep(
      check ?? {},
      { GH_TOKEN: 't', LABELLER: 'octocat', REPOSITORY: 'acme/docs' },
      `echo ${permission}`
    )
    expect(run.status).toBe(status)
    if (status) expect(run.stdout).toContain('::error::The docs-agent label was added by octocat, who has')
  })

  it('stops when GitHub cannot say what the labeller may do', async () => {
    const run = await runStep(check ?? {}, { GH_TOKEN: 't', LABELLER: 'octocat', REPOSITORY: 'acme/docs' }, 'exit 1')
    expect(run.status).not.toBe(0)
  })

  it('takes the issue’s title and body as data, whole, into the prompt', async () => {
    const title = 'Fix "$(touch title-ran)" in `docs`; echo pwned'
    const body = 'Steps:\nprompt<<EOF\n$(touch body-ran)\nEOF\n```sh\nrm -rf /\n```\n\n::stop-commands::x'
    const run = await runStep(prompt ?? {}, {
      TITLE: title,
      BODY: body,
      ISSUE_URL: 'https://github.com/acme/docs/issues/7'
    })
    expect(run.status).toBe(0)
    expect(existsSync(path.join(run.cwd, 'title-ran'))).toBe(false)
    expect(existsSync(path.join(run.cwd, 'body-ran'))).toBe(false)
    expect(readOutputs(run.output).get('prompt')).toBe(
      `Make the documentation change that this issue asks for (https://github.com/acme/docs/issues/7).\n\n${title}\n\n${body}`
    )
  })
})
