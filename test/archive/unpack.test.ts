import {
  access,
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  rm,
  stat,
  writeFile
} from 'node:fs/promises'
import { createHash, randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { constants, gzipSync, zstdCompressSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ArchiveError, detectArchiveKind, unpackSite, type ArchiveKind } from '../../src/archive/index.js'
import { RecordingHost } from '../support/recording-host.ts'
import type { Rule } from '../../src/archive/policy.js'
import { describeTree, itWith, runTool, writeSourceTree } from '../support/archive-tools.ts'
import { byPath, filesOnDisk } from '../support/site-files.ts'
import {
  deflatedZeros,
  paxMember,
  tarArchive,
  zerosTar,
  zipArchive,
  type TarMember,
  type ZipMember
} from '../support/craft.ts'

/**
 * unpackSite as the action runs it: archives made by the tools of the machine must come out
 * exactly as their source tree; crafted ones must be refused under the rule they break, leaving
 * nothing behind. The test's folder: `work/` holds the archive and the site; anything beside it escaped.
 */

const isRoot = process.getuid?.() === 0

let root: string
let work: string
let site: string
let host: RecordingHost

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'unpack-test-'))
  work = path.join(root, 'work')
  site = path.join(work, 'site')
  await mkdir(work)
  host = new RecordingHost()
})

afterEach(async () => {
  vi.restoreAllMocks()
  await rm(root, { recursive: true, force: true })
})

async function archiveFile(kind: ArchiveKind, bytes: Buffer): Promise<string> {
  const file = path.join(work, `bundle.${kind}`)
  await writeFile(file, bytes)
  return file
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false
  )
}

/** After a refusal: no site, no staging folder, nothing beside `work/`; the archive kept. */
async function expectNothingUnpacked(archive: string): Promise<void> {
  expect(await exists(site)).toBe(false)
  expect((await readdir(work)).sort()).toEqual([path.basename(archive)])
  expect(await readdir(root)).toEqual(['work'])
}

/** Unpacks `bytes` as `kind` and expects a refusal under `rule` whose detail is `detail`; nothing may be left. */
async function expectRefused(
  kind: ArchiveKind,
  bytes: Buffer,
  rule: Rule,
  detail: string | RegExp
): Promise<ArchiveError> {
  const archive = await archiveFile(kind, bytes)
  const error = await unpackSite(archive, kind, site, { host }).then(
    () => undefined,
    (error: unknown) => error
  )
  expect(error).toBeInstanceOf(ArchiveError)
  const refusal = error as ArchiveError
  const verdict = rule === 'complete' ? 'is damaged' : 'was refused'
  const [, reason] =
    /^The \S+ archive \S+ (?:is damaged|was refused): (.*) \[rule: [\w-]+\]\. Nothing was unpacked; the archive is kept for inspection\.$/.exec(
      refusal.message
    ) ?? []
  expect(refusal.message.startsWith(`The ${kind} archive ${archive} ${verdict}: `)).toBe(true)
  expect(refusal.rule).toBe(rule)
  if (typeof detail === 'string') expect(reason).toBe(detail)
  else expect(reason).toMatch(detail)
  await expectNothingUnpacked(archive)
  return refusal
}

async function unpack(kind: ArchiveKind, bytes: Buffer): Promise<string> {
  const unpacked = await unpackSite(await archiveFile(kind, bytes), kind, site, { host })
  expect(byPath(unpacked.files)).toEqual(await filesOnDisk(unpacked.path))
  return unpacked.path
}

// ── the same entries, as tar and as zip ──────────────────────────────────────────────────────

interface Spec {
  name: string
  type?: 'file' | 'folder' | 'symlink' | 'fifo' | 'character device' | 'block device'
  data?: string | Buffer
  target?: string
  mode?: number
}

const TAR_TYPES = { file: '0', folder: '5', symlink: '2', fifo: '6', 'character device': '3', 'block device': '4' }
const UNIX_TYPES = {
  file: 0o100000,
  folder: 0o040000,
  symlink: 0o120000,
  fifo: 0o010000,
  'character device': 0o020000,
  'block device': 0o060000
}

function asTar(specs: Spec[]): Buffer {
  return tarArchive(
    specs.map((spec): TarMember => {
      const type = spec.type ?? 'file'
      return { name: spec.name, type: TAR_TYPES[type], data: spec.data, linkname: spec.target, mode: spec.mode }
    })
  )
}

function asZip(specs: Spec[]): Buffer {
  return zipArchive(
    specs.map((spec): ZipMember => {
      const type = spec.type ?? 'file'
      const mode = spec.mode ?? (type === 'folder' ? 0o755 : type === 'symlink' ? 0o777 : 0o644)
      return {
        name: type === 'folder' ? `${spec.name}/` : spec.name,
        data: spec.target ?? spec.data,
        unixMode: UNIX_TYPES[type] | mode
      }
    })
  )
}

