import { FREE_SPACE_RESERVE_BYTES } from '../core/disk.js'
import { ActionError } from '../core/errors.js'
import { formatBytes } from '../core/format.js'

/**
 * The unpacking policy (README, "Unpacking policy"), as one predicate or constant per rule.
 * The readers and the writer call these; nothing else decides what an archive may do.
 */

/** A rule of the policy; each refusal names the one it broke. */
export type Rule =
  /** Files, folders, symbolic links and hard links only. */
  | 'entry-type'
  /** Relative names without `..`, backslashes or NUL, decoded as UTF-8. */
  | 'name'
  /** One entry per name, as macOS and Windows compare names; folders may repeat. */
  | 'duplicate'
  /** Nothing is written through a symbolic link. */
  | 'through-link'
  /** Relative symbolic links that, resolved as the OS would, stay inside the site. */
  | 'link-target'
  /** Hard links only to regular files already unpacked. */
  | 'hard-link'
  /** The unpacked size stays under a bound. */
  | 'size'
  /** The archive is whole: end blocks, sizes, checksums, nothing after its end. */
  | 'complete'
  /** Only what the supported formats need: no encryption, no other compression, no sparse files. */
  | 'format'

/** An archive that cannot be unpacked safely or at all; the file is kept for inspection. */
export class ArchiveError extends ActionError {
  override name = 'ArchiveError'

  constructor(
    message: string,
    /** The rule the archive broke (also its code); undefined for an archive of a kind that is not supported. */
    readonly rule?: Rule
  ) {
    super(message, { code: rule ?? 'unsupported-kind' })
  }
}

/** A refusal under `rule`; `message` names the entry, e.g. `link "passwd" resolves to /etc/passwd, outside the site`. */
export function refuse(rule: Rule, message: string): ArchiveError {
  return new ArchiveError(message, rule)
}

/** An archive that breaks `complete` is damaged (cut short, corrupted); any other rule, hostile. */
export function isDamage(rule: Rule): boolean {
  return rule === 'complete'
}

/** An entry's name as it appears in messages: quoted, with control characters escaped. */
export function quote(name: string): string {
  return JSON.stringify(name)
}

// ── entry types ───────────────────────────────────────────────────────────────────────────────

export type EntryType =
  'file' | 'directory' | 'symlink' | 'hardlink' | 'fifo' | 'character device' | 'block device' | 'socket' | 'unknown'

const SPECIAL_TYPES: Partial<Record<EntryType, string>> = {
  fifo: 'a FIFO',
  'character device': 'a character device',
  'block device': 'a block device',
  socket: 'a socket'
}

/** Devices, FIFOs, sockets and anything unknown are refused: a FIFO alone hangs the next step that reads it. */
export function refuseSpecialType(name: string, type: EntryType, detail = ''): never {
  const what = SPECIAL_TYPES[type] ?? `of an unknown type${detail ? ` (${detail})` : ''}`
  throw refuse('entry-type', `entry ${quote(name)} is ${what}; only files, folders and links are unpacked`)
}

// ── names ─────────────────────────────────────────────────────────────────────────────────────

const DRIVE = /^[A-Za-z]:/

/**
 * The longest name part, in UTF-8 bytes: ext4, APFS and NTFS all stop at 255 (bytes, UTF-8
 * characters and UTF-16 units: 255 bytes fit each).
 */
const MAX_NAME_PART_BYTES = 255
/**
 * The longest path inside the site, in UTF-8 bytes: a quarter of Linux's PATH_MAX, so that the
 * site fits under macOS's PATH_MAX (1,024) below a short folder. It is more than Windows' MAX_PATH
 * of 260 characters: Node writes longer paths there (it passes `\\?\` paths to Windows), but tools
 * that don't opt into long paths cannot read them (README, "Unpacking policy").
 */
const MAX_PATH_BYTES = 1024

