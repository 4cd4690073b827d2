/**
 * Stages the command line's npm package in a folder (the first argument), for `npm pack` there:
 * package.json without `dependencies`, and what its `files` name (dist/cli/), with README.md and
 * LICENSE. The runtime packages are listed in `dependencies` so that `npm audit --omit=dev` and
 * licence tools see what ships; ncc bundles them into dist/cli/, so the package itself needs
 * nothing from the registry: `npx` runs its tarball offline, on an air-gapped runner too.
 */
import { cp, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const stage = process.argv[2]
if (!stage) throw new Error('usage: node scripts/stage-package.ts FOLDER')

const {
  dependencies: _bundled,
  devDependencies: _dev,
  scripts: _scripts,
  ...manifest
} = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & { files: string[] }
await mkdir(stage, { recursive: true })
await writeFile(path.join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`)
for (const entry of [...manifest.files, 'README.md', 'LICENSE']) {
  await cp(path.join(ROOT, entry), path.join(stage, entry), { recursive: true })
}
