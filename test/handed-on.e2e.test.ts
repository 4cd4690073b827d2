import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { OUTPUTS, type OutputName } from '../src/report/outputs.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { brokenSite } from './emulator/sites.ts'
import { exportInputs } from './support/export-inputs.ts'
import { startHostileS3, type HostileS3 } from './support/hostile-s3.ts'
import { readGitlabDotenv } from './support/gitlab-dotenv.ts'
import { runAction, type ActionRun } from './support/run-action.ts'
import { runCli, type CliRun } from './support/run-cli.ts'

/**
 * What a failed export hands on, through dist/index.js and dist/cli/index.js: only the outputs
 * that stay true after a failure (`afterFailure` in src/report/outputs.ts), never a link, an
 * archive, a site, a manifest or Helm values of an export that failed, nor the expiring link that
 * a failed mirror was to replace. The summary and the log say what was not handed on.
 */

let emulator: Emulator
afterEach(async () => emulator?.stop())

async function start(setup: EmulatorSetup = {}): Promise<Emulator> {
  emulator = await new Emulator(setup).start()
  return emulator
}

/** A mirror whose credentials the AWS SDK cannot find: no AWS_* variable, no profile, no instance metadata. */
/**
 * A store that takes the probe before the export and refuses the copy after it (HTTP 403 to every
 * PutObject): a mirror that fails once the export is made, with credentials the store refuses.
 */
let refusing: HostileS3
beforeAll(async () => {
  refusing = await startHostileS3({ putStatus: 403 })
})
afterAll(async () => refusing?.stop())
const refusedMirror = (): Record<string, string> => ({
  'mirror-to': 's3://docs-bundles/acme',
  'mirror-endpoint': refusing.endpoint
})
const REFUSED_CREDENTIALS_ENV = {
  AWS_ACCESS_KEY_ID: 'AKIAREFUSEDTEST',
  AWS_SECRET_ACCESS_KEY: 'refused-secret',
  AWS_EC2_METADATA_DISABLED: 'true'
}

const WITHHELD = (Object.keys(OUTPUTS) as OutputName[]).filter((name) => !OUTPUTS[name].afterFailure)

function expectNothingHandedOn(outputs: Record<string, string>): void {
  for (const name of WITHHELD) expect(outputs, name).not.toHaveProperty(name)
}

/** The command line's outputs in --json, and in the files of --output-env and --output-sh. */
async function cliOutputs(
  run: CliRun
): Promise<{ json: Record<string, unknown>; env: Map<string, string>; sh: string }> {
  return {
    json: JSON.parse(run.stdout) as Record<string, unknown>,
    env: readGitlabDotenv(await readFile(path.join(run.cwd, 'outputs.env'))),
    sh: await readFile(path.join(run.cwd, 'outputs.sh'), 'utf8')
  }
}

async function exportCli(args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  return runCli(
    [
      'export',
      '--domain',
      'docs.acme.dev',
      '--verify-browser',
      'off',
      '--out',
      'out',
      '--json',
      '--output-env',
      'outputs.env',
      '--output-sh',
      'outputs.sh',
      ...args
    ],
    {
      env: {
        MINTLIFY_ADMIN_KEY: emulator.options.apiKey,
        MINTLIFY_BASE_URL: emulator.baseUrl,
        MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
        ...env
      }
    }
  )
}

