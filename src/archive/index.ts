import { randomUUID } from 'node:crypto'
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  readSync,
  renameSync,
  statSync,
  type ReadStream
} from 'node:fs'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createZstdDecompress } from 'node:zlib'
import { TimeUpError, type Deadline } from '../core/deadline.js'
import { freeBytes } from '../core/disk.js'
import { ActionError, systemCode } from '../core/errors.js'
import type { Host } from '../core/host.js'
import { input, message } from '../core/message.js'
import type { ArchiveKind } from './detect.js'
import { FileWrites } from './file-writes.js'
import { ArchiveError, damaged, isDamage, sizeBound, type SizeBound } from './policy.js'
import { removeTree } from './remove.js'
import type { SiteFile } from './site-files.js'
import type { SiteTree } from './site-tree.js'
import { TarReader } from './tar.js'
import { SiteWriter } from './writer.js'
import { readZip } from './zip.js'
import { zstdParts } from './zstd.js'

export { detectArchiveKind, supportedKind, type ArchiveKind } from './detect.js'
export { FileWrites } from './file-writes.js'
export { ArchiveError } from './policy.js'

const READ_CHUNK_BYTES = 1024 * 1024
/**
 * What the decompressor hands over at a time: a chunk of 1 MiB costs the main thread a quarter of
 * the hand-overs of 256 KiB, ~10 % of its CPU while unpacking small files
 * (docs/decisions/archive-readers.md).
 */
const INFLATE_CHUNK_BYTES = 1024 * 1024

export interface UnpackOptions {
  /** Where the unpacking logs what it did to the folders around the site. */
  host: Host
  /**
   * Stops the unpacking, also while it waits for its file thread: the run's deadline, which follows
   * its cancellation too.
   */
  deadline?: Deadline
  /**
   * The file thread, started ahead with the same deadline (while the archive downloads, so that its
   * start-up is not the unpacking's); the unpacking stops it when it ends. One is started otherwise,
   * with `deadline`.
   */
  writes?: FileWrites
}

export type { SiteFile } from './site-files.js'

/** A site in place: its folder, and what was written into it. */
export interface UnpackedSite {
  /** The destination, holding the archive's top or the one folder that wraps the site. */
  path: string
  /**
   * Every file and link of the site (not its folders), relative to `path`, in no particular
   * order; with the SHA-256 of each, taken as it was written.
   */
  files: SiteFile[]
}

/**
 * Unpacks `archive` into `destination` in one pass under the unpacking policy (README), replacing
 * what was there only once the new site is complete and checked. Entries go to a staging folder
 * beside the destination; on any refusal it is removed, nothing is left behind and the archive is
 * kept.
 */
export async function unpackSite(
  archive: string,
  kind: ArchiveKind,
  destination: string,
  { host, deadline, writes }: UnpackOptions
): Promise<UnpackedSite> {
  const signal = deadline?.signal()
  const parent = path.dirname(destination)
  const staging = path.join(parent, `.${path.basename(destination)}-${randomUUID()}`)
  const fileWrites = writes ?? new FileWrites(deadline)
  let writer: SiteWriter | undefined
  try {
    const bound = sizeBound(statSync(archive).size, freeBytes(parent))
    writer = new SiteWriter(staging, bound, fileWrites, signal)
    if (kind === 'zip') await readZip(archive, writer, bound)
    else await readTar(archive, kind, writer, bound)
    writer.drain()
    const root = siteRoot(writer.tree, host)
    // Links are judged against the folder that becomes the site, where it will be.
    writer.checkLinks(root, destination)
    replaceSite(path.join(staging, ...root), destination, host)
    return { path: destination, files: writer.files.under(root) }
  } catch (error) {
    // A wait for the file thread can run out of time before the signal's timer gets to fire.
    if (error instanceof TimeUpError || (signal?.aborted && error === signal.reason))
      throw stopped(error, archive, kind)
    throw withArchiveNamed(error, archive, kind)
  } finally {
    writer?.close()
    // Also when the writer could not be made; before the removal, which the thread must not race.
    await fileWrites.stop()
    removeStaging(staging, host)
  }
}

/** Unpacking stopped by the deadline, or by the run's cancellation (whose reason goes on as it is). */
function stopped(reason: unknown, archive: string, kind: ArchiveKind): unknown {
  if (!(reason instanceof TimeUpError)) return reason
  return new ActionError(
    message`Unpacking the ${kind} archive ${archive} stopped: ${input('timeout-seconds')} ran out. Nothing was unpacked; the archive is kept`,
    { code: 'out-of-time', cause: reason }
  )
}

/** A staging folder that cannot be removed is a warning: the refusal or the success it follows is what the step reports. */
function removeStaging(staging: string, host: Host): void {
  try {
    removeTree(staging)
  } catch (error) {
    host.warning(`The staging folder ${staging} could not be removed: ${(error as Error).message}`)
  }
}

/** Decompresses once, streaming, into the tar reader; then nothing but zeros may follow the compressed stream. */
async function readTar(
  archive: string,
  kind: Exclude<ArchiveKind, 'zip'>,
  writer: SiteWriter,
  bound: SizeBound
): Promise<void> {
  const reader = new TarReader(writer, bound)
  const consume = async (chunks: AsyncIterable<Buffer>): Promise<void> => {
    for await (const chunk of chunks) reader.push(chunk)
  }
  const read = (start = 0, end?: number): ReadStream =>
    createReadStream(archive, { start, end, highWaterMark: READ_CHUNK_BYTES })
  if (kind === 'tar') {
    await pipeline(read(), consume)
  } else if (kind === 'tar.gz') {
    // gunzip reads gzip members one after another by itself.
    const decompressor = createGunzip({ chunkSize: INFLATE_CHUNK_BYTES })
    await pipeline(read(), decompressor, consume).catch((error: unknown) => {
      throw decompressionError(error, 'gzip')
    })
    refuseBytesAfter(archive, decompressor.bytesWritten, 'gzip')
  } else {
    await readZstdFrames(archive, (start, end) => read(start, end - 1), consume)
  }
  reader.end()
}

