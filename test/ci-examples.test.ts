import { execFileSync, spawn } from 'node:child_process'
import { copyFile, mkdtemp, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { readGitlabDotenv } from './support/gitlab-dotenv.ts'
import { packRelease, serveFolder, type ReleaseAssets } from './support/release.ts'
import { ROOT } from './support/run-action.ts'
import { describeWhere } from './support/requirements.ts'
import { CLI_ENTRY, environmentWithoutMintlify } from './support/run-cli.ts'
import { sharedSwift } from './support/shared-swift.ts'
import { missingSwift, type Swift } from './support/swift.ts'
import { startWebsiteHost, type WebsiteHost } from './support/website-host.ts'

/**
 * The pipelines of examples/ci/, run as their CI systems run them: each script in sh (dash) with
 * the variables the pipeline defines, fetching the release assets that the release workflow packs
 * (served on loopback) and checking them, then exporting from the emulator. The outputs are read
 * as the consumer reads them (GitLab's dotenv report), parameters reach Argo's script as data,
 * and the SIGTERM of a cancel reaches the command.
 */

const folder = path.join(ROOT, 'examples/ci')
const read = (name: string): Promise<string> => readFile(path.join(folder, name), 'utf8')

let release: ReleaseAssets
let served: Awaited<ReturnType<typeof serveFolder>> | undefined
let emulator: Emulator | undefined

beforeAll(async () => {
  release = await packRelease()
  served = await serveFolder(release.folder)
}, 120_000)

afterAll(async () => {
  await served?.close()
})

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

interface ScriptRun {
  exitCode: number | null
  stdout: string
  stderr: string
  cwd: string
}

/** Runs a pipeline's script with `sh` in a new folder, with the variables given and none of the tests' own MINTLIFY_ ones. */
async function runScript(
  args: string[],
  variables: Record<string, string>,
  onStderr?: (text: string, kill: (signal: NodeJS.Signals) => void) => void
): Promise<ScriptRun> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'ci-example-'))
  const child = spawn('sh', args, { cwd, env: { ...environmentWithoutMintlify(), ...variables } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
    onStderr?.(stderr, (signal) => child.kill(signal))
  })
  const exitCode = await new Promise<number | null>((resolve) => child.once('close', resolve))
  return { exitCode, stdout, stderr, cwd: await realpath(cwd) }
}

/** What the tests give every pipeline: the emulator for the API, the loopback release, short polls, no browser. */
async function testVariables(setup: EmulatorSetup = {}): Promise<Record<string, string>> {
  if (!served) throw new Error('the release was not packed and served (see the error of beforeAll)')
  emulator = await new Emulator(setup).start()
  return {
    MINTLIFY_ADMIN_KEY: emulator.options.apiKey,
    MINTLIFY_BASE_URL: emulator.baseUrl,
    MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
    MINTLIFY_VERIFY_BROWSER: 'off',
    DOCS_EXPORT_RELEASE: served.url
  }
}

/** The flags of `export --help`, from the built command. */
function exportFlags(): Set<string> {
  const help = execFileSync(process.execPath, [CLI_ENTRY, 'export', '--help'], { encoding: 'utf8' })
  return new Set([...help.matchAll(/--[a-z][a-z-]*/g)].map((match) => match[0]))
}

/** A script's last command: the one that runs the export, as the shell's own process. */
function checkExecs(script: string): void {
  const last = script.trim().split('\n').at(-1)?.trim() ?? ''
  expect(last).toMatch(/^exec node \.docs-export\/package\/dist\/cli\/index\.js export /)
  const flags = exportFlags()
  for (const flag of last.match(/--[a-z][a-z-]*/g) ?? []) expect(flags).toContain(flag)
}

