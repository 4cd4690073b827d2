import { crc32, deflateRawSync, gzipSync } from 'node:zlib'

/** One archive member. Names are written as given, so hostile archives can be crafted too. */
export interface ArchiveEntry {
  name: string
  content?: string | Buffer
  type?: 'file' | 'directory' | 'symlink'
  /** For symlinks. */
  target?: string
}

/** A small documentation site, as the export bundles one: HTML, CSS, JS and a search index. */
export const SAMPLE_SITE: ArchiveEntry[] = [
  {
    name: 'index.html',
    content:
      '<!doctype html><html><head><title>Acme Docs</title><link rel="stylesheet" href="assets/style.css"></head><body><h1>Acme Docs</h1><a href="guides/getting-started.html">Get started</a><script src="assets/app.js"></script></body></html>\n'
  },
  { name: 'guides/', type: 'directory' },
  {
    name: 'guides/getting-started.html',
    content: '<!doctype html><html><body><h1>Getting started</h1><p>Install the CLI.</p></body></html>\n'
  },
  {
    name: 'api-reference/introduction.html',
    content: '<!doctype html><html><body><h1>API reference</h1></body></html>\n'
  },
  { name: 'assets/style.css', content: 'body { font-family: system-ui, sans-serif; margin: 2rem; }\n' },
  { name: 'assets/app.js', content: 'document.documentElement.dataset.ready = "true";\n' },
  {
    name: 'search-index.json',
    content: `${JSON.stringify([
      { path: '/', title: 'Acme Docs' },
      { path: '/guides/getting-started', title: 'Getting started' }
    ])}\n`
  }
]

/** Pages of the sample site, which the emulator reports as the job's page count. */
export const SAMPLE_SITE_PAGES = SAMPLE_SITE.filter((entry) => entry.name.endsWith('.html')).length

const MTIME = Math.floor(Date.UTC(2026, 10, 1) / 1000)

/** A POSIX ustar archive. */
export function tar(entries: ArchiveEntry[]): Buffer {
  const blocks: Buffer[] = []
  for (const entry of entries) {
    const content = entry.type === 'file' || entry.type === undefined ? toBuffer(entry.content) : Buffer.alloc(0)
    blocks.push(tarHeader(entry, content.length), content, tarPadding(content.length))
  }
  blocks.push(Buffer.alloc(1024))
  return Buffer.concat(blocks)
}

export function tarGz(entries: ArchiveEntry[]): Buffer {
  return gzipSync(tar(entries))
}

/** The zero bytes that round a member's content up to whole 512-byte blocks. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((512 - (size % 512)) % 512)
}

/** A ustar header for one member whose content is `size` bytes. */
export function tarHeader(entry: ArchiveEntry, size: number): Buffer {
  const header = Buffer.alloc(512)
  const write = (text: string, offset: number, length: number): void => {
    header.write(text, offset, Math.min(Buffer.byteLength(text), length), 'utf8')
  }
  const octal = (value: number, offset: number, length: number): void =>
    write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length)
  const type = entry.type ?? 'file'
  write(entry.name, 0, 100)
  octal(type === 'directory' ? 0o755 : 0o644, 100, 8)
  octal(0, 108, 8)
  octal(0, 116, 8)
  octal(size, 124, 12)
  octal(MTIME, 136, 12)
  header.fill(' ', 148, 156)
  write(type === 'directory' ? '5' : type === 'symlink' ? '2' : '0', 156, 1)
  if (entry.target) write(entry.target, 157, 100)
  write('ustar\0', 257, 6)
  write('00', 263, 2)
  let checksum = 0
  for (const byte of header) checksum += byte
  write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 8)
  return header
}

/**
 * A zip archive, its members stored as they are or, with `deflate`, compressed as zip tools and the
 * vendor's `export.zip` do; symlinks carry Unix modes as unzip expects.
 */
export function zip(entries: ArchiveEntry[], { deflate = false } = {}): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const type = entry.type ?? 'file'
    const name = Buffer.from(entry.name)
    const data =
      type === 'symlink'
        ? Buffer.from(entry.target ?? '')
        : type === 'directory'
          ? Buffer.alloc(0)
          : toBuffer(entry.content)
    const crc = crc32(data)
    // Links and folders stay stored: a link's target is read as it is.
    const method = deflate && type === 'file' ? 8 : 0
    const stored = method === 8 ? deflateRawSync(data) : data
    const mode = type === 'symlink' ? 0o120777 : type === 'directory' ? 0o40755 : 0o100644
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(stored.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE((3 << 8) | 20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(stored.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE((mode << 16) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, stored)
    centrals.push(central, name)
    offset += local.length + name.length + stored.length
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

function toBuffer(content: string | Buffer | undefined): Buffer {
  return typeof content === 'string' ? Buffer.from(content) : (content ?? Buffer.alloc(0))
}