const BOTH: [string, ArchiveKind, (specs: Spec[]) => Buffer][] = [
  ['tar', 'tar', asTar],
  ['tar.gz', 'tar.gz', (specs) => gzipSync(asTar(specs))],
  ['zip', 'zip', asZip]
]

const INDEX: Spec = { name: 'index.html', data: '<h1>Acme Docs</h1>' }
const GUIDES: Spec[] = [
  { name: 'guides', type: 'folder' },
  { name: 'guides/start.html', data: '<h1>Start</h1>' },
  INDEX
]

// ── benign archives from the real tools ──────────────────────────────────────────────────────

describe('unpackSite: archives made by the tools of this machine, without a locale', () => {
  let trees: string
  const source = { full: '', short: '' }

  beforeAll(async () => {
    trees = await mkdtemp(path.join(os.tmpdir(), 'unpack-sources-'))
    source.full = path.join(trees, 'full')
    source.short = path.join(trees, 'short')
    await writeSourceTree(source.full, { links: true, hardLinks: true, longNames: true })
    // v7 and ustar hold no name part over 100 bytes and no path over 255.
    await writeSourceTree(source.short, { links: true, hardLinks: true })
  })

  afterAll(async () => {
    await rm(trees, { recursive: true, force: true })
  })

  const python = path.resolve(import.meta.dirname, '../support/python-archive.py')
  const tar = (format: string) => (from: string, to: string) =>
    runTool('tar', [`--format=${format}`, '-cf', to, '-C', from, '.'])
  const pipe = (command: string, args: string[]) => (from: string, to: string) =>
    writeFile(to, runTool(command, args, { input: runTool('tar', ['--format=gnu', '-cf', '-', '-C', from, '.']) }))
  const zipTool = (args: string[]) => (from: string, to: string) =>
    runTool('zip', ['-q', '-r', '-y', ...args, to, '.'], { cwd: from })

  const cases: [string, string[], ArchiveKind, keyof typeof source, (from: string, to: string) => unknown][] = [
    ['GNU tar, ustar', ['tar'], 'tar', 'short', tar('ustar')],
    ['GNU tar, v7', ['tar'], 'tar', 'short', tar('v7')],
    ['GNU tar, oldgnu', ['tar'], 'tar', 'full', tar('oldgnu')],
    ['GNU tar, gnu', ['tar'], 'tar', 'full', tar('gnu')],
    ['GNU tar, pax', ['tar'], 'tar', 'full', tar('pax')],
    [
      'GNU tar -czf (pax)',
      ['tar', 'gzip'],
      'tar.gz',
      'full',
      (from, to) => runTool('tar', ['--format=pax', '-czf', to, '-C', from, '.'])
    ],
    [
      'GNU tar --zstd',
      ['tar', 'zstd'],
      'tar.zst',
      'full',
      (from, to) => runTool('tar', ['--zstd', '-cf', to, '-C', from, '.'])
    ],
    ['GNU tar | pigz', ['tar', 'pigz'], 'tar.gz', 'full', pipe('pigz', ['-c'])],
    ['GNU tar | zstd -19', ['tar', 'zstd'], 'tar.zst', 'full', pipe('zstd', ['-q', '-19', '-c'])],
    ['bsdtar -czf', ['bsdtar'], 'tar.gz', 'full', (from, to) => runTool('bsdtar', ['-czf', to, '-C', from, '.'])],
    [
      'bsdtar, ustar',
      ['bsdtar'],
      'tar',
      'short',
      (from, to) => runTool('bsdtar', ['--format=ustar', '-cf', to, '-C', from, '.'])
    ],
    [
      'bsdtar, zip (data descriptors)',
      ['bsdtar'],
      'zip',
      'full',
      (from, to) => runTool('bsdtar', ['--format=zip', '-cf', to, '-C', from, '.'])
    ],
    ['Info-ZIP zip', ['zip'], 'zip', 'full', zipTool([])],
    ['Info-ZIP zip, stored', ['zip'], 'zip', 'full', zipTool(['-0'])],
    ['Info-ZIP zip, zip64', ['zip'], 'zip', 'full', zipTool(['-fz'])],
    ['Info-ZIP zip, data descriptors', ['zip'], 'zip', 'full', zipTool(['-fd'])],
    ['7-Zip, zip', ['7z'], 'zip', 'full', (from, to) => runTool('7z', ['a', '-tzip', '-snl', to, '.'], { cwd: from })],
    [
      'Python tarfile, ustar',
      ['python3'],
      'tar',
      'short',
      (from, to) => runTool('python3', [python, 'tar-ustar', from, to])
    ],
    [
      'Python tarfile, gnu',
      ['python3'],
      'tar',
      'full',
      (from, to) => runTool('python3', [python, 'tar-gnu', from, to])
    ],
    [
      'Python tarfile, pax, gzip',
      ['python3'],
      'tar.gz',
      'full',
      (from, to) => runTool('python3', [python, 'tar-pax-gz', from, to])
    ],
    [
      'Python zipfile, deflated',
      ['python3'],
      'zip',
      'full',
      (from, to) => runTool('python3', [python, 'zip-deflated', from, to])
    ],
    [
      'Python zipfile, stored, zip64',
      ['python3'],
      'zip',
      'full',
      (from, to) => runTool('python3', [python, 'zip-stored-zip64', from, to])
    ]
  ]

  for (const [title, tools, kind, tree, make] of cases) {
    itWith(tools, `unpacks ${title} (${kind}) exactly as its source tree`, async () => {
      const archive = path.join(work, `bundle.${kind}`)
      await make(source[tree], archive)
      expect(await detectArchiveKind(archive)).toBe(kind)
      const unpacked = await unpackSite(archive, kind, site, { host })
      expect(await describeTree(site)).toEqual(await describeTree(source[tree]))
      // Hashed as it was written: the same as reading the site again.
      expect(byPath(unpacked.files)).toEqual(await filesOnDisk(site))
      const owners = await Promise.all(
        (await readdir(site, { recursive: true })).map(async (name) => lstat(path.join(site, name)))
      )
      expect(owners.every((stats) => stats.uid === process.getuid?.() && stats.gid === process.getgid?.())).toBe(true)
      expect((await readdir(work)).sort()).toEqual([path.basename(archive), 'site'])
    })
  }

  itWith(['tar'], 'keeps a hard link from the archive as a hard link', async () => {
    const archive = path.join(work, 'bundle.tar')
    runTool('tar', ['-cf', archive, '-C', source.short, '.'])
    await unpackSite(archive, 'tar', site, { host })
    const [original, copy] = await Promise.all([
      stat(path.join(site, 'assets/app.js')),
      stat(path.join(site, 'assets/app-copy.js'))
    ])
    expect(copy.ino).toBe(original.ino)
  })
})

