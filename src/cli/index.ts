#!/usr/bin/env node
import { EXIT_CODES } from './exit-codes.js'
import { nodeTooOld } from './node-version.js'

// The rest of the command line is loaded only on a Node that can run it: its bundle uses Node 24's
// API as it loads, and an older Node would stop there with a TypeError instead of saying why.
const tooOld = nodeTooOld()
if (tooOld) {
  process.stderr.write(`error: ${tooOld}\n`)
  process.exitCode = EXIT_CODES.usage.code
} else {
  const { runCli } = await import('./main.js')
  process.exitCode = await runCli(process.argv.slice(2))
}
