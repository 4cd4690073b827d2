import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { readActionYaml, ROOT } from './support/run-action.ts'

/**
 * The example workflows and the project's own are what users copy: every use of this action in
 * them must name real inputs and outputs, give the required ones, and wire job outputs properly.
 */

interface Step {
  id?: string
  uses?: string
  with?: Record<string, unknown>
  run?: string
  env?: Record<string, unknown>
}
interface Job {
  steps?: Step[]
  outputs?: Record<string, string>
  needs?: string | string[]
  concurrency?: unknown
}
interface Workflow {
  jobs: Record<string, Job>
  concurrency?: unknown
}

const ACTION_REFERENCE = /^(acme\/mintlify-static-export-action@|\.\/?$)/

/** A workflow (or, in the README, a list of steps) by where it comes from. */
interface Source {
  name: string
  text: string
}

async function workflowSources(): Promise<Source[]> {
  const sources: Source[] = []
  for (const folder of ['examples', '.github/workflows']) {
    for (const name of await readdir(path.join(ROOT, folder))) {
      if (/\.ya?ml$/.test(name))
        sources.push({ name: path.join(folder, name), text: await readFile(path.join(ROOT, folder, name), 'utf8') })
    }
  }
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8')
  for (const [index, [, block]] of [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].entries()) {
    if (block?.includes('mintlify-static-export-action@'))
      sources.push({ name: `README.md yaml block ${index + 1}`, text: block })
  }
  return sources
}

/** The jobs of a workflow; a README snippet that is only a list of steps counts as one job. */
function jobsOf(text: string): Record<string, Job> {
  const parsed = parse(text) as Workflow | Step[]
  return Array.isArray(parsed) ? { snippet: { steps: parsed } } : parsed.jobs
}