/** Characters Windows cannot hold in a name (`:` opens an alternate data stream). */
const WINDOWS_FORBIDDEN = /[<>:"|?*]/
/** Names Windows opens as devices, whatever their extension: `con`, `NUL.txt`, `com1.tar.gz`. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\s*\..*)?$/i
/** The first letters of those names, lower case. */
const DEVICE_INITIALS = new Set([...'cpanl'].map((letter) => letter.charCodeAt(0)))

/** Whether Windows opens `part` as a device. Every device name starts with one of a few letters: most parts are let through without the pattern. */
function isDeviceName(part: string): boolean {
  return DEVICE_INITIALS.has(part.charCodeAt(0) | 0x20) && WINDOWS_DEVICE.test(part)
}

/**
 * The folders and name of an entry, relative to the site. Refused: absolute names (`/x`, `C:x`),
 * `..`, a backslash (a separator on Windows, a letter elsewhere: the same archive would unpack
 * differently), NUL, other control characters (a line break in a name would reach the logs, and
 * Windows refuses them), names that Windows reads otherwise (partName) and names too long for a
 * file system. `.` and empty parts are dropped, so `./a//b` is `a/b`.
 */
export function entryPath(name: string): string[] {
  return plainEntryPath(name) ?? checkedEntryPath(name)
}

/**
 * Parts of letters, digits, `_` and `-`, with dots inside them, joined by single slashes (a
 * folder's name may end in one): the names export archives hold. No such name can break a rule
 * but by a device name or a length, so plainEntryPath() checks those alone. Each character has
 * one place in the pattern, so it takes one pass whatever the name.
 */
const PLAIN_NAME = /^[\w-]+(?:\.+[\w-]+)*(?:\/[\w-]+(?:\.+[\w-]+)*)*\/?$/

/**
 * entryPath() of a plain name (PLAIN_NAME), checked only for what such a name can break; undefined
 * for any other name, and for one that breaks a rule (a device name, a length), which
 * checkedEntryPath() then judges and names. A test holds the two to the same answers.
 */
function plainEntryPath(name: string): string[] | undefined {
  // ASCII: a character is a byte.
  if (name.length > MAX_PATH_BYTES || !PLAIN_NAME.test(name)) return undefined
  const parts = name.split('/')
  if (parts[parts.length - 1] === '') parts.pop()
  for (const part of parts) {
    if (part.length > MAX_NAME_PART_BYTES || isDeviceName(part)) return undefined
  }
  return parts
}

/** entryPath() of any name: every rule checked. */
export function checkedEntryPath(name: string): string[] {
  if (name.includes('\0')) throw refuse('name', `entry ${quote(name)} has a NUL character in its name`)
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(name))
    throw refuse('name', `entry ${quote(name)} has a control character in its name`)
  if (name.includes('\\'))
    throw refuse('name', `entry ${quote(name)} has a backslash in its name (a folder separator on Windows)`)
  if (name.startsWith('/') || DRIVE.test(name)) throw refuse('name', `entry ${quote(name)} has an absolute name`)
  const parts = name.split('/').filter((part) => part !== '' && part !== '.')
  if (parts.includes('..')) throw refuse('name', `entry ${quote(name)} has ".." in its name`)
  // A character Windows cannot hold is one in a part; the whole name is searched once for it.
  const forbidden = WINDOWS_FORBIDDEN.test(name)
  for (const part of parts) {
    const problem = partProblem(part, forbidden)
    if (problem) throw refuse('name', `entry ${quote(name)} ${problem}`)
  }
  const bytes = Buffer.byteLength(parts.join('/'))
  if (bytes > MAX_PATH_BYTES)
    throw refuse('name', `entry ${quote(name)} has a path of ${bytes} bytes, longer than the ${MAX_PATH_BYTES} allowed`)
  return parts
}

/**
 * What makes one part of a name unsafe on some runner, so that an archive unpacks the same on
 * Linux, macOS and Windows or nowhere; undefined for a good part. `.` and `..` are judged by the
 * caller.
 */
function partProblem(part: string, mayHoldForbidden = true): string | undefined {
  const forbidden = mayHoldForbidden ? WINDOWS_FORBIDDEN.exec(part) : null
  if (forbidden) {
    const why =
      forbidden[0] === ':'
        ? 'a colon, which opens an alternate data stream on Windows'
        : `${quote(forbidden[0])}, which Windows cannot hold in a name`
    return `has ${why}`
  }
  const device = isDeviceName(part) ? WINDOWS_DEVICE.exec(part) : null
  if (device) return `has the part ${quote(part)}, which Windows opens as the device ${device[1].toUpperCase()}`
  if (part.endsWith('.') || part.endsWith(' ')) {
    return `has the part ${quote(part)}, whose trailing ${part.endsWith('.') ? 'dot' : 'space'} Windows drops`
  }
  const bytes = Buffer.byteLength(part)
  if (bytes > MAX_NAME_PART_BYTES)
    return `has a part of ${bytes} bytes, longer than the ${MAX_NAME_PART_BYTES} a file system allows`
  return undefined
}

