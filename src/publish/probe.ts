import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import type { Deadline } from '../core/deadline.js'
import type { Host } from '../core/host.js'
import { input, message } from '../core/message.js'
import { probeBucket, probed, type BucketProbe } from '../storage/probe.js'
import { DEFAULT_REGION, type S3Location } from '../storage/s3-location.js'
import { PUBLISH } from './bucket.js'
import { publishError } from './errors.js'

/**
 * `publish-to` and `publish-public-url`, asked before the export starts, so that a wrong bucket,
 * refused credentials, a mistyped region or an address that names no host cost seconds rather
 * than an export: the bucket is listed under PREFIX and takes an empty object of a name of its own,
 * deleted at once (a dry run, which changes nothing, only lists); the address's host resolves.
 */

export interface PublishProbeOptions {
  region?: string
  publicUrl?: string
  dryRun: boolean
  /** The runner's environment: the S3 client's proxy, and whether a proxy resolves names instead of the runner. */
  environment?: Readonly<Record<string, string | undefined>>
  host: Pick<Host, 'info'>
  deadline: Deadline
}

export async function probePublishTarget(target: S3Location, options: PublishProbeOptions): Promise<void> {
  const probes: BucketProbe[] = options.dryRun ? ['list'] : ['list', 'put-delete']
  await probeBucket(target, {
    stage: PUBLISH,
    probes,
    region: options.region ?? DEFAULT_REGION,
    deadline: options.deadline,
    environment: options.environment
  })
  const resolved = options.publicUrl ? await resolves(options.publicUrl, options.environment ?? {}) : undefined
  options.host.info(`Publish: ${probed(target, probes)}${resolved ? `; ${resolved}` : ''}`)
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy']

/** That the address's host resolves, said; nothing when a proxy resolves names for the runner, or it is an IP address. */
async function resolves(publicUrl: string, environment: Readonly<Record<string, string | undefined>>): Promise<string> {
  const { hostname } = new URL(publicUrl)
  const name = hostname.replace(/^\[|\]$/g, '')
  if (isIP(name) !== 0) return ''
  if (PROXY_VARIABLES.some((variable) => environment[variable])) return ''
  try {
    await lookup(name)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'no address'
    throw publishError(
      message`Publish: ${input('publish-public-url')} names the host ${name}, which does not resolve (${code})`,
      {
        hint: message`Correct ${input('publish-public-url')}: the website endpoint of the bucket, or the address of the CDN in front of it`,
        cause: error
      }
    )
  }
  return `${name} resolves`
}
