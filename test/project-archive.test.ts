import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { projectFlow, UNSCOPED_FLOW, type ExportFlow } from '../src/api/calls.js'
import { ApiClient } from '../src/api/client.js'
import { detectArchiveKind, supportedKind, unpackSite } from '../src/archive/index.js'
import { archiveName } from '../src/core/layout.js'
import { downloadFile } from '../src/download/index.js'
import { SAMPLE_SITE, zip } from './emulator/archives.ts'
import { Emulator } from './emulator/server.ts'
import { testRun } from './support/recording-host.js'

/**
 * The project-scoped flow's `export.zip` goes the way a tar.gz goes: its kind read from its bytes,
 * never from the link's name, the archive named by that kind and the job id, and the same site
 * unpacked from it.
 */

let emulator: Emulator | undefined
let folder: string | undefined

afterEach(async () => {
  await emulator?.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** Exports with the emulator in `flow`, and downloads, names and unpacks the archive as the export command does. */
async function exportWith(setup: ConstructorParameters<typeof Emulator>[0], flow: ExportFlow) {
  emulator = await new Emulator(setup).start()
  folder = await mkdtemp(path.join(os.tmpdir(), 'project-archive-'))
  const run = testRun()
  const client = new ApiClient({
    baseUrl: emulator.baseUrl,
    apiKey: emulator.options.apiKey,
    requestTimeoutMs: 5000,
    retryBaseDelayMs: 1,
    run
  })
  const { jobId } = await client.startExport({ domain: 'docs.acme.dev' }, { flow })
  let job = await client.getExportJob(jobId, flow)
  while (job.status !== 'completed') {
    await new Promise((resolve) => setTimeout(resolve, 50))
    job = await client.getExportJob(jobId, flow)
  }
  const bundle = job.bundle ?? (await client.generateBundle(jobId))
  const downloaded = await downloadFile(bundle.bundleUrl, path.join(folder, 'bundle.partial'), {
    expectedSize: bundle.sizeBytes,
    stallTimeoutMs: 5000,
    retryBaseDelayMs: 1,
    host: run.host,
    deadline: run.deadline,
    network: run.network
  })
  const kind = supportedKind(await detectArchiveKind(downloaded.path), downloaded.path)
  const site = await unpackSite(downloaded.path, kind, path.join(folder, 'site'), { host: run.host })
  const files = Object.fromEntries(site.files.map((file) => [file.path, file.sha256]))
  return { jobId, link: new URL(bundle.bundleUrl).pathname, kind, name: archiveName(jobId, kind), files }
}

describe('the archive of the project-scoped flow', () => {
  it('is export.zip, a zip by its bytes, named by its kind, and unpacks to the same site as the tar.gz', async () => {
    const zipped = await exportWith({ flow: 'project' }, projectFlow('proj_acme'))
    expect(zipped.link).toBe(`/static-exports/${zipped.jobId}/export.zip`)
    expect(zipped.kind).toBe('zip')
    expect(zipped.name).toBe(`bundle-${zipped.jobId}.zip`)
    await emulator?.stop()
    await rm(folder ?? '', { recursive: true, force: true })

    const tarred = await exportWith({ flow: 'unscoped' }, UNSCOPED_FLOW)
    expect(tarred.kind).toBe('tar.gz')
    expect(tarred.name).toBe(`bundle-${tarred.jobId}.tar.gz`)
    expect(zipped.files).toEqual(tarred.files)
    expect(Object.keys(zipped.files)).toContain('index.html')
  })

  it('is read as the kind its bytes say, whatever the link calls it', async () => {
    const misnamed = await exportWith(
      { flow: 'project', archive: { bytes: zip(SAMPLE_SITE, { deflate: true }), name: 'export.tar.gz' } },
      projectFlow('proj_acme')
    )
    expect(misnamed.link).toMatch(/export\.tar\.gz$/)
    expect(misnamed.kind).toBe('zip')
    expect(misnamed.name).toBe(`bundle-${misnamed.jobId}.zip`)
  })
})