/** The longest path the system opens, in bytes: PATH_MAX less its NUL; Windows takes long paths from Node. */
const SYSTEM_PATH_BYTES =
  ({ linux: 4095, darwin: 1023, win32: 32_000 } as Partial<Record<NodeJS.Platform, number>>)[process.platform] ?? 1023

/** A path inside the site (`key`, its parts joined by `/`) that would be too long on this system under the staging folder, `rootBytes` long. */
export function refuseLongOnDisk(name: string, rootBytes: number, key: string): void {
  const bytes = rootBytes + 1 + Buffer.byteLength(key)
  if (bytes > SYSTEM_PATH_BYTES) {
    throw refuse(
      'name',
      `entry ${quote(name)} would be at a path of ${bytes} bytes on disk, longer than the ${SYSTEM_PATH_BYTES} this system allows`
    )
  }
}

/** Names are bytes in an archive; they are read as UTF-8 only, never through the runner's locale. */
export function refuseNotUtf8(what: string, bytes: Uint8Array): never {
  throw refuse('name', `${what} ${quote(Buffer.from(bytes).toString('latin1'))} is not valid UTF-8`)
}

/**
 * The key two names collide on: macOS and Windows ignore case and Unicode normalisation, so
 * `A.html` and `a.html`, `é` composed and decomposed, `ς` and `σ`, or `straße` and `STRASSE` are
 * one file there. Folded as node-tar folds names for the same reason (NFD, then lower case, then
 * upper case, so that both one-way case mappings meet), so that an archive unpacks identically on
 * every runner, or nowhere.
 */
export function collisionKey(path: string): string {
  // eslint-disable-next-line no-control-regex
  if (!/[^\x00-\x7f]/.test(path)) return path.toUpperCase()
  return path.normalize('NFD').toLocaleLowerCase('en').toLocaleUpperCase('en')
}

/** Two entries share a name (a folder may be listed again; anything else may not). */
export function refuseDuplicate(name: string, sameName: boolean, earlier: string, earlierType: string): never {
  const same = sameName ? 'the same name' : `a name that macOS and Windows do not tell apart from ${quote(earlier)}`
  throw refuse('duplicate', `entry ${quote(name)} has ${same}, already used by a ${earlierType}`)
}

/**
 * A folder or a link with a size: tar readers disagree on whether data follows (bsdtar, GNU tar and
 * Python read the next header there), so one archive would hold different entries for each.
 */
export function refuseDataOnEmptyType(name: string, type: EntryType, size: number): never {
  const what = type === 'directory' ? 'a folder' : type === 'symlink' ? 'a symbolic link' : 'a hard link'
  throw refuse(
    'format',
    `entry ${quote(name)} is ${what} with a size of ${size} bytes; an entry that carries no data must have size 0, since tools disagree on what follows it`
  )
}

// ── links ─────────────────────────────────────────────────────────────────────────────────────

/** Linux gives up after 40 links in one lookup (ELOOP); so does the resolver. */
export const MAX_LINK_HOPS = 40

/**
 * A symbolic link's target as path parts. Refused: absolute, empty, backslash and NUL targets, and
 * parts that Windows reads otherwise or that no file system holds, as in names.
 */
export function linkTargetPath(name: string, target: string): string[] {
  const link = `link ${quote(name)}`
  if (target === '') throw refuse('link-target', `${link} has an empty target`)
  if (target.includes('\0')) throw refuse('link-target', `${link} has a NUL character in its target`)
  if (target.includes('\\')) throw refuse('link-target', `${link} has a backslash in its target ${quote(target)}`)
  if (target.startsWith('/') || DRIVE.test(target))
    throw refuse('link-target', `${link} points to the absolute path ${quote(target)}`)
  const bytes = Buffer.byteLength(target)
  if (bytes > MAX_PATH_BYTES)
    throw refuse('link-target', `${link} has a target of ${bytes} bytes, longer than the ${MAX_PATH_BYTES} allowed`)
  const parts = target.split('/')
  for (const part of parts) {
    const problem = part === '' || part === '.' || part === '..' ? undefined : partProblem(part)
    if (problem) throw refuse('link-target', `${link} ${problem.replace(/^has/, 'has in its target')}`)
  }
  return parts
}

