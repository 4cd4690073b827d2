import type { Run } from '../core/context.js'
import type { MirrorOptions } from '../mirror/index.js'
import type { ExportSettings } from '../settings/index.js'

/**
 * How the run reaches each store it writes to, decided here once from the settings and the
 * runner's facts, for the probe before the export (destinations.ts) and the writes after it
 * (export.ts) alike: the region to sign for, the registry's credentials, the runner's environment
 * (its proxy), the run's log and deadline.
 */

interface StoreAccess {
  region?: string
  environment: Readonly<Record<string, string | undefined>>
  host: Run['host']
  deadline: Run['deadline']
}

/** `publish-to`: `publish-region`, else AWS_REGION. */
export function publishAccess(settings: ExportSettings, run: Run): StoreAccess {
  return { ...runAccess(run), region: settings.publishRegion ?? run.runner.environment.AWS_REGION }
}

/** `mirror-to`: `mirror-region`, else AWS_REGION; a registry's user name and password when both are given. */
export function mirrorAccess(
  settings: ExportSettings,
  run: Run
): StoreAccess & Pick<MirrorOptions, 'registryCredentials'> {
  const { mirrorUsername: username, mirrorPassword: password } = settings
  return {
    ...runAccess(run),
    region: settings.mirrorRegion ?? run.runner.environment.AWS_REGION,
    registryCredentials: username && password ? { username, password } : undefined
  }
}

function runAccess({ runner, host, deadline }: Run): StoreAccess {
  return { environment: runner.environment, host, deadline }
}
