import * as core from '@actions/core'
import { randomUUID } from 'node:crypto'
import { open, readdir, readlink, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

export type ArchiveKind = 'tar.gz' | 'zip' | 'tar'

/** An archive that cannot be unpacked safely or at all; the file is kept for inspection. */
export class ArchiveError extends Error {
  override name = 'ArchiveError'
}

/** Tells the archive's kind from its first bytes, whatever its name says. */
export async function detectArchiveKind(file: string): Promise<ArchiveKind | undefined> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0)
    if (bytesRead >= 2 && buffer[0] === 0x1f && buffer[1] === 0x8b) return 'tar.gz'
    if (bytesRead >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'zip'
    if (bytesRead >= 4 && buffer.readUInt32LE(0) === 0x06054b50) return 'zip'
    if (bytesRead >= 262 && buffer.toString('latin1', 257, 262) === 'ustar') return 'tar'
    return undefined
  } finally {
    await handle.close()
  }
}

/**
 * Unpacks `archive` into `destination`, replacing what was there only once the new site is
 * complete and checked. Returns the folder holding the site's index.html.
 */
export async function unpackSite(archive: string, kind: ArchiveKind, destination: string): Promise<string> {
  if (kind === 'tar') await refuseTruncatedTar(archive)
  const staging = path.join(path.dirname(destination), `.${path.basename(destination)}-${randomUUID()}`)
  try {
    // The names are checked while the archive unpacks, each pass on its own core. This is safe
    // because unpacking goes into a staging folder that is thrown away on a refusal, and tar and
    // unzip themselves strip a leading / and skip .. entries.
    const [names, unpacked] = await Promise.allSettled([refuseUnsafeNames(archive, kind), extract(archive, kind, staging)])
    if (names.status === 'rejected') throw names.reason
    if (unpacked.status === 'rejected') {
      throw new ArchiveError(`The ${kind} archive ${archive} is damaged and could not be unpacked: ${(unpacked.reason as Error).message}`)
    }
    const siteRoot = await findSiteRoot(staging)
    // Checked against the folder that becomes the site: a link may only point inside it.
    await refuseEscapingLinks(siteRoot)
    await rm(destination, { recursive: true, force: true })
    await rename(siteRoot, destination)
    return destination
  } finally {
    await rm(staging, { recursive: true, force: true })
  }
}

async function extract(archive: string, kind: ArchiveKind, staging: string): Promise<void> {
  // Loaded here: only runs with extract: true pay for it at start-up.
  const tc = await import('@actions/tool-cache')
  if (kind === 'zip') await tc.extractZip(archive, staging)
  else await tc.extractTar(archive, staging, kind === 'tar.gz' ? 'xz' : 'x')
}

/** Entry names: absolute paths and `..` are refused. */
async function refuseUnsafeNames(archive: string, kind: ArchiveKind): Promise<void> {
  const { getExecOutput } = await import('@actions/exec')
  const listing =
    kind === 'zip'
      ? await getExecOutput('unzip', ['-Z1', archive], { silent: true, ignoreReturnCode: true })
      : await getExecOutput('tar', [kind === 'tar.gz' ? '-tzf' : '-tf', archive], { silent: true, ignoreReturnCode: true })
  if (listing.exitCode !== 0) {
    throw new ArchiveError(`The ${kind} archive ${archive} is damaged: ${listing.stderr.trim().split('\n')[0] || `exit code ${listing.exitCode}`}`)
  }
  for (const name of listing.stdout.split('\n')) {
    if (!name) continue
    if (path.posix.isAbsolute(name) || path.win32.isAbsolute(name) || name.split(/[\\/]/).includes('..')) {
      throw new ArchiveError(
        `The archive ${archive} has an entry that would be written outside the target folder: ${JSON.stringify(name)}; nothing was kept`
      )
    }
  }
}

/**
 * GNU tar accepts a plain tar cut at a member boundary and unpacks part of the site without a
 * word; a whole archive is made of 512-byte blocks and ends with two zero blocks.
 */
async function refuseTruncatedTar(archive: string): Promise<void> {
  const handle = await open(archive, 'r')
  try {
    const { size } = await handle.stat()
    const tail = Buffer.alloc(1024)
    if (size >= 1024) await handle.read(tail, 0, 1024, size - 1024)
    if (size < 1024 || size % 512 !== 0 || tail.some((byte) => byte !== 0)) {
      throw new ArchiveError(`The tar archive ${archive} is damaged: it does not end with the end-of-archive blocks (cut short?)`)
    }
  } finally {
    await handle.close()
  }
}

/** A link may point anywhere inside the site, never outside it. */
async function refuseEscapingLinks(root: string): Promise<void> {
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isSymbolicLink()) continue
    const link = path.join(entry.parentPath, entry.name)
    const target = path.resolve(entry.parentPath, await readlink(link))
    const relative = path.relative(root, target)
    if (relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new ArchiveError(
        `The archive has a link that escapes the target folder: ${path.relative(root, link)} -> ${await readlink(link)}; nothing was kept`
      )
    }
  }
}

/** The folder with index.html: the archive's top, or the one folder it wraps everything in. */
async function findSiteRoot(staging: string): Promise<string> {
  if (await isFile(path.join(staging, 'index.html'))) return staging
  const entries = (await readdir(staging, { withFileTypes: true })).filter((entry) => !entry.name.startsWith('.'))
  const [only] = entries
  if (entries.length === 1 && only?.isDirectory() && (await isFile(path.join(staging, only.name, 'index.html')))) {
    return path.join(staging, only.name)
  }
  core.warning('The bundle has no index.html at its top; the site was unpacked as it is')
  return staging
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false
}