describe.each(BOTH)('unpackSite, %s: the files it reports', (_name, kind, build) => {
  const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex')

  it('lists each file with its size and the SHA-256 of what was written, folders left out', async () => {
    // Large enough to reach the writer in several parts, through gunzip's and the zip reader's chunks.
    const large = randomBytes(3 * 1024 * 1024 + 17)
    const unpacked = await unpackSite(
      await archiveFile(
        kind,
        build([
          INDEX,
          { name: 'guides', type: 'folder' },
          { name: 'guides/empty.txt', data: '' },
          { name: 'assets/large.bin', data: large },
          { name: 'guides/latest.html', type: 'symlink', target: '../index.html' }
        ])
      ),
      kind,
      site,
      { host }
    )
    expect(unpacked.path).toBe(site)
    expect(byPath(unpacked.files)).toEqual([
      { path: 'assets/large.bin', size: large.length, sha256: sha256(large) },
      { path: 'guides/empty.txt', size: 0, sha256: sha256('') },
      { path: 'guides/latest.html', size: 13, sha256: sha256('../index.html'), link: '../index.html' },
      { path: 'index.html', size: 18, sha256: sha256('<h1>Acme Docs</h1>') }
    ])
  })

  it('lists paths from the folder that wraps the site, and nothing beside it', async () => {
    const unpacked = await unpackSite(
      await archiveFile(
        kind,
        build([
          { name: 'acme-docs/index.html', data: 'x' },
          { name: 'acme-docs/guides/a.html', data: 'a' },
          { name: '.DS_Store', data: 'x' }
        ])
      ),
      kind,
      site,
      { host }
    )
    expect(byPath(unpacked.files).map((file) => file.path)).toEqual(['guides/a.html', 'index.html'])
  })
})

describe('unpackSite: the files it reports, hard links (tar)', () => {
  it('gives a hard link the content of the file it names', async () => {
    const unpacked = await unpackSite(
      await archiveFile(
        'tar',
        tarArchive([
          { name: 'index.html', data: '<h1>Home</h1>' },
          { name: 'copy.html', type: '1', linkname: 'index.html' }
        ])
      ),
      'tar',
      site,
      { host }
    )
    const content = { size: 13, sha256: createHash('sha256').update('<h1>Home</h1>').digest('hex') }
    expect(byPath(unpacked.files)).toEqual([
      { path: 'copy.html', ...content },
      { path: 'index.html', ...content }
    ])
  })
})

// ── the policy, rule by rule ─────────────────────────────────────────────────────────────────

describe.each(BOTH)('unpackSite, %s: entry types', (_name, kind, build) => {
  it.each([
    ['fifo', 'a FIFO'],
    ['character device', 'a character device'],
    ['block device', 'a block device']
  ] as const)('refuses a %s', async (type, what) => {
    await expectRefused(
      kind,
      build([INDEX, { name: 'assets/special', type }]),
      'entry-type',
      `entry "assets/special" is ${what}; only files, folders and links are unpacked`
    )
  })
})