/** The version of the package, as the pipelines name the release asset. */
async function packageVersion(): Promise<string> {
  return (JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version
}

interface GitlabJob {
  image?: unknown
  script?: string[]
  needs?: { job: string }[]
  artifacts?: { paths?: string[]; reports?: { dotenv?: string } }
}

describe('GitLab CI', () => {
  it('exports from the checked release tarball, and hands the outputs on as GitLab reads its dotenv report', async () => {
    const pipeline = parse(await read('.gitlab-ci.yml')) as Record<string, GitlabJob> & {
      variables: Record<string, string>
    }
    const exportJob = pipeline['export-docs']
    expect(exportJob?.image).toBe('node:24-slim')
    expect(pipeline.variables.DOCS_EXPORT_VERSION).toBe(await packageVersion())
    const script = exportJob?.script?.join('\n') ?? ''
    checkExecs(script)
    expect(exportJob?.artifacts?.reports?.dotenv).toBe('export.env')
    // Nothing kept past the pipeline holds the link: neither the Helm values nor the dotenv file as a plain artifact.
    expect(exportJob?.artifacts?.paths).toEqual([
      'site-export/verify-report.json',
      'site-export/publish-plan.json',
      'site-export/publish-changes.json'
    ])

    const run = await runScript(['-c', script], { ...pipeline.variables, ...(await testVariables()) })
    expect(run.stdout).toContain(`${path.basename(release.tarball)}: OK`)
    expect(run.exitCode).toBe(0)
    const variables = readGitlabDotenv(await readFile(path.join(run.cwd, 'export.env')))
    expect(variables.get('JOB_ID')).toMatch(/^se_\w+$/)
    expect(variables.get('PAGE_COUNT')).toBe('3')
    expect(variables.get('SITE_PATH')).toBe(path.join(run.cwd, 'site-export/site'))
    expect(variables.has('BUNDLE_URL')).toBe(false)
    // Without MINTLIFY_PUBLISH_TO there is no publish, and no publish's files.
    expect(variables.has('PUBLISH_URL')).toBe(false)
    expect(existsSync(path.join(run.cwd, 'site-export/verify-report.json'))).toBe(true)
    expect(await readdir(path.join(run.cwd, 'site-export/site'))).toContain('index.html')
    // No job of the pipeline deploys with another tool: the export job publishes.
    expect(JSON.stringify(pipeline)).not.toMatch(/aws s3 (sync|cp)/)
  })

  it('stops before running anything when the tarball does not match its SHA-256', async () => {
    const pipeline = parse(await read('.gitlab-ci.yml')) as Record<string, GitlabJob> & {
      variables: Record<string, string>
    }
    const tampered = await mkdtemp(path.join(os.tmpdir(), 'tampered-release-'))
    await copyFile(release.checksum, path.join(tampered, path.basename(release.checksum)))
    const bytes = await readFile(release.tarball)
    bytes[bytes.length - 1] ^= 1
    await writeFile(path.join(tampered, path.basename(release.tarball)), bytes)
    const mirror = await serveFolder(tampered)
    try {
      const variables = { ...pipeline.variables, ...(await testVariables()), DOCS_EXPORT_RELEASE: mirror.url }
      const run = await runScript(['-c', pipeline['export-docs']?.script?.join('\n') ?? ''], variables)
      expect(run.exitCode).not.toBe(0)
      expect(run.stdout).toContain(`${path.basename(release.tarball)}: FAILED`)
      expect(existsSync(path.join(run.cwd, '.docs-export'))).toBe(false)
      expect(emulator?.requests).toEqual([])
    } finally {
      await mirror.close()
    }
  })
})

describeWhere(
  missingSwift(),
  'GitLab CI: the publish and the air-gapped variant, against a real S3 store (Swift)',
  () => {
    let swift: Swift
    let website: WebsiteHost

    beforeAll(async () => {
      swift = await sharedSwift()
      await swift.createBucket('docs-bundles', { publicRead: true })
      await swift.createBucket('docs-site', { publicRead: true })
      website = await startWebsiteHost('website', (bucket) => swift.publicBase(bucket))
    }, 300_000)
    afterAll(async () => {
      await website?.stop()
      await swift?.stop()
    })

    it(
      'publishes the checked site from the export job, routes and all, as the CI/CD variables say',
      { timeout: 180_000 },
      async () => {
        const pipeline = parse(await read('.gitlab-ci.yml')) as Record<string, GitlabJob> & {
          variables: Record<string, string>
        }
        const exportJob = pipeline['export-docs']
        const publicUrl = `${website.url}/docs-site/en`
        const run = await runScript(['-c', exportJob?.script?.join('\n') ?? ''], {
          ...pipeline.variables,
          ...(await testVariables()),
          MINTLIFY_PUBLISH_TO: 's3://docs-site/en',
          MINTLIFY_PUBLISH_ENDPOINT: swift.endpoint,
          MINTLIFY_PUBLISH_PUBLIC_URL: publicUrl,
          ...swift.awsEnvironment
        })
        expect(run.exitCode, run.stderr).toBe(0)
        const variables = readGitlabDotenv(await readFile(path.join(run.cwd, 'export.env')))
        expect(variables.get('PUBLISH_URL')).toBe(publicUrl)
        expect(Number(variables.get('PUBLISH_UPLOADED'))).toBeGreaterThan(0)
        for (const kept of exportJob?.artifacts?.paths ?? [])
          expect(existsSync(path.join(run.cwd, kept)), kept).toBe(true)
        expect(run.stderr).toContain('routes a visitor follows')
        expect((await fetch(`${publicUrl}/`)).status).toBe(200)
        expect(run.stderr).not.toContain(swift.secretAccessKey)
      }
    )

    it(
      'mirrors the archive, hands MIRROR_URL to the rollout as GitLab reads the dotenv report, and keeps Helm values without a credential',
      { timeout: 180_000 },
      async () => {
        const pipeline = parse(await read('.gitlab-ci.yml')) as Record<string, GitlabJob> & {
          variables: Record<string, string>
        }
        const exportJob = pipeline['export-for-helm']
        const script = exportJob?.script?.join('\n') ?? ''
        checkExecs(script)
        const run = await runScript(['-c', script], {
          ...pipeline.variables,
          ...(await testVariables()),
          MINTLIFY_MIRROR_TO: 's3://docs-bundles/acme',
          MINTLIFY_MIRROR_ENDPOINT: swift.endpoint,
          MINTLIFY_MIRROR_PUBLIC_URL: swift.publicBase('docs-bundles'),
          ...swift.awsEnvironment
        })
        expect(run.exitCode, run.stderr).toBe(0)
        const variables = readGitlabDotenv(await readFile(path.join(run.cwd, 'helm.env')))
        const sha256 = variables.get('BUNDLE_SHA256') ?? ''
        expect(variables.get('MIRROR_URL')).toBe(`${swift.publicBase('docs-bundles')}/acme/${sha256}.tar.gz`)
        // What the rollout job reads comes from the report or its own variables.
        const used = [...(pipeline['rollout-helm']?.script?.join('\n') ?? '').matchAll(/\$(\w+)/g)].map(
          (m) => m[1] ?? ''
        )
        for (const name of used) expect([...variables.keys()]).toContain(name)
        const kept = exportJob?.artifacts?.paths ?? []
        expect(kept).toContain('site-export/helm-values.yaml')
        const values = await readFile(path.join(run.cwd, 'site-export/helm-values.yaml'), 'utf8')
        expect(values).toContain(`bundleUrl: "${variables.get('MIRROR_URL')}"`)
        expect(values).not.toMatch(/X-Amz-|Signature=|static-exports\//)
        expect(run.stderr).not.toContain(swift.secretAccessKey)
      }
    )
  }
)

interface ArgoTemplate {
  kind: string
  spec: {
    arguments: { parameters: { name: string; value: string }[] }
    templates: {
      container: {
        image: string
        command: string[]
        args: string[]
        env: { name: string; value?: string; valueFrom?: { secretKeyRef?: object } }[]
      }
      outputs: { artifacts: { name: string; path: string }[]; parameters?: unknown[] }
    }[]
  }
}

/** The container's script and its environment, with parameters put in as Argo does: into the variables' values. */
async function argoStep(parameters: Record<string, string> = {}): Promise<{
  script: string
  variables: Record<string, string>
  template: ArgoTemplate
}> {
  const template = parse(await read('argo-workflow-template.yaml')) as ArgoTemplate
  const [step] = template.spec.templates
  if (!step) throw new Error('the template has no step')
  const values = new Map(template.spec.arguments.parameters.map((parameter) => [parameter.name, parameter.value]))
  for (const [name, value] of Object.entries(parameters)) values.set(name, value)
  const variables: Record<string, string> = {}
  for (const variable of step.container.env) {
    if (variable.value === undefined) continue
    variables[variable.name] = variable.value.replace(
      /\{\{inputs\.parameters\.([\w-]+)\}\}/g,
      (_, name: string) => values.get(name) ?? ''
    )
  }
  return { script: step.container.args[0] ?? '', variables, template }
}

describe('Argo Workflows', () => {
  it('passes parameters as variables, never in the script, and keeps nothing that holds the link', async () => {
    const { script, template } = await argoStep()
    expect(template.kind).toBe('WorkflowTemplate')
    const [step] = template.spec.templates
    expect(step?.container.image).toBe('node:24-slim')
    expect(step?.container.command).toEqual(['sh', '-c'])
    expect(step?.container.args).toHaveLength(1)
    expect(script).not.toContain('{{')
    checkExecs(script)
    const key = step?.container.env.find((variable) => variable.name === 'MINTLIFY_ADMIN_KEY')
    expect(key?.valueFrom?.secretKeyRef).toBeDefined()
    expect(step?.outputs.parameters).toBeUndefined()
    expect(step?.outputs.artifacts.map((artifact) => artifact.path)).toEqual([
      '/work/export/site',
      '/work/export/verify-report.json'
    ])
    expect(template.spec.arguments.parameters.find((parameter) => parameter.name === 'version')?.value).toBe(
      await packageVersion()
    )
  })

  it('exports with the parameters given', async () => {
    const { script, variables } = await argoStep({ domain: 'docs.acme.dev' })
    const run = await runScript(['-c', script], { ...variables, ...(await testVariables()) })
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/^site-path +\S+\/export\/site$/m)
    expect((await stat(path.join(run.cwd, 'export/verify-report.json'))).isFile()).toBe(true)
  })

  it.each([`docs.acme.dev"; touch injected; echo "`, '$(touch injected)', '`touch injected`'])(
    'takes a parameter as data, not as shell: %s',
    async (domain) => {
      const { script, variables } = await argoStep({ domain })
      const run = await runScript(['-c', script], { ...variables, ...(await testVariables()) })
      expect(run.exitCode).toBe(2)
      expect(run.stderr).toContain('MINTLIFY_DOMAIN must be a host name such as docs.acme.dev')
      expect(existsSync(path.join(run.cwd, 'injected'))).toBe(false)
      expect(emulator?.requests).toEqual([])
    }
  )

  it("gets Kubernetes' SIGTERM to the container's sh through exec, and prints the job id to resume", async () => {
    const { script, variables } = await argoStep()
    let sent = false
    const run = await runScript(
      ['-c', script],
      { ...variables, ...(await testVariables({ export: { runningMs: 60_000 } })) },
      (text, kill) => {
        if (!sent && text.includes(': running')) {
          sent = true
          kill('SIGTERM')
        }
      }
    )
    expect(run.exitCode).toBe(143)
    expect(run.stderr).toContain('Received SIGTERM: stopping')
    expect(run.stderr).toMatch(/run again with --export-job-id se_\w+ to collect it/)
  })
})

describe('Jenkins', () => {
  it('exports with the key from a credentials binding, archives the site, and removes the Helm values', async () => {
    const text = await read('Jenkinsfile')
    expect(text).toMatch(/withCredentials\(\[string\(credentialsId: '[\w-]+', variable: 'MINTLIFY_ADMIN_KEY'\)\]\)/)
    expect(text).toContain("docker { image 'node:24-slim' }")
    expect(text).toMatch(/archiveArtifacts artifacts: 'site-export\/site\/\*\*, site-export\/verify-report\.json'/)
    expect(text).toContain("sh 'rm -f site-export/helm-values.yaml'")
    const script = /sh '''\n([\s\S]*?)'''/.exec(text)?.[1] ?? ''
    // In a Groovy ''' string a backslash is an escape: the script has none, so the shell gets it as written.
    expect(script).not.toContain('\\')
    checkExecs(script)
    const environment = Object.fromEntries(
      [...(/environment \{([\s\S]*?)\n {2}\}/.exec(text)?.[1] ?? '').matchAll(/^\s*(\w+) = '([^']*)'$/gm)].map(
        (match) => [match[1] ?? '', match[2] ?? '']
      )
    )
    expect(environment.DOCS_EXPORT_VERSION).toBe(await packageVersion())
    // As Jenkins runs an sh step: sh -xe; the build parameter is a variable of its own name.
    const run = await runScript(['-xe', '-c', script], {
      ...environment,
      MINTLIFY_EXPORT_JOB_ID: '',
      ...(await testVariables())
    })
    expect(run.exitCode).toBe(0)
    expect(await readdir(path.join(run.cwd, 'site-export/site'))).toContain('index.html')
  })
})
