import { execFile, execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { Emulator } from './emulator/server.ts'
import { packRelease, releaseStep, type ReleaseAssets } from './support/release.ts'
import { describeWhere, missingOlderNode, olderNode } from './support/requirements.ts'
import { ROOT } from './support/run-action.ts'
import { environmentWithoutMintlify, runCli } from './support/run-cli.ts'

/**
 * The release users fetch: the release workflow's pack step run as the runner runs it (offline),
 * its tarball and SHA-256, the package installed from it offline into an empty folder, npx on
 * it, and an older Node refused by the installed command.
 */

const run = promisify(execFile)

let release: ReleaseAssets
let emulator: Emulator | undefined

beforeAll(async () => {
  release = await packRelease()
}, 120_000)

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

interface ReleaseWorkflow {
  on: { push: { tags: string[] } }
  jobs: Record<
    string,
    { permissions: Record<string, string>; steps: { id?: string; name?: string; run?: string; if?: string }[] }
  >
}

describe('the release workflow', () => {
  it('runs on a version tag, tests before it packs, attaches the tarball and its SHA-256, and can publish with provenance', async () => {
    const workflow = parse(await readFile(path.join(ROOT, '.github/workflows/release.yml'), 'utf8')) as ReleaseWorkflow
    expect(workflow.on.push.tags).toEqual(['v[0-9]+.[0-9]+.[0-9]+*'])
    const [job] = Object.values(workflow.jobs)
    expect(job?.permissions).toEqual({ contents: 'write', 'id-token': 'write' })
    const runs = job?.steps.map((step) => step.run ?? '') ?? []
    const test = runs.findIndex((script) => script === 'npm test')
    const pack = job?.steps.findIndex((step) => step.id === 'pack') ?? -1
    expect(test).toBeGreaterThan(-1)
    expect(pack).toBeGreaterThan(test)
    expect(runs.join('\n')).toMatch(/gh release (create|upload) "\$GITHUB_REF_NAME" "\$TARBALL" "\$TARBALL\.sha256"/)
    expect(runs.join('\n')).toContain('npm publish "$TARBALL" --provenance --access public')
  })

  it('packs the command line: the tarball and a SHA-256 file that sha256sum -c accepts', async () => {
    const name = path.basename(release.tarball)
    expect(name).toMatch(/^docs-export-action-\d+\.\d+\.\d+\.tgz$/)
    expect(await readFile(release.checksum, 'utf8')).toMatch(
      new RegExp(`^[0-9a-f]{64}  ${name.replace(/\./g, '\\.')}\n$`)
    )
    const { stdout } = await run('sha256sum', ['-c', path.basename(release.checksum)], { cwd: release.folder })
    expect(stdout).toBe(`${name}: OK\n`)
    const listing = execFileSync('tar', ['-tzf', release.tarball], { encoding: 'utf8' }).trim().split('\n')
    expect(listing).toContain('package/dist/cli/index.js')
    expect(listing.every((file) => /^package\/(package\.json|README\.md|LICENSE|dist\/cli\/)/.test(file))).toBe(true)
    const manifest = JSON.parse(
      execFileSync('tar', ['-xzOf', release.tarball, 'package/package.json'], { encoding: 'utf8' })
    ) as Record<string, unknown>
    expect(manifest.private).toBeUndefined()
    expect(manifest.bin).toEqual({ 'docs-export': 'dist/cli/index.js' })
    // Bundled into dist/cli/: npx needs nothing else from the registry.
    expect(manifest.dependencies).toBeUndefined()
    expect(manifest.repository).toMatchObject({ url: expect.stringContaining('github.com/') as string })
  })

  it('refuses a tag that is not the package version', async () => {
    await expect(packRelease('v0.0.0-not-this')).rejects.toMatchObject({
      stdout: expect.stringContaining(
        "::error::The tag v0.0.0-not-this does not match package.json's version"
      ) as string
    })
    expect(await releaseStep('pack')).toContain('GITHUB_REF_NAME')
  })
})

/** An npm cache of the test's own: the user's may not exist (nobody's HOME is /nonexistent). */
async function emptyNpmCache(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'npm-cache-'))
}

