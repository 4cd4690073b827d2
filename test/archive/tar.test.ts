import { describe, expect, it } from 'vitest'
import type { SizeBound } from '../../src/archive/policy.js'
import { isTarHeader, TarReader } from '../../src/archive/tar.js'
import { gnuLong, paxMember, paxRecord, tarArchive, tarHeader, tarMember } from '../support/craft.ts'
import { Recorder } from '../support/recorder.ts'
import { refusal } from '../support/refusal.ts'

const UNBOUNDED: SizeBound = { bytes: Number.MAX_SAFE_INTEGER, reason: 'no bound' }

/** Reads `bytes` pushed in chunks of `chunk` bytes. */
function read(bytes: Buffer, chunk = bytes.length, bound = UNBOUNDED): Recorder {
  const recorder = new Recorder()
  const reader = new TarReader(recorder, bound)
  for (let at = 0; at < bytes.length; at += chunk) reader.push(bytes.subarray(at, at + chunk))
  reader.end()
  return recorder
}

const PAGE = { name: 'index.html', data: '<h1>Docs</h1>' }

describe('TarReader: formats', () => {
  it('reads files, folders and links of a ustar archive, whatever the chunk sizes', () => {
    const archive = tarArchive([
      { name: 'guides/', type: '5' },
      { name: 'guides/a.html', data: 'a'.repeat(700) },
      { name: 'latest', type: '2', linkname: 'guides' },
      { name: 'copy.html', type: '1', linkname: 'guides/a.html' },
      PAGE
    ])
    const expected = [
      'directory guides/',
      `file guides/a.html ${'a'.repeat(700)}`,
      'symlink latest -> guides',
      'hardlink copy.html -> guides/a.html',
      'file index.html <h1>Docs</h1>'
    ]
    for (const chunk of [1, 7, 511, 512, 513, 4096, archive.length])
      expect(read(archive, chunk).summary()).toEqual(expected)
  })

  it('joins the ustar prefix to the name', () => {
    expect(read(tarArchive([{ name: 'page.html', prefix: 'docs/section', data: 'x' }])).summary()).toEqual([
      'file docs/section/page.html x'
    ])
  })

  it('ignores the prefix bytes of a GNU header, which GNU uses for other fields', () => {
    expect(
      read(tarArchive([{ name: 'page.html', prefix: '\x01\x02garbage', format: 'gnu', data: 'x' }])).summary()
    ).toEqual(['file page.html x'])
  })

  it('reads a v7 header, recognised by its checksum alone, and its trailing-slash folders', () => {
    const archive = tarArchive([
      { name: 'docs/', type: '\0', format: 'v7' },
      { name: 'docs/page.html', type: '\0', format: 'v7', data: 'v7' }
    ])
    expect(isTarHeader(archive.subarray(0, 512))).toBe(true)
    expect(read(archive).summary()).toEqual(['directory docs/', 'file docs/page.html v7'])
  })

  it('accepts a checksum summed over signed bytes, as some old tars wrote it', () => {
    const header = tarHeader({ name: 'caf\u00e9.html', data: '' })
    let signed = 0
    for (let i = 0; i < 512; i++) signed += i >= 148 && i < 156 ? 0x20 : header[i] > 127 ? header[i] - 256 : header[i]
    header.write(`${signed.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
    expect(read(Buffer.concat([header, Buffer.alloc(1024)])).summary()).toEqual(['file café.html '])
  })

  it('takes path, linkpath and size from a pax header, in UTF-8', () => {
    const long = `docs/${'long-name-'.repeat(20)}ページ.html`
    const archive = tarArchive([
      paxMember({ path: long }),
      { name: 'truncated-name', data: 'long' },
      paxMember({ linkpath: `../${long}` }),
      { name: 'docs/link', type: '2', linkname: 'short' },
      paxMember({ size: '5' }),
      { name: 'sized.html', size: 0, data: Buffer.alloc(0) }
    ])
    // The last member's data (5 bytes per pax) follows its header.
    const sized = Buffer.concat([
      archive.subarray(0, archive.length - 1024),
      Buffer.from('hello'),
      Buffer.alloc(507),
      Buffer.alloc(1024)
    ])
    expect(read(sized).summary()).toEqual([
      `file ${long} long`,
      `symlink docs/link -> ../${long}`,
      'file sized.html hello'
    ])
  })

  it('applies a pax header to the next entry only', () => {
    const archive = tarArchive([
      paxMember({ path: 'renamed.html' }),
      { name: 'a.html', data: 'a' },
      { name: 'b.html', data: 'b' }
    ])
    expect(read(archive).summary()).toEqual(['file renamed.html a', 'file b.html b'])
  })

  it('ignores a pax global header that names no entry (git archive writes one with the commit)', () => {
    const archive = tarArchive([paxMember({ comment: '6879d5b' }, 'g'), PAGE])
    expect(read(archive).summary()).toEqual(['file index.html <h1>Docs</h1>'])
  })

  it.each(['path', 'linkpath', 'size'])('refuses a pax global header that sets %s for every entry', (key) => {
    const error = refusal(() => read(tarArchive([paxMember({ [key]: '1' }, 'g'), PAGE])))
    expect(error.rule).toBe('format')
    expect(error.message).toBe(
      `the pax global header sets "${key}" for every entry that follows, which is not supported`
    )
  })

  it('refuses a GNU sparse file described in pax', () => {
    const error = refusal(() =>
      read(tarArchive([paxMember({ 'GNU.sparse.major': '1', 'GNU.sparse.minor': '0' }), PAGE]))
    )
    expect(error.rule).toBe('format')
    expect(error.message).toMatch(/is a sparse file, which is not supported$/)
  })

  it('takes GNU long names and long link targets', () => {
    const name = `${'folder/'.repeat(20)}page.html`
    const archive = tarArchive([
      gnuLong(name),
      { name: name.slice(0, 99), format: 'gnu', data: 'g' },
      gnuLong(`../${name}`, 'K'),
      gnuLong('link'),
      { name: 'l', type: '2', linkname: 'x', format: 'gnu' }
    ])
    expect(read(archive).summary()).toEqual([`file ${name} g`, `symlink link -> ../${name}`])
  })

  it('reads a size in GNU base-256', () => {
    const archive = Buffer.concat([
      tarHeader({ name: 'big.bin', size: 3, base256Size: true }),
      Buffer.from('abc'),
      Buffer.alloc(509),
      Buffer.alloc(1024)
    ])
    expect(read(archive).summary()).toEqual(['file big.bin abc'])
  })

  it('passes every type on to the policy, which decides', () => {
    const archive = tarArchive([
      { name: 'fifo', type: '6' },
      { name: 'tty', type: '3' },
      { name: 'disk', type: '4' },
      { name: 'contiguous.html', type: '7', data: 'c' },
      { name: 'sparse', type: 'S' },
      { name: 'label', type: 'V' }
    ])
    const recorder = read(archive)
    expect(recorder.summary()).toEqual([
      'fifo fifo',
      'character device tty',
      'block device disk',
      'file contiguous.html c',
      'unknown sparse',
      'unknown label'
    ])
    expect(recorder.entries[4]?.typeDetail).toBe('tar type "S"')
  })

  it('passes the archive mode on (the policy keeps only the execute bit)', () => {
    expect(read(tarArchive([{ name: 'run.sh', mode: 0o4755, data: '' }])).entries[0]?.mode).toBe(0o4755)
  })

  it('refuses a name that is not UTF-8, whatever the locale', () => {
    const error = refusal(() =>
      read(tarArchive([{ name: '', rawName: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x68]), data: '' }]))
    )
    expect(error.rule).toBe('name')
    expect(error.message).toBe('tar entry name "caf\u00e9.h" is not valid UTF-8')
  })
})

describe('TarReader: completeness', () => {
  const whole = tarArchive([PAGE, { name: 'b.html', data: 'b'.repeat(600) }])

  it('reads a whole archive, the zeros after its end included', () => {
    expect(read(Buffer.concat([whole, Buffer.alloc(10240 - whole.length)])).summary()).toHaveLength(2)
  })

  it.each([
    [
      'without its end-of-archive blocks',
      whole.subarray(0, whole.length - 1024),
      'it ends after "b.html" without the end-of-archive blocks (cut short?)'
    ],
    [
      'with one zero block only',
      whole.subarray(0, whole.length - 512),
      'it ends after one zero block: the second end-of-archive block is missing (cut short?)'
    ],
    [
      'cut inside a member',
      whole.subarray(0, 512 * 3 + 100),
      'it is cut short: entry "b.html" has 100 of its 600 bytes'
    ],
    ['cut inside a header', whole.subarray(0, 512 * 2 + 300), 'it is cut short inside a header, at byte 1324'],
    [
      'cut in the padding after a member',
      whole.subarray(0, 512 * 3 + 600 + 10),
      'it is cut short after entry "b.html"'
    ],
    ['empty', Buffer.alloc(0), 'it is empty']
  ])('refuses an archive %s', (_what, bytes, message) => {
    const error = refusal(() => read(bytes))
    expect(error.rule).toBe('complete')
    expect(error.message).toBe(message)
  })

  it('refuses a tar cut after a member whose data ends in zero blocks', () => {
    const cut = tarArchive([PAGE, { name: 'zeros.bin', data: Buffer.alloc(4096) }], { end: false })
    expect(refusal(() => read(cut)).message).toBe(
      'it ends after "zeros.bin" without the end-of-archive blocks (cut short?)'
    )
  })

  it('refuses a header whose checksum fails', () => {
    const error = refusal(() => read(tarArchive([PAGE, { name: 'b.html', checksumError: 1 }])))
    expect(error.message).toBe('the tar header at byte 1024 fails its checksum')
  })

  it.each([
    [108, 'uid'],
    [116, 'gid'],
    [136, 'mtime'],
    [329, 'device major number', 'ustar'],
    [337, 'device minor number', 'gnu']
  ] as const)(
    'refuses a header whose field at byte %i (%s) is not a number, as bsdtar and Python do',
    (offset, name, format = 'ustar') => {
      const header = tarHeader({ name: 'b.html', data: 'b', format })
      header.write('zz', offset, 'latin1')
      header.fill(0x20, 148, 156)
      const sum = header.reduce((total, byte) => total + byte, 0)
      header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
      const error = refusal(() =>
        read(Buffer.concat([tarMember(PAGE), header, Buffer.from('b'.padEnd(512, '\0')), Buffer.alloc(1024)]))
      )
      expect(error.rule).toBe('complete')
      expect(error.message).toBe(`the ${name} of the tar header at byte 1024 is not an octal number`)
    }
  )

  it('refuses a number followed by anything but spaces up to its NUL, and a checksum so followed', () => {
    const sized = tarHeader({ name: 'b.html', data: 'b' })
    sized.write('0000001 x\0', 124, 'latin1')
    sized.fill(0x20, 148, 156)
    const sum = sized.reduce((total, byte) => total + byte, 0)
    sized.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
    const data = Buffer.from('b'.padEnd(512, '\0'))
    expect(refusal(() => read(Buffer.concat([tarMember(PAGE), sized, data, Buffer.alloc(1024)]))).message).toBe(
      'the size of the tar header at byte 1024 is not an octal number'
    )
    const checked = tarHeader({ name: 'b.html', data: 'b' })
    checked[154] = 0xff
    expect(refusal(() => read(Buffer.concat([tarMember(PAGE), checked, data, Buffer.alloc(1024)]))).message).toBe(
      'the tar header at byte 1024 fails its checksum'
    )
  })

  it('refuses a lone zero block in the middle', () => {
    const archive = Buffer.concat([tarMember(PAGE), Buffer.alloc(512), tarArchive([{ name: 'b.html', data: 'b' }])])
    expect(refusal(() => read(archive)).message).toBe(
      'it has a lone zero block at byte 1024, in the middle of the archive'
    )
  })

  it.each([1, 512, 10240])('refuses bytes other than zeros after the end (pushed in chunks of %i)', (chunk) => {
    const archive = Buffer.concat([whole, Buffer.alloc(3000), Buffer.from('hidden'), Buffer.alloc(2000)])
    expect(refusal(() => read(archive, chunk)).message).toBe(
      `it has bytes other than zeros after the end of the tar (at byte ${whole.length + 3000})`
    )
  })

  it('refuses an extended header with no entry after it', () => {
    expect(refusal(() => read(tarArchive([PAGE, paxMember({ path: 'x' })]))).message).toBe(
      'it ends right after an extended header, without the entry it describes'
    )
  })

  it('refuses a damaged pax record', () => {
    const bad = tarMember({ name: 'PaxHeaders/x', type: 'x', data: '99 path=x\n' })
    expect(refusal(() => read(tarArchive([bad, PAGE]))).message).toMatch(/^it has a damaged pax header/)
  })

  it('refuses a pax size that is not a number', () => {
    const bad = tarMember({ name: 'PaxHeaders/x', type: 'x', data: paxRecord('size', '-5') })
    expect(refusal(() => read(tarArchive([bad, PAGE]))).message).toBe('it has a pax size "-5" that is not a size')
  })

  it('refuses an extended header over 1 MiB', () => {
    const header = tarHeader({ name: 'PaxHeaders/x', type: 'x', size: 2 * 1024 * 1024 })
    expect(refusal(() => read(Buffer.concat([header, Buffer.alloc(2048)]))).message).toBe(
      `it has an extended header of ${2 * 1024 * 1024} bytes at byte 0`
    )
  })

  it('refuses a size field that is not octal', () => {
    const header = tarHeader({ name: 'a', data: '' })
    header.write('0000000009x\0', 124, 'latin1')
    let checksum = 0
    header.fill(' ', 148, 156)
    for (const byte of header) checksum += byte
    header.write(`${checksum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
    expect(refusal(() => read(Buffer.concat([header, Buffer.alloc(1024)]))).message).toBe(
      'the size of the tar header at byte 0 is not an octal number'
    )
  })
})

describe('TarReader: size', () => {
  const bound: SizeBound = { bytes: 100 * 1024, reason: 'a test bound' }

  it('refuses a member whose declared size passes the bound before anything of it is written', () => {
    const header = tarHeader({ name: 'bomb.bin', size: 1024 * 1024 * 1024 })
    const recorder = new Recorder()
    const reader = new TarReader(recorder, bound)
    const error = refusal(() => reader.push(Buffer.concat([tarMember(PAGE), header])))
    expect(error.rule).toBe('size')
    expect(error.message).toBe(
      'entry "bomb.bin" (1.0 GiB) brings the unpacked size to 1.0 GiB, more than the 100.0 KiB allowed (a test bound); a decompression bomb?'
    )
    expect(recorder.summary()).toEqual(['file index.html <h1>Docs</h1>'])
  })

  it('refuses a stream that grows past the bound, even in headers and zeros', () => {
    const error = refusal(() => read(Buffer.concat([tarArchive([PAGE]), Buffer.alloc(200 * 1024)]), 4096, bound))
    expect(error.rule).toBe('size')
    expect(error.message).toMatch(
      /^the tar inside reaches \d+\.\d KiB, more than the 100\.0 KiB allowed \(a test bound\); a decompression bomb\?$/
    )
  })
})
