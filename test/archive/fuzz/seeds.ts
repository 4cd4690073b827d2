import { chmod, link, lutimes, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { hasTool, runTool } from '../../support/archive-tools.ts'
import { gnuLong, paxMember, tarArchive, zipArchive } from '../../support/craft.ts'

/**
 * The archives the fuzzer mutates: a small site archived by every tool of the machine that can,
 * uncompressed (mutations apply to the tar or zip; compression comes after), and a few crafted
 * ones, so that there are seeds where no tool is installed.
 */

export interface Seed {
  /** The tool and format that made it. */
  name: string
  format: 'tar' | 'zip'
  bytes: Buffer
}

const LONG_NAME = `guides/${'a-page-name-longer-than-a-ustar-header-holds-'.repeat(3)}.html`

/** A site small enough that mutations hit its headers often, with what archives find hard. */
async function writeSmallSite(root: string): Promise<void> {
  const files: [string, string, number?][] = [
    ['index.html', '<!doctype html><h1>Docs</h1><a href="guides/start.html">Start</a>\n'],
    ['guides/start.html', '<h1>Start</h1>\n'],
    ['assets/site.css', 'body { font-family: system-ui }\n'],
    ['bin/run.sh', '#!/bin/sh\necho run\n', 0o755],
    ['café/ページ.html', '<p>ページ</p>\n'],
    [LONG_NAME, '<p>long</p>\n']
  ]
  for (const [name, content, mode] of files) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true })
    await writeFile(path.join(root, name), content)
    await chmod(path.join(root, name), mode ?? 0o644)
  }
  await mkdir(path.join(root, 'empty'))
  await symlink('guides', path.join(root, 'latest'))
  await symlink('../index.html', path.join(root, 'guides/home.html'))
  await link(path.join(root, 'assets/site.css'), path.join(root, 'assets/copy.css'))
  // Fixed modes and times, so that the tools write the same bytes at every run and a fuzzing seed replays.
  for (const entry of [
    ...(await readdir(root, { recursive: true, withFileTypes: true })),
    { parentPath: path.dirname(root), name: path.basename(root), isDirectory: () => true }
  ]) {
    const file = path.join(entry.parentPath, entry.name)
    if (entry.isDirectory()) await chmod(file, 0o755)
    await lutimes(file, TIME, TIME)
  }
}

const TIME = new Date(Date.UTC(2026, 10, 1))

type Maker = [name: string, tools: string[], format: Seed['format'], make: (from: string, to: string) => unknown]

const python = path.resolve(import.meta.dirname, '../../support/python-archive.py')
/** GNU tar, writing the same bytes at every run: sorted names, numeric owners, no access or change times. */
const GNU_TAR = ['--sort=name', '--numeric-owner', '--owner=0', '--group=0']
const PAX_OPTIONS = '--pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime'
const tar =
  (format: string): Maker[3] =>
  (from, to) =>
    runTool('tar', [
      ...GNU_TAR,
      ...(format === 'pax' ? [PAX_OPTIONS] : []),
      `--format=${format}`,
      '-cf',
      to,
      '-C',
      from,
      '.'
    ])
/**
 * bsdtar rewriting GNU tar's archive (`@archive`): its own writer, with no times read from the
 * disk. It converts names through the locale as it reads them, so it needs a UTF-8 one.
 */
const bsdtar =
  (format: string): Maker[3] =>
  (from, to) =>
    runTool('bsdtar', [`--format=${format}`, '-cf', to, `@-`], {
      locale: 'C.UTF-8',
      input: runTool('tar', [...GNU_TAR, PAX_OPTIONS, '--format=pax', '-cf', '-', '-C', from, '.'])
    })

const MAKERS: Maker[] = [
  ['GNU tar, gnu', ['tar'], 'tar', tar('gnu')],
  ['GNU tar, pax', ['tar'], 'tar', tar('pax')],
  ['GNU tar, oldgnu', ['tar'], 'tar', tar('oldgnu')],
  ['bsdtar, pax', ['tar', 'bsdtar'], 'tar', bsdtar('pax')],
  ['Python tarfile, gnu', ['python3'], 'tar', (from, to) => runTool('python3', [python, 'tar-gnu', from, to])],
  ['Info-ZIP zip', ['zip'], 'zip', (from, to) => runTool('zip', ['-q', '-r', '-y', '-X', to, '.'], { cwd: from })],
  [
    'Info-ZIP zip, zip64 and data descriptors',
    ['zip'],
    'zip',
    (from, to) => runTool('zip', ['-q', '-r', '-y', '-X', '-fz', '-fd', to, '.'], { cwd: from })
  ],
  ['bsdtar, zip', ['tar', 'bsdtar'], 'zip', bsdtar('zip')],
  ['Python zipfile', ['python3'], 'zip', (from, to) => runTool('python3', [python, 'zip-deflated', from, to])]
]

/** Crafted seeds, for the formats' corners that the tools above do not write. */
function craftedSeeds(): Seed[] {
  const index = { name: 'index.html', data: '<h1>Docs</h1>' }
  return [
    {
      name: 'crafted tar: pax and GNU long names, links',
      format: 'tar',
      bytes: tarArchive([
        index,
        { name: 'guides/', type: '5' },
        paxMember({ path: 'guides/pax-named.html', linkpath: 'unused' }),
        { name: 'x', data: 'pax' },
        gnuLong(LONG_NAME),
        { name: '././@LongLink', data: 'gnu', format: 'gnu' },
        { name: 'latest', type: '2', linkname: 'guides' },
        { name: 'copy.html', type: '1', linkname: 'index.html' }
      ])
    },
    {
      name: 'crafted zip: stored, deflated, a link, a folder, a descriptor',
      format: 'zip',
      bytes: zipArchive([
        { ...index, method: 0 },
        { name: 'guides/', unixMode: 0o040755 },
        { name: 'guides/start.html', data: '<h1>Start</h1>'.repeat(20), descriptor: true },
        { name: 'latest', data: 'guides', unixMode: 0o120777 }
      ])
    }
  ]
}

/** Every seed this machine can make, in a fixed order (so that a fuzzing seed replays). */
export async function makeSeeds(): Promise<Seed[]> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'fuzz-seeds-'))
  try {
    const site = path.join(scratch, 'site')
    await writeSmallSite(site)
    const seeds: Seed[] = []
    for (const [name, tools, format, make] of MAKERS) {
      if (!tools.every(hasTool)) continue
      const archive = path.join(scratch, `${seeds.length}.${format}`)
      await make(site, archive)
      seeds.push({ name, format, bytes: await readFile(archive) })
    }
    return [...seeds, ...craftedSeeds()]
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

/** The makers whose tools are missing, for the report. */
export function missingSeedTools(): string[] {
  return [...new Set(MAKERS.flatMap(([, tools]) => tools.filter((tool) => !hasTool(tool))))]
}
