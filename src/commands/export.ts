import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { ExportFlow } from '../api/calls.js'
import type { ApiClient } from '../api/client.js'
import { bundleLink, startOrReuse } from '../api/export-flow.js'
import type { Bundle, ExportJob } from '../api/schemas.js'
import {
  detectArchiveKind,
  FileWrites,
  supportedKind,
  unpackSite,
  type ArchiveKind,
  type UnpackedSite
} from '../archive/index.js'
import type { Run } from '../core/context.js'
import { documentOptions } from '../core/document.js'
import { ActionError, afterTheExport, cancelledError, inExportJob, resumeHint } from '../core/errors.js'
import { countOf, formatBytes, formatSeconds } from '../core/format.js'
import { archiveName, type OutputLayout } from '../core/layout.js'
import { input, message } from '../core/message.js'
import { redactUrl } from '../core/net.js'
import { checkOwnPlace, placeOwnFile, temporaryBeside } from '../core/own-files.js'
import { pollUntil } from '../core/poll.js'
import { QUIET_PROGRESS_MS } from '../core/progress.js'
import { downloadFile, type DownloadedFile, type FreshLink } from '../download/index.js'
import { compareManifests, type Changes } from '../manifest/compare.js'
import { readPreviousManifest } from '../manifest/read.js'
import { logChanges } from '../manifest/report.js'
import type { Manifest } from '../manifest/schema.js'
import { writeChanges, writeManifest } from '../manifest/write.js'
import { writeHelmValues } from '../report/helm.js'
import { setOutputs } from '../report/outputs.js'
import type { ExportReport, Outcome } from '../report/report.js'
import type { ExportSettings } from '../settings/index.js'
import { readBaseline } from '../site/baseline.js'
import { isPage } from '../site/reader.js'
import type { SiteCheck } from '../site/verify.js'
import type { MirrorResult, MirrorTarget } from '../mirror/index.js'
import { publishSite, type PublishResult } from '../publish/index.js'
import { checkDestinations } from './destinations.js'
import { mirrorAccess, publishAccess } from './store-access.js'
import { prefixUrl, type S3Location } from '../storage/s3-location.js'

/** Links this close to their expiry are renewed before downloading. */
const EXPIRY_MARGIN_MS = 60_000
/** How many links one run asks for before giving up on expiry. */
const MAX_LINKS = 3

interface ExportContext {
  run: Run
  client: ApiClient
  /** First backoff of download retries. */
  retryBaseDelayMs: number
  stallTimeoutMs: number
}

/** manifest.json as written: where, and when the export it describes was made. */
interface RecordedManifest {
  path: string
  createdAt: string
}

/**
 * The unpacked site as the rest of the run knows it. The list of its files stays with the
 * unpacking and the manifest: what comes after reads `manifest.json`, so that the run holds no
 * list of 40,000 files while it checks and publishes (docs/decisions/publish-thread.md).
 */
interface UnpackedPlace {
  path: string
  /** Its pages, as the site check counts them. */
  pages: number
}

/** What recording the site made: its manifest, and the changes since compare-to's. */
interface Recorded {
  manifest: RecordedManifest
  changes?: { changes: Changes; path: string }
}

type Archive = DownloadedFile & { kind: ArchiveKind }

/**
 * start → poll → bundle → download → unpack → manifest → check → mirror → Helm values, the last
 * only once every step before has succeeded. Each step returns what it made; the report is built
 * from those values once, at the end, after a failure too, so that what the steps before it made
 * is kept.
 */
