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
}
interface Workflow {
  jobs: Record<string, Job>
}

const ACTION_REFERENCE = /^(acme\/mintlify-static-export-action@|\.\/?$)/

async function workflowFiles(): Promise<string[]> {
  const files: string[] = []
  for (const folder of ['examples', '.github/workflows']) {
    for (const name of await readdir(path.join(ROOT, folder))) {
      if (/\.ya?ml$/.test(name)) files.push(path.join(folder, name))
    }
  }
  return files
}

describe('workflows that use the action', async () => {
  const action = await readActionYaml()
  const files = await workflowFiles()

  it('exist: every example and the project’s own workflows', () => {
    expect(files.filter((file) => file.startsWith('examples/')).length).toBeGreaterThanOrEqual(5)
    expect(files).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/check-dist.yml', '.github/workflows/e2e.yml']))
  })

  it.each(files)('%s names only real inputs and outputs of action.yml', async (file) => {
    const text = await readFile(path.join(ROOT, file), 'utf8')
    const workflow = parse(text) as Workflow
    const ownSteps = new Set<string>()
    let uses = 0
    for (const job of Object.values(workflow.jobs)) {
      for (const step of job.steps ?? []) {
        if (!step.uses || !ACTION_REFERENCE.test(step.uses)) continue
        uses++
        if (file.startsWith('examples/')) expect(step.uses).toBe('acme/mintlify-static-export-action@v1')
        if (step.id) ownSteps.add(step.id)
        for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs), `${file}: with.${input}`).toContain(input)
        expect(step.with, `${file}: api-key is required`).toHaveProperty('api-key')
      }
    }
    if (!file.startsWith('.github/workflows/') || file.endsWith('e2e.yml')) expect(uses, `${file} uses the action`).toBeGreaterThan(0)

    for (const [, stepId, output] of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      if (ownSteps.has(stepId ?? '')) expect(Object.keys(action.outputs), `${file}: steps.${stepId}.outputs.${output}`).toContain(output)
    }
    for (const [, jobId, output] of text.matchAll(/needs\.([\w-]+)\.outputs\.([\w-]+)/g)) {
      expect(Object.keys(workflow.jobs[jobId ?? '']?.outputs ?? {}), `${file}: needs.${jobId}.outputs.${output}`).toContain(output)
    }
  })
})
