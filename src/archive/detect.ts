import { open, type FileHandle } from 'node:fs/promises'
import { ArchiveError } from './policy.js'
import { isTarHeader } from './tar.js'
import { isSkippableMagic, skipSkippableFrames } from './zstd.js'

/** The kinds of archive the action unpacks. */
const SUPPORTED_KINDS = ['tar.gz', 'tar.zst', 'tar', 'zip'] as const
export type ArchiveKind = (typeof SUPPORTED_KINDS)[number]

/** Kinds recognised only to be refused by name. */
export type UnsupportedKind = 'xz' | 'bzip2' | '7z'

const ARTICLE: Record<UnsupportedKind, string> = { xz: 'an', bzip2: 'a', '7z': 'a' }

const ZSTD_MAGIC = Buffer.from([0x28, 0xb5, 0x2f, 0xfd])

const MAGIC: [Buffer, ArchiveKind | UnsupportedKind][] = [
  [Buffer.from([0x1f, 0x8b]), 'tar.gz'],
  [ZSTD_MAGIC, 'tar.zst'],
  // A local file header, or the end record that is all an empty zip has.
  [Buffer.from('PK\x03\x04', 'latin1'), 'zip'],
  [Buffer.from('PK\x05\x06', 'latin1'), 'zip'],
  [Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]), 'xz'],
  [Buffer.from('BZh', 'latin1'), 'bzip2'],
  [Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]), '7z']
]

/**
 * Tells the archive's kind from its first bytes, whatever its name says. A compressed stream is
 * taken to hold a tar (checked while it unpacks); a plain tar has `ustar` at byte 257 or, for v7,
 * only a header checksum that matches.
 */
export async function detectArchiveKind(file: string): Promise<ArchiveKind | UnsupportedKind | undefined> {
  const handle = await open(file, 'r')
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(512), 0, 512, 0)
    const head = buffer.subarray(0, bytesRead)
    for (const [magic, kind] of MAGIC) if (head.subarray(0, magic.length).equals(magic)) return kind
    // pzstd starts with a skippable frame; a zstd frame must follow it.
    if (bytesRead >= 4 && isSkippableMagic(head.readUInt32LE(0)))
      return (await startsZstdFrame(handle)) ? 'tar.zst' : undefined
    if (bytesRead === 512 && (head.toString('latin1', 257, 262) === 'ustar' || isTarHeader(head))) return 'tar'
    return undefined
  } finally {
    await handle.close()
  }
}

async function startsZstdFrame(handle: FileHandle): Promise<boolean> {
  const size = (await handle.stat()).size
  let at: number
  try {
    at = skipSkippableFrames(handle.fd, 0, size)
  } catch {
    // A skippable frame cut short: zstd all the same, and the unpacking says what is wrong with it.
    return true
  }
  const { buffer, bytesRead } = await handle.read(Buffer.alloc(4), 0, 4, at)
  return bytesRead === 4 && buffer.equals(ZSTD_MAGIC)
}

/** The kind to unpack `file` as; an error naming what it is otherwise, and where it was kept. */
export function supportedKind(kind: ArchiveKind | UnsupportedKind | undefined, file: string): ArchiveKind {
  if (kind && (SUPPORTED_KINDS as readonly string[]).includes(kind)) return kind as ArchiveKind
  const what = kind ? `${ARTICLE[kind as UnsupportedKind]} ${kind} archive, which is not supported` : 'not an archive'
  throw new ArchiveError(
    `The downloaded bundle is ${what} (supported: ${SUPPORTED_KINDS.join(', ')}); it was kept at ${file} for inspection`
  )
}
