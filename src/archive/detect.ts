import { open } from 'node:fs/promises'
import { ArchiveError } from './policy.js'
import { isTarHeader } from './tar.js'

/** The kinds of archive the action unpacks. */
export const SUPPORTED_KINDS = ['tar.gz', 'tar.zst', 'tar', 'zip'] as const
export type ArchiveKind = (typeof SUPPORTED_KINDS)[number]

/** Kinds recognised only to be refused by name. */
export type UnsupportedKind = 'xz' | 'bzip2' | '7z'

const ARTICLE: Record<UnsupportedKind, string> = { xz: 'an', bzip2: 'a', '7z': 'a' }

const MAGIC: [Buffer, ArchiveKind | UnsupportedKind][] = [
  [Buffer.from([0x1f, 0x8b]), 'tar.gz'],
  [Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), 'tar.zst'],
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
    if (bytesRead === 512 && (head.toString('latin1', 257, 262) === 'ustar' || isTarHeader(head))) return 'tar'
    return undefined
  } finally {
    await handle.close()
  }
}

/** The kind to unpack `file` as; an error naming what it is otherwise, and where it was kept. */
export function supportedKind(kind: ArchiveKind | UnsupportedKind | undefined, file: string): ArchiveKind {
  if (kind && (SUPPORTED_KINDS as readonly string[]).includes(kind)) return kind as ArchiveKind
  const what = kind ? `${ARTICLE[kind as UnsupportedKind]} ${kind} archive, which is not supported` : 'not an archive'
  throw new ArchiveError(`The downloaded bundle is ${what} (supported: ${SUPPORTED_KINDS.join(', ')}); it was kept at ${file} for inspection`)
}