describe('the package', () => {
  it(
    'installs from the released tarball into an empty folder, offline, and runs its bin; npx --yes runs the tarball',
    { timeout: 120_000 },
    async () => {
      const project = await mkdtemp(path.join(os.tmpdir(), 'cli-install-'))
      const npmEnv = { ...process.env, npm_config_cache: await emptyNpmCache() }
      await run('npm', ['init', '-y'], { cwd: project, env: npmEnv })
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', release.tarball], {
        cwd: project,
        env: npmEnv
      })
      const installed = await readdir(path.join(project, 'node_modules'))
      expect(installed.filter((name) => !name.startsWith('.'))).toEqual(['docs-export-action'])

      emulator = await new Emulator().start()
      const env = {
        MINTLIFY_ADMIN_KEY: emulator.options.apiKey,
        MINTLIFY_BASE_URL: emulator.baseUrl,
        MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
        MINTLIFY_VERIFY_BROWSER: 'off'
      }
      const bin = await runCli(['export', '--domain', 'docs.acme.dev', '--extract', '--json'], {
        cwd: project,
        entry: path.join(project, 'node_modules', '.bin', 'docs-export'),
        env
      })
      expect(bin.exitCode).toBe(0)
      expect(JSON.parse(bin.stdout)).toMatchObject({ status: 'completed', pageCount: 3 })
      expect(bin.stderr).toContain('Checked 6 files')

      // As the README shows it, with an empty npm cache and offline.
      const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8')
      expect(readme).toMatch(/npx --yes \.\/docs-export-action-\d+\.\d+\.\d+\.tgz export /)
      // npx takes a path that starts with ./ for a package, and an absolute one for a program.
      const work = await mkdtemp(path.join(os.tmpdir(), 'cli-npx-'))
      await mkdir(path.join(work, 'npm-cache'))
      const npx = await runCli(
        ['--offline', '--yes', `./${path.basename(release.tarball)}`, 'export', '--domain', 'docs.acme.dev', '--json'],
        { cwd: release.folder, entry: 'npx', env: { ...env, npm_config_cache: path.join(work, 'npm-cache') } }
      )
      expect(npx.exitCode).toBe(0)
      expect(JSON.parse(npx.stdout)).toMatchObject({ status: 'completed' })
    }
  )

  describeWhere(missingOlderNode, 'the release: an older Node', () => {
    it(
      'refuses an older Node when installed or run by npx: exit code 2 and the version found',
      { timeout: 120_000 },
      async () => {
        const old = olderNode
        if (!old) throw new Error(missingOlderNode)
        const message = `error: docs-export needs Node 24 or later, found ${old.version}: install Node 24, or run it in the node:24-slim image\n`
        const env = {
          ...environmentWithoutMintlify(),
          PATH: `${old.bin}:${process.env.PATH ?? ''}`,
          npm_config_cache: await emptyNpmCache()
        }
        const project = await mkdtemp(path.join(os.tmpdir(), 'cli-old-node-'))
        await run(path.join(old.bin, 'npm'), ['init', '-y'], { cwd: project, env })
        await run(path.join(old.bin, 'npm'), ['install', '--offline', '--no-audit', '--no-fund', release.tarball], {
          cwd: project,
          env
        })
        const installed = await runCli(['export', '--help'], {
          cwd: project,
          entry: path.join(project, 'node_modules', '.bin', 'docs-export'),
          env: { PATH: env.PATH }
        })
        expect(installed.exitCode).toBe(2)
        expect(installed.stderr).toBe(message)

        const work = await mkdtemp(path.join(os.tmpdir(), 'cli-old-npx-'))
        const npx = await runCli(['--offline', '--yes', `./${path.basename(release.tarball)}`, '--help'], {
          cwd: release.folder,
          entry: path.join(old.bin, 'npx'),
          env: { PATH: env.PATH, npm_config_cache: path.join(work, 'npm-cache') }
        })
        expect(npx.exitCode).toBe(2)
        expect(npx.stderr).toContain(message)
        expect(npx.stdout).toBe('')
      }
    )
  })
})
