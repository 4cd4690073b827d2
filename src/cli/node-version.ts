import packageJson from '../../package.json' with { type: 'json' }

/** The oldest Node that runs the command line: the major of package.json's `engines`, the one place it is written. */
const OLDEST_MAJOR = Number(/\d+/.exec(packageJson.engines.node)?.[0])

/** Why this Node cannot run the command line, or undefined when it can. */
export function nodeTooOld(version: string = process.versions.node): string | undefined {
  if (Number(version.split('.')[0]) >= OLDEST_MAJOR) return undefined
  return `docs-export needs Node ${OLDEST_MAJOR} or later, found v${version}: install Node ${OLDEST_MAJOR}, or run it in the node:${OLDEST_MAJOR}-slim image`
}
