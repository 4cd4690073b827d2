import { spawnSync } from 'node:child_process'
import { describe, it } from 'vitest'
import { findBrowser } from '../../src/site/browser/find.ts'

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

/** Why tests that run the action as another user cannot run here, or undefined when they can. */
export const missingRoot: string | undefined =
  process.getuid?.() === 0 ? undefined : 'running the action as nobody needs root, to switch users'

/** The unprivileged user that tests run the action as. */
export function nobody(): { uid: number; gid: number } {
  const id = (flag: string): number => Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim())
  return { uid: id('-u'), gid: id('-g') }
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
