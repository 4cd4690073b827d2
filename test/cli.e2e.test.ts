import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { gzipSync } from 'node:zlib'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { tarArchive } from './support/craft.ts'
import { ROOT } from './support/run-action.ts'
import { runCli, type CliOptions, type CliRun } from './support/run-cli.ts'

/**
 * The command line through the built dist/cli/index.js against the emulator: exit codes, the
 * outputs on stdout and in the dotenv file, the key kept out of everything, interruptions, and the
 * package `npm pack` makes, installed into an empty folder.
 */

let emulator: Emulator | undefined

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

async function startEmulator(setup: EmulatorSetup = {}): Promise<Emulator> {
  emulator = await new Emulator(setup).start()
  return emulator
}

/** `export` against the emulator with the key in the environment, short polls and the given flags. */
function runExport(server: Emulator, flags: string[], options: CliOptions = {}): Promise<CliRun> {
  return runCli(
    ['export', '--base-url', server.baseUrl, '--domain', 'docs.acme.dev', '--poll-interval-seconds', '0.05', ...flags],
    {
      ...options,
      env: { MINTLIFY_ADMIN_KEY: server.options.apiKey, ...options.env }
    }
  )
}

/** Every file under a folder, as text. */
async function filesUnder(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name)
      files.set(file, await readFile(file, 'latin1'))
    }
  }
  return files
}

describe('command line: help and version', () => {
  it('prints the commands with --help, and exits 0', async () => {
    const run = await runCli(['--help'])
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('Usage: docs-export <command> [options]')
    expect(run.stdout).toMatch(/export\s+run a static export/)
    expect(run.stdout).toContain('MINTLIFY_ADMIN_KEY')
  })

  it('prints the flags of export, named after the inputs, with their defaults', async () => {
    const run = await runCli(['export', '--help'])
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toMatch(/--domain DOMAIN\n/)
    expect(run.stdout).toMatch(/--timeout-seconds N +\(default: 1800\)/)
    expect(run.stdout).toMatch(/--verify warn\|error\|off +\(default: warn\)/)
    expect(run.stdout).toMatch(/--no-download +\(default: --download\)/)
    expect(run.stdout).toMatch(/--extract +\(default: off\)/)
    expect(run.stdout).not.toContain('--comment-on')
    expect(run.stdout).not.toContain('--api-key ')
  })

  it('prints the package version with --version', async () => {
    const run = await runCli(['--version'])
    expect(run.exitCode).toBe(0)
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(run.stdout).toBe(`${version}\n`)
  })
})

