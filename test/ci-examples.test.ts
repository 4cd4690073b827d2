import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { ROOT } from './support/run-action.ts'
import { CLI_ENTRY } from './support/run-cli.ts'

/**
 * The pipelines of examples/ci/ for other CI systems: they parse, run the command as the README
 * says (the key from the environment, the flags it has), and pass the outputs on.
 */

const folder = path.join(ROOT, 'examples/ci')
const read = (name: string): Promise<string> => readFile(path.join(folder, name), 'utf8')

/** The flags of `export --help`, from the built command. */
function exportFlags(): Set<string> {
  const help = execFileSync(process.execPath, [CLI_ENTRY, 'export', '--help'], { encoding: 'utf8' })
  return new Set([...help.matchAll(/--(?:no-)?([a-z][a-z-]*)/g)].map((match) => match[0]))
}

/** The flags a text passes to the command. */
function flagsUsed(text: string): string[] {
  const runs = [...text.matchAll(/npx --yes \S+ export([\s\S]*?)(?:\n\s*\n|'''|>|$)/g)].map((match) => match[1] ?? '')
  expect(runs.length).toBeGreaterThan(0)
  return runs.flatMap((run) => [...run.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((match) => match[0]))
}

describe('CI examples', () => {
  it('GitLab: exports with --extract --verify error --output-env, and passes the dotenv report to a deploy job', async () => {
    const text = await read('.gitlab-ci.yml')
    const pipeline = parse(text) as Record<
      string,
      {
        stage?: string
        image?: unknown
        script?: string[]
        needs?: { job: string }[]
        artifacts?: { reports?: { dotenv?: string } }
      }
    >
    const exportJob = pipeline['export-docs']
    expect(exportJob?.image).toBe('node:24-slim')
    expect(exportJob?.script?.join('\n')).toMatch(/--extract --verify error --output-env export\.env/)
    expect(exportJob?.artifacts?.reports?.dotenv).toBe('export.env')
    expect(pipeline['deploy-docs']?.needs?.[0]?.job).toBe('export-docs')
    const flags = exportFlags()
    for (const flag of flagsUsed(text)) expect(flags).toContain(flag)
  })

  it('Argo: a WorkflowTemplate on node:24-slim, the key from a Secret, an output parameter from --json', async () => {
    const text = await read('argo-workflow-template.yaml')
    const template = parse(text) as {
      kind: string
      spec: {
        templates: {
          container: { image: string; args: string[]; env: { name: string; valueFrom?: { secretKeyRef?: object } }[] }
          outputs: { parameters: { name: string }[] }
        }[]
      }
    }
    expect(template.kind).toBe('WorkflowTemplate')
    const [step] = template.spec.templates
    expect(step?.container.image).toBe('node:24-slim')
    expect(
      step?.container.env.find((variable) => variable.name === 'MINTLIFY_ADMIN_KEY')?.valueFrom?.secretKeyRef
    ).toBeDefined()
    expect(step?.container.args.join(' ')).toContain('--json')
    expect(step?.outputs.parameters.map((parameter) => parameter.name)).toContain('job-id')
    const flags = exportFlags()
    for (const flag of flagsUsed(text)) expect(flags).toContain(flag)
  })

  it('Jenkins: the key from a credentials binding, the site archived', async () => {
    const text = await read('Jenkinsfile')
    expect(text).toMatch(/withCredentials\(\[string\(credentialsId: '[\w-]+', variable: 'MINTLIFY_ADMIN_KEY'\)\]\)/)
    expect(text).toMatch(/archiveArtifacts artifacts: 'site-export\/site\/\*\*/)
    expect(text).toContain("docker { image 'node:24-slim' }")
    const flags = exportFlags()
    for (const flag of flagsUsed(text)) expect(flags).toContain(flag)
  })
})