describe('unpackSite: entry types only one format has', () => {
  it('refuses a zip socket', async () => {
    const bytes = zipArchive([
      { name: 'index.html', data: 'x' },
      { name: 'sock', unixMode: 0o140755 }
    ])
    await expectRefused(
      'zip',
      bytes,
      'entry-type',
      'entry "sock" is a socket; only files, folders and links are unpacked'
    )
  })

  it.each([
    ['V', 'a GNU volume label'],
    ['S', 'a GNU sparse file'],
    ['D', 'a GNU dump folder'],
    ['Z', 'an unknown vendor type']
  ])('refuses tar type %j (%s)', async (type) => {
    await expectRefused(
      'tar',
      tarArchive([
        { name: 'index.html', data: 'x' },
        { name: 'odd', type }
      ]),
      'entry-type',
      `entry "odd" is of an unknown type (tar type "${type}"); only files, folders and links are unpacked`
    )
  })
})

describe.each(BOTH)('unpackSite, %s: symbolic links', (_name, kind, build) => {
  const chain = (): Spec[] => [
    INDEX,
    { name: 'self', type: 'symlink', target: '.' },
    { name: 'u1', type: 'symlink', target: 'self/..' },
    ...Array.from({ length: 11 }, (_, i): Spec => ({ name: `u${i + 2}`, type: 'symlink', target: `u${i + 1}/..` })),
    { name: 'passwd', type: 'symlink', target: 'u12/etc/passwd' }
  ]

  it('refuses the chain self -> ., u1 -> self/.., …, passwd -> u12/etc/passwd at its first link out', async () => {
    await expectRefused(kind, build(chain()), 'link-target', `link "u1" resolves to ${work}, outside the site`)
    expect(await exists(path.join(work, 'passwd'))).toBe(false)
  })

  it('refuses a link through a part spelled differently from a link, which macOS and Windows would follow out', async () => {
    await expectRefused(
      kind,
      build([
        INDEX,
        { name: 'sub/', type: 'folder' },
        { name: 'sub/u', type: 'symlink', target: '..' },
        { name: 'x', type: 'symlink', target: 'sub/U/../..' }
      ]),
      'link-target',
      'link "x" goes through "sub/U", which macOS and Windows read as "sub/u" and Linux does not: it would lead elsewhere on each'
    )
  })

  it('refuses a link that leaves the site when its target is read as text, as Windows reads it', async () => {
    await expectRefused(
      kind,
      build([
        INDEX,
        { name: 'a/b/', type: 'folder' },
        { name: 'l', type: 'symlink', target: 'a/b' },
        { name: 'x', type: 'symlink', target: 'l/../..' }
      ]),
      'link-target',
      `link "x" resolves to ${work}, outside the site`
    )
  })

  it('names where a link out resolves to', async () => {
    await expectRefused(
      kind,
      build([INDEX, { name: 'passwd', type: 'symlink', target: `${'../'.repeat(20)}etc/passwd` }]),
      'link-target',
      'link "passwd" resolves to /etc/passwd, outside the site'
    )
  })

  it('refuses a link that leaves once a later link exists (judged again at the end)', async () => {
    const specs: Spec[] = [
      INDEX,
      { name: 'a', type: 'symlink', target: 'b/..' },
      { name: 'b', type: 'symlink', target: '.' }
    ]
    await expectRefused(kind, build(specs), 'link-target', `link "a" resolves to ${work}, outside the site`)
  })

  it('refuses a link that leaves the wrapping folder that becomes the site', async () => {
    const specs: Spec[] = [
      { name: 'wrapper/index.html', data: 'x' },
      { name: 'wrapper/up', type: 'symlink', target: '..' }
    ]
    await expectRefused(kind, build(specs), 'link-target', `link "wrapper/up" resolves to ${work}, outside the site`)
  })

  it.each([
    ['/etc/passwd', 'link "leak" points to the absolute path "/etc/passwd"'],
    ['..\\..\\etc', 'link "leak" has a backslash in its target "..\\\\..\\\\etc"']
  ])('refuses a link to %j', async (target, message) => {
    await expectRefused(kind, build([INDEX, { name: 'leak', type: 'symlink', target }]), 'link-target', message)
  })

  it('refuses a loop of links', async () => {
    const specs: Spec[] = [
      INDEX,
      { name: 'a', type: 'symlink', target: 'b' },
      { name: 'b', type: 'symlink', target: 'a' }
    ]
    // b -> a passes when written (a leads to b, not written yet); the check at the end finds the loop from a.
    await expectRefused(kind, build(specs), 'link-target', 'link "a" leads into a loop of more than 40 links')
  })

  it('never writes through a link, even one that stays inside', async () => {
    const specs: Spec[] = [
      ...GUIDES,
      { name: 'latest', type: 'symlink', target: 'guides' },
      { name: 'latest/evil.html', data: 'x' }
    ]
    await expectRefused(
      kind,
      build(specs),
      'through-link',
      'entry "latest/evil.html" would be written through the link "latest"'
    )
  })

  it('never writes through a link that leads out (refused as the link)', async () => {
    const specs: Spec[] = [
      INDEX,
      { name: 'escape', type: 'symlink', target: '../../outside' },
      { name: 'escape/evil.html', data: 'x' }
    ]
    // Nothing appears at root/outside: expectRefused checks that root holds work/ alone.
    await expectRefused(
      kind,
      build(specs),
      'link-target',
      `link "escape" resolves to ${path.join(root, 'outside')}, outside the site`
    )
  })

  it('keeps links that stay inside, chains included, written before their targets or after', async () => {
    const specs: Spec[] = [
      { name: 'early', type: 'symlink', target: 'latest/start.html' },
      ...GUIDES,
      { name: 'latest', type: 'symlink', target: 'guides' },
      { name: 'guides/home.html', type: 'symlink', target: '../index.html' },
      { name: 'guides/self', type: 'symlink', target: '.' },
      { name: 'up', type: 'symlink', target: 'guides/self/../index.html' },
      { name: 'dangling', type: 'symlink', target: 'missing/page.html' }
    ]
    await unpack(kind, build(specs))
    expect(await readFile(path.join(site, 'early'), 'utf8')).toBe('<h1>Start</h1>')
    expect(await readlink(path.join(site, 'guides/home.html'))).toBe('../index.html')
    expect(await readFile(path.join(site, 'up'), 'utf8')).toBe('<h1>Acme Docs</h1>')
    expect((await lstat(path.join(site, 'dangling'))).isSymbolicLink()).toBe(true)
  })
})

