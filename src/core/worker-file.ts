import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The first of a worker's files that exists beside a module: in dist/, the worker's own bundle
 * (`name/index.js` beside the bundle that holds the module); from src/, its source (`name.ts`).
 */
export function besideModule(moduleUrl: string, names: readonly string[]): URL | undefined {
  return names.map((name) => new URL(name, moduleUrl)).find((url) => existsSync(url))
}

/** The same, for a worker the module cannot do without: a bundle without it is broken. */
export function workerBeside(moduleUrl: string, names: readonly string[]): URL {
  const url = besideModule(moduleUrl, names)
  if (!url)
    throw new Error(`${names.join(' or ')} is missing beside ${fileURLToPath(moduleUrl)}: the build is incomplete`)
  return url
}
