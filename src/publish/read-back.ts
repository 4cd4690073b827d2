import type { Deadline } from '../core/deadline.js'
import { sentences } from '../core/errors.js'
import { countOf } from '../core/format.js'
import type { Host } from '../core/host.js'
import { input, message } from '../core/message.js'
import { Network } from '../core/net.js'
import { checkDeployment } from '../deployment/check.js'
import { mismatches, type ServedStatus } from '../deployment/report.js'
import type { Manifest } from '../manifest/schema.js'
import { publishError } from './errors.js'

/**
 * The proof that the publish is live: every file it uploaded, and a spread of the others as
 * check-deployment samples them (`check-files`), with the routes of the pages among them, read
 * from `publish-public-url` as a visitor reads them, without credentials, through the deployment
 * check itself. The bucket holds the bytes
 * already, so only other content is waited for (a cache that still holds the older bytes, until
 * its time is up); a file missing or refused fails at once.
 */

export interface ReadBackOptions {
  /** `publish-public-url`: the address that serves PREFIX. */
  publicUrl: string
  /** The site as published. */
  manifest: Manifest
  /** The paths this publish uploaded: each one is read back, and each page's route too. */
  uploaded: ReadonlySet<string>
  /** `publish-routes`: whether each page was also published under its route's key. */
  routes: 'copies' | 'off'
  /** `check-files`: how many of the other files are read back. */
  checkFiles: number | 'all'
  pollIntervalMs: number
  deadline: Deadline
  signal: AbortSignal
  host: Pick<Host, 'info' | 'debug'>
}

const STALE_ONLY: ReadonlySet<ServedStatus> = new Set(['differs'])

/** The address does not serve the bucket's objects to visitors. */
const FIX_ACCESS = message`The bucket holds the site: make ${input('publish-public-url')} serve PREFIX as it is, without credentials (a bucket policy that lets anyone s3:GetObject under the prefix, static website hosting, or a CDN whose origin is this bucket and prefix), or leave ${input('publish-public-url')} out to skip this check`

/** The files are served, but a page's route is not, with each page under its route's key already. */
const FIX_INDEX = message`The bucket holds every page under its route too, so what does not answer is the front page or a folder: serve index.html for / and for a folder's address (S3 static website hosting with index.html as its index document; behind a CDN, its default root object and the CloudFront Function in docs/serving.md), and check that ${input('publish-public-url')} is the address of PREFIX itself`

/** The files are served, but the host does not map a route to its page, and no copies were published. */
const FIX_ROUTES = message`This host serves exact keys only (as S3 static website hosting does): leave ${input('publish-routes', 'copies')}, the default, so that each page is also published under its route, or make the host answer /x with x.html (docs/serving.md)`

/**
 * Reads the site back as a visitor navigates it: every file uploaded and the route of each page
 * among them, and the sample check-deployment takes with the same `check-files` (its files and
 * routes), judged as check-deployment judges them, so that the two never disagree about one
 * address. A failure says what to fix for the kind of fault: the files refused, or only routes.
 */
export async function readBack(options: ReadBackOptions): Promise<void> {
  const report = await checkDeployment({
    url: options.publicUrl,
    manifest: options.manifest,
    checkFiles: options.checkFiles,
    compareAlso: options.uploaded,
    askAgainAbout: STALE_ONLY,
    deadline: options.deadline.at,
    pollIntervalMs: options.pollIntervalMs,
    signal: options.signal,
    // Plain http too: nothing secret is sent, and S3's static website endpoints serve nothing else.
    dispatcher: Network.forDeployment(options.publicUrl).dispatcher,
    host: options.host
  })
  const { filesCompared, filesMatching, routesTried, routesAnswering } = report.counts
  if (report.status === 'current') {
    options.host.info(
      `Publish: ${report.url} serves the ${countOf(filesCompared, 'file')} read back as published${routesTried > 0 ? `, and ${countOf(routesTried, 'route')} a visitor follows` : ''}`
    )
    return
  }
  const onlyRoutes = filesMatching === filesCompared
  const routes = routesTried - routesAnswering
  throw publishError(
    sentences(
      onlyRoutes
        ? `Publish: ${report.url} serves the files as published, but ${routes} of ${countOf(routesTried, 'route')} a visitor follows ${routes === 1 ? 'does' : 'do'} not answer with ${routes === 1 ? 'its' : 'their'} page`
        : `Publish: ${report.url} does not serve what was published: ${filesMatching} of ${countOf(filesCompared, 'file')} read back as published`,
      ...mismatches(report)
    ),
    { hint: !onlyRoutes ? FIX_ACCESS : options.routes === 'copies' ? FIX_INDEX : FIX_ROUTES }
  )
}
