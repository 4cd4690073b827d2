/**
 * The deployment check as figure 9 runs it, in a process of its own (run with
 * `node --import scripts/bench/resolve-ts.mjs`, which lets it import src/ as it is):
 *
 *   deployment-probe.ts manifest <site folder> <folder for manifest.json>
 *   deployment-probe.ts check <manifest.json> <site URL> <report.json> [check-files]
 *
 * `check` prints one JSON line: the outcome, the counts, and the check's own time.
 */
import path from 'node:path'
import { Network } from '../../src/core/net.ts'
import { checkDeployment } from '../../src/deployment/check.ts'
import { writeDeploymentReport } from '../../src/deployment/report.ts'
import { readManifest } from '../../src/manifest/read.ts'
import { writeManifest } from '../../src/manifest/write.ts'
import { filesOnDisk } from '../../test/support/site-files.ts'

const [command, first, second, third, checkFiles] = process.argv.slice(2)
const quiet = { info: () => undefined, debug: () => undefined }

if (command === 'manifest' && first && second) {
  const files = await filesOnDisk(first)
  await writeManifest(path.join(second, 'manifest.json'), { jobId: 'job_bench', bundleSha256: '0'.repeat(64), files })
} else if (command === 'check' && first && second && third) {
  const network = Network.forDeployment(second)
  const manifest = await readManifest(first, { host: quiet, network })
  const startedAt = performance.now()
  const report = await checkDeployment({
    url: second,
    manifest,
    checkFiles: checkFiles === undefined || checkFiles === 'all' ? 'all' : Number(checkFiles),
    deadline: Date.now() + 600_000,
    pollIntervalMs: 1000,
    signal: new AbortController().signal,
    dispatcher: network.dispatcher,
    host: quiet
  })
  const checkMs = performance.now() - startedAt
  await writeDeploymentReport(report, third)
  console.log(JSON.stringify({ status: report.status, ...report.counts, checkMs }))
} else {
  throw new Error('usage: deployment-probe.ts manifest <site> <folder> | check <manifest> <url> <report> [check-files]')
}
