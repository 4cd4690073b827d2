import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { link, mkdtemp, readFile, realpath, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { gitlabDotenv } from '../src/cli/output-files.js'
import { Emulator } from './emulator/server.ts'
import { readDockerEnvFile } from './support/docker-env-file.ts'
import { parseGitlabDotenv, readGitlabDotenv } from './support/gitlab-dotenv.ts'
import { runCli, type CliRun } from './support/run-cli.ts'

/**
 * The files of outputs as their readers take them: --output-env as GitLab's dotenv report reaches
 * a later job (its parser and the runner's expansion, ported in test/support/gitlab-dotenv.ts) and
 * as docker --env-file reads it, --output-sh sourced by dash, each value compared byte for byte
 * with --json's.
 */

let emulator: Emulator | undefined

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

/** A folder name with what quoting gets wrong: a quote, `$`, `&`, spaces, double quotes and non-ASCII. */
const AWKWARD = `it's $HOME & "ü" — 文档 dir`

async function exportTo(out: string, flags: string[]): Promise<CliRun & { cwd: string }> {
  emulator = await new Emulator().start()
  const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-files-'))
  return runCli(
    [
      'export',
      '--base-url',
      emulator.baseUrl,
      '--domain',
      'docs.acme.dev',
      '--poll-interval-seconds',
      '0.05',
      '--out',
      out,
      '--extract',
      '--verify-browser',
      'off',
      '--json',
      ...flags
    ],
    { cwd, env: { MINTLIFY_ADMIN_KEY: emulator.options.apiKey } }
  )
}

/** `JOB_ID` for `jobId`. */
function variableOf(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()
}

/** The value of each variable after dash sources the file, as bytes. */
function sourcedBy(shell: string, file: string, names: string[], cwd: string): Map<string, Buffer> {
  return new Map(
    names.map((name) => [name, execFileSync(shell, ['-c', `. "./${file}"; printf %s "$${name}"`], { cwd })])
  )
}

describe('--output-env and --output-sh', () => {
  it('hand every output over exactly: to GitLab, to docker --env-file, and to sh', async () => {
    const run = await exportTo(AWKWARD, [
      '--no-mask-bundle-url',
      '--output-env',
      'export.env',
      '--output-sh',
      'outputs.sh'
    ])
    expect(run.exitCode).toBe(0)
    const outputs = JSON.parse(run.stdout) as Record<string, string | number>
    const expected = new Map(Object.entries(outputs).map(([key, value]) => [variableOf(key), String(value)]))
    expect(expected.get('SITE_PATH')).toContain(AWKWARD)
    expect(expected.get('BUNDLE_URL')).toContain('&')

    const dotenv = await readFile(path.join(run.cwd, 'export.env'))
    expect(readGitlabDotenv(dotenv)).toEqual(expected)
    // No quotes that GitLab would keep, and `$` written as the runner's `$$`.
    expect(dotenv.toString()).toContain(
      `SITE_PATH=${path.join(
        await realpath(run.cwd),
        AWKWARD.replace('$', () => '$$'),
        'site'
      )}\n`
    )
    expect(dotenv.toString()).not.toMatch(/^\w+=['"]/m)

    const docker = readDockerEnvFile(dotenv)
    for (const [name, value] of expected) expect(docker.get(name)).toBe(value.replace(/\$/g, '$$$$'))

    const sourced = sourcedBy('dash', 'outputs.sh', [...expected.keys()], run.cwd)
    for (const [name, value] of expected) expect(sourced.get(name)).toEqual(Buffer.from(value))

    for (const file of ['export.env', 'outputs.sh'])
      expect((await stat(path.join(run.cwd, file))).mode & 0o777).toBe(0o600)
  })

  it('keep the link out of the dotenv file, which crosses to other jobs, unless --no-mask-bundle-url', async () => {
    const run = await exportTo('site-export', ['--output-env', 'export.env', '--output-sh', 'outputs.sh'])
    expect(run.exitCode).toBe(0)
    const outputs = JSON.parse(run.stdout) as Record<string, string>
    const dotenv = readGitlabDotenv(await readFile(path.join(run.cwd, 'export.env')))
    expect(dotenv.has('BUNDLE_URL')).toBe(false)
    expect(dotenv.get('SITE_PATH')).toBe(outputs.sitePath)
    expect(await readFile(path.join(run.cwd, 'export.env'), 'utf8')).not.toContain('X-Amz-Signature')
    expect(sourcedBy('dash', 'outputs.sh', ['BUNDLE_URL'], run.cwd).get('BUNDLE_URL')?.toString()).toBe(
      outputs.bundleUrl
    )
  })

  it('replace a file already there with a new one, never writing through it', async () => {
    emulator = await new Emulator().start()
    const cwd = await mkdtemp(path.join(os.tmpdir(), 'cli-replace-'))
    await writeFile(path.join(cwd, 'elsewhere'), 'OLD=1\n', { mode: 0o644 })
    await link(path.join(cwd, 'elsewhere'), path.join(cwd, 'export.env'))
    const run = await runCli(
      [
        'export',
        '--base-url',
        emulator.baseUrl,
        '--domain',
        'docs.acme.dev',
        '--no-download',
        '--output-env',
        'export.env'
      ],
      { cwd, env: { MINTLIFY_ADMIN_KEY: emulator.options.apiKey, MINTLIFY_POLL_INTERVAL_SECONDS: '0.05' } }
    )
    expect(run.exitCode).toBe(0)
    expect(await readFile(path.join(cwd, 'elsewhere'), 'utf8')).toBe('OLD=1\n')
    expect((await stat(path.join(cwd, 'elsewhere'))).mode & 0o777).toBe(0o644)
    expect(readGitlabDotenv(await readFile(path.join(cwd, 'export.env'))).get('STATUS')).toBe('completed')
    expect((await stat(path.join(cwd, 'export.env'))).mode & 0o777).toBe(0o600)
  })

  it('refuse a value with a line break in the dotenv file, and still write the sh file, which carries it', async () => {
    const run = await exportTo('line\nbreak', ['--output-env', 'export.env', '--output-sh', 'outputs.sh'])
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toMatch(/error: --output-env: [A-Z_]+_PATH holds a line break, which a dotenv line cannot carry/)
    const outputs = JSON.parse(run.stdout) as { sitePath: string; error: { code: string; message: string } }
    expect(outputs.error.code).toBe('output-file')
    expect(outputs.error.message).toMatch(/^--output-env: [A-Z_]+_PATH holds a line break/)
    expect(existsSync(path.join(run.cwd, 'export.env'))).toBe(false)
    expect(sourcedBy('dash', 'outputs.sh', ['SITE_PATH'], run.cwd).get('SITE_PATH')?.toString()).toBe(outputs.sitePath)
  })

  it("refuse a dotenv file past GitLab's 5 KB, saying which limit", async () => {
    // Four outputs hold the folder: a long one takes the file past 5120 bytes.
    const long = Array.from({ length: 6 }, (_, index) => `${String(index)}${'d'.repeat(220)}`).join('/')
    const run = await exportTo(long, ['--output-env', 'export.env'])
    expect(run.exitCode).toBe(1)
    expect(run.stderr).toMatch(
      /error: --output-env: \d+ bytes, and GitLab refuses a dotenv report of 5120 bytes \(5 KB\) or more by default \(dotenv_size\)/
    )
    expect(existsSync(path.join(run.cwd, 'export.env'))).toBe(false)
  })
})

describe('the dotenv format against GitLab rules', () => {
  const outputs = (count: number): [string, string][] =>
    Array.from({ length: count }, (_, index) => [`output-${String(index)}`, `value ${String(index)}`])

  it('takes 20 variables, as GitLab does, and refuses 21', () => {
    expect(parseGitlabDotenv(Buffer.from(gitlabDotenv(outputs(20)))).size).toBe(20)
    expect(() => gitlabDotenv(outputs(21))).toThrow(
      '--output-env: 21 variables, more than the 20 that GitLab takes from a dotenv report by default (dotenv_variables)'
    )
    const twentyOne = outputs(21)
      .map(([name, value]) => `${name.toUpperCase().replace('-', '_')}=${value}\n`)
      .join('')
    expect(() => parseGitlabDotenv(Buffer.from(twentyOne))).toThrow('Dotenv files cannot have more than 20 variables')
  })

  it('refuses white space at either end, which GitLab strips', () => {
    expect(() => gitlabDotenv([['version', ' 2026']])).toThrow('VERSION begins or ends with white space')
    expect(() => gitlabDotenv([['version', '2026\t']])).toThrow('VERSION begins or ends with white space')
    expect(parseGitlabDotenv(Buffer.from('VERSION= 2026 \n')).get('VERSION')).toBe('2026')
    expect(parseGitlabDotenv(Buffer.from("QUOTED='kept'\n")).get('QUOTED')).toBe("'kept'")
  })
})