export async function exportSite(settings: ExportSettings, context: ExportContext): Promise<Outcome<ExportReport>> {
  const { run, client } = context
  const { host } = run
  const startedAt = Date.now()
  let jobId: string | undefined
  /** The last status read. */
  let job: ExportJob | undefined
  let finished: ExportJob | undefined
  let link: Bundle | undefined
  let archive: Archive | undefined
  let site: UnpackedPlace | undefined
  let recorded: Recorded | undefined
  let siteCheck: SiteCheck | undefined
  let mirror: MirrorResult | undefined
  let published: PublishResult | undefined
  let publishSkipped: ExportReport['publishSkipped']
  /** Written once the export has succeeded: a later step never gets values that point at what failed. */
  let helmValuesPath: string | undefined
  /** The unpacking's file thread, started before the download so that its start-up overlaps it. */
  let fileWrites: FileWrites | undefined
  const report = (): ExportReport => ({
    command: 'export',
    startedAt,
    finishedAt: Date.now(),
    jobId,
    job,
    // Pages exported, once the wait is over: the count of a job still running keeps growing. A job
    // that gives none (the project-scoped flow) has the pages of the unpacked site.
    pageCount: finished?.pageCount ?? site?.pages,
    bundle: link,
    helmValuesPath,
    archive,
    sitePath: site?.path,
    manifestPath: recorded?.manifest.path,
    changes: recorded?.changes,
    siteCheck,
    mirror,
    publish: published,
    publishSkipped
  })

  try {
    await checkDestinations(settings, run)
    const { job: started, flow } = await host.group('Start the export', () => startOrReuse(settings, client, run))
    jobId = started.jobId
    job = started
    // Known at once, so that a run stopped before its end still says which job to resume.
    setOutputs(host, { report: { command: 'export', startedAt, jobId } })

    finished = await host.group(`Wait for export job ${started.jobId}`, () =>
      waitForJob(settings, started, flow, context, (state) => {
        job = state
      })
    )
    job = finished
    if (finished.status === 'failed') {
      throw new ActionError(
        `Export job ${finished.jobId} failed${finished.error ? `: ${finished.error}` : ' (the API gave no reason)'}`,
        { code: 'job-failed', namesJob: true }
      )
    }
    if (finished.status !== 'completed') {
      host.info(
        message`Export job ${finished.jobId} is ${finished.status || 'started'}; not waiting (${input('wait', 'false')}). ${resumeHint(finished.jobId)}`
      )
      return { report: report() }
    }

    const done = finished
    const layout = await run.output.layout(done.jobId)
    link = await host.group('Generate the bundle', () => newLink(settings, done, flow, context))
    if (!settings.download) {
      helmValuesPath = await writeValues(settings, layout, { job: done, link }, run)
      return { report: report() }
    }

    const current = link
    if (settings.extract) fileWrites = new FileWrites(run.deadline)
    const downloaded = await host.group('Download the bundle', () =>
      download(settings, done, flow, current, layout, context, (renewed) => {
        link = renewed
      })
    )
    archive = downloaded
    if (settings.extract) {
      const unpacked = await unpackAndRecord(settings, { job: done, archive: downloaded, layout }, context, {
        fileWrites,
        onUnpacked: (place) => {
          site = place
        }
      })
      recorded = unpacked.recorded
      const sitePath = unpacked.place.path
      if (settings.verify !== 'off') {
        siteCheck = await checkTheSite(settings, done, sitePath, layout, context)
        // No copy of a site that fails its check under verify: error.
        if (siteCheck?.failure) {
          if (settings.publishTo) publishSkipped = skippedPublish(settings.publishTo, host)
          throw siteCheck.failure
        }
      }
      const publishTo = settings.publishTo
      if (publishTo) {
        const manifestPath = recorded.manifest.path
        published = await host.group('Publish the site', () =>
          publishTheSite(settings, publishTo, { sitePath, manifestPath, layout }, run)
        )
        // The bucket changed even when the address does not serve it: the publish's outputs stand.
        if (published.failure) throw published.failure
      }
    }
    const target = settings.mirrorTo
    if (target) {
      const manifest = recorded?.manifest
      mirror = await host.group('Mirror the archive', () =>
        mirrorTheArchive(settings, target, { job: done, archive: downloaded, manifest }, run)
      )
    }
    helmValuesPath = await writeValues(settings, layout, { job: done, link, archive: downloaded, mirror }, run)
    return { report: report() }
  } catch (error) {
    return { report: report(), failure: exportFailure(error, jobId, run, finished?.status === 'completed') }
  } finally {
    // Unless the unpacking stopped it: a download that failed, a run with nothing to unpack.
    await fileWrites?.stop()
  }
}

/**
 * Unpacks the site (telling `onUnpacked` where, at once, for a report of a later failure), then
 * writes its manifest and the changes since compare-to's. The list of its files ends here.
 */
async function unpackAndRecord(
  settings: ExportSettings,
  { job, archive, layout }: { job: ExportJob; archive: Archive; layout: OutputLayout },
  context: ExportContext,
  { fileWrites, onUnpacked }: { fileWrites?: FileWrites; onUnpacked: (site: UnpackedPlace) => void }
): Promise<{ place: UnpackedPlace; recorded: Recorded }> {
  const { run } = context
  // Read before the new manifest is written: compare-to may name the file it replaces.
  const previous = settings.compareTo ? await readPrevious(settings, settings.compareTo, context) : undefined
  const unpacked = await run.host.group('Unpack the site', () => unpack(archive, layout, run, fileWrites))
  const place = { path: unpacked.path, pages: pagesOf(unpacked) }
  onUnpacked(place)
  const recorded = await run.host.group('Record what the site holds', () =>
    recordManifest(
      settings,
      { jobId: job.jobId, bundleSha256: archive.sha256, files: unpacked.files, previous, layout },
      run
    )
  )
  return { place, recorded }
}

