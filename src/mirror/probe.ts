import { Network } from '../core/net.js'
import { DEFAULT_REGION } from '../storage/s3-location.js'
import { probeBucket, probed } from '../storage/probe.js'
import { RegistryClient } from './oci.js'
import { MIRROR } from './s3.js'
import type { MirrorTarget } from './target.js'
import type { MirrorOptions } from './types.js'

/**
 * `mirror-to`, asked before the export starts whether it takes the copy, leaving nothing behind:
 * S3, a multipart upload under PREFIX started and aborted (the mirror's own permissions: it lists
 * nothing and deletes nothing); a registry, `GET /v2/` with the credentials it asks for, then an
 * upload session into the repository started and cancelled.
 */
export async function probeMirrorTarget(
  target: MirrorTarget,
  options: Pick<MirrorOptions, 'region' | 'registryCredentials' | 'environment' | 'host' | 'deadline'>
): Promise<void> {
  if (target.scheme === 's3') {
    const probes = ['upload-abort'] as const
    await probeBucket(target, {
      stage: MIRROR,
      probes,
      region: options.region ?? DEFAULT_REGION,
      deadline: options.deadline,
      environment: options.environment
    })
    options.host.info(`Mirror: ${probed(target, probes)}`)
    return
  }
  // The mirror's own network, as the copy's: the registry may be on this machine (http), whatever base-url is.
  const client = await RegistryClient.connect(target, {
    ...options,
    signal: options.deadline.signal(),
    network: new Network(true)
  })
  await client.probeUpload()
  options.host.info(`Mirror: ${target.host}/${target.repository} takes a push with the credentials given`)
}
