/**
 * A full export against the API emulator through the command line (dist/cli/index.js), as a
 * pipeline outside GitHub runs it: the log on stderr, the outputs as JSON on stdout, the dotenv
 * file for GitLab and the file for sh, and the files of the unpacked site. The folder it ran in is
 * removed at the end.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { Emulator } from '../test/emulator/server.ts'
import { runCli, type CliRun } from '../test/support/run-cli.ts'

const emulator = await new Emulator().start()
let run: CliRun | undefined
try {
  console.log(`API emulator on ${emulator.baseUrl}, storage on ${emulator.storageUrl}\n`)
  const args = [
    'export',
    '--base-url',
    emulator.baseUrl,
    '--domain',
    'docs.acme.dev',
    '--extract',
    '--poll-interval-seconds',
    '0.2'
  ]
  const files = ['--output-env', 'export.env', '--output-sh', 'outputs.sh']
  console.log(`$ MINTLIFY_ADMIN_KEY=… docs-export ${[...args, '--json', ...files].join(' ')}\n`)
  run = await runCli([...args, '--json', ...files], {
    env: { MINTLIFY_ADMIN_KEY: emulator.options.apiKey }
  })
  console.log('── stderr: the log ──')
  console.log(run.stderr)
  console.log(`── exit code ${run.exitCode} ──\n`)
  console.log('── stdout: --json ──')
  console.log(run.stdout)
  console.log('── export.env (mode 0600; GitLab reads it; the link only with --no-mask-bundle-url) ──')
  console.log(await readFile(path.join(run.cwd, 'export.env'), 'utf8'))
  console.log('── outputs.sh (mode 0600; for . outputs.sh) ──')
  console.log(await readFile(path.join(run.cwd, 'outputs.sh'), 'utf8'))
  const sitePath = (JSON.parse(run.stdout || '{}') as { sitePath?: string }).sitePath
  if (sitePath) {
    console.log(`── unpacked site (${sitePath}) ──`)
    const entries = await readdir(sitePath, { recursive: true, withFileTypes: true })
    for (const entry of entries.filter((e) => e.isFile()))
      console.log(path.relative(sitePath, path.join(entry.parentPath, entry.name)))
  }
  process.exitCode = run.exitCode ?? 1
} finally {
  await emulator.stop()
  if (run) await rm(run.cwd, { recursive: true, force: true })
}
