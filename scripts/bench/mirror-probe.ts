/**
 * The mirror as figure 10 runs it, in a process of its own (run with
 * `node --import scripts/bench/resolve-ts.mjs`, which lets it import src/ as it is), with the S3
 * credentials in the AWS_* variables, as on a runner:
 *
 *   mirror-probe.ts <archive> <sha256> <mirror-to> <endpoint> [<public url>]
 *
 * With a public URL the copy is read back without credentials (mirror-check: on); without one it
 * is not. Prints one JSON line: whether it uploaded, whether it checked, and the mirror's own time.
 */
import { stat } from 'node:fs/promises'
import { Deadline } from '../../src/core/deadline.ts'
import { readRunnerFacts } from '../../src/core/runner.ts'
import { mirrorArchive, parseMirrorPublicUrl, parseMirrorTarget } from '../../src/mirror/index.ts'
import { QUIET_HOST } from './quiet-host.ts'

const [file, sha256, to, endpoint, publicUrl] = process.argv.slice(2)
if (!file || !sha256 || !to || !endpoint)
  throw new Error('usage: mirror-probe.ts <archive> <sha256> <mirror-to> <endpoint> [<public url>]')

const target = parseMirrorTarget(to, endpoint)
const archive = { path: file, sha256, sizeBytes: (await stat(file)).size, kind: 'tar.gz' }
const startedAt = performance.now()
const result = await mirrorArchive(target, archive, {
  jobId: 'se_bench',
  createdAt: new Date().toISOString(),
  check: publicUrl ? 'on' : 'off',
  ...(publicUrl ? { publicUrl: parseMirrorPublicUrl(publicUrl, target) } : {}),
  environment: readRunnerFacts().environment,
  host: QUIET_HOST,
  deadline: Deadline.in(900_000)
})
const mirrorMs = performance.now() - startedAt
console.log(JSON.stringify({ uploaded: result.uploaded, checked: result.checked, mirrorMs }))
