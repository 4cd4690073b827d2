import { execFileSync, spawn } from 'node:child_process'
import { chmod, mkdir, mkdtemp, readdir, readFile, realpath, stat, symlink, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { flagsOf } from '../src/cli/flags.ts'
import { defaultOf, describe as describeFlag, flagUsage } from '../src/cli/help.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { brokenSite } from './emulator/sites.ts'
import { tarArchive } from './support/craft.ts'
import { describeWhere, missingOlderNode, olderNode } from './support/requirements.ts'
import { readActionYaml, ROOT } from './support/run-action.ts'
import { CLI_ENTRY, environmentWithoutMintlify, runCli, type CliOptions, type CliRun } from './support/run-cli.ts'

/**
 * The command line through the built dist/cli/index.js against the emulator: help, flags and their
 * variables, what is checked before any request, --json, the table, every exit code, messages in
 * the command line's words, --quiet, and interruptions.
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

/** `export` against the emulator with the key in the environment, short polls, no browser, and the given flags. */
function runExport(server: Emulator, flags: string[], options: CliOptions = {}): Promise<CliRun> {
  return runCli(
    ['export', '--base-url', server.baseUrl, '--domain', 'docs.acme.dev', '--poll-interval-seconds', '0.05', ...flags],
    {
      ...options,
      env: { MINTLIFY_ADMIN_KEY: server.options.apiKey, MINTLIFY_VERIFY_BROWSER: 'off', ...options.env }
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

type JsonOutputs = Record<string, unknown> & { error?: { code: string; message: string } }

function json(run: CliRun): JsonOutputs {
  return JSON.parse(run.stdout) as JsonOutputs
}

/** What the Action calls its settings, which the command line's messages never say. */
const ACTION_WORDS = [
  /Input '/,
  /(?<!-)\bapi-key\b/,
  /(?<!-)\b(extract|wait|verify|download): /,
  /\bcommand (export|agent-job)\b/,
  /\bthe step\b/
]

describe('command line: help and version', () => {
  it.each([['--help'], ['-h'], ['help'], []])('prints the program help with %s, and exits 0', async (...args) => {
    const run = await runCli(args)
    expect(run.exitCode).toBe(0)
    expect(run.stdout).toContain('Usage: docs-export <command> [options]')
    expect(run.stdout).toMatch(/\n {2}export +Run a static export/)
    expect(run.stdout).toMatch(/\n {2}agent-job +Start an AI agent job from --prompt/)
    expect(run.stdout).toContain('MINTLIFY_ADMIN_KEY')
    expect(run.stdout).toContain('MINTLIFY_BASE_URL')
    for (const code of [0, 1, 2, 3, 4, 5, 130, 143]) expect(run.stdout).toMatch(new RegExp(`\\n {2}${code} +\\S`))
    expect(run.stdout).not.toContain('README')
  })

  it('shows every flag and output of export whole, wrapped and never cut: at 80 columns each description under its flag', async () => {
    const run = await runCli(['export', '-h'])
    expect(run.exitCode).toBe(0)
    expect((await runCli(['export', '--help'])).stdout).toBe(run.stdout)
    expect((await runCli(['help', 'export'])).stdout).toBe(run.stdout)
    const lines = run.stdout.split('\n')
    // Not a terminal and no COLUMNS: 80 columns, every line within them, nothing cut short.
    for (const line of lines.filter((line) => !line.includes('docs-export export ')))
      expect(line.length, line).toBeLessThanOrEqual(80)
    expect(run.stdout).not.toContain('…\n')
    expect(run.stdout).toMatch(
      /\n {2}--timeout-seconds N\n {6}Longest time to wait for the export job to finish, in seconds;/
    )
    const text = run.stdout.replace(/\s+/g, ' ')
    // Each flag's whole description, as docs/cli.md has it, with its default.
    for (const flag of flagsOf('export')) {
      const whole = describeFlag(flag.description, flag.value ? undefined : flag.input).replace(/\s+/g, ' ')
      expect(text, flag.name).toContain(
        `${flagUsage(flag)} ${whole}${flag.default === undefined ? '' : ` [${defaultOf(flag)}]`}`
      )
    }
    expect(text).toContain('MINTLIFY_ and its name (--base-url: MINTLIFY_BASE_URL)')
    // The outputs with what they hold, and which a failure leaves out.
    expect(text).toContain('page-count Pages exported, as a whole number. bundle-url')
    expect(text).toContain('helm-values-path Once the export has succeeded:')
    expect(text).toMatch(
      /site-path With --extract: absolute path of the unpacked site \(its index\.html at the top\)\. Not set after a failure\./
    )
    expect(text).not.toContain('pr-link')
    expect(text).toContain('5 the site check found problems under --verify error')
    const examples = run.stdout.split('Examples:\n')[1]?.split('\n\n')[0]?.split('\n') ?? []
    expect(examples).toHaveLength(2)
    for (const example of examples) expect(example).toMatch(/docs-export export /)
    // No markdown, no Action words, no README section and no job summary, which a terminal has not.
    expect(run.stdout).not.toContain('`')
    for (const words of ACTION_WORDS) expect(run.stdout).not.toMatch(words)
    expect(run.stdout).not.toMatch(/README|see Site check|see Browser pass|summary|the log, the log/)
    for (const input of ['comment-on', 'github-token', 'path', 'paths', 'command', 'api-key'])
      expect(run.stdout).not.toMatch(new RegExp(`\\n {2}--${input}[ \\n]`))
  })

  it('puts each description beside its flag on a wide terminal (COLUMNS), wrapped within it', async () => {
    const run = await runCli(['export', '--help'], { env: { COLUMNS: '200' } })
    expect(run.exitCode).toBe(0)
    const lines = run.stdout.split('\n')
    // Wrapped at 120 columns, the widest the help takes, never cut.
    for (const line of lines.filter((line) => !line.includes('docs-export export ')))
      expect(line.length, line).toBeLessThanOrEqual(120)
    expect(lines.some((line) => line.length > 100)).toBe(true)
    expect(run.stdout).toMatch(
      /\n {2}--timeout-seconds N +Longest time to wait for the export job to finish, in seconds; it bounds the whole run:\n {32}polls/
    )
    expect(run.stdout).not.toContain('…\n')
    // The program's help too: the commands' lines, wrapped beside their names.
    const program = await runCli(['--help'], { env: { COLUMNS: '60' } })
    // But for a word longer than the line, which stands alone: the page's address.
    for (const line of program.stdout.split('\n').filter((line) => !line.includes('docs-export ') && /\s\S/.test(line)))
      expect(line.length, line).toBeLessThanOrEqual(60)
    expect(program.stdout).toMatch(/\n {2}agent-job +Start an AI agent job from --prompt/)
  })

  it('has every flag in full in docs/cli.md, which npm run docs writes from the same catalogue', async () => {
    const reference = (await readFile(path.join(ROOT, 'docs/cli.md'), 'utf8')).replace(/ {2,}/g, ' ')
    const action = await readActionYaml()
    // Each input offered as a flag, with its description from action.yml in the command line's words.
    expect(reference).toContain(
      '| `--timeout-seconds N` | `1800` | `MINTLIFY_TIMEOUT_SECONDS` | Longest time to wait for the export job to finish, in seconds; it bounds the whole run: polls, retries of every call, the download, unpacking, the site check and the mirror. A clean-up that it cuts short (the abort of an upload) gets 5 s more at most. |'
    )
    expect(reference).toContain(
      '| `--extract` | `--no-extract` | `MINTLIFY_EXTRACT` | Unpack the downloaded archive into &lt;--out>/site (needs --download), replacing what was there once it has unpacked completely. |'
    )
    expect(reference).toContain('error: fail the run on any problem')
    expect(reference).toContain(
      '| `page-count` | `pageCount` | `PAGE_COUNT` | set | Pages exported, as a whole number. |'
    )
    expect(reference).toContain('| `site-path` | `sitePath` | `SITE_PATH` | not set |')
    expect(reference).toContain('| `pr-link` | `prLink` | `PR_LINK` | set |')
    for (const code of [0, 1, 2, 3, 4, 5, 130, 143]) expect(reference).toMatch(new RegExp(`\\n\\| ${code} \\| \\S`))
    expect(reference).not.toMatch(/see Site check|see Browser pass|the summary/)
    for (const words of ACTION_WORDS) expect(reference).not.toMatch(words)
    expect(Object.keys(action.inputs)).toContain('timeout-seconds')
  })

  it('describes agent-job with its own flags only', async () => {
    const run = await runCli(['agent-job', '--help'])
    expect(run.exitCode).toBe(0)
    const text = run.stdout.replace(/\s+/g, ' ')
    // Its own words: the agent job's, never the export's.
    expect(text).toContain(
      "--project-id ID Project identifier (on the dashboard's API keys page): the project the agent job works in."
    )
    expect(text).toContain(
      '--wait --no-wait: start the agent job from --prompt (or send it as a follow-up, or read the job once) and return at once. [--wait]'
    )
    expect(text).toContain('--timeout-seconds N Longest time to wait for the agent job to end, in seconds')
    expect(text).not.toMatch(/start the export|the download, unpacking/)
    expect(text).toContain(
      'Start an AI agent job from --prompt (or send --prompt to one as a follow-up), or follow one'
    )
    for (const output of ['status', 'agent-job-id', 'pr-link', 'comment-url'])
      expect(run.stdout).toMatch(new RegExp(`\\n {2}${output}\\n`))
    expect(run.stdout).not.toMatch(/\n {2}(--out|--extract|--domain) /)
  })

  it('says which --version is which when the export’s label has no value', async () => {
    for (const args of [
      ['export', '--version'],
      ['export', '--version', '--json']
    ]) {
      const run = await runCli(args, { env: { MINTLIFY_ADMIN_KEY: 'mint_x_1' } })
      expect(run.exitCode).toBe(2)
      expect(run.stderr.split('\n')[0]).toBe(
        "error: --version needs a value: --version LABEL, the export's label. The program's own version is docs-export --version, before any command. See docs-export export --help"
      )
    }
    const agent = await runCli(['agent-job', '--version'], { env: { MINTLIFY_ADMIN_KEY: 'mint_x_1' } })
    expect(agent.stderr).toContain("Unknown option --version. The program's own version is docs-export --version")
    const other = await runCli(['export', '--domain'], { env: { MINTLIFY_ADMIN_KEY: 'mint_x_1' } })
    expect(other.stderr).toBe('error: --domain needs a value: --domain DOMAIN. See docs-export export --help\n')
  })

  it('prints the package version with --version', async () => {
    const run = await runCli(['--version'])
    expect(run.exitCode).toBe(0)
    const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(run.stdout).toBe(`${version}\n`)
  })

  describeWhere(missingOlderNode, 'command line: an older Node', () => {
    it('refuses an older Node with exit code 2 and the version it found, before reading anything', async () => {
      const old = olderNode
      if (!old) throw new Error(missingOlderNode)
      const run = await runCli(['export', '--help'], { node: old.binary })
      expect(run.exitCode).toBe(2)
      expect(run.stderr).toBe(
        `error: docs-export needs Node 24 or later, found ${old.version}: install Node 24, or run it in the node:24-slim image\n`
      )
      expect(run.stdout).toBe('')
    })
  })
})

describe('command line: exit code 2, before any request', () => {
  it('names the variable when there is no key, and the one that is set by another name', async () => {
    const server = await startEmulator()
    const run = await runCli(['export', '--base-url', server.baseUrl, '--domain', 'docs.acme.dev'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toBe(
      'error: No admin key: set the environment variable MINTLIFY_ADMIN_KEY, or pass --api-key-file FILE\n'
    )
    expect(run.stdout).toBe('')
    const near = await runCli(['export', '--domain', 'docs.acme.dev', '--json'], {
      env: { MINTLIFY_API_KEY: 'mint_x_1' }
    })
    expect(near.exitCode).toBe(2)
    expect(near.stderr).toContain('(MINTLIFY_API_KEY is set, but only MINTLIFY_ADMIN_KEY is read)')
    expect(json(near)).toEqual({ error: { code: 'usage', message: expect.stringContaining('No admin key') as string } })
    expect(server.requests).toEqual([])
  })

  it('refuses a key that is not an admin key, naming where it came from, without echoing it', async () => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-badkey-'))
    await writeFile(path.join(cwd, 'key'), 'not a key\n', { mode: 0o600 })
    const fromFile = await runCli(['export', '--domain', 'docs.acme.dev', '--api-key-file', 'key'], {
      cwd,
      env: { MINTLIFY_BASE_URL: server.baseUrl }
    })
    expect(fromFile.exitCode).toBe(2)
    expect(fromFile.stderr).toBe(
      'error: The key in key does not look like an admin API key (expected the prefix_rest form, such as mint_…)\n'
    )
    const fromVariable = await runCli(['export', '--domain', 'docs.acme.dev'], {
      env: { MINTLIFY_BASE_URL: server.baseUrl, MINTLIFY_ADMIN_KEY: 'not a key' }
    })
    expect(fromVariable.exitCode).toBe(2)
    expect(fromVariable.stderr).toContain('error: MINTLIFY_ADMIN_KEY does not look like an admin API key')
    expect(fromFile.stderr + fromVariable.stderr).not.toContain('not a key')
    expect(server.requests).toEqual([])
  })

  it('refuses the key as a flag value without echoing it', async () => {
    const run = await runCli(['export', '--domain', 'docs.acme.dev', '--api-key=mint_secret_on_the_command_line'])
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('The key is not taken from the command line')
    expect(run.stderr + run.stdout).not.toContain('mint_secret_on_the_command_line')
  })

  it('checks values as the action checks its inputs, naming the flag, or the variable it came from', async () => {
    const server = await startEmulator()
    const run = await runExport(server, ['--verify', 'strict', '--json'], {
      env: { MINTLIFY_TIMEOUT_SECONDS: 'soon' }
    })
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain('Option --verify must be warn, error or off, got "strict"')
    expect(run.stderr).toContain('MINTLIFY_TIMEOUT_SECONDS must be a positive number of seconds, got "soon"')
    expect(json(run).error?.code).toBe('input')
    const badSwitch = await runExport(server, [], { env: { MINTLIFY_QUIET: 'yes' } })
    expect(badSwitch.exitCode).toBe(2)
    expect(badSwitch.stderr).toBe('error: MINTLIFY_QUIET must be true or false, got "yes"\n')
    expect(server.requests).toEqual([])
  })

  it('refuses an unknown flag, an unknown command, and a flag before the command', async () => {
    const unknownFlag = await runCli(['export', '--domian', 'docs.acme.dev'], {
      env: { MINTLIFY_ADMIN_KEY: 'mint_x_1' }
    })
    expect(unknownFlag.exitCode).toBe(2)
    expect(unknownFlag.stderr).toBe('error: --domian: did you mean --domain? See docs-export export --help\n')
    const farFlag = await runCli(['export', '--colour'], { env: { MINTLIFY_ADMIN_KEY: 'mint_x_1' } })
    expect(farFlag.stderr).toBe('error: Unknown option --colour. See docs-export export --help\n')
    const unknownCommand = await runCli(['deploy'])
    expect(unknownCommand.exitCode).toBe(2)
    expect(unknownCommand.stderr).toBe(
      'error: Unknown command "deploy": expected export, agent-job, check-deployment. See docs-export --help\n'
    )
    const flagFirst = await runCli(['--domain', 'docs.acme.dev', 'export'])
    expect(flagFirst.exitCode).toBe(2)
    expect(flagFirst.stderr).toContain('Give the command before --domain')
  })

  it.each([
    [
      '--out naming a file',
      async (cwd: string) => {
        await writeFile(path.join(cwd, 'taken'), 'x')
        return ['--out', 'taken']
      },
      '--out taken is a file, not a folder'
    ],
    [
      '--out below a file',
      async (cwd: string) => {
        await writeFile(path.join(cwd, 'taken'), 'x')
        return ['--out', 'taken/site-export']
      },
      `--out taken/site-export cannot be made: `
    ],
    [
      '--out where nothing can be written',
      async () => ['--out', '/proc/docs-export-out'],
      '--out /proc/docs-export-out cannot be made: nothing can be written in /proc'
    ],
    [
      '--output-env in a folder that does not exist',
      async () => ['--output-env', 'missing/export.env'],
      '--output-env missing/export.env: the folder'
    ],
    [
      '--output-sh naming a folder',
      async (cwd: string) => {
        await mkdir(path.join(cwd, 'outputs'))
        return ['--output-sh', 'outputs']
      },
      '--output-sh outputs is a folder: name a file'
    ],
    [
      '--output-env naming a symbolic link',
      async (cwd: string) => {
        await writeFile(path.join(cwd, 'target'), 'kept')
        await symlink('target', path.join(cwd, 'export.env'))
        return ['--output-env', 'export.env']
      },
      '--output-env export.env is a symbolic link: name a file, which is created new, never written through a link'
    ],
    [
      '--output-env and --output-sh naming one file',
      async () => ['--output-env', 'out', '--output-sh', './out'],
      '--output-env and --output-sh name the same file out'
    ]
  ])('refuses %s before any request', async (_, flags, message) => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-preflight-'))
    const run = await runExport(server, [...(await flags(cwd)), '--json'], { cwd })
    expect(run.exitCode).toBe(2)
    expect(run.stderr).toContain(`error: ${message}`)
    expect(json(run).error?.code).toBe('usage')
    expect(server.requests).toEqual([])
    if (existsSync(path.join(cwd, 'target'))) expect(await readFile(path.join(cwd, 'target'), 'utf8')).toBe('kept')
  })
})

describe('command line: flags from the environment', () => {
  it('takes every flag from its MINTLIFY_ variable; a flag given wins', async () => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-env-'))
    const run = await runCli(['export', '--domain', 'docs.acme.dev', '--download'], {
      cwd,
      env: {
        MINTLIFY_ADMIN_KEY: server.options.apiKey,
        MINTLIFY_BASE_URL: server.baseUrl,
        MINTLIFY_DOMAIN: 'wrong.example',
        MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
        MINTLIFY_DOWNLOAD: 'false',
        MINTLIFY_EXTRACT: 'TRUE',
        MINTLIFY_VERIFY_BROWSER: 'off',
        MINTLIFY_OUT: 'from-variable',
        MINTLIFY_JSON: 'true',
        MINTLIFY_QUIET: 'true',
        MINTLIFY_OUTPUT_SH: 'outputs.sh',
        // Empty, as CI systems leave variables that were not set: not given.
        MINTLIFY_EXPORT_JOB_ID: ''
      }
    })
    expect(run.exitCode).toBe(0)
    expect(run.stderr).toBe('')
    const outputs = json(run)
    expect(outputs.sitePath).toBe(path.join(await realpath(cwd), 'from-variable', 'site'))
    expect(JSON.parse(server.requests.find((request) => request.route === 'start')?.body ?? '{}')).toEqual({
      domain: 'docs.acme.dev'
    })
    expect(await readFile(path.join(cwd, 'outputs.sh'), 'utf8')).toContain(`export JOB_ID='${String(outputs.jobId)}'`)
  })
})

describe('command line: export', () => {
  it('never follows a link planted where its default output folder goes', async () => {
    const jobId = 'se_planted0123'
    const server = await startEmulator({ jobId })
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-planted-'))
    const elsewhere = path.join(cwd, 'elsewhere')
    await mkdir(elsewhere)
    await symlink(elsewhere, path.join(cwd, `static-export-${jobId}`))
    const run = await runExport(server, ['--extract'], { cwd })
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toContain(
      `static-export-${jobId} is a symbolic link: the output folder is never followed through a link`
    )
    expect(run.stderr).toContain('give --out a folder')
    expect(await readdir(elsewhere)).toEqual([])
  })

  it('exports, unpacks and checks the site; --json with camelCase keys and numbers as numbers; the key nowhere', async () => {
    const server = await startEmulator()
    const key = server.options.apiKey
    const run = await runExport(server, ['--extract', '--verify', 'error', '--json', '--output-env', 'export.env'])
    expect(run.exitCode).toBe(0)

    const outputs = json(run)
    expect(Object.keys(outputs).sort()).toEqual(
      [
        'bundlePath',
        'bundleSha256',
        'bundleUrl',
        'expiresAt',
        'helmValuesPath',
        'jobId',
        'manifestPath',
        'pageCount',
        'sitePath',
        'status',
        'verifyReportPath'
      ].sort()
    )
    expect(outputs.pageCount).toBe(3)
    expect(outputs.status).toBe('completed')
    expect(outputs.error).toBeUndefined()
    const jq = execFileSync(
      'node',
      ['-e', 'process.stdout.write(String(JSON.parse(require("fs").readFileSync(0)).jobId))'],
      {
        input: run.stdout,
        encoding: 'utf8'
      }
    )
    expect(jq).toBe(outputs.jobId)
    const directory = path.join(await realpath(run.cwd), `static-export-${String(outputs.jobId)}`)
    expect(outputs.sitePath).toBe(path.join(directory, 'site'))
    expect((await stat(path.join(directory, 'site', 'index.html'))).isFile()).toBe(true)

    expect(run.stderr).toContain('── Download the bundle')
    expect(run.stderr).not.toContain(String(outputs.bundleUrl))
    for (const text of [run.stdout, run.stderr, ...(await filesUnder(run.cwd)).values()])
      expect(text).not.toContain(key)
  })

  it('prints a name-value table, the link without its signature unless --no-mask-bundle-url', async () => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-table-'))
    const run = await runExport(server, ['--out', 'site-export'], { cwd })
    expect(run.exitCode).toBe(0)
    const jobId = /^job-id +(se_\w+)\n/.exec(run.stdout)?.[1] ?? ''
    expect(jobId).not.toBe('')
    expect(run.stdout.split('\n')).toContain(
      `bundle-path       ${await realpath(cwd)}/site-export/bundle-${jobId}.tar.gz`
    )
    const link = /^bundle-url +(\S+)$/m.exec(run.stdout)?.[1] ?? ''
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/static-exports\/se_\w+\/bundle\.tar\.gz$/)
    expect(run.stdout + run.stderr).not.toContain('X-Amz-Signature')

    const shown = await runExport(server, ['--no-mask-bundle-url', '--no-download'], { cwd })
    expect(shown.exitCode).toBe(0)
    expect(shown.stdout).toMatch(
      /^bundle-url +http:\/\/127\.0\.0\.1:\d+\/static-exports\/se_\w+\/bundle\.tar\.gz\?\S*X-Amz-Signature=/m
    )
  })

  it('shows control characters from the API escaped, in the table and in --json, which still holds the value', async () => {
    const server = await startEmulator()
    const hostile =
      'https://storage.example/b\u001b]0;owned\u0007\u009b2J.tar.gz?sig=1&x=\u001b]8;;https://evil.example\u001b\\'
    server.inject('bundle', {
      status: 200,
      body: JSON.stringify({
        bundleUrl: hostile,
        expiresAt: new Date(Date.now() + 600_000).toISOString(),
        sizeBytes: 10
      })
    })
    const table = await runExport(server, ['--no-download', '--no-mask-bundle-url'])
    expect(table.exitCode).toBe(0)
    expect(table.stdout).toContain(
      'b\\u001b]0;owned\\u0007\\u009b2J.tar.gz?sig=1&x=\\u001b]8;;https://evil.example\\u001b\\'
    )
    server.inject('bundle', { status: 200, body: JSON.stringify({ bundleUrl: hostile, sizeBytes: 10 }) })
    const asJson = await runExport(server, ['--no-download', '--json'])
    expect(asJson.exitCode).toBe(0)
    expect(json(asJson).bundleUrl).toBe(hostile)
    for (const run of [table, asJson]) {
      // eslint-disable-next-line no-control-regex
      expect(run.stdout + run.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/)
    }
  })

  it('writes nothing on stderr but errors with --quiet', async () => {
    const server = await startEmulator()
    const quiet = await runExport(server, ['--quiet', '--extract', '--verify', 'error'])
    expect(quiet.exitCode).toBe(0)
    expect(quiet.stderr).toBe('')
    expect(quiet.stdout).toMatch(/^site-path +\//m)
    const failing = await startEmulator({ export: { outcome: 'failed', error: 'the site has no published pages' } })
    const failed = await runExport(failing, ['--quiet'])
    expect(failed.exitCode).toBe(1)
    expect(failed.stderr).toMatch(/^error: Export job se_\w+ failed: the site has no published pages\n$/)
  })

  it('takes the key from --api-key-file, with a warning when others may read it', async () => {
    const server = await startEmulator()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-keyfile-'))
    const keyFile = path.join(cwd, 'key')
    await writeFile(keyFile, `${server.options.apiKey}\n`, { mode: 0o644 })
    await chmod(keyFile, 0o644)
    const flags = ['--api-key-file', 'key', '--no-download', '--json']
    const open = await runCli(
      [
        'export',
        '--base-url',
        server.baseUrl,
        '--domain',
        'docs.acme.dev',
        '--poll-interval-seconds',
        '0.05',
        ...flags
      ],
      { cwd }
    )
    expect(open.exitCode).toBe(0)
    expect(json(open)).toMatchObject({ status: 'completed' })
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${server.options.apiKey}`)
    expect(open.stderr).toContain(
      'warning: The key file key can be read by others (mode 0644): make it yours alone with chmod 600 key'
    )
    await chmod(keyFile, 0o600)
    const closed = await runCli(
      [
        'export',
        '--base-url',
        server.baseUrl,
        '--domain',
        'docs.acme.dev',
        '--poll-interval-seconds',
        '0.05',
        ...flags
      ],
      { cwd }
    )
    expect(closed.exitCode).toBe(0)
    expect(closed.stderr).not.toContain('warning')
  })

  it('names settings in the command line words in its messages', async () => {
    const server = await startEmulator()
    const conflict = await runExport(server, ['--extract', '--no-download'])
    expect(conflict.exitCode).toBe(2)
    expect(conflict.stderr).toBe(
      'error: Option --extract is true but --no-download: unpacking needs the downloaded archive\n'
    )
    const unused = await runExport(server, ['--no-wait', '--json'], { env: { MINTLIFY_VERIFY: 'error' } })
    expect(unused.exitCode).toBe(0)
    expect(unused.stderr).toContain(
      'warning: MINTLIFY_VERIFY does nothing without --extract: only an unpacked site is checked'
    )
    expect(unused.stderr).toContain('warning: Option --poll-interval-seconds does nothing with --no-wait')
    server.inject('start', { status: 409, body: JSON.stringify({ error: 'An export is already running' }) })
    const busy = await runExport(server, [])
    expect(busy.exitCode).toBe(1)
    expect(busy.stderr).toContain('pass its id as --export-job-id to collect it')
    for (const run of [conflict, unused, busy]) for (const words of ACTION_WORDS) expect(run.stderr).not.toMatch(words)
  })

  it('exits 1 when the job fails, with the job id and the error in --json', async () => {
    const server = await startEmulator({ export: { outcome: 'failed', error: 'the site has no published pages' } })
    const run = await runExport(server, ['--json'])
    expect(run.exitCode).toBe(1)
    const outputs = json(run)
    expect(outputs.status).toBe('failed')
    expect(outputs.jobId).toMatch(/^se_/)
    const message = `Export job ${String(outputs.jobId)} failed: the site has no published pages`
    expect(outputs.error).toEqual({ code: 'job-failed', message: expect.stringContaining(message) as string })
    expect(run.stderr).toContain(`error: ${message}`)
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
    const outputs = json(run)
    expect(outputs.sitePath).toBeUndefined()
    expect(outputs.bundlePath).toBeUndefined()
    const kept = /archive (\S+) was refused/.exec(run.stderr)?.[1] ?? ''
    expect((await stat(kept)).isFile()).toBe(true)
    expect(outputs.error?.message).toContain('../escape.txt')
  })

  it('exits 3 when --timeout-seconds runs out, with the job id printed and in --json', async () => {
    const server = await startEmulator({ export: { runningMs: 60_000 } })
    const run = await runExport(server, ['--timeout-seconds', '1', '--json'])
    expect(run.exitCode).toBe(3)
    const outputs = json(run)
    expect(outputs.jobId).toMatch(/^se_/)
    expect(outputs.status).toBe('running')
    expect(outputs.error?.code).toBe('job-timeout')
    expect(run.stderr).toContain(`run again with --export-job-id ${String(outputs.jobId)}`)
  })

  it.each([
    [
      401,
      'The API key was refused: it may be revoked or expired. Give a current admin key (mint_…) as MINTLIFY_ADMIN_KEY'
    ],
    [403, 'Static export needs an enterprise plan']
  ])('exits 4 when the API answers %i', async (status, hint) => {
    const server = await startEmulator()
    server.inject('start', { status, body: JSON.stringify({ error: 'Refused' }) })
    const run = await runExport(server, ['--json'])
    expect(run.exitCode).toBe(4)
    expect(json(run).error?.code).toBe('access-refused')
    expect(run.stderr).toContain(hint)
    // The closing lines: the verdict, as the job summary starts, then the error.
    const refused = status === 401 ? 'the API refused the key (HTTP 401)' : 'the API refused access (HTTP 403)'
    expect(run.stderr).toMatch(
      new RegExp(`\\ndocs\\.acme\\.dev was not exported: ${refused.replace(/[()]/g, '\\$&')}\\nerror: [^\\n]+\\n$`)
    )
  })

  it('exits 5 when the site check finds problems under --verify error, and 0 under --verify warn', async () => {
    const server = await startEmulator({ site: brokenSite('missing-page') })
    const run = await runExport(server, ['--extract', '--verify', 'error', '--json'])
    expect(run.exitCode).toBe(5)
    expect(json(run).error?.code).toBe('site-problems')
    expect(run.stderr).toMatch(/error: Export job se_\w+: The site check found 1 problem in .* \(--verify error\)/)
    expect(run.stderr).toMatch(
      /\nExported docs\.acme\.dev: 7 pages, 1 problem \(1 broken reference\), failing under --verify error, [\d.]+ m?s\nerror: /
    )
    const warned = await runExport(server, ['--extract', '--verify', 'warn'])
    expect(warned.exitCode).toBe(0)
    expect(warned.stderr).toMatch(
      /\nExported docs\.acme\.dev: 7 pages, 1 problem \(1 broken reference\), [\d.]+ m?s\n$/
    )
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
    const outputs = json(run)
    expect(outputs.error?.code).toBe('cancelled')
    expect(run.stderr).toContain(`Received ${signal}: stopping`)
    expect(run.stderr).toContain(`export job ${String(outputs.jobId)} was in progress`)
    expect(run.stderr).toContain(`run again with --export-job-id ${String(outputs.jobId)}`)
  })

  it('gets the SIGTERM sent to a sh -c wrapper that execs it, and prints how to resume', async () => {
    const server = await startEmulator({ export: { runningMs: 60_000 } })
    const child = spawn(
      'sh',
      [
        '-c',
        'exec "$0" "$@"',
        process.execPath,
        CLI_ENTRY,
        'export',
        '--base-url',
        server.baseUrl,
        '--domain',
        'docs.acme.dev',
        '--poll-interval-seconds',
        '0.05'
      ],
      { env: { ...environmentWithoutMintlify(), MINTLIFY_ADMIN_KEY: server.options.apiKey } }
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
      if (stderr.includes('running') && !child.killed) child.kill('SIGTERM')
    })
    const exitCode = await new Promise<number | null>((resolve) => child.once('close', resolve))
    expect(exitCode).toBe(143)
    expect(stderr).toContain('Received SIGTERM: stopping')
    expect(stderr).toMatch(/run again with --export-job-id se_\w+ to collect it/)
  })
})

describe('command line: agent-job', () => {
  it('follows the agent job and reports its pull request in --json', async () => {
    const server = await startEmulator()
    server.addAgentJob('proj_demo', 'agent_demo')
    const run = await runCli(['agent-job', '--agent-job-id', 'agent_demo', '--json'], {
      env: {
        MINTLIFY_ADMIN_KEY: server.options.apiKey,
        MINTLIFY_BASE_URL: server.baseUrl,
        MINTLIFY_PROJECT_ID: 'proj_demo',
        MINTLIFY_POLL_INTERVAL_SECONDS: '0.05'
      }
    })
    expect(run.exitCode).toBe(0)
    const outputs = json(run)
    expect(outputs.status).toBe('completed')
    expect(outputs.prLink).toMatch(/^https:\/\/github\.com\//)
  })
})
