import { spawn } from 'node:child_process'
import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { Emulator } from './emulator/server.ts'
import { ROOT } from './support/run-action.ts'

/**
 * `npm run local` as CONTRIBUTING promises it: `.env.example` copied and pointed at the emulator,
 * then the package's `local` script (@github/local-action on src/action/main.ts) run with it. The
 * step's log, each output as local-action prints it and its table of outputs at the end; no
 * `::debug::` line unless ACTIONS_STEP_DEBUG is true.
 */

let emulator: Emulator | undefined
afterEach(async () => emulator?.stop())

interface Run {
  exitCode: number | null
  stdout: string
}

/** The package's `local` script, with `envFile` in place of `.env`. */
async function runLocal(envFile: string): Promise<Run> {
  const { scripts } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const [command = '', ...args] = (scripts.local ?? '').split(' ')
  expect(args.at(-1)).toBe('.env')
  const child = spawn(path.join(ROOT, 'node_modules/.bin', command), [...args.slice(0, -1), envFile], {
    cwd: ROOT,
    // The run's folders in the tests' own temporary folder, which the test run removes.
    env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), TMPDIR: os.tmpdir(), NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  let stdout = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  const exitCode = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { exitCode, stdout }
}

it(
  'runs the action from .env.example against the emulator: the log, the outputs, no debug lines',
  { timeout: 240_000 },
  async () => {
    emulator = await new Emulator().start()
    const example = await readFile(path.join(ROOT, '.env.example'), 'utf8')
    // The entry point the example names is the one the script runs.
    expect(example).toContain('local-action . src/action/main.ts .env')
    const envFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'local-action-')), '.env')
    await writeFile(
      envFile,
      `${example.replace(/^INPUT_BASE-URL=.*$/m, `INPUT_BASE-URL=${emulator.baseUrl}`)}\nINPUT_VERIFY-BROWSER=off\n`
    )
    const run = await runLocal(envFile)
    expect(run.exitCode, run.stdout).toBe(0)
    expect(run.stdout).toContain('Running Action')
    expect(run.stdout).toMatch(/::set-output name=job-id::se_\w+/)
    expect(run.stdout).toMatch(/Checked \d+ files .*: no problems/)
    const table = run.stdout.split('Action Outputs')[1] ?? ''
    for (const output of ['job-id', 'status', 'site-path', 'helm-values-path']) expect(table).toContain(`'${output}'`)
    expect(run.stdout).not.toContain('No outputs were set!')
    expect(run.stdout).not.toContain('::debug::')
    expect(run.stdout).not.toContain('::error::')
  }
)
