/**
 * The publish as the publish figure runs it, in a process of its own (run with
 * `node --import scripts/bench/resolve-ts.mjs`, which lets it import src/ as it is), with the S3
 * credentials in the AWS_* variables, as on a runner:
 *
 *   publish-probe.ts <site folder> <manifest.json> <publish-to> <endpoint> [<public url>]
 *
 * With a public URL the publish is read back as a visitor reads it (what it uploaded, and 100 of
 * the rest); without one it is not. Prints one JSON line: the counts, and the publish's own time.
 *
 * The publish runs on its thread, as in dist/: from its source here (publish-thread.ts), which the
 * thread loads with this process's `--import` of resolve-ts.mjs.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { Deadline } from '../../src/core/deadline.ts'
import { readRunnerFacts } from '../../src/core/runner.ts'
import { publishSite } from '../../src/publish/index.ts'
import { parseS3Url } from '../../src/storage/s3-location.ts'
import { QUIET_HOST } from './quiet-host.ts'

const THREAD = new URL('../../src/publish/publish-thread.ts', import.meta.url)
const [site, manifestFile, to, endpoint, publicUrl] = process.argv.slice(2)
if (!site || !manifestFile || !to || !endpoint)
  throw new Error('usage: publish-probe.ts <site folder> <manifest.json> <publish-to> <endpoint> [<public url>]')

restartPeakMemory()
const startedAt = performance.now()
const result = await publishSite(
  parseS3Url(to, endpoint, 'publish-to'),
  {
    sitePath: site,
    manifestPath: manifestFile,
    keepRemoved: 1,
    maxDeletePercent: 50,
    cacheRules: [],
    routes: 'copies',
    ...(publicUrl ? { publicUrl } : {}),
    checkFiles: 100,
    environment: readRunnerFacts().environment,
    changesPath: path.join(path.dirname(manifestFile), 'publish-changes.json'),
    planPath: path.join(path.dirname(manifestFile), 'publish-plan.json'),
    dryRun: false,
    pollIntervalMs: 1000,
    host: QUIET_HOST,
    deadline: Deadline.in(1_800_000)
  },
  THREAD
)
const publishMs = performance.now() - startedAt
console.log(
  JSON.stringify({ uploaded: result.uploaded, unchanged: result.unchanged, deleted: result.deleted, publishMs })
)

/**
 * The process's peak memory (VmHWM, which rss-probe.mjs reads at exit) counted from here, with the
 * publish's clock: what reading the manifest took is not the publish's. Linux only; elsewhere the
 * peak is the whole process's.
 */
function restartPeakMemory(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
  } catch {
    // Not Linux, or not allowed: the peak covers the reading too.
  }
}
