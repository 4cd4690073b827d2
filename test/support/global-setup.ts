import { chmod, mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * Every test run gets one temporary folder, which os.tmpdir() returns in every test file and in
 * every process the tests start; it is removed when the run ends, whatever the tests left in it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docs-export-action-tests-'))
  // Tests that run the action as an unprivileged user make their own folders below this one.
  await chmod(root, 0o755)
  process.env.TMPDIR = root
  return async () => {
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