describe('workflows that use the action', async () => {
  const action = await readActionYaml()
  const sources = await workflowSources()
  const names = sources.map((source) => source.name)

  it('exist: every example, the project’s own workflows and the README’s', () => {
    expect(names.filter((name) => name.startsWith('examples/')).length).toBeGreaterThanOrEqual(5)
    expect(names).toEqual(
      expect.arrayContaining([
        '.github/workflows/ci.yml',
        '.github/workflows/check-dist.yml',
        '.github/workflows/e2e.yml'
      ])
    )
    expect(names.filter((name) => name.startsWith('README.md')).length).toBeGreaterThanOrEqual(3)
  })

  it.each(sources)('$name names only real inputs and outputs of action.yml', ({ name, text }) => {
    const jobs = jobsOf(text)
    const ownSteps = new Set<string>()
    let uses = 0
    for (const job of Object.values(jobs)) {
      for (const step of job.steps ?? []) {
        if (!step.uses || !ACTION_REFERENCE.test(step.uses)) continue
        uses++
        if (!name.startsWith('.github/')) expect(step.uses).toBe('acme/mintlify-static-export-action@v1')
        if (step.id) ownSteps.add(step.id)
        for (const input of Object.keys(step.with ?? {}))
          expect(Object.keys(action.inputs), `${name}: with.${input}`).toContain(input)
        if (step.with?.command === 'check-deployment') {
          // It calls no API: the key is neither needed nor given; the site and the manifest are.
          expect(step.with, `${name}: check-deployment takes no key`).not.toHaveProperty('api-key')
          expect(Object.keys(step.with), `${name}: check-deployment needs url and manifest`).toEqual(
            expect.arrayContaining(['url', 'manifest'])
          )
        } else expect(step.with, `${name}: api-key is required`).toHaveProperty('api-key')
      }
    }
    if (!name.startsWith('.github/workflows/') || name.endsWith('e2e.yml'))
      expect(uses, `${name} uses the action`).toBeGreaterThan(0)

    for (const [, stepId, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ownSteps.has(stepId ?? ''))
        expect(Object.keys(action.outputs), `${name}: steps.${stepId}.outputs.${output}`).toContain(output)
    }
    for (const [, jobId, output] of text.matchAll(/needs\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      expect(Object.keys(jobs[jobId ?? '']?.outputs ?? {}), `${name}: needs.${jobId}.outputs.${output}`).toContain(
        output
      )
    }
  })
})

describe('the examples keep their own advice', async () => {
  const sources = (await workflowSources()).filter((source) => !source.name.startsWith('.github/'))
  /** Whole workflows: the README's lists of steps are none. */
  const workflows = sources.filter(({ text }) => !Array.isArray(parse(text)))
  const exporting = workflows.filter(({ text }) =>
    Object.values((parse(text) as Workflow).jobs).some((job) => job.steps?.some(runsExport))
  )

  it('find the workflows that export: the quick start and the examples', () => {
    expect(exporting.map((source) => source.name)).toEqual(
      expect.arrayContaining([
        'README.md yaml block 1',
        'examples/export-then-deploy.yml',
        'examples/export-to-pages.yml'
      ])
    )
  })

  it.each(exporting)('$name gives its exports a concurrency group, as the README advises', ({ text }) => {
    const workflow = parse(text) as Workflow
    for (const [name, job] of Object.entries(workflow.jobs)) {
      if (!job.steps?.some(runsExport)) continue
      const concurrency = (workflow.concurrency ?? job.concurrency) as Record<string, unknown> | undefined
      expect(typeof concurrency?.group, `job ${name}`).toBe('string')
      expect(concurrency?.['cancel-in-progress'], `job ${name}`).toBe(false)
    }
  })

  it.each(workflows.filter(({ text }) => usesAction(parse(text) as Workflow)))(
    '$name says to pin the actions to a full commit SHA, as the README does',
    ({ text }) => {
      expect(text).toMatch(/^# .*\bpin each (action )?to a full commit SHA/im)
    }
  )

  it('the quick start says that an export can come out one change behind, and what to do', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8')
    const quickStart = readme.split('## Quick start')[1]?.split('\n## ')[0] ?? ''
    expect(quickStart).toContain('one change behind')
    expect(quickStart).toContain('repository_dispatch')
    expect(quickStart).toMatch(/wait .* until the commit shows Mintlify's deployment/s)
    expect(readme).toMatch(/pin a full commit SHA/)
  })
})

function usesAction(workflow: Workflow): boolean {
  return Object.values(workflow.jobs).some((job) => job.steps?.some((step) => ACTION_REFERENCE.test(step.uses ?? '')))
}

/** Whether a step runs this action's export (its default command). */
function runsExport(step: Step): boolean {
  return ACTION_REFERENCE.test(step.uses ?? '') && (step.with?.command ?? 'export') === 'export'
}

describe("the README's workflows", async () => {
  const sources = await workflowSources()
  const readmeBlocks = sources.filter((source) => source.name.startsWith('README.md'))
  const examples = sources.filter((source) => source.name.startsWith('examples/'))

  it.each(readmeBlocks)('$name passes outputs to run: through env:, never pasted into the script', ({ text }) => {
    for (const job of Object.values(jobsOf(text))) {
      for (const step of job.steps ?? []) if (step.run) expect(step.run).not.toContain('${{')
    }
  })

  it('uses the same versions of other actions as the examples', () => {
    const versions = (list: Source[]): Map<string, Set<string>> => {
      const found = new Map<string, Set<string>>()
      for (const { text } of list) {
        for (const [, action, ref] of text.matchAll(/uses: ([\w.-]+\/[\w.-]+)@([\w.-]+)/g)) {
          if (action === 'acme/mintlify-static-export-action') continue
          found.set(action ?? '', (found.get(action ?? '') ?? new Set()).add(ref ?? ''))
        }
      }
      return found
    }
    const inExamples = versions(examples)
    const inReadme = versions(readmeBlocks)
    expect(inReadme.size).toBeGreaterThan(0)
    for (const [action, refs] of inReadme) expect([...refs], action).toEqual([...(inExamples.get(action) ?? [])])
  })
})
