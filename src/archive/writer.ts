import { chmodSync, mkdirSync, statSync, symlinkSync } from 'node:fs'
import { createHash, hash, type Hash } from 'node:crypto'
import path from 'node:path'
import { formatBytes } from '../core/format.js'
import {
  DIRECTORY_MODE,
  ENTRY_DISK_BYTES,
  entryPath,
  fileMode,
  linkTargetPath,
  quote,
  refuse,
  refuseHardLink,
  refuseLinkLoop,
  refuseLinkRespelled,
  refuseLinkOutside,
  refuseLongOnDisk,
  refuseEntries,
  refuseSize,
  refuseSpecialType,
  MAX_ENTRIES,
  type EntryType,
  type SizeBound
} from './policy.js'
import type { FileWrites } from './file-writes.js'
import { SiteFiles } from './site-files.js'
import { SiteTree, type Resolution } from './site-tree.js'

/** One entry as a reader found it, before the policy has judged it. */
export interface Entry {
  name: string
  type: EntryType
  /** The archive's permission bits; only the execute bit is kept. */
  mode: number
  /** A symbolic link's target, or the name a hard link points to. */
  linkTarget?: string
  /** For an unknown type: what the archive called it. */
  typeDetail?: string
  /** For a file: its size as the archive gives it, which the reader holds it to. */
  size?: number
}

/** Where readers send entries: the writer, or a test's recorder. */
export interface EntrySink {
  /** Judges and creates an entry; true when it is a regular file whose data follows through write(), then finish(). */
  begin(entry: Entry): boolean
  write(data: Buffer, offset?: number, length?: number): void
  finish(): void
}

const EMPTY_SHA256 = hash('sha256', '', 'hex')

/**
 * Writes a site's entries into `root` (a new staging folder) with synchronous calls: a stream
 * per file costs more than the parsing (docs/decisions/archive-readers.md); the files and
 * hard links are made on a thread of their own, in order (file-writes.ts), folders and symbolic
 * links here. Each entry is judged by the policy before anything touches the disk. Owners are
 * never set, so every file belongs to the runner's user, root included; times are not set either
 * (see the README). Each file's SHA-256 is taken from the bytes as they are written, for the
 * manifest.
 */
export class SiteWriter implements EntrySink {
  readonly tree = new SiteTree()
  readonly files = new SiteFiles()
  private fileOpen = false
  /** The open file: its key, the size its entry announced, the bytes written so far. */
  private key = ''
  private announced: number | undefined
  private written = 0
  /**
   * A file that arrives in one write, as most small files do, is hashed in one call (crypto.hash),
   * which costs less than a Hash object (docs/decisions/unpack-target.md); the object
   * serves files that arrive in parts.
   */
  private digest: string | undefined
  private hashing: Hash | undefined
  /** The folder key of the last file, whose folders are known to exist. */
  private lastFolder = ''
  /** Set when the umask takes bits from 0755/0644: modes are then set after creation. */
  private readonly setModes: boolean
  private entries = 0
  /** What the disk holds so far, at least: the data written, and a block per entry. */
  private diskBytes = 0
  /** The staging folder's path in bytes, which every entry's path on disk adds to. */
  private readonly rootBytes: number

  /**
   * Set when the signal fires. The signal can only fire between two chunks of the archive (the
   * writes are synchronous); a field read per entry and per write costs nothing next to
   * `throwIfAborted()`, which checks its receiver each time.
   */
  private stopped = false
  private readonly onAbort = (): void => {
    this.stopped = true
  }

  constructor(
    /** The staging folder, created here; it must not exist. */
    readonly root: string,
    private readonly bound: SizeBound,
    /** The file thread, which the caller stops once the writer is closed. */
    private readonly writes: FileWrites,
    /** Stops the unpacking between two entries or two writes: the run's deadline or its cancellation. */
    private readonly signal?: AbortSignal
  ) {
    this.stopped = signal?.aborted ?? false
    signal?.addEventListener('abort', this.onAbort, { once: true })
    mkdirSync(root, DIRECTORY_MODE)
    this.rootBytes = Buffer.byteLength(root)
    this.setModes = (statSync(root).mode & 0o7777) !== DIRECTORY_MODE
    if (this.setModes) chmodSync(root, DIRECTORY_MODE)
  }

  begin(entry: Entry): boolean {
    if (this.stopped) this.signal?.throwIfAborted()
    this.chargeEntry(entry.name)
    switch (entry.type) {
      case 'file':
        this.file(entry)
        return true
      case 'directory':
        this.directory(entry.name)
        return false
      case 'symlink':
        this.symlink(entry.name, entry.linkTarget ?? '')
        return false
      case 'hardlink':
        this.hardlink(entry.name, entry.linkTarget ?? '')
        return false
      default:
        return refuseSpecialType(entry.name, entry.type, entry.typeDetail)
    }
  }

  write(data: Buffer, offset = 0, length = data.length - offset): void {
    if (this.stopped) this.signal?.throwIfAborted()
    this.charge(length)
    const bytes = data.subarray(offset, offset + length)
    if (this.written === 0 && length === this.announced) this.digest = hash('sha256', bytes, 'hex')
    else (this.hashing ??= createHash('sha256')).update(bytes)
    this.written += length
    this.writes.write(data, offset, offset + length)
  }

  /** Ends the file begun last. */
  finish(): void {
    if (!this.fileOpen) return
    this.fileOpen = false
    this.writes.close()
    this.files.addFile(this.key, this.written, this.digest ?? this.hashing?.digest('hex') ?? EMPTY_SHA256)
  }