/** Unpacks the archive into the output folder's site, never through a link or over another's folder. */
async function unpack(archive: Archive, layout: OutputLayout, run: Run, writes?: FileWrites): Promise<UnpackedSite> {
  await checkOwnPlace(layout.site, 'directory')
  const unpacked = await unpackSite(archive.path, archive.kind, layout.site, {
    host: run.host,
    deadline: run.deadline,
    writes
  })
  run.host.info(`Unpacked the site into ${unpacked.path}`)
  return unpacked
}

/** Copies the archive to `mirror-to`; the mirror's module is loaded only then: the AWS SDK is large. */
async function mirrorTheArchive(
  settings: ExportSettings,
  target: MirrorTarget,
  { job, archive, manifest }: { job: ExportJob; archive: Archive; manifest?: RecordedManifest },
  run: Run
): Promise<MirrorResult> {
  const { mirrorArchive } = await import('../mirror/index.js')
  return mirrorArchive(target, archive, {
    ...mirrorAccess(settings, run),
    manifestPath: manifest?.path,
    jobId: job.jobId,
    domain: settings.domain,
    version: settings.version,
    createdAt: manifest?.createdAt ?? new Date().toISOString(),
    publicUrl: settings.mirrorPublicUrl,
    check: settings.mirrorCheck
  })
}

/**
 * Writes the Helm values once the export has succeeded: with a mirror, the copy's link, which does
 * not expire, and a version that pins these bytes (the presigned link stays in `bundle-url` only);
 * else the presigned link.
 */
async function writeValues(
  settings: ExportSettings,
  layout: OutputLayout,
  { job, link, archive, mirror }: { job: ExportJob; link: Bundle; archive?: Archive; mirror?: MirrorResult },
  { host }: Run
): Promise<string> {
  if (!mirror || !archive) {
    const written = await writeHelmValues(layout.helmValues, link.bundleUrl, settings.version)
    host.info(`Helm values: ${written}`)
    return written
  }
  const written = await writeHelmValues(layout.helmValues, mirror.url, settings.version ?? archive.sha256, [
    `Export job ${job.jobId}; its archive's SHA-256 ${archive.sha256}, copied to ${mirror.location}`
  ])
  host.info(`Helm values point at the copy: ${written}`)
  return written
}

/** Said when the site check failed the step: the bucket keeps the site it served, and why. */
function skippedPublish(target: S3Location, host: Run['host']): ExportReport['publishSkipped'] {
  const location = prefixUrl(target)
  const keeps = `so ${location} keeps the site it served`
  host.info(
    message`Publish: nothing was published: the site check failed the step under ${input('verify', 'error')}, ${keeps}`
  )
  return { location, reason: `the site check failed the step under verify: error, ${keeps}` }
}

/**
 * Publishes the checked site to `publish-to` (on a thread of its own, which alone loads the AWS
 * SDK): what changed, in an order that never shows a broken page, then proven live.
 */
async function publishTheSite(
  settings: ExportSettings,
  target: S3Location,
  { sitePath, manifestPath, layout }: { sitePath: string; manifestPath: string; layout: OutputLayout },
  run: Run
): Promise<PublishResult> {
  return publishSite(target, {
    ...publishAccess(settings, run),
    sitePath,
    manifestPath,
    keepRemoved: settings.publishKeepRemoved,
    maxDeletePercent: settings.publishMaxDelete,
    cacheRules: settings.publishCacheControl,
    routes: settings.publishRoutes,
    publicUrl: settings.publishPublicUrl,
    checkFiles: settings.checkFiles,
    changesPath: layout.publishChanges,
    planPath: layout.publishPlan,
    dryRun: settings.publishDryRun,
    pollIntervalMs: settings.pollIntervalMs
  })
}

/**
 * A failure as the step reports it: a cancellation says what becomes of the job, anything else
 * names it; after the job completed, one a rerun may get past also says how to go on without a
 * new export.
 */
