import { zipArchive, type ZipOptions } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * The end record's and the zip64 end record's "entries on this disk" and "total entries" were not
 * compared with each other, nor the end record's with the zip64 record's: a reader that trusts
 * another of the counts sees other entries. The fuzz test found the same of the disk numbers: an
 * end record that says "see the zip64 record" (0xffff) for the disk of the central directory,
 * with no zip64 record, made bsdtar read the local headers alone (links as files, no modes).
 */
const ENTRIES = [
  { name: 'index.html', data: '<h1>Docs</h1>' },
  { name: 'guide.html', data: '<h1>Guide</h1>' }
]

/** The zip with `patch` applied to its end record (the last 22 bytes) and, with zip64, the record before the locator. */
function patched(options: ZipOptions, patch: (end: Buffer, zip64: Buffer | undefined) => void): Buffer {
  const bytes = zipArchive(ENTRIES, options)
  const end = bytes.subarray(bytes.length - 22)
  const zip64 = options.zip64End ? bytes.subarray(bytes.length - 22 - 20 - 56, bytes.length - 22 - 20) : undefined
  patch(end, zip64)
  return bytes
}

export const cases: Regression[] = [
  {
    title: 'an end record that counts 1 entry on this disk and 2 in all',
    kind: 'zip',
    make: () => patched({}, (end) => end.writeUInt16LE(1, 8)),
    refused: { rule: 'complete', detail: 'its end record counts 1 entries on this disk and 2 in all' }
  },
  {
    title: 'a zip64 end record that counts 1 entry on this disk and 2 in all',
    kind: 'zip',
    make: () => patched({ zip64End: true }, (_end, zip64) => zip64?.writeBigUInt64LE(1n, 24)),
    refused: { rule: 'complete', detail: 'its zip64 end record counts 1 entries on this disk and 2 in all' }
  },
  {
    title: 'an end record that counts 5 entries where the zip64 end record counts 2',
    kind: 'zip',
    make: () =>
      patched({ zip64End: true }, (end) => {
        end.writeUInt16LE(5, 8)
        end.writeUInt16LE(5, 10)
      }),
    refused: {
      rule: 'complete',
      detail: 'its end record and its zip64 end record disagree on the entry count or the central directory'
    }
  },
  {
    title: 'an end record that counts 3 entries where the central directory holds 2',
    kind: 'zip',
    make: () =>
      patched({}, (end) => {
        end.writeUInt16LE(3, 8)
        end.writeUInt16LE(3, 10)
      }),
    refused: { rule: 'complete', detail: 'its central directory is damaged at entry 3' }
  },
  {
    title: 'an end record whose disk of the central directory is 0xffff, with no zip64 end record',
    kind: 'zip',
    make: () => patched({}, (end) => end.writeUInt16LE(0xffff, 6)),
    refused: { rule: 'complete', detail: 'its end record says zip64 but there is no zip64 end record' }
  }
]