describe('unpackSite: hard links (tar)', () => {
  const archive = (linkname: string, before: TarMember[] = []): Buffer =>
    tarArchive([
      { name: 'index.html', data: 'x' },
      { name: 'guides/', type: '5' },
      ...before,
      { name: 'copy', type: '1', linkname },
      { name: 'later.html', data: 'y' }
    ])

  it('keeps a hard link to a file already unpacked', async () => {
    await unpack('tar', archive('./index.html'))
    expect((await stat(path.join(site, 'copy'))).ino).toBe((await stat(path.join(site, 'index.html'))).ino)
  })

  it.each([
    ['/etc/passwd', [], 'outside the site'],
    ['../../../../etc/passwd', [], 'outside the site'],
    ['later.html', [], 'not among the entries before it'],
    ['guides', [], 'a folder'],
    ['link', [{ name: 'link', type: '2', linkname: 'index.html' }], 'a symlink']
  ] as [string, TarMember[], string][])('refuses a hard link to %j', async (linkname, before, found) => {
    await expectRefused(
      'tar',
      archive(linkname, before),
      'hard-link',
      `hard link "copy" points to "${linkname}", which is ${found}; only files already unpacked may be linked to`
    )
  })
})

describe.each(BOTH)('unpackSite, %s: names', (_name, kind, build) => {
  it.each([
    ['/tmp/evil.html', 'has an absolute name'],
    ['C:/evil.html', 'has an absolute name'],
    ['../evil.html', 'has ".." in its name'],
    ['assets/../../evil.html', 'has ".." in its name'],
    ['assets\\..\\..\\evil.html', 'has a backslash in its name (a folder separator on Windows)']
  ])('refuses an entry named %j', async (name, why) => {
    await expectRefused(kind, build([INDEX, { name, data: 'pwned' }]), 'name', `entry ${JSON.stringify(name)} ${why}`)
    expect(await exists('/tmp/evil.html')).toBe(false)
  })

  it.each([
    ['the same file twice', [INDEX, INDEX], 'entry "index.html" has the same name, already used by a file'],
    [
      'names that differ in case only',
      [INDEX, { name: 'Index.html', data: 'x' }],
      'entry "Index.html" has a name that macOS and Windows do not tell apart from "index.html", already used by a file'
    ],
    [
      'names that differ in Unicode normalisation only',
      [INDEX, { name: 'caf\u00e9.html', data: 'x' }, { name: 'cafe\u0301.html', data: 'x' }],
      'entry "cafe\u0301.html" has a name that macOS and Windows do not tell apart from "caf\u00e9.html", already used by a file'
    ],
    [
      'a file and a folder of one name',
      [INDEX, { name: 'index.html', type: 'folder' }],
      /^entry "index\.html\/?" has the same name, already used by a file$/
    ],
    [
      'an entry under a file',
      [INDEX, { name: 'index.html/x', data: 'x' }],
      'entry "index.html/x" would be written under "index.html", which is not a folder'
    ]
  ] as [string, Spec[], string | RegExp][])('refuses %s', async (_what, specs, message) => {
    await expectRefused(kind, build(specs), 'duplicate', message)
  })

  it('lets a folder be listed again, and merges what it holds', async () => {
    await unpack(
      kind,
      build([...GUIDES, { name: 'guides', type: 'folder' }, { name: 'guides/more.html', data: 'more' }])
    )
    expect((await readdir(path.join(site, 'guides'))).sort()).toEqual(['more.html', 'start.html'])
  })

  it('writes Unicode names as they are, without a locale', async () => {
    await unpack(kind, build([INDEX, { name: 'café/ページ.html', data: 'ok' }]))
    expect(await readFile(path.join(site, 'café/ページ.html'), 'utf8')).toBe('ok')
  })
})