function exportFailure(error: unknown, jobId: string | undefined, run: Run, completed: boolean): unknown {
  if (run.cancellation.aborted) {
    return jobId
      ? cancelledError(`while export job ${jobId} was in progress`, resumeHint(jobId))
      : cancelledError('before an export job was started')
  }
  const rerunHelps = completed && jobId && error instanceof ActionError && RERUN_HELPS.has(error.code)
  return inExportJob(rerunHelps ? afterTheExport(error, jobId) : error, jobId)
}

/**
 * Failures after the job completed that a rerun on the same export may get past: the store or the
 * registry (once fixed), the time, a download that was cut. A refused archive or a site with
 * problems would be the same again, and say what to fix instead.
 */
const RERUN_HELPS = new Set(['publish', 'mirror', 'out-of-time', 'transfer', 'cut-short'])

/** The manifest of an earlier export (compare-to), or undefined after one warning that says why. */
function readPrevious(
  settings: ExportSettings,
  source: string,
  { run, retryBaseDelayMs }: ExportContext
): Promise<Manifest | undefined> {
  return run.host.group('Read the previous manifest', () =>
    readPreviousManifest(source, { ...documentOptions(run, retryBaseDelayMs), domain: settings.domain })
  )
}

/**
 * Writes `manifest.json` from the files as they were unpacked and, with a previous manifest, what
 * changed since (`changes.json`, the log).
 */
async function recordManifest(
  settings: ExportSettings,
  {
    jobId,
    bundleSha256,
    files,
    previous,
    layout
  }: {
    jobId: string
    bundleSha256: string
    files: UnpackedSite['files']
    previous?: Manifest
    layout: OutputLayout
  },
  { host }: Run
): Promise<Recorded> {
  const manifest = await writeManifest(layout.manifest, {
    jobId,
    domain: settings.domain,
    exportVersion: settings.version,
    bundleSha256,
    files
  })
  host.info(`Manifest of ${countOf(files.length, 'file')}: ${layout.manifest}`)
  const written = { path: layout.manifest, createdAt: manifest.createdAt }
  if (!previous) return { manifest: written }
  const changes = compareManifests(previous, manifest)
  await writeChanges(layout.changes, changes)
  logChanges(changes, layout.changes, host)
  return { manifest: written, changes: { changes, path: layout.changes } }
}

/** The site check (verify), with the known problems of a baseline (verify-baseline); its failure under `verify: error` is the caller's to throw. */
async function checkTheSite(
  settings: ExportSettings,
  job: ExportJob,
  sitePath: string,
  layout: OutputLayout,
  { run, retryBaseDelayMs }: ExportContext
): Promise<SiteCheck | undefined> {
  const { verifySite } = await import('../site/verify.js')
  const baselineSource = settings.verifyBaseline
  const baseline = baselineSource
    ? await run.host.group('Read the site check baseline', () =>
        readBaseline(baselineSource, documentOptions(run, retryBaseDelayMs))
      )
    : undefined
  return verifySite(
    sitePath,
    {
      mode: settings.verify === 'error' ? 'error' : 'warn',
      domain: settings.domain,
      expectedPages: job.pageCount,
      reportPath: layout.verifyReport,
      baseline,
      browser: {
        mode: settings.verifyBrowser,
        pages: settings.verifyBrowserPages,
        deadline: run.deadline.at,
        signal: run.cancellation
      }
    },
    run
  )
}

/** The pages of an unpacked site. */
function pagesOf(site: UnpackedSite): number {
  return site.files.filter((file) => file.link === undefined && isPage(file.path)).length
}

/**
 * Polls until the job ends, within the run's deadline, telling `onState` of every status read;
 * with wait: false it only reads a reused job once.
 */
async function waitForJob(
  settings: ExportSettings,
  job: ExportJob,
  flow: ExportFlow,
  { client, run }: ExportContext,
  onState: (state: ExportJob) => void
): Promise<ExportJob> {
  if (!settings.wait) return settings.exportJobId ? client.getExportJob(job.jobId, flow) : job
  let lastLine = ''
  let lastLoggedAt = 0
  const outcome = await pollUntil({
    read: () => client.getExportJob(job.jobId, flow),
    isFinished: (state) => state.status === 'completed' || state.status === 'failed',
    onState: (state, elapsedMs) => {
      onState(state)
      const line = progressLine(state)
      if (line !== lastLine || elapsedMs - lastLoggedAt >= QUIET_PROGRESS_MS) {
        run.host.progress(`${line} · ${formatSeconds(elapsedMs)} elapsed`)
        lastLine = line
        lastLoggedAt = elapsedMs
      }
    },
    intervalMs: settings.pollIntervalMs,
    deadline: run.deadline,
    signal: run.cancellation
  })
  if (!outcome.finished) {
    const last = outcome.state ? ` (last seen: ${progressLine(outcome.state)})` : ''
    throw new ActionError(`Export job ${job.jobId} did not finish within ${formatSeconds(settings.timeoutMs)}${last}`, {
      code: 'job-timeout',
      hint: resumeHint(job.jobId),
      namesJob: true
    })
  }
  return outcome.state
}

