import { Network } from '../core/net.js'
import { input, message, type Text } from '../core/message.js'
import { checkAnonymousRead } from './check.js'
import { stoppedError } from '../core/deadline.js'
import { mirrorToRegistry } from './artifact.js'
import { mirrorToS3 } from './s3.js'
import type { MirrorTarget } from './target.js'
import type { MirrorArchive, MirrorOptions, MirrorResult } from './types.js'

export { parseMirrorPublicUrl, parseMirrorTarget, type MirrorTarget } from './target.js'
export type { MirrorArchive, MirrorOptions, MirrorResult } from './types.js'

/** What makes a copy readable without credentials, by target: the hint of a failed check. */
const FIX: Record<MirrorTarget['scheme'], Text> = {
  s3: message`Make the prefix readable without credentials (a public-read bucket policy on it, a public-read ACL on a Swift container), or set ${input('mirror-public-url')} to a base that serves the bucket so (a CDN, a proxy)`,
  oci: message`Make the repository readable without credentials (a public project), or set ${input('mirror-public-url')} to a registry that serves it so (a read-only mirror on the same storage)`
}

/**
 * Copies the downloaded archive to the team's own storage (`mirror-to`), then reads it back as the
 * chart will, without credentials, unless `mirror-check` is off. Every failure is an ActionError:
 * code `mirror` (the command line's exit code 6) for a refused upload or a copy the chart could
 * not read, `out-of-time` or `cancelled` when the run's deadline or cancellation stopped it.
 */
export async function mirrorArchive(
  target: MirrorTarget,
  archive: MirrorArchive,
  options: MirrorOptions
): Promise<MirrorResult> {
  const signal = options.deadline.signal()
  // Its own network: the store may be on this machine (http) whatever base-url is, and nowhere else.
  const context = { ...options, signal, network: new Network(true) }
  const copy =
    target.scheme === 's3'
      ? await mirrorToS3(target, archive, context)
      : await mirrorToRegistry(target, archive, context)
  if (options.check === 'off') {
    options.host.notice(
      message`Mirror: ${input('mirror-check', 'off')}: ${copy.url} was not read back; the chart fetches it without credentials, so make sure the cluster can`
    )
    return { ...copy, checked: false }
  }
  await checkAnonymousRead(copy.url, archive, {
    network: context.network,
    signal,
    deadline: options.deadline.at,
    fix: FIX[target.scheme]
  }).catch((error: unknown) => {
    throw stoppedError(options.deadline, signal, `while reading ${copy.url} back`) ?? error
  })
  options.host.info(
    `Mirror: ${copy.url} serves the archive without credentials (SHA-256 matches), as the chart will read it`
  )
  return { ...copy, checked: true }
}