describe('a mirror that fails', () => {
  it('leaves no Helm values and no link behind, says so in the summary; the command line exits 6 and hands on the same', async () => {
    await start()
    const run: ActionRun = await runAction(exportInputs(emulator, { extract: 'true', ...refusedMirror() }), {
      env: REFUSED_CREDENTIALS_ENV
    })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(/credential/i)
    expectNothingHandedOn(run.outputs)
    expect(run.outputs).toMatchObject({ status: 'completed', 'page-count': '3' })
    expect(run.outputs['job-id']).toMatch(/^se_/)
    expect(run.outputs['verify-report-path']).toBeDefined()
    // No values file at all, not even the presigned link's: the folder keeps the archive, the site and the records.
    const folder = path.dirname(run.outputs['verify-report-path'] ?? '')
    expect(existsSync(path.join(folder, 'helm-values.yaml'))).toBe(false)
    expect((await readdir(folder)).filter((name) => name.startsWith('bundle-'))).toHaveLength(1)
    expect(run.summaryText).toMatch(/^❌ Exported docs\.acme\.dev: 3 pages, no problems, [\d.]+ m?s, the mirror failed/)
    expect(run.summaryText).toContain(
      'Not handed on: bundle-url, expires-at, bundle-path, bundle-sha256, site-path, manifest-path not set, and no Helm values were written (the presigned link they would carry expires, and the copy that was to replace it was not made)'
    )
    expect(run.stdout).toContain('Not set after the failure: bundle-url, expires-at, bundle-path')

    const cli = await exportCli(
      ['--extract', '--mirror-to', 's3://docs-bundles/acme', '--mirror-endpoint', refusing.endpoint],
      REFUSED_CREDENTIALS_ENV
    )
    expect(cli.exitCode, cli.stderr).toBe(6)
    const { json, env, sh } = await cliOutputs(cli)
    expect(json).toMatchObject({ status: 'completed', pageCount: 3, error: { code: 'mirror' } })
    expect(Object.keys(json)).not.toEqual(expect.arrayContaining(['helmValuesPath']))
    for (const key of [
      'helmValuesPath',
      'bundleUrl',
      'expiresAt',
      'bundlePath',
      'bundleSha256',
      'sitePath',
      'manifestPath'
    ])
      expect(json, key).not.toHaveProperty(key)
    expect([...env.keys()].sort()).toEqual(['JOB_ID', 'PAGE_COUNT', 'STATUS', 'VERIFY_REPORT_PATH'])
    expect(sh).not.toMatch(/HELM_VALUES_PATH|BUNDLE_URL|SITE_PATH/)
    expect(existsSync(path.join(cli.cwd, 'out', 'helm-values.yaml'))).toBe(false)
    expect(cli.stderr).toContain('Not set after the failure: bundle-url, expires-at, bundle-path')
  })
})

describe('a site that fails its check under verify: error', () => {
  it('hands on the report, never the site, its manifest or its archive; the command line exits 5', async () => {
    await start({ site: brokenSite('missing-page') })
    const run = await runAction(exportInputs(emulator, { extract: 'true', verify: 'error' }))
    expect(run.exitCode).toBe(1)
    expectNothingHandedOn(run.outputs)
    const report = run.outputs['verify-report-path'] ?? ''
    expect(JSON.parse(await readFile(report, 'utf8'))).toMatchObject({ counts: { brokenReferences: 1 } })
    // The site stays on disk for a look: the report names it.
    const { site } = JSON.parse(await readFile(report, 'utf8')) as { site: string }
    expect(existsSync(path.join(site, 'index.html'))).toBe(true)
    expect(existsSync(path.join(path.dirname(report), 'helm-values.yaml'))).toBe(false)
    expect(run.summaryText).toContain(
      'Not handed on: bundle-url, expires-at, bundle-path, bundle-sha256, site-path, manifest-path not set, and no Helm values were written: nothing handed on points at a run that failed'
    )

    const cli = await exportCli(['--extract', '--verify', 'error'])
    expect(cli.exitCode, cli.stderr).toBe(5)
    const { json, env } = await cliOutputs(cli)
    expect(json).toMatchObject({ error: { code: 'site-problems' } })
    expect(json.verifyReportPath).toBe(path.join(cli.cwd, 'out', 'verify-report.json'))
    for (const key of ['sitePath', 'manifestPath', 'bundlePath', 'helmValuesPath'])
      expect(json, key).not.toHaveProperty(key)
    expect(env.has('SITE_PATH')).toBe(false)
    expect(env.get('VERIFY_REPORT_PATH')).toBe(json.verifyReportPath)
  })
})

describe('an export that succeeds', () => {
  it('hands on everything, the Helm values with the presigned link written once, at the end', async () => {
    await start()
    const run = await runAction(exportInputs(emulator, { extract: 'true' }))
    expect(run.exitCode).toBe(0)
    for (const name of WITHHELD.filter((name) => !name.startsWith('mirror-')))
      expect(run.outputs, name).toHaveProperty(name)
    expect(await readFile(run.outputs['helm-values-path'] ?? '', 'utf8')).toContain(
      `bundleUrl: ${JSON.stringify(run.outputs['bundle-url'])}`
    )
    expect(run.summaryText).not.toContain('Not handed on')
    expect(run.stdout).not.toContain('Not set after the failure')
  })
})