function progressLine(job: ExportJob): string {
  const parts = [`${job.jobId}: ${job.status}`]
  if (job.progress !== undefined) parts.push(`${job.progress}%`)
  if (job.pageCount !== undefined) parts.push(countOf(job.pageCount, 'page'))
  return parts.join(' · ')
}

/**
 * A link for the completed job, masked: the one its status carries, where it carries one, else one
 * from the bundle endpoint; `fresh` asks for a new one.
 */
async function newLink(
  settings: ExportSettings,
  job: ExportJob,
  flow: ExportFlow,
  { client, run: { host } }: ExportContext,
  fresh = false
): Promise<Bundle> {
  const bundle = await bundleLink(job, flow, client, fresh, host)
  if (settings.maskBundleUrl) host.setSecret(bundle.bundleUrl)
  const size = bundle.sizeBytes === undefined ? '' : `, ${formatBytes(bundle.sizeBytes)}`
  host.info(
    `Bundle ready: ${redactUrl(bundle.bundleUrl)} (link expires ${bundle.expiresAt ?? 'at an unknown time'}${size})`
  )
  return bundle
}

/**
 * Downloads the archive, asking for a fresh link when the current one has expired or is about to;
 * `onLink` is told of each new link.
 */
async function download(
  settings: ExportSettings,
  job: ExportJob,
  flow: ExportFlow,
  first: Bundle,
  layout: OutputLayout,
  context: ExportContext,
  onLink: (link: Bundle) => void
): Promise<Archive> {
  const { host } = context.run
  let bundle = first
  let links = 1
  /** A fresh link, as long as the run may ask for one; the download goes on where it stopped. */
  const renewLink = async (): Promise<FreshLink> => {
    for (;;) {
      if (links >= MAX_LINKS) {
        throw new ActionError(
          `Export job ${job.jobId}: every bundle link (${MAX_LINKS} asked for) had expired before it could be downloaded ` +
            `(last expiresAt: ${bundle.expiresAt ?? 'not given'}); check the runner's clock`,
          { code: 'link-expired', namesJob: true }
        )
      }
      links++
      bundle = await newLink(settings, job, flow, context, true)
      onLink(bundle)
      if (!expiresSoon(bundle)) return { link: bundle.bundleUrl, expectedSize: bundle.sizeBytes }
      logTooSoon(bundle, host)
    }
  }
  if (expiresSoon(bundle)) {
    logTooSoon(bundle, host)
    await renewLink()
  }

  // Named by the action once its kind is known: the link's own name never names a file.
  const temporary = temporaryBeside(path.join(layout.directory, 'bundle'))
  const file = await downloadFile(bundle.bundleUrl, temporary, {
    expectedSize: bundle.sizeBytes,
    stallTimeoutMs: context.stallTimeoutMs,
    retryBaseDelayMs: context.retryBaseDelayMs,
    host,
    deadline: context.run.deadline,
    network: context.run.network,
    renewLink
  })
  const { detected, archive } = await placeArchive(temporary, layout, job.jobId)
  const kind = supportedKind(detected, archive)
  host.info(`Downloaded ${formatBytes(file.sizeBytes)} (${kind}) to ${archive}, sha256 ${file.sha256}`)
  return { ...file, path: archive, kind }
}

/** Moves the downloaded file to the archive's own name, which says its kind; the file is gone if it cannot be. */
async function placeArchive(
  temporary: string,
  layout: OutputLayout,
  jobId: string
): Promise<{ detected: Awaited<ReturnType<typeof detectArchiveKind>>; archive: string }> {
  try {
    const detected = await detectArchiveKind(temporary)
    const archive = path.join(layout.directory, archiveName(jobId, detected))
    await placeOwnFile(temporary, archive)
    return { detected, archive }
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

function logTooSoon(bundle: Bundle, host: Run['host']): void {
  host.info(`The link expires at ${bundle.expiresAt}, too soon to download safely; asking for a fresh link`)
}

function expiresSoon(bundle: Bundle): boolean {
  return bundle.expiresAt !== undefined && Date.parse(bundle.expiresAt) - Date.now() < EXPIRY_MARGIN_MS
}