describe('unpackSite: names only one format can hold', () => {
  it('refuses a tar name that is not UTF-8', async () => {
    const bytes = tarArchive([
      { name: 'index.html', data: 'x' },
      { name: '', rawName: Buffer.from([0x63, 0x61, 0x66, 0xe9]), data: 'x' }
    ])
    await expectRefused('tar', bytes, 'name', 'tar entry name "caf\u00e9" is not valid UTF-8')
  })

  it('refuses a NUL in a pax name', async () => {
    const bytes = tarArchive([
      { name: 'index.html', data: 'x' },
      paxMember({ path: 'index.html\0.png' }),
      { name: 'x', data: 'x' }
    ])
    await expectRefused('tar', bytes, 'name', 'entry "index.html\\u0000.png" has a NUL character in its name')
  })

  it('refuses a NUL in a zip name', async () => {
    await expectRefused(
      'zip',
      zipArchive([
        { name: 'index.html', data: 'x' },
        { name: 'a\0b', data: 'x' }
      ]),
      'name',
      'entry "a\\u0000b" has a NUL character in its name'
    )
  })

  it('writes a CP437 zip name (no UTF-8 flag, made on MS-DOS or Windows) as Unicode', async () => {
    await unpack(
      'zip',
      zipArchive([
        { name: 'index.html', data: 'x' },
        { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), utf8: false, data: 'é' }
      ])
    )
    expect(await readFile(path.join(site, 'café.html'), 'utf8')).toBe('é')
  })
})

describe.each(BOTH)('unpackSite, %s: modes and owners', (_name, kind, build) => {
  it('writes files 0644 or 0755 and folders 0755, never setuid, setgid or sticky', async () => {
    await unpack(
      kind,
      build([
        INDEX,
        { name: 'setuid', data: 'x', mode: 0o4755 },
        { name: 'setgid', data: 'x', mode: 0o2711 },
        { name: 'sticky', type: 'folder', mode: 0o1777 },
        { name: 'read-only', type: 'folder', mode: 0o555 },
        { name: 'read-only/page.html', data: 'x', mode: 0o444 },
        { name: 'private.html', data: 'x', mode: 0o600 }
      ])
    )
    const modes: Record<string, string> = {}
    for (const name of ['setuid', 'setgid', 'sticky', 'read-only', 'read-only/page.html', 'private.html']) {
      modes[name] = ((await stat(path.join(site, name))).mode & 0o7777).toString(8)
    }
    expect(modes).toEqual({
      setuid: '755',
      setgid: '755',
      sticky: '755',
      'read-only': '755',
      'read-only/page.html': '644',
      'private.html': '644'
    })
  })
})

describe('unpackSite: owners', () => {
  it(`makes the runner's user (${isRoot ? 'root' : 'not root'}) the owner, whatever the archive says`, async () => {
    await unpack(
      'tar',
      tarArchive([
        { name: 'index.html', data: 'x', uid: 4242, gid: 4242 },
        { name: 'root.html', data: 'x', uid: 0, gid: 0 },
        { name: 'dir/', type: '5', uid: 4242 }
      ])
    )
    for (const name of ['index.html', 'root.html', 'dir']) {
      const stats = await lstat(path.join(site, name))
      expect([stats.uid, stats.gid]).toEqual([process.getuid?.(), process.getgid?.()])
    }
  })
})

// ── completeness ─────────────────────────────────────────────────────────────────────────────