export function refuseThroughLink(name: string, link: string): never {
  throw refuse('through-link', `entry ${quote(name)} would be written through the link ${quote(link)}`)
}

export function refuseUnderFile(name: string, file: string): never {
  throw refuse('duplicate', `entry ${quote(name)} would be written under ${quote(file)}, which is not a folder`)
}

export function refuseLinkOutside(name: string, resolved: string): never {
  throw refuse('link-target', `link ${quote(name)} resolves to ${resolved}, outside the site`)
}

export function refuseLinkRespelled(name: string, spelled: string, existing: string): never {
  throw refuse(
    'link-target',
    `link ${quote(name)} goes through ${quote(spelled)}, which macOS and Windows read as ${quote(existing)} and Linux does not: it would lead elsewhere on each`
  )
}

export function refuseLinkLoop(name: string): never {
  throw refuse('link-target', `link ${quote(name)} leads into a loop of more than ${MAX_LINK_HOPS} links`)
}

export function refuseHardLink(name: string, target: string, found: string): never {
  throw refuse(
    'hard-link',
    `hard link ${quote(name)} points to ${quote(target)}, which is ${found}; only files already unpacked may be linked to`
  )
}

// ── modes and owners ──────────────────────────────────────────────────────────────────────────

/** Folders are 0755, files 0644 or 0755: the execute bit is kept, setuid, setgid and sticky never. */
export const DIRECTORY_MODE = 0o755

export function fileMode(archiveMode: number): number {
  return archiveMode & 0o111 ? 0o755 : 0o644
}

// ── size ──────────────────────────────────────────────────────────────────────────────────────

/** How much a site may unpack to, and why, for the message of a refusal. */
export interface SizeBound {
  bytes: number
  reason: string
}

/**
 * A site compresses by a few times (HTML and JSON by 3 to 10, images and fonts hardly at all); a
 * decompression bomb by hundreds or thousands. Compressed by more than this, it is refused.
 */
const MAX_RATIO = 200
/** Small archives may always unpack to this much, whatever their ratio. */
export const MIN_BOUND_BYTES = 64 * 1024 * 1024

/**
 * The unpacked size allowed: at most MAX_RATIO times the archive's size (MIN_BOUND_BYTES at
 * least), and never more than the free space less FREE_SPACE_RESERVE_BYTES. A real 2 GiB site
 * compresses by far less than 200 (its archive is over 10 MiB), so it passes where the disk has room.
 */
export function sizeBound(archiveBytes: number, freeBytes: number): SizeBound {
  const byRatio = Math.max(archiveBytes * MAX_RATIO, MIN_BOUND_BYTES)
  const byDisk = Math.max(freeBytes - FREE_SPACE_RESERVE_BYTES, 0)
  if (byDisk < byRatio) {
    return {
      bytes: byDisk,
      reason: `the ${formatBytes(freeBytes)} free on the disk, less ${formatBytes(FREE_SPACE_RESERVE_BYTES)} kept free`
    }
  }
  return {
    bytes: byRatio,
    reason:
      byRatio === MIN_BOUND_BYTES
        ? `${formatBytes(MIN_BOUND_BYTES)}, the least allowed`
        : `${MAX_RATIO} times the archive's ${formatBytes(archiveBytes)}`
  }
}

/**
 * What one entry costs the disk at least, whatever its size: a block, and an inode. Charged
 * against the bound, so that a million empty folders, tiny in the archive, are refused too.
 */
export const ENTRY_DISK_BYTES = 4096
/**
 * At most this many entries: every one is kept in memory while unpacking (to resolve links). A
 * large documentation site has tens of thousands (an HTML page and an RSC payload per route).
 */
export const MAX_ENTRIES = 500_000

export function refuseEntries(name: string): never {
  throw refuse(
    'size',
    `entry ${quote(name)} is one more than the ${MAX_ENTRIES.toLocaleString('en')} entries a site may have; a decompression bomb?`
  )
}

export function refuseSize(bound: SizeBound, what: string): never {
  throw refuse(
    'size',
    `${what}, more than the ${formatBytes(bound.bytes)} allowed (${bound.reason}); a decompression bomb?`
  )
}

// ── completeness ──────────────────────────────────────────────────────────────────────────────

export function damaged(message: string): ArchiveError {
  return refuse('complete', message)
}

// ── formats ───────────────────────────────────────────────────────────────────────────────────

export function unsupported(message: string): ArchiveError {
  return refuse('format', `${message}, which is not supported`)
}
