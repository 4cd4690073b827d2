import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { COMPILE_CACHE_VARIABLE } from './compile-cache.ts'
import { serveSharedSwift } from './shared-swift.ts'

const RUN_FOLDER = 'docs-export-action-tests-'

/**
 * Every test run gets one temporary folder, which os.tmpdir() returns in every test file and in
 * every process the tests start; it is removed when the run ends, whatever the tests left in it.
 * Vitest runs this once for each project of vitest.config.ts: the first makes the folder, the
 * others find it in TMPDIR and share it.
 *
 * Node's compile cache lives there too (compile-cache.ts): the processes that run the action and
 * the command line get it as NODE_COMPILE_CACHE, the one variable the tests add to the runner's
 * environment. Node keeps V8's compiled code of dist/ between the hundreds of processes a run
 * starts, which changes how fast each one starts (about 0.1 s of CPU less), not what it does;
 * figure 4 of `npm run bench` measures the cold start. Vitest's own workers do not get it: they
 * would write their cache as they exit, which may be while this folder is being removed.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (path.basename(os.tmpdir()).startsWith(RUN_FOLDER)) return async () => undefined
  const root = await mkdtemp(path.join(os.tmpdir(), RUN_FOLDER))
  // Tests that run the action as an unprivileged user make their own folders below this one.
  await chmod(root, 0o755)
  process.env.TMPDIR = root
  process.env[COMPILE_CACHE_VARIABLE] = path.join(root, 'node-compile-cache')
  const swift = await serveSharedSwift()
  return async () => {
    await swift.stop()
    await makeWritable(root)
    await rm(root, { recursive: true, force: true })
  }
}

/** Tests of archives leave read-only folders behind on purpose; rm needs them writable. */
async function makeWritable(folder: string): Promise<void> {
  await chmod(folder, 0o755).catch(() => undefined)
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    if (entry.isDirectory()) await makeWritable(path.join(folder, entry.name))
  }
}
