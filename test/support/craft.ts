import { constants, crc32, deflateRawSync, gzipSync } from 'node:zlib'

/**
 * Archives built byte by byte, so that every field can be wrong on purpose: hostile names and
 * links, special files, lying sizes and checksums, cut-short and padded archives. Benign archives
 * in the tests come from the real tools instead (test/support/archive-tools.ts).
 */

// ── tar ───────────────────────────────────────────────────────────────────────────────────────

export interface TarMember {
  /** The header's name field (100 bytes), as UTF-8 unless `rawName` is given. */
  name: string
  rawName?: Buffer
  /** The typeflag: '0' file, '1' hard link, '2' symlink, '3' char device, '4' block device, '5' folder, '6' FIFO, 'x', 'g', 'L', 'K', … */
  type?: string
  mode?: number
  uid?: number
  gid?: number
  data?: Buffer | string
  /** The size field, when it must differ from the data's length. */
  size?: number
  /** Written as GNU base-256 instead of octal. */
  base256Size?: boolean
  linkname?: string
  /** ustar and pax: `ustar\0` `00`; gnu: `ustar  \0`; v7: no magic at all. */
  format?: 'ustar' | 'gnu' | 'v7'
  /** The ustar prefix field (155 bytes), joined to the name with a slash. */
  prefix?: string
  /** Added to the correct checksum, to damage it. */
  checksumError?: number
}

const MTIME = Math.floor(Date.UTC(2026, 10, 1) / 1000)

export function tarHeader(member: TarMember): Buffer {
  const header = Buffer.alloc(512)
  const text = (value: string | Buffer, offset: number, length: number): void => {
    const bytes = typeof value === 'string' ? Buffer.from(value) : value
    bytes.copy(header, offset, 0, Math.min(bytes.length, length))
  }
  const octal = (value: number, offset: number, length: number): void =>
    text(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length)
  const data = toBuffer(member.data)
  const type = member.type ?? '0'
  text(member.rawName ?? member.name, 0, 100)
  octal(member.mode ?? (type === '5' ? 0o755 : 0o644), 100, 8)
  octal(member.uid ?? 1000, 108, 8)
  octal(member.gid ?? 1000, 116, 8)
  const size = member.size ?? data.length
  if (member.base256Size) {
    header[124] = 0x80
    let value = BigInt(size)
    for (let i = 135; i > 124; i--) {
      header[i] = Number(value & 0xffn)
      value >>= 8n
    }
  } else {
    octal(size, 124, 12)
  }
  octal(MTIME, 136, 12)
  header.fill(' ', 148, 156)
  header[156] = type.charCodeAt(0)
  if (member.linkname) text(member.linkname, 157, 100)
  const format = member.format ?? 'ustar'
  if (format === 'ustar') {
    text('ustar\0', 257, 6)
    text('00', 263, 2)
  } else if (format === 'gnu') {
    text('ustar  \0', 257, 8)
  }
  if (format !== 'v7') {
    text('runner', 265, 32)
    text('runner', 297, 32)
  }
  if (member.prefix) text(member.prefix, 345, 155)
  let checksum = member.checksumError ?? 0
  for (const byte of header) checksum += byte
  text(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8)
  return header
}

/** A header, its data and the zero padding to the next 512-byte block. */
export function tarMember(member: TarMember): Buffer {
  const data = toBuffer(member.data)
  return Buffer.concat([tarHeader(member), data, Buffer.alloc((512 - (data.length % 512)) % 512)])
}

/** A pax extended header (`x`, for the next member) or global header (`g`). */
export function paxMember(records: Record<string, string>, type: 'x' | 'g' = 'x'): Buffer {
  const body = Object.entries(records).map(([key, value]) => paxRecord(key, value))
  return tarMember({ name: 'PaxHeaders/entry', type, data: Buffer.concat(body) })
}

export function paxRecord(key: string, value: string | Buffer): Buffer {
  const content = Buffer.concat([
    Buffer.from(` ${key}=`),
    typeof value === 'string' ? Buffer.from(value) : value,
    Buffer.from('\n')
  ])
  let length = content.length + 1
  while (String(length).length + content.length !== length) length++
  return Buffer.concat([Buffer.from(String(length)), content])
}

/** GNU's long name (`L`) or long link target (`K`) for the next member. */
export function gnuLong(value: string, type: 'L' | 'K' = 'L'): Buffer {
  return tarMember({
    name: '././@LongLink',
    type,
    format: 'gnu',
    data: Buffer.concat([Buffer.from(value), Buffer.alloc(1)])
  })
}

