/**
 * Builds dist/ with ncc: the action (src/index.ts into dist/), the command line (src/cli/index.ts
 * into dist/cli/), and the worker threads that each of the two starts from beside itself (the site
 * check's, the download's hashing thread, the unpacking's file thread), each built once and copied
 * under both, since a build does not depend on where it is written.
 *
 * The builds run side by side, as many at a time as the machine has cores. ncc first deletes every
 * .js file under its output folder, subfolders included, so each build writes to a folder of its
 * own outside dist/, and dist/ is put together from them once all have succeeded.
 */
import { spawn } from 'node:child_process'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(import.meta.url)
const NCC = require.resolve('@vercel/ncc/dist/ncc/cli.js')

/** An entry point and where in dist/ its bundle goes; the largest first, so that they do not finish last. */
const BUNDLES = [
  { entry: 'src/index.ts', into: [''] },
  { entry: 'src/cli/index.ts', into: ['cli'] },
  { entry: 'src/site/worker.ts', into: ['site-worker', 'cli/site-worker'] },
  { entry: 'src/download/hash-worker.ts', into: ['hash-worker', 'cli/hash-worker'] },
  { entry: 'src/archive/file-writes-thread.ts', into: ['file-writes-thread', 'cli/file-writes-thread'] }
]

const staging = await mkdtemp(path.join(os.tmpdir(), 'bundle-'))
try {
  const built = BUNDLES.map((bundle, index) => ({ ...bundle, folder: path.join(staging, String(index)) }))
  const queue = [...built]
  const builders = Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await build(next.entry, next.folder)
  })
  await Promise.all(builders)
  const dist = path.join(ROOT, 'dist')
  await rm(dist, { recursive: true, force: true })
  for (const { folder, into } of built) {
    for (const target of into) await cp(folder, path.join(dist, target), { recursive: true })
  }
} finally {
  await rm(staging, { recursive: true, force: true })
}

/** Runs ncc on `entry` into `folder`, its output shown as it comes; rejects when it fails. */
function build(entry: string, folder: string): Promise<void> {
  const args = ['build', entry, '-o', folder, '--source-map', '--no-source-map-register', '--license', 'licenses.txt']
  const child = spawn(process.execPath, [NCC, ...args], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ncc build ${entry} failed (${signal ?? `exit code ${code}`})`))
    )
  })
}
