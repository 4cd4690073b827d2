import type { Run } from '../core/context.js'
import { ActionError } from '../core/errors.js'
import { message } from '../core/message.js'
import type { ExportSettings } from '../settings/index.js'
import { mirrorAccess, publishAccess } from './store-access.js'

/**
 * Every destination the run will write to (`publish-to`, `mirror-to`), asked before the first
 * request that starts or reuses an export job: a wrong bucket, refused credentials, a mistyped
 * region or a registry that refuses the push then cost seconds, not an export and one of the
 * organisation's export starts. Each probe leaves nothing behind (src/storage/probe.ts). Only what
 * the run will reach is asked: no publish without the wait and the unpacking, no mirror without
 * the download. The AWS SDK and the registry client are loaded only when they are asked.
 */
export async function checkDestinations(settings: ExportSettings, run: Run): Promise<void> {
  const publishTo = settings.wait && settings.extract ? settings.publishTo : undefined
  const mirrorTo = settings.wait && settings.download ? settings.mirrorTo : undefined
  if (!publishTo && !mirrorTo) return
  await run.host.group('Check where the run writes', async () => {
    try {
      if (publishTo) {
        const { probePublishTarget } = await import('../publish/probe.js')
        await probePublishTarget(publishTo, {
          ...publishAccess(settings, run),
          publicUrl: settings.publishPublicUrl,
          dryRun: settings.publishDryRun
        })
      }
      if (mirrorTo) {
        const { probeMirrorTarget } = await import('../mirror/probe.js')
        await probeMirrorTarget(mirrorTo, mirrorAccess(settings, run))
      }
    } catch (error) {
      throw beforeTheExport(error)
    }
  })
}

/** A destination's refusal, said as what it cost: no export was started. */
function beforeTheExport(error: unknown): unknown {
  if (!(error instanceof ActionError) || error.code === 'cancelled' || error.code === 'out-of-time') return error
  return new ActionError(message`No export was started: ${error.text}`, {
    code: error.code,
    input: error.input,
    namesJob: true,
    cause: error
  })
}
