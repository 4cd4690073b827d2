/**
 * Builds dist/ with ncc: the action (src/index.ts into dist/), the command line (src/cli/index.ts
 * into dist/cli/), and the worker threads that each of the two starts from beside itself (the site
 * check's, the download's hashing thread, the unpacking's file thread, the publish's thread), each built once and copied
 * under both, since a build does not depend on where it is written.
 *
 * The builds run side by side, as many at a time as the machine has cores. ncc first deletes every
 * .js file under its output folder, subfolders included, so each build writes to a folder of its
 * own outside dist/, and dist/ is put together from them once all have succeeded.
 *
 * dist/sources.sha256 records what dist/ was built from: a digest of src/ and of the files that
 * decide how it is bundled (the packages, their lock, tsconfig.json, this script). With
 * `--if-stale` (npm test's pretest), a dist/ whose record matches today's sources is not built
 * again: a fresh clone, whose committed dist/ CI holds to a fresh build, is tested as it is.
 */
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DIST = path.join(ROOT, 'dist')
const require = createRequire(import.meta.url)
const NCC = require.resolve('@vercel/ncc/dist/ncc/cli.js')

/** Each bundle: its entry point, and where in dist/ it goes; the largest first, so that they do not finish last. */
const BUNDLES = [
  { name: 'action', entry: 'src/index.ts', into: [''] },
  { name: 'cli', entry: 'src/cli/index.ts', into: ['cli'] },
  { name: 'site-worker', entry: 'src/site/worker.ts', into: ['site-worker', 'cli/site-worker'] },
  { name: 'hash-worker', entry: 'src/download/hash-worker.ts', into: ['hash-worker', 'cli/hash-worker'] },
  {
    name: 'file-writes-thread',
    entry: 'src/archive/file-writes-thread.ts',
    into: ['file-writes-thread', 'cli/file-writes-thread']
  },
  { name: 'publish-thread', entry: 'src/publish/publish-thread.ts', into: ['publish-thread', 'cli/publish-thread'] }
]

/** What a build reads besides src/: the packages and their lock, the compiler's settings, this recipe. */
const BUILD_FILES = ['package.json', 'package-lock.json', 'tsconfig.json', 'scripts/bundle.ts']

/** The record of the sources, in dist/. */
const RECORD = path.join(DIST, 'sources.sha256')

const sources = await sourcesDigest()
if (process.argv.includes('--if-stale') && (await readFile(RECORD, 'utf8').catch(() => '')) === `${sources}\n`) {
  console.log('dist/ was built from these sources (dist/sources.sha256): not built again')
} else {
  await build(sources)
}

async function build(digest: string): Promise<void> {
  const staging = await mkdtemp(path.join(os.tmpdir(), 'bundle-'))
  try {
    const built = BUNDLES.map((bundle) => ({ ...bundle, folder: path.join(staging, bundle.name) }))
    const queue = [...built]
    const builders = Array.from({ length: Math.min(os.availableParallelism(), queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await ncc(next.entry, next.folder)
    })
    await Promise.all(builders)
    await rm(DIST, { recursive: true, force: true })
    for (const { folder, into } of built) {
      for (const target of into) await cp(folder, path.join(DIST, target), { recursive: true })
    }
    await writeFile(RECORD, `${digest}\n`)
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

/** Runs ncc on `entry` into `folder`, its output shown as it comes; rejects when it fails. */
function ncc(entry: string, folder: string): Promise<void> {
  const args = ['build', entry, '-o', folder, '--source-map', '--no-source-map-register', '--license', 'licenses.txt']
  const child = spawn(process.execPath, [NCC, ...args], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] })
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`ncc build ${entry} failed (${signal ?? `exit code ${code}`})`))
    )
  })
}

/** The SHA-256 of every file of src/ and of BUILD_FILES, each named by its path, in the order of their paths. */
async function sourcesDigest(): Promise<string> {
  const inSrc = (await readdir(path.join(ROOT, 'src'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
  const digest = createHash('sha256')
  for (const file of [...inSrc, ...BUILD_FILES].sort()) {
    const content = await readFile(path.join(ROOT, file))
    digest.update(`${file}\0${createHash('sha256').update(content).digest('hex')}\n`)
  }
  return digest.digest('hex')
}
