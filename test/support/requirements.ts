import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, it } from 'vitest'
import { findBrowser, findEachKind, type BrowserKind } from '../../src/site/browser/find.ts'

/**
 * Groups of tests that need something of the machine: Chrome or Chromium, root. Where it is
 * missing the group is skipped, saying why; in CI (`CI` set) it fails instead, so that a broken
 * install cannot silently drop a group.
 */

const found = findBrowser(process.env)

/** Why the browser tests cannot run here, or undefined when they can. */
export const missingBrowser: string | undefined = found.executable === undefined ? found.reason : undefined

/** The browser the tests run, when there is one. */
export const browserExecutable: string | undefined = found.executable

/** The first browser of each kind, or why there is none: the containment tests run against each. */
export const browsersByKind: { kind: BrowserKind; executable?: string; missing?: string }[] = findEachKind(
  process.env
).map(({ kind, search }) =>
  search.executable === undefined ? { kind, missing: search.reason } : { kind, executable: search.executable }
)

/** Why tests that run the action as another user cannot run here, or undefined when they can. */
const missingRoot: string | undefined =
  process.getuid?.() === 0 ? undefined : 'running the action as nobody needs root, to switch users'

/** The unprivileged user that tests run the action as. */
export function nobody(): { uid: number; gid: number } {
  const id = (flag: string): number => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
}

/**
 * Why tests that run the action as nobody cannot run here, or undefined when they can: they need
 * root, to switch users, and nobody must reach the Node that runs the tests and the checkout's
 * dist/. A checkout inside a folder that only root may enter (what `mktemp -d` makes) is closed to
 * nobody, and every spawn would fail with EACCES.
 */
export const missingNobody: string | undefined = missingRoot ?? nobodyCannotReach()

function nobodyCannotReach(): string | undefined {
  const dist = path.resolve(import.meta.dirname, '../../dist/index.js')
  const tried = spawnSync(process.execPath, ['-e', 'require("node:fs").accessSync(process.argv[1], 4)', dist], {
    ...nobody(),
    cwd: '/'
  })
  if (!tried.error && tried.status === 0) return undefined
  const closed = [process.execPath, dist].flatMap(closedFolders)[0]
  const why = closed ? `: ${closed.folder} is closed to other users (mode ${closed.mode})` : ''
  return `nobody cannot run ${process.execPath} on ${dist}${why}; put the checkout where others may enter`
}

/** The folders above `file` that other users may not enter, nearest the root first. */
function closedFolders(file: string): { folder: string; mode: string }[] {
  const found: { folder: string; mode: string }[] = []
  for (let folder = path.dirname(file); folder !== path.dirname(folder); folder = path.dirname(folder)) {
    const mode = statSync(folder).mode & 0o777
    if (!(mode & 0o001)) found.unshift({ folder, mode: mode.toString(8).padStart(4, '0') })
  }
  return found
}

/** The machine's own Node when it is older than 24, beside its npm and npx: the command line must refuse it. */
export const olderNode: { bin: string; binary: string; version: string } | undefined = findOlderNode()

/** Why the tests of an older Node cannot run here, or undefined when they can. */
export const missingOlderNode: string | undefined = olderNode
  ? undefined
  : "no Node older than 24 with npm and npx in /usr/bin or /usr/local/bin (the system's nodejs package gives one)"

function findOlderNode(): typeof olderNode {
  for (const bin of ['/usr/bin', '/usr/local/bin']) {
    const binary = path.join(bin, 'node')
    if (!existsSync(binary) || !existsSync(path.join(bin, 'npx'))) continue
    const version = spawnSync(binary, ['-p', 'process.version'], { encoding: 'utf8' }).stdout.trim()
    if (Number(version.slice(1).split('.')[0]) < 24) return { bin, binary, version }
  }
  return undefined
}

/** Why tests that make a network namespace cannot run here, or undefined when they can. */
export function missingNamespace(): string | undefined {
  if (missingRoot) return 'making a network namespace needs root'
  for (const [tool, args] of [
    ['unshare', ['--version']],
    ['ip', ['-V']],
    ['tcpdump', ['--version']]
  ] as const) {
    if (spawnSync(tool, args).error) return `${tool} is not installed`
  }
  return undefined
}

/** `describe(name, body)` when nothing is missing; else a skip outside CI, a failing test in CI. */
export function describeWhere(missing: string | undefined, name: string, body: () => void): void {
  if (missing === undefined) {
    describe(name, body)
    return
  }
  if (process.env.CI) {
    describe(name, () => {
      it(`cannot run: ${missing}`, () => {
        throw new Error(`${name}: ${missing}; CI must provide it (the group is not skipped in CI)`)
      })
    })
    return
  }
  console.warn(`Skipping "${name}": ${missing}`)
  describe.skip(name, body)
}