describe('unpackSite: incomplete or damaged archives', () => {
  const members: TarMember[] = [
    { name: 'index.html', data: 'x' },
    { name: 'a.html', data: 'a'.repeat(1000) },
    { name: 'b.html', data: 'b'.repeat(1000) }
  ]
  const whole = tarArchive(members)
  const withoutEnd = tarArchive(members, { end: false })

  it('refuses a tar.gz whose tar stops at a member boundary inside a whole gzip stream (tar c | gzip, tar killed)', async () => {
    await expectRefused(
      'tar.gz',
      gzipSync(withoutEnd),
      'complete',
      'it ends after "b.html" without the end-of-archive blocks (cut short?)'
    )
  })

  it('refuses a plain tar cut after a member whose data ends in zero blocks', async () => {
    const cut = tarArchive(
      [
        { name: 'index.html', data: 'x' },
        { name: 'zeros.bin', data: Buffer.alloc(8192) }
      ],
      { end: false }
    )
    await expectRefused(
      'tar',
      cut,
      'complete',
      'it ends after "zeros.bin" without the end-of-archive blocks (cut short?)'
    )
  })

  it('refuses a tar member with short data', async () => {
    await expectRefused(
      'tar',
      whole.subarray(0, 512 * 6 + 100),
      'complete',
      'it is cut short: entry "b.html" has 100 of its 1000 bytes'
    )
  })

  it('refuses a gzip stream cut short', async () => {
    const gz = gzipSync(whole)
    await expectRefused('tar.gz', gz.subarray(0, gz.length - 4), 'complete', 'its gzip stream is cut short')
  })

  it('refuses a gzip stream that fails its CRC', async () => {
    const gz = gzipSync(whole)
    gz[gz.length - 8] ^= 0xff
    await expectRefused('tar.gz', gz, 'complete', 'its gzip stream is damaged (incorrect data check)')
  })

  it.each([
    ['garbage', Buffer.from('garbage')],
    ['zeros, then garbage', Buffer.concat([Buffer.alloc(300), Buffer.from('garbage')])]
  ])('refuses %s after the gzip stream', async (_what, tail) => {
    await expectRefused(
      'tar.gz',
      Buffer.concat([gzipSync(whole), tail]),
      'complete',
      /^it has data after the end of its gzip stream \((not another gzip stream|at byte \d+)\)$/
    )
  })

  it('accepts zeros after the gzip stream (padding, as gzip does)', async () => {
    await unpack('tar.gz', Buffer.concat([gzipSync(whole), Buffer.alloc(4096)]))
    expect(await readFile(path.join(site, 'b.html'), 'utf8')).toBe('b'.repeat(1000))
  })

  it('accepts a gzip file of several members', async () => {
    await unpack('tar.gz', Buffer.concat([gzipSync(whole.subarray(0, 1536)), gzipSync(whole.subarray(1536))]))
    expect(await readFile(path.join(site, 'b.html'), 'utf8')).toBe('b'.repeat(1000))
  })

  it('refuses bytes other than zeros after the end of the tar, inside the gzip stream', async () => {
    await expectRefused(
      'tar.gz',
      gzipSync(Buffer.concat([whole, Buffer.from('smuggled')])),
      'complete',
      `it has bytes other than zeros after the end of the tar (at byte ${whole.length})`
    )
  })

  it('refuses a zstd stream cut short, or failing its checksum', async () => {
    const zst = zstdCompressSync(whole, { params: { [constants.ZSTD_c_checksumFlag]: 1 } })
    await expectRefused('tar.zst', zst.subarray(0, zst.length - 6), 'complete', 'its zstd stream is cut short')
    await rm(path.join(work, 'bundle.tar.zst'))
    const damaged = Buffer.from(zst)
    damaged[damaged.length - 2] ^= 0xff
    await expectRefused('tar.zst', damaged, 'complete', /^its zstd stream is damaged/)
  })

  it('refuses data after the zstd stream', async () => {
    await expectRefused(
      'tar.zst',
      Buffer.concat([zstdCompressSync(whole), Buffer.from('garbage')]),
      'complete',
      /^it has data after the end of its zstd stream/
    )
  })

  it.each([
    [
      'a wrong CRC-32',
      zipArchive([{ name: 'index.html', data: 'x', crc: 5 }]),
      'entry "index.html" fails its CRC-32 check'
    ],
    [
      'a wrong size',
      zipArchive([{ name: 'index.html', data: 'xy', size: 1 }]),
      'entry "index.html" inflates to more than the 1 B the central directory gives'
    ],
    [
      'a central directory cut short',
      zipArchive([{ name: 'index.html', data: 'x' }]).subarray(0, 60),
      'it has no end-of-central-directory record (cut short?)'
    ]
  ])('refuses a zip with %s', async (_what, bytes, message) => {
    await expectRefused('zip', bytes, 'complete', message)
  })
})

// ── size ─────────────────────────────────────────────────────────────────────────────────────

