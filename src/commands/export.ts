import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { ApiClient } from '../api/client.js'
import type { Bundle, ExportJob } from '../api/schemas.js'
import { detectArchiveKind, supportedKind, unpackSite, type SiteFile } from '../archive/index.js'
import type { Run } from '../core/context.js'
import { documentOptions } from '../core/document.js'
import { ActionError, cancelledError, inExportJob, resumeHint } from '../core/errors.js'
import { formatBytes, formatSeconds } from '../core/format.js'
import { archiveName, type OutputLayout } from '../core/layout.js'
import { redactUrl } from '../core/net.js'
import { checkOwnPlace, placeOwnFile, temporaryBeside } from '../core/own-files.js'
import { pollUntil } from '../core/poll.js'
import type { ExportSettings } from '../core/settings.js'
import { setting } from '../core/words.js'
import { downloadFile, type FreshLink } from '../download/index.js'
import { compareManifests } from '../manifest/compare.js'
import { readPreviousManifest } from '../manifest/read.js'
import type { Manifest } from '../manifest/schema.js'
import { logChanges } from '../manifest/report.js'
import { writeChanges, writeManifest } from '../manifest/write.js'
import { writeHelmValues } from '../report/helm.js'
import { readBaseline } from '../site/baseline.js'
import type { ExportReport } from '../report/report.js'

/** Links this close to their expiry are renewed before downloading. */
const EXPIRY_MARGIN_MS = 60_000
/** How many links one run asks for before giving up on expiry. */
const MAX_LINKS = 3
/** A progress line is logged on every change, and at least this often while nothing changes. */
const QUIET_LOG_MS = 60_000

interface ExportContext {
  run: Run
  client: ApiClient
  /** First backoff of download retries. */
  retryBaseDelayMs: number
  stallTimeoutMs: number
}

/** start → poll → bundle → download → unpack → check, recording in `report` what each step learns. */
export async function exportSite(
  settings: ExportSettings,
  report: ExportReport,
  context: ExportContext
): Promise<void> {
  const { run, client } = context
  const { host } = run
  try {
    let job = await host.group('Start the export', () => startOrReuse(settings, client, run))
    report.jobId = job.jobId

    job = await host.group(`Wait for export job ${job.jobId}`, () => waitForJob(settings, report, job, context))
    report.job = job
    report.pageCount = job.pageCount
    if (job.status === 'failed') {
      throw new ActionError(
        `Export job ${job.jobId} failed${job.error ? `: ${job.error}` : ' (the API gave no reason)'}`,
        {
          code: 'job-failed',
          namesJob: true
        }
      )
    }
    if (job.status !== 'completed') {
      host.info(
        `Export job ${job.jobId} is ${job.status || 'started'}; not waiting (${setting('wait', 'false')}). ${resumeHint(job.jobId)}`
      )
      return
    }

    const layout = await run.output.layout(job.jobId)
    await host.group('Generate the bundle', () => getBundleAndWriteHelmValues(settings, report, layout, context))
    if (!settings.download) return

    await host.group('Download the bundle', () => download(settings, report, layout, context))
    if (!settings.extract || !report.archive) return

    // Read before the new manifest is written: compare-to may name the file it replaces.
    const previous = settings.compareTo ? await readPrevious(settings, settings.compareTo, context) : undefined
    const { archive } = report
    const site = await host.group('Unpack the site', async () => {
      await checkOwnPlace(layout.site, 'directory')
      const unpacked = await unpackSite(archive.path, archive.kind, layout.site, {
        host,
        signal: run.deadline.signal()
      })
      host.info(`Unpacked the site into ${unpacked.path}`)
      return unpacked
    })
    report.sitePath = site.path
    await host.group('Record what the site holds', () =>
      recordManifest(settings, report, {
        jobId: job.jobId,
        bundleSha256: archive.sha256,
        files: site.files,
        previous,
        layout,
        host
      })
    )
    if (settings.verify !== 'off') await checkTheSite(settings, report, site.path, layout, context)
  } catch (error) {
    if (run.cancellation.aborted) {
      throw report.jobId
        ? cancelledError(`while export job ${report.jobId} was in progress`, resumeHint(report.jobId))
        : cancelledError('before an export job was started')
    }
    throw inExportJob(error, report.jobId)
  } finally {
    report.finishedAt = Date.now()
  }
}

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
  report: ExportReport,
  {
    jobId,
    bundleSha256,
    files,
    previous,
    layout,
    host
  }: {
    jobId: string
    bundleSha256: string
    files: SiteFile[]
    previous?: Manifest
    layout: OutputLayout
    host: Run['host']
  }
): Promise<void> {
  const manifest = await writeManifest(layout.manifest, {
    jobId,
    domain: settings.domain,
    exportVersion: settings.version,
    bundleSha256,
    files
  })
  report.manifestPath = layout.manifest
  host.info(`Manifest of ${files.length} files: ${layout.manifest}`)
  if (!previous) return
  const changes = compareManifests(previous, manifest)
  await writeChanges(layout.changes, changes)
  report.changes = { changes, path: layout.changes }
  logChanges(changes, layout.changes, host)
}