/** Members followed by the two zero blocks that end a tar (unless `end` is false). */
export function tarArchive(members: (TarMember | Buffer)[], options: { end?: boolean } = {}): Buffer {
  const parts = members.map((member) => (Buffer.isBuffer(member) ? member : tarMember(member)))
  if (options.end !== false) parts.push(Buffer.alloc(1024))
  return Buffer.concat(parts)
}

// ── zip ───────────────────────────────────────────────────────────────────────────────────────

export interface ZipMember {
  /** As UTF-8 unless given as bytes. */
  name: string | Buffer
  data?: Buffer | string
  /** 0 stored, 8 deflated (the default), or any other method number. */
  method?: number
  /** A Unix mode with its type bits (0o100644, 0o120777, 0o010644, …), written as Unix-made. */
  unixMode?: number
  /** MS-DOS attributes (as a non-Unix system writes them) when there is no Unix mode. */
  dosAttributes?: number
  /** Sets the UTF-8 flag (bit 11). Default: set when the name is not ASCII. */
  utf8?: boolean
  /** Extra fields, in both headers. */
  extra?: Buffer
  /** CRC and sizes after the data (bit 3), with the descriptor's signature unless `unsigned`. */
  descriptor?: boolean | 'unsigned'
  /** Sizes and offset in a zip64 extra field. */
  zip64?: boolean
  flags?: number
  /** Overrides, to make the central directory lie. */
  crc?: number
  size?: number
  compressedSize?: number
  offset?: number
  /** The local header's name, CRC or method, when they must differ from the central directory's. */
  localName?: Buffer
  localCrc?: number
  localMethod?: number
  /** The compressed bytes, when they must differ from the data's. */
  compressed?: Buffer
}

export interface ZipOptions {
  /** Written after the end record. */
  trailing?: Buffer
  /** Written before the first entry. */
  leading?: Buffer
  /** A zip64 end record and locator, with 0xffff/0xffffffff in the end record. */
  zip64End?: boolean
  /** Bytes between the last entry and the central directory. */
  gap?: Buffer
  /** Overrides the central directory's offset in the end record. */
  directoryOffset?: number
}

/** The Info-ZIP unicode path extra field (0x7075) for a header name. */
export function unicodePathExtra(headerName: Buffer, utf8Name: string): Buffer {
  const name = Buffer.from(utf8Name)
  const field = Buffer.alloc(9)
  field.writeUInt16LE(0x7075, 0)
  field.writeUInt16LE(5 + name.length, 2)
  field[4] = 1
  field.writeUInt32LE(crc32(headerName), 5)
  return Buffer.concat([field, name])
}