  /** Waits until every file is written; throws what failed. */
  drain(): void {
    this.writes.drain()
  }

  /** Stops listening to the signal: the run goes on after the unpacking. */
  close(): void {
    this.signal?.removeEventListener('abort', this.onAbort)
  }

  /**
   * Checks every link under `root` once the whole archive is written: a link may have pointed at
   * something missing when it was written, and the folder that becomes the site may be a wrapper
   * one level down. `rootOnDisk` is where `root` will be, for the messages.
   */
  checkLinks(root: string[], rootOnDisk: string): void {
    for (const link of this.tree.linksUnder(root))
      this.judgeLink(link.name, this.tree.resolve(link.folder, link.target, root), rootOnDisk)
  }

  onDisk(key: string): string {
    return key === '' ? this.root : `${this.root}${path.sep}${key}`
  }

  private file(entry: Entry): void {
    const parts = this.namedPath(entry.name)
    const key = this.keyOnDisk(entry.name, parts)
    this.folders(parts, key, entry.name)
    this.tree.claim(key, 'file', entry.name)
    const mode = fileMode(entry.mode)
    this.writes.open(this.onDisk(key), mode, this.setModes)
    this.fileOpen = true
    this.key = key
    this.announced = entry.size
    this.written = 0
    this.digest = undefined
    this.hashing = undefined
  }

  private directory(name: string): void {
    const parts = entryPath(name)
    // `./` and the like: the staging folder itself.
    if (parts.length === 0) return
    const key = this.keyOnDisk(name, parts)
    this.folders(parts, key, name)
    if (this.tree.claim(key, 'directory', name)) this.mkdir(key)
  }

  private symlink(name: string, target: string): void {
    const parts = this.namedPath(name)
    const key = this.keyOnDisk(name, parts)
    const targetParts = linkTargetPath(name, target)
    this.folders(parts, key, name)
    const folder = parts.slice(0, -1)
    // Judged now against what exists, and again by checkLinks() once everything exists.
    const resolution = this.tree.resolve(folder, targetParts)
    this.judgeLink(name, resolution, this.root)
    this.tree.addLink(key, folder, targetParts, name)
    const isFolder = resolution.outcome === 'inside' && resolution.found === 'directory'
    symlinkSync(target, this.onDisk(key), isFolder ? 'dir' : 'file')
    this.files.addLink(key, target)
  }

  private hardlink(name: string, target: string): void {
    const parts = this.namedPath(name)
    const key = this.keyOnDisk(name, parts)
    const targetKey = hardLinkTargetKey(name, target)
    const found = this.tree.type(targetKey)
    if (found !== 'file')
      refuseHardLink(
        name,
        target,
        found ? `a ${found === 'directory' ? 'folder' : found}` : 'not among the entries before it'
      )
    this.folders(parts, key, name)
    this.tree.claim(key, 'file', name)
    this.writes.link(this.onDisk(targetKey), this.onDisk(key))
    this.files.addHardLink(key, targetKey)
  }

  private judgeLink(name: string, resolution: Resolution, rootOnDisk: string): void {
    if (resolution.outcome === 'loop') refuseLinkLoop(name)
    if (resolution.outcome === 'respelled') refuseLinkRespelled(name, resolution.spelled, resolution.existing)
    if (resolution.outcome === 'outside') {
      refuseLinkOutside(name, path.resolve(rootOnDisk, ...Array<string>(resolution.ups).fill('..'), ...resolution.rest))
    }
  }

  /** The entry's path parts; an entry must have a name of its own. */
  private namedPath(name: string): string[] {
    const parts = entryPath(name)
    if (parts.length === 0) throw refuse('name', `entry ${quote(name)} has no name of its own`)
    return parts
  }

  /** The entry's key (its parts joined by `/`), once its path under the staging folder is known to fit the system. */
  private keyOnDisk(name: string, parts: string[]): string {
    const key = parts.join('/')
    refuseLongOnDisk(name, this.rootBytes, key)
    return key
  }

  /** Makes the folders above `parts` (judged by the tree); `key` is the entry's. */
  private folders(parts: string[], key: string, name: string): void {
    const folder = parts.length > 1 ? key.slice(0, key.length - parts[parts.length - 1].length - 1) : ''
    if (folder === this.lastFolder || this.tree.type(folder) === 'directory') {
      this.lastFolder = folder
      return
    }
    for (const added of this.tree.addFolders(parts, name)) {
      this.chargeEntry(added)
      this.mkdir(added)
    }
    this.lastFolder = folder
  }

  /** Every entry, and every folder made for one, counts against MAX_ENTRIES and takes a block. */
  private chargeEntry(name: string): void {
    if (++this.entries > MAX_ENTRIES) refuseEntries(name)
    this.charge(ENTRY_DISK_BYTES, name)
  }

  private charge(bytes: number, name?: string): void {
    this.diskBytes += bytes
    if (this.diskBytes > this.bound.bytes) {
      refuseSize(
        this.bound,
        `${name === undefined ? 'the data written' : `entry ${quote(name)}`} brings the site to ${formatBytes(this.diskBytes)} on disk`
      )
    }
  }

  private mkdir(key: string): void {
    mkdirSync(this.onDisk(key), DIRECTORY_MODE)
    if (this.setModes) chmodSync(this.onDisk(key), DIRECTORY_MODE)
  }
}

/** A hard link names an entry of the archive; a name that could not be one is refused as a hard link out. */
function hardLinkTargetKey(name: string, target: string): string {
  try {
    return entryPath(target).join('/')
  } catch {
    return refuseHardLink(name, target, 'outside the site')
  }
}