/** Each zstd frame through a decompressor of its own (zstd.ts), in order, into `consume`. */
async function readZstdFrames(
  archive: string,
  read: (start: number, end: number) => ReadStream,
  consume: (chunks: AsyncIterable<Buffer>) => Promise<void>
): Promise<void> {
  const fd = openSync(archive, 'r')
  try {
    for (const part of zstdParts(fd, fstatSync(fd).size)) {
      if (part.kind === 'other') {
        refuseBytesAfter(archive, part.start, 'zstd')
        return
      }
      const decompressor = createZstdDecompress({ chunkSize: INFLATE_CHUNK_BYTES })
      await pipeline(read(part.start, part.end), decompressor, consume).catch((error: unknown) => {
        throw decompressionError(error, 'zstd')
      })
      if (decompressor.bytesWritten !== part.end - part.start) {
        throw damaged(`its zstd stream is damaged (the frame at byte ${part.start} ends before its last block)`)
      }
    }
  } finally {
    closeSync(fd)
  }
}

/**
 * zlib's errors as the archive's damage. gzip and zstd read what follows a stream as the start of
 * another; the first one's magic was checked when the kind was detected, so a bad magic is data
 * after the stream.
 */
function decompressionError(error: unknown, stream: string): unknown {
  const code = (error as NodeJS.ErrnoException).code ?? ''
  if (!code.startsWith('Z_') && !code.startsWith('ZSTD_')) return error
  const message = (error as Error).message
  if (message === 'unexpected end of file') return damaged(`its ${stream} stream is cut short`)
  if (message === 'incorrect header check' || code === 'ZSTD_error_prefix_unknown') {
    return damaged(`it has data after the end of its ${stream} stream (not another ${stream} stream)`)
  }
  return damaged(`its ${stream} stream is damaged (${message})`)
}

/** The decompressor stops at the end of its stream; what it left unread must be zeros (padding), not data. */
function refuseBytesAfter(archive: string, used: number, stream: string): void {
  const fd = openSync(archive, 'r')
  try {
    const buffer = Buffer.alloc(READ_CHUNK_BYTES)
    const zeros = Buffer.alloc(READ_CHUNK_BYTES)
    for (let at = used; ;) {
      const read = readSync(fd, buffer, 0, buffer.length, at)
      if (read === 0) return
      if (buffer.compare(zeros, 0, read, 0, read) !== 0) {
        const nonZero = buffer.subarray(0, read).findIndex((byte) => byte !== 0)
        throw damaged(`it has data after the end of its ${stream} stream (at byte ${at + nonZero})`)
      }
      at += read
    }
  } finally {
    closeSync(fd)
  }
}

/** The folder with index.html: the archive's top, or the one folder it wraps everything in. */
function siteRoot(tree: SiteTree, host: Host): string[] {
  if (hasIndex(tree, [])) return []
  const top = tree.topNames().filter((name) => !name.startsWith('.'))
  const [only] = top
  if (top.length === 1 && only !== undefined && tree.type(only) === 'directory' && hasIndex(tree, [only])) return [only]
  // The site check (verify) reports the missing index.html; here it only explains the layout.
  host.info('The bundle has no index.html at its top, nor one folder holding it; the site was unpacked as it is')
  return []
}

function hasIndex(tree: SiteTree, folder: string[]): boolean {
  const index = tree.resolve(folder, ['index.html'], folder)
  return index.outcome === 'inside' && index.found === 'file'
}

/** Moves the new site into place, then removes the one it replaces. */
function replaceSite(site: string, destination: string, host: Host): void {
  const previous = path.join(path.dirname(destination), `.${path.basename(destination)}-previous-${randomUUID()}`)
  let replacing = true
  try {
    renameSync(destination, previous)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    replacing = false
  }
  try {
    renameSync(site, destination)
  } catch (error) {
    if (replacing) renameSync(previous, destination)
    throw error
  }
  if (!replacing) return
  try {
    removeTree(previous)
  } catch (error) {
    host.warning(
      `The new site is in place, but the previous one could not be removed from ${previous}: ${(error as Error).message}`
    )
  }
}

/** A refusal, with the archive, the verdict and the rule; any other failure (a full disk) as it is, with the archive named. */
function withArchiveNamed(error: unknown, archive: string, kind: ArchiveKind): Error {
  if (error instanceof ArchiveError && error.rule) {
    const verdict = isDamage(error.rule) ? 'is damaged' : 'was refused'
    return new ArchiveError(
      `The ${kind} archive ${archive} ${verdict}: ${error.message} [rule: ${error.rule}]. Nothing was unpacked; the archive is kept for inspection.`,
      error.rule
    )
  }
  const message = error instanceof Error ? error.message : String(error)
  return new ActionError(
    `Unpacking the ${kind} archive ${archive} failed: ${message}. Nothing was unpacked; the archive is kept.`,
    { code: error instanceof ActionError ? error.code : (systemCode(error) ?? 'unpack-failed'), cause: error }
  )
}