export function zipArchive(members: ZipMember[], options: ZipOptions = {}): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = options.leading?.length ?? 0
  if (options.leading) locals.push(options.leading)
  for (const member of members) {
    const name = typeof member.name === 'string' ? Buffer.from(member.name) : member.name
    const data = toBuffer(member.data)
    const method = member.method ?? 8
    const compressed = member.compressed ?? (method === 8 ? deflateRawSync(data) : data)
    const crc = member.crc ?? crc32(data)
    const size = member.size ?? data.length
    const compressedSize = member.compressedSize ?? compressed.length
    const utf8 = member.utf8 ?? !/^[\x20-\x7e]*$/.test(name.toString('latin1'))
    const flags = (member.flags ?? 0) | (utf8 ? 0x0800 : 0) | (member.descriptor ? 0x0008 : 0)
    const zip64Extra = (values: number[]): Buffer => {
      const field = Buffer.alloc(4 + 8 * values.length)
      field.writeUInt16LE(0x0001, 0)
      field.writeUInt16LE(8 * values.length, 2)
      values.forEach((value, i) => field.writeBigUInt64LE(BigInt(value), 4 + 8 * i))
      return field
    }
    const extra = member.extra ?? Buffer.alloc(0)
    const localExtra = member.zip64
      ? Buffer.concat([zip64Extra(member.descriptor ? [0, 0] : [size, compressedSize]), extra])
      : extra
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(member.zip64 ? 45 : 20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(member.localMethod ?? method, 8)
    if (!member.descriptor) {
      local.writeUInt32LE((member.localCrc ?? crc) >>> 0, 14)
      local.writeUInt32LE(member.zip64 ? 0xffffffff : compressedSize, 18)
      local.writeUInt32LE(member.zip64 ? 0xffffffff : size, 22)
    } else if (member.zip64) {
      local.writeUInt32LE(0xffffffff, 18)
      local.writeUInt32LE(0xffffffff, 22)
    }
    const localName = member.localName ?? name
    local.writeUInt16LE(localName.length, 26)
    local.writeUInt16LE(localExtra.length, 28)
    const parts = [local, localName, localExtra, compressed]
    if (member.descriptor) {
      const sizes = member.zip64 ? Buffer.alloc(16) : Buffer.alloc(8)
      if (member.zip64) {
        sizes.writeBigUInt64LE(BigInt(compressedSize), 0)
        sizes.writeBigUInt64LE(BigInt(size), 8)
      } else {
        sizes.writeUInt32LE(compressedSize, 0)
        sizes.writeUInt32LE(size, 4)
      }
      const crcBytes = Buffer.alloc(4)
      crcBytes.writeUInt32LE(crc >>> 0)
      if (member.descriptor !== 'unsigned') parts.push(Buffer.from([0x50, 0x4b, 0x07, 0x08]))
      parts.push(crcBytes, sizes)
    }
    const entryOffset = member.offset ?? offset
    const centralExtra = member.zip64 ? Buffer.concat([zip64Extra([size, compressedSize, entryOffset]), extra]) : extra
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    const unix = member.unixMode !== undefined
    central.writeUInt16LE(((unix ? 3 : 0) << 8) | 45, 4)
    central.writeUInt16LE(member.zip64 ? 45 : 20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc >>> 0, 16)
    central.writeUInt32LE(member.zip64 ? 0xffffffff : compressedSize, 20)
    central.writeUInt32LE(member.zip64 ? 0xffffffff : size, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt16LE(centralExtra.length, 30)
    central.writeUInt32LE(unix ? ((member.unixMode as number) << 16) >>> 0 : (member.dosAttributes ?? 0), 38)
    central.writeUInt32LE(member.zip64 ? 0xffffffff : entryOffset, 42)
    const entry = Buffer.concat(parts)
    locals.push(entry)
    centrals.push(central, name, centralExtra)
    offset += entry.length
  }
  if (options.gap) {
    locals.push(options.gap)
    offset += options.gap.length
  }
  const directory = Buffer.concat(centrals)
  const directoryOffset = options.directoryOffset ?? offset
  const tail: Buffer[] = []
  if (options.zip64End) {
    const record = Buffer.alloc(56)
    record.writeUInt32LE(0x06064b50, 0)
    record.writeBigUInt64LE(44n, 4)
    record.writeUInt16LE(45, 12)
    record.writeUInt16LE(45, 14)
    record.writeBigUInt64LE(BigInt(members.length), 24)
    record.writeBigUInt64LE(BigInt(members.length), 32)
    record.writeBigUInt64LE(BigInt(directory.length), 40)
    record.writeBigUInt64LE(BigInt(directoryOffset), 48)
    const locator = Buffer.alloc(20)
    locator.writeUInt32LE(0x07064b50, 0)
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8)
    locator.writeUInt32LE(1, 16)
    tail.push(record, locator)
  }
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(options.zip64End ? 0xffff : members.length, 8)
  end.writeUInt16LE(options.zip64End ? 0xffff : members.length, 10)
  end.writeUInt32LE(options.zip64End ? 0xffffffff : directory.length, 12)
  end.writeUInt32LE(options.zip64End ? 0xffffffff : directoryOffset, 16)
  return Buffer.concat([...locals, directory, ...tail, end, options.trailing ?? Buffer.alloc(0)])
}

function toBuffer(content: string | Buffer | undefined): Buffer {
  return typeof content === 'string' ? Buffer.from(content) : (content ?? Buffer.alloc(0))
}

// ── bombs ─────────────────────────────────────────────────────────────────────────────────────

const MiB = 1024 * 1024

/**
 * A tar of one member of `size` zero bytes, compressed by `compress` one MiB at a time: gzip
 * members and zstd frames may follow one another, so a gigabyte costs a kilobyte per MiB to make.
 */
export function zerosTar(
  name: string,
  size: number,
  compress: (bytes: Buffer) => Buffer = (bytes) => gzipSync(bytes, { level: 9 })
): Buffer {
  const zeros = compress(Buffer.alloc(MiB))
  const parts = [compress(tarHeader({ name, size }))]
  for (let left = size; left > 0; left -= MiB) parts.push(left >= MiB ? zeros : compress(Buffer.alloc(left)))
  parts.push(compress(Buffer.alloc(((512 - (size % 512)) % 512) + 1024)))
  return Buffer.concat(parts)
}

/** A raw deflate stream of `size` zero bytes, made of fully flushed blocks of one MiB. */
export function deflatedZeros(size: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(MiB), { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  const parts: Buffer[] = []
  for (let left = size; left > 0; left -= MiB)
    parts.push(left >= MiB ? block : deflateRawSync(Buffer.alloc(left), { finishFlush: constants.Z_FULL_FLUSH }))
  parts.push(Buffer.from([0x03, 0x00]))
  return Buffer.concat(parts)
}
