import type { Deadline } from '../core/deadline.js'
import { sentences } from '../core/errors.js'
import type { Host } from '../core/host.js'
import { input, message } from '../core/message.js'
import { Network } from '../core/net.js'
import { checkDeployment } from '../deployment/check.js'
import { mismatches, type ServedStatus } from '../deployment/report.js'
import type { Manifest } from '../manifest/schema.js'
import { publishError } from './errors.js'

/**
 * The proof that the publish is live: every file it uploaded, and a spread of the others as
 * check-deployment samples them (`check-files`), read from `publish-public-url` as a visitor reads
 * them, without credentials, through the deployment check itself. The bucket holds the bytes
 * already, so only other content is waited for (a cache that still holds the older bytes, until
 * its time is up); a file missing or refused fails at once.
 */

export interface ReadBackOptions {
  /** `publish-public-url`: the address that serves PREFIX. */
  publicUrl: string
  /** The site as published. */
  manifest: Manifest
  /** The paths this publish uploaded: each one is read back. */
  uploaded: ReadonlySet<string>
  /** `check-files`: how many of the other files are read back. */
  checkFiles: number | 'all'
  pollIntervalMs: number
  deadline: Deadline
  signal: AbortSignal
  host: Pick<Host, 'info' | 'debug'>
}

const STALE_ONLY: ReadonlySet<ServedStatus> = new Set(['differs'])

const FIX = message`The bucket holds the site: make ${input('publish-public-url')} serve PREFIX as it is, without credentials (a bucket policy that lets anyone s3:GetObject under the prefix, static website hosting, or a CDN whose origin is this bucket and prefix), or leave ${input('publish-public-url')} out to skip this check`

export async function readBack(options: ReadBackOptions): Promise<void> {
  const report = await checkDeployment({
    url: options.publicUrl,
    manifest: options.manifest,
    checkFiles: options.checkFiles,
    compareAlso: options.uploaded,
    extensionlessRoutes: false,
    askAgainAbout: STALE_ONLY,
    deadline: options.deadline.at,
    pollIntervalMs: options.pollIntervalMs,
    signal: options.signal,
    // Plain http too: nothing secret is sent, and S3's static website endpoints serve nothing else.
    dispatcher: Network.forDeployment(options.publicUrl).dispatcher,
    host: options.host
  })
  const { filesCompared, filesMatching } = report.counts
  if (report.status === 'current') {
    options.host.info(`Publish: ${report.url} serves the ${filesCompared} files read back as published`)
    return
  }
  throw publishError(
    sentences(
      `Publish: ${report.url} does not serve what was published: ${filesMatching} of ${filesCompared} files read back as published`,
      ...mismatches(report)
    ),
    { hint: FIX }
  )
}