describe('command line: exit code 2, before any request', () => {
  it('names the variable when there is no key', async () => {
    const server = await startEmulator()
    const run = await runCli(['export', '--base-url', server.baseUrl, '--domain', 'docs.acme.dev'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toBe(
      'error: No admin key: set the environment variable MINTLIFY_ADMIN_KEY, or pass --api-key-file FILE\n'
    )
    expect(run.stdout).toBe('')
    expect(server.requests).toEqual([])
  })

  it('refuses the key as a flag value without echoing it', async () => {
    const run = await runCli(['export', '--domain', 'docs.acme.dev', '--api-key=mint_secret_on_the_command_line'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('The key is not taken from the command line')
    expect(run.stderr + run.stdout).not.toContain('mint_secret_on_the_command_line')
  })

  it('checks values as the action checks its inputs, naming the flag', async () => {
    const server = await startEmulator()
    const run = await runExport(server, ['--verify', 'strict', '--timeout-seconds', 'soon'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('Option --verify must be warn, error or off, got "strict"')
    expect(run.stderr).toContain('Option --timeout-seconds must be a positive number of seconds, got "soon"')
    expect(server.requests).toEqual([])
  })

  it('refuses an unknown flag and an unknown command', async () => {
    const unknownFlag = await runCli(['export', '--domian', 'docs.acme.dev'], {
      env: { MINTLIFY_ADMIN_KEY: 'mint_x_1' }
    })
    expect(unknownFlag.exitCode).toBe(2)
    expect(unknownFlag.stderr).toContain("Unknown option '--domian'")
    const unknownCommand = await runCli(['deploy'])
    expect(unknownCommand.exitCode).toBe(2)
    expect(unknownCommand.stderr).toContain('Unknown command "deploy"')
  })
})

describe('command line: export', () => {
  it('exports, unpacks and checks the site; --json on stdout, the dotenv file read back by sh; the key nowhere', async () => {
    const server = await startEmulator()
    const key = server.options.apiKey
    const run = await runExport(server, ['--extract', '--verify', 'error', '--json', '--output-env', 'export.env'])
    expect(run.exitCode).toBe(0)

    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(Object.keys(outputs).sort()).toEqual(
      [
        'bundle-path',
        'bundle-sha256',
        'bundle-url',
        'expires-at',
        'helm-values-path',
        'job-id',
        'page-count',
        'site-path',
        'status',
        'verify-report-path'
      ].sort()
    )
    expect(outputs.status).toBe('completed')
    const directory = path.join(await realpath(run.cwd), `static-export-${outputs['job-id']}`)
    expect(outputs['site-path']).toBe(path.join(directory, 'site'))
    expect((await stat(path.join(directory, 'site', 'index.html'))).isFile()).toBe(true)

    const envFile = path.join(run.cwd, 'export.env')
    expect((await stat(envFile)).mode & 0o777).toBe(0o600)
    const readBack = execFileSync('sh', ['-c', '. ./export.env; printf %s "$BUNDLE_URL"'], {
      cwd: run.cwd,
      encoding: 'utf8'
    })
    expect(readBack).toBe(outputs['bundle-url'])
    const jobId = execFileSync('sh', ['-c', '. ./export.env; printf %s "$JOB_ID"'], { cwd: run.cwd, encoding: 'utf8' })
    expect(jobId).toBe(outputs['job-id'])

    expect(run.stderr).toContain('── Download the bundle')
    expect(run.stderr).not.toContain(outputs['bundle-url'])
    for (const text of [run.stdout, run.stderr, ...(await filesUnder(run.cwd)).values()])
      expect(text).not.toContain(key)
  })

  it('prints a name-value table without --json, and quotes values so that sh reads them back exactly', async () => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-quote-'))
    const out = path.join(cwd, "it's here")
    const run = await runExport(server, ['--out', out, '--output-env', 'export.env'], { cwd })
    expect(run.exitCode).toBe(0)
    const jobId = /^job-id +(se_\w+)\n/.exec(run.stdout)?.[1] ?? ''
    expect(jobId).not.toBe('')
    expect(run.stdout.split('\n')).toContain(`bundle-path       ${out}/bundle-${jobId}.tar.gz`)
    const readBack = execFileSync('sh', ['-c', '. ./export.env; printf %s "$BUNDLE_PATH"'], { cwd, encoding: 'utf8' })
    expect(readBack).toBe(path.join(out, `bundle-${jobId}.tar.gz`))
  })

  it('takes the key from --api-key-file', async () => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-keyfile-'))
    await writeFile(path.join(cwd, 'key'), `${server.options.apiKey}\n`)
    const run = await runCli(
      [
        'export',
        '--base-url',
        server.baseUrl,
        '--domain',
        'docs.acme.dev',
        '--poll-interval-seconds',
        '0.05',
        '--api-key-file',
        'key',
        '--no-download',
        '--json'
      ],
      { cwd }
    )
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed' })
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${server.options.apiKey}`)
  })

  it('exits 1 when the job fails, with the job id in --json', async () => {
    const server = await startEmulator({ export: { outcome: 'failed', error: 'the site has no published pages' } })
    const run = await runExport(server, ['--json'])
    expect(run.exitCode).toBe(1)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(outputs.status).toBe('failed')
    expect(run.stderr).toContain(`error: Export job ${outputs['job-id']} failed: the site has no published pages`)
  })

  it('exits 1 when the archive is refused, naming the entry and the rule, and keeps the archive', async () => {
    const bytes = gzipSync(
      tarArchive([
        { name: 'index.html', data: '<html></html>' },
        { name: '../escape.txt', data: 'out' }
      ])
    )
    const server = await startEmulator({ archive: { bytes, name: 'bundle.tar.gz' } })
    const run = await runExport(server, ['--extract', '--json'])
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toMatch(/error: Export job se_\w+: The tar\.gz archive \S+ was refused: .*\.\.\/escape\.txt/)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(outputs['site-path']).toBeUndefined()
    expect((await stat(outputs['bundle-path'] ?? '')).isFile()).toBe(true)
  })

  it('exits 3 when --timeout-seconds runs out, with the job id printed and in --json', async () => {
    const server = await startEmulator({ export: { runningMs: 60_000 } })
    const run = await runExport(server, ['--timeout-seconds', '1', '--json'])
    expect(run.exitCode).toBe(3)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(outputs['job-id']).toMatch(/^se_/)
    expect(outputs.status).toBe('running')
    expect(run.stderr).toContain(`run again with --export-job-id ${outputs['job-id']}`)
  })

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143]
  ] as const)('exits %s mid-poll with %i, printing the job id and how to resume', async (signal, code) => {
    const server = await startEmulator({ export: { runningMs: 60_000 } })
    let sent = false
    const run = await runExport(server, ['--json'], {
      onStderr: (text, child) => {
        if (!sent && text.includes('running')) {
          sent = true
          child.kill(signal)
        }
      }
    })
    expect(run.exitCode).toBe(code)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(run.stderr).toContain(`Received ${signal}: stopping`)
    expect(run.stderr).toContain(`export job ${outputs['job-id']} was in progress`)
    expect(run.stderr).toContain(`run again with --export-job-id ${outputs['job-id']}`)
  })
})

describe('command line: agent-job', () => {
  it('follows the agent job and reports its pull request in --json', async () => {
    const server = await startEmulator()
    server.addAgentJob('proj_demo', 'agent_demo')
    const run = await runCli(
      [
        'agent-job',
        '--base-url',
        server.baseUrl,
        '--project-id',
        'proj_demo',
        '--agent-job-id',
        'agent_demo',
        '--poll-interval-seconds',
        '0.05',
        '--json'
      ],
      { env: { MINTLIFY_ADMIN_KEY: server.options.apiKey } }
    )
    expect(run.exitCode).toBe(0)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    expect(outputs.status).toBe('completed')
    expect(outputs['pr-link']).toMatch(/^https:\/\/github\.com\//)
  })
})

describe('command line: the npm package', () => {
  it(
    'installs from the tarball of npm pack into an empty folder, offline, and runs its bin; npx runs the tarball',
    { timeout: 120_000 },
    async () => {
      const work = await mkdtemp(path.join(os.tmpdir(), 'cli-pack-'))
      const packed = JSON.parse(
        execFileSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, encoding: 'utf8' })
      ) as {
        filename: string
        files: { path: string }[]
      }[]
      const [tarball] = packed
      if (!tarball) throw new Error('npm pack made no tarball')
      expect(tarball.files.map((file) => file.path)).toContain('dist/cli/index.js')
      expect(
        tarball.files.every((file) => file.path === 'package.json' || /^(dist\/cli\/|README|LICENSE)/.test(file.path))
      ).toBe(true)

      const project = path.join(work, 'project')
      await mkdir(project)
      execFileSync('npm', ['init', '-y'], { cwd: project, stdio: 'ignore' })
      execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', path.join(work, tarball.filename)], {
        cwd: project,
        stdio: 'ignore'
      })
      const installed = await readdir(path.join(project, 'node_modules'))
      expect(installed).toEqual(
        ['.bin', '.package-lock.json', 'docs-export-action'].filter((name) => installed.includes(name))
      )

      const server = await startEmulator()
      const run = await runCli(
        [
          'export',
          '--base-url',
          server.baseUrl,
          '--domain',
          'docs.acme.dev',
          '--poll-interval-seconds',
          '0.05',
          '--extract',
          '--json'
        ],
        {
          cwd: project,
          entry: path.join(project, 'node_modules', '.bin', 'docs-export'),
          env: { MINTLIFY_ADMIN_KEY: server.options.apiKey }
        }
      )
      expect(run.exitCode).toBe(0)
      expect(JSON.parse(run.stdout)).toMatchObject({ status: 'completed', 'page-count': '3' })
      expect(run.stderr).toContain('Checked 6 files')

      // As the README shows it: npx runs the tarball's bin, here with an empty npm cache and offline.
      const npx = await runCli(
        [
          '--offline',
          '--yes',
          `./${tarball.filename}`,
          'export',
          '--base-url',
          server.baseUrl,
          '--domain',
          'docs.acme.dev',
          '--poll-interval-seconds',
          '0.05',
          '--json'
        ],
        {
          cwd: work,
          entry: 'npx',
          env: { MINTLIFY_ADMIN_KEY: server.options.apiKey, npm_config_cache: path.join(work, 'npm-cache') }
        }
      )
      expect(npx.exitCode).toBe(0)
      expect(JSON.parse(npx.stdout)).toMatchObject({ status: 'completed' })
    }
  )
})