describe('unpackSite: decompression bombs', () => {
  const GiB = 1024 * 1024 * 1024

  it('stops a 1 GiB tar.gz bomb at its header, before writing it', async () => {
    const bomb = zerosTar('zeros.bin', GiB)
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    await expectRefused(
      'tar.gz',
      bomb,
      'size',
      /^entry "zeros\.bin" \(1\.0 GiB\) brings the unpacked size to 1\.0 GiB, more than the \d+\.\d MiB allowed \(200 times the archive's \d+\.\d [KM]iB\); a decompression bomb\?$/
    )
    expect(await readdir(work)).toEqual(['bundle.tar.gz'])
  })

  it('stops a 1 GiB tar.zst bomb', async () => {
    await expectRefused(
      'tar.zst',
      zerosTar('zeros.bin', GiB, (bytes) => zstdCompressSync(bytes)),
      'size',
      /^entry "zeros\.bin" \(1\.0 GiB\)/
    )
  })

  it('stops a bomb of empty folders, small in the archive, by the block each takes on disk', async () => {
    // 20,000 empty folders: 10 MB of tar, 30 KB of tar.gz, 80 MB of blocks on disk: over the 64 MiB floor.
    const folders = Array.from({ length: 20_000 }, (_, i): TarMember => ({ name: `d${i}/`, type: '5' }))
    const error = await expectRefused(
      'tar.gz',
      gzipSync(tarArchive(folders)),
      'size',
      /^entry "d\d+\/" brings the site to 64\.0 MiB on disk, more than the 64\.0 MiB allowed/
    )
    expect(error.message).toContain('Nothing was unpacked')
    expect(await readdir(work)).toEqual(['bundle.tar.gz'])
  })

  it('stops a zip bomb that declares its 1 GiB, before writing anything', async () => {
    const bomb = zipArchive([
      { name: 'index.html', data: 'x' },
      { name: 'zeros.bin', compressed: deflatedZeros(GiB), size: GiB, crc: 0 }
    ])
    await expectRefused(
      'zip',
      bomb,
      'size',
      /^its 2 entries add up to 1\.0 GiB, more than the \d+\.\d MiB allowed \(200 times the archive's \d+\.\d [KM]iB\); a decompression bomb\?$/
    )
  })

  it('stops a zip bomb that lies about its size as soon as it inflates past it', async () => {
    const bomb = zipArchive([{ name: 'zeros.bin', compressed: deflatedZeros(GiB), size: 1000, crc: 0 }])
    await expectRefused(
      'zip',
      bomb,
      'complete',
      'entry "zeros.bin" inflates to more than the 1000 B the central directory gives'
    )
  })
})

// ── where the site goes ──────────────────────────────────────────────────────────────────────

describe('unpackSite: the site in place', () => {
  it.each(BOTH)('steps into the single folder a %s archive wraps the site in', async (_name, kind, build) => {
    await unpack(
      kind,
      build([
        { name: 'acme-docs', type: 'folder' },
        { name: 'acme-docs/index.html', data: 'x' },
        { name: '.DS_Store', data: 'x' }
      ])
    )
    expect(await readdir(site)).toEqual(['index.html'])
    expect((await readdir(work)).sort()).toEqual([`bundle.${kind}`, 'site'])
  })

  it('unpacks a site without index.html as it is, saying so', async () => {
    await unpack(
      'tar',
      tarArchive([
        { name: 'a/page.html', data: 'a' },
        { name: 'b/page.html', data: 'b' }
      ])
    )
    expect((await readdir(site)).sort()).toEqual(['a', 'b'])
    expect(host.text('info')).toContain(
      'The bundle has no index.html at its top, nor one folder holding it; the site was unpacked as it is'
    )
    expect(host.of('warning')).toEqual([])
  })

  it('replaces an earlier site, read-only folders and files included', async () => {
    await mkdir(path.join(site, 'old/locked'), { recursive: true })
    await writeFile(path.join(site, 'old/locked/page.html'), 'stale')
    await chmod(path.join(site, 'old/locked/page.html'), 0o444)
    await chmod(path.join(site, 'old/locked'), 0o555)
    await chmod(path.join(site, 'old'), 0o555)
    await unpack('tar.gz', gzipSync(asTar(GUIDES)))
    expect((await readdir(site)).sort()).toEqual(['guides', 'index.html'])
    expect((await readdir(work)).sort()).toEqual(['bundle.tar.gz', 'site'])
  })

  it('leaves an earlier site as it was when the new archive is refused', async () => {
    await mkdir(site)
    await writeFile(path.join(site, 'index.html'), 'previous site')
    const archive = await archiveFile('tar.gz', gzipSync(asTar([INDEX, { name: '../evil.html', data: 'pwned' }])))
    await expect(unpackSite(archive, 'tar.gz', site, { host })).rejects.toThrow(ArchiveError)
    expect(await readFile(path.join(site, 'index.html'), 'utf8')).toBe('previous site')
    expect((await readdir(work)).sort()).toEqual(['bundle.tar.gz', 'site'])
  })

  it('replaces a site that is a link with a folder, never writing through the link', async () => {
    const elsewhere = path.join(root, 'elsewhere')
    await mkdir(elsewhere)
    await writeFile(path.join(elsewhere, 'keep.html'), 'keep')
    const { symlink } = await import('node:fs/promises')
    await symlink(elsewhere, site)
    await unpack('tar', asTar(GUIDES))
    expect((await lstat(site)).isDirectory()).toBe(true)
    expect(await readdir(elsewhere)).toEqual(['keep.html'])
  })
})