/** The site check (verify), with the known problems of a baseline (verify-baseline); `verify: error` fails here. */
async function checkTheSite(
  settings: ExportSettings,
  report: ExportReport,
  sitePath: string,
  layout: OutputLayout,
  { run, retryBaseDelayMs }: ExportContext
): Promise<void> {
  const { verifySite } = await import('../site/verify.js')
  const baselineSource = settings.verifyBaseline
  const baseline = baselineSource
    ? await run.host.group('Read the site check baseline', () =>
        readBaseline(baselineSource, documentOptions(run, retryBaseDelayMs))
      )
    : undefined
  report.siteCheck = await verifySite(
    sitePath,
    {
      mode: settings.verify === 'error' ? 'error' : 'warn',
      domain: settings.domain,
      expectedPages: report.pageCount,
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
  if (report.siteCheck?.failure) throw report.siteCheck.failure
}

async function startOrReuse(settings: ExportSettings, client: ApiClient, { host }: Run): Promise<ExportJob> {
  if (settings.exportJobId) {
    host.info(`Using the existing export job ${settings.exportJobId}`)
    return { jobId: settings.exportJobId, status: '' }
  }
  const domain = settings.domain ?? ''
  const job = await client.startExport({
    domain,
    ...(settings.paths.length > 0 ? { paths: settings.paths } : {}),
    ...(settings.version ? { version: settings.version } : {})
  })
  host.info(`Started export job ${job.jobId} for ${domain} (${job.status || 'accepted'})`)
  return job
}

/** Polls until the job ends, within the run's deadline; with wait: false it only reads a reused job once. */
async function waitForJob(
  settings: ExportSettings,
  report: ExportReport,
  job: ExportJob,
  context: ExportContext
): Promise<ExportJob> {
  const { client, run } = context
  if (!settings.wait) return settings.exportJobId ? client.getExportJob(job.jobId) : job
  let lastLine = ''
  let lastLoggedAt = 0
  const outcome = await pollUntil({
    read: () => client.getExportJob(job.jobId),
    isFinished: (state) => state.status === 'completed' || state.status === 'failed',
    onState: (state, elapsedMs) => {
      report.job = state
      const line = progressLine(state)
      if (line !== lastLine || elapsedMs - lastLoggedAt >= QUIET_LOG_MS) {
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
  if (job.pageCount !== undefined) parts.push(`${job.pageCount} pages`)
  return parts.join(' · ')
}

/** Gets a link, masks it, keeps it in the report, and writes the Helm values that carry it. */
async function getBundleAndWriteHelmValues(
  settings: ExportSettings,
  report: ExportReport,
  layout: OutputLayout,
  { client, run: { host } }: ExportContext,
  fresh = false
): Promise<Bundle> {
  const bundle = await bundleLink(report, client, fresh, host)
  if (settings.maskBundleUrl) host.setSecret(bundle.bundleUrl)
  report.bundle = bundle
  report.helmValuesPath = await writeHelmValues(layout.helmValues, bundle.bundleUrl, settings.version)
  const size = bundle.sizeBytes === undefined ? '' : `, ${formatBytes(bundle.sizeBytes)}`
  host.info(
    `Bundle ready: ${redactUrl(bundle.bundleUrl)} (link expires ${bundle.expiresAt ?? 'at an unknown time'}${size})`
  )
  return bundle
}

/**
 * The link the completed job's status carries, where it carries one (read again for a fresh one);
 * otherwise one from the bundle endpoint.
 */
async function bundleLink(report: ExportReport, client: ApiClient, fresh: boolean, host: Run['host']): Promise<Bundle> {
  const jobId = report.jobId ?? ''
  if (report.job?.bundle && !fresh) {
    host.info('The job status carries the bundle link: no bundle call needed')
    return report.job.bundle
  }
  if (report.job?.bundle) {
    const job = await client.getExportJob(jobId)
    if (job.bundle) {
      report.job = job
      return job.bundle
    }
  }
  return client.generateBundle(jobId)
}

/** Downloads the archive, asking for a fresh link when the current one has expired or is about to. */
async function download(
  settings: ExportSettings,
  report: ExportReport,
  layout: OutputLayout,
  context: ExportContext
): Promise<void> {
  const { host } = context.run
  let bundle = report.bundle as Bundle
  let links = 1
  /** A fresh link, as long as the run may ask for one; the download goes on where it stopped. */
  const renewLink = async (): Promise<FreshLink> => {
    for (;;) {
      if (links >= MAX_LINKS) {
        throw new ActionError(
          `Export job ${report.jobId}: every bundle link (${MAX_LINKS} asked for) had expired before it could be downloaded ` +
            `(last expiresAt: ${bundle.expiresAt ?? 'not given'}); check the runner's clock`,
          { code: 'link-expired', namesJob: true }
        )
      }
      links++
      bundle = await getBundleAndWriteHelmValues(settings, report, layout, context, true)
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
  const { detected, archive } = await placeArchive(temporary, layout, report.jobId ?? '')
  const kind = supportedKind(detected, archive)
  report.archive = { ...file, path: archive, kind }
  host.info(`Downloaded ${formatBytes(file.sizeBytes)} (${kind}) to ${archive}, sha256 ${file.sha256}`)
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
