/**
 * A full export against the API emulator, run as the runner runs the action: prints the step's
 * log, its outputs, the files of the unpacked site, and last the job summary as text, which is
 * what people see of a run on GitHub. The runner's folders it made are removed at the end.
 */
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { Emulator } from '../test/emulator/server.ts'
import { plainText } from '../test/support/gfm.ts'
import { runAction, type ActionRun } from '../test/support/run-action.ts'

const emulator = await new Emulator().start()
let run: ActionRun | undefined
try {
  console.log(`API emulator on ${emulator.baseUrl}, storage on ${emulator.storageUrl}\n`)
  run = await runAction({
    'api-key': emulator.options.apiKey,
    'base-url': emulator.baseUrl,
    domain: 'docs.acme.dev',
    extract: 'true',
    'poll-interval-seconds': '0.2'
  })
  console.log('── step log ──')
  console.log(
    run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::debug::') && !line.startsWith('::add-mask::'))
      .join('\n')
  )
  console.log(`── exit code ${run.exitCode} ──\n`)
  console.log('── outputs ──')
  const width = Math.max(...Object.keys(run.outputs).map((name) => name.length))
  for (const [name, value] of Object.entries(run.outputs)) console.log(`${name.padEnd(width)}  ${value}`)
  const sitePath = run.outputs['site-path']
  if (sitePath) {
    console.log(`\n── unpacked site (${sitePath}) ──`)
    const entries = await readdir(sitePath, { recursive: true, withFileTypes: true })
    for (const entry of entries.filter((e) => e.isFile())) {
      console.log(path.relative(sitePath, path.join(entry.parentPath, entry.name)))
    }
  }
  console.log('\n── job summary, as text ──')
  console.log(plainText(run.summary))
  process.exitCode = run.exitCode ?? 1
} finally {
  await emulator.stop()
  if (run) await rm(run.home, { recursive: true, force: true })
}
