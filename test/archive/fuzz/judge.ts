import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lstat, mkdir, readdir, readFile, readlink, realpath, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ArchiveError, unpackSite, type ArchiveKind, type UnpackedSite } from '../../../src/archive/index.js'
import type { Rule } from '../../../src/archive/policy.js'
import { withoutLocale } from '../../support/archive-tools.ts'
import { RecordingHost } from '../../support/recording-host.ts'
import { byPath, filesOnDisk } from '../../support/site-files.ts'

/**
 * What must hold for any archive, however mangled: the only error is an ArchiveError with a rule;
 * nothing is left beside the destination; the earlier site survives a refusal; an accepted tree
 * holds only files (0644 or 0755), folders (0755) and links that stay inside, each file listed
 * with the hash of what the disk holds; and, where bsdtar is installed, bsdtar extracts the same
 * tree, or the difference is one the policy explains.
 */

export type Outcome = 'accepted' | Rule

const OLD_SITE = '<h1>the site before this run</h1>'

/** Unpacks `bytes` as `kind` under `root` (a new empty folder) and checks every promise; throws on a broken one. */
export async function judge(bytes: Buffer, kind: ArchiveKind, root: string, compare: boolean): Promise<Outcome> {
  const work = path.join(root, 'work')
  const site = path.join(work, 'site')
  const archive = path.join(work, `bundle.${kind}`)
  await mkdir(site, { recursive: true })
  await writeFile(path.join(site, 'index.html'), OLD_SITE)
  await writeFile(archive, bytes)
  let unpacked: UnpackedSite | undefined
  const error = await unpackSite(archive, kind, site, { host: new RecordingHost() }).then(
    (result) => void (unpacked = result),
    (error: unknown) => error
  )
  await expectNothingBeside(root, work, archive)
  if (error !== undefined) {
    if (!(error instanceof ArchiveError) || error.rule === undefined)
      throw new Error(`not a refusal with a rule: ${error instanceof Error ? error.stack : JSON.stringify(error)}`, {
        cause: error
      })
    if ((await readFile(path.join(site, 'index.html'), 'utf8')) !== OLD_SITE || (await readdir(site)).length !== 1) {
      throw new Error(`the earlier site did not survive a refusal under ${error.rule}`)
    }
    return error.rule
  }
  const tree = await safeTree(site)
  const reported = JSON.stringify(byPath(unpacked?.files ?? []))
  if (reported !== JSON.stringify(await filesOnDisk(site)))
    throw new Error(`the files unpackSite reports differ from the disk: ${reported}`)
  if (compare) await compareWithBsdtar(archive, root, tree)
  return 'accepted'
}

async function expectNothingBeside(root: string, work: string, archive: string): Promise<void> {
  const beside = (await readdir(root)).filter((name) => name !== 'work')
  const inWork = (await readdir(work)).filter((name) => name !== 'site' && name !== path.basename(archive))
  if (beside.length > 0 || inWork.length > 0) throw new Error(`left behind: ${[...beside, ...inWork].join(', ')}`)
}

/** Every path of an accepted site with what it is; throws on anything the policy forbids. */
async function safeTree(site: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>()
  const realSite = await realpath(site)
  for (const name of await readdir(site, { recursive: true })) {
    const file = path.join(site, name)
    const stats = await lstat(file)
    const mode = stats.mode & 0o7777
    if (stats.uid !== process.getuid?.()) throw new Error(`${name} belongs to uid ${stats.uid}`)
    if (stats.isDirectory()) {
      if (mode !== 0o755) throw new Error(`folder ${name} has mode ${mode.toString(8)}`)
      tree.set(name, 'folder')
    } else if (stats.isFile()) {
      if (mode !== 0o644 && mode !== 0o755) throw new Error(`file ${name} has mode ${mode.toString(8)}`)
      tree.set(
        name,
        `file ${mode === 0o755 ? 'x' : '-'} ${createHash('sha256')
          .update(await readFile(file))
          .digest('hex')}`
      )
    } else if (stats.isSymbolicLink()) {
      const target = await readlink(file)
      const lexical = path.resolve(path.dirname(file), target)
      const real = await realpath(file).catch(() => undefined)
      if (!isInside(lexical, site) || (real !== undefined && !isInside(real, realSite)))
        throw new Error(`link ${name} -> ${target} leads outside`)
      tree.set(name, `link ${target}`)
    } else {
      throw new Error(`${name} is neither a file, a folder nor a link (mode ${stats.mode.toString(8)})`)
    }
  }
  return tree
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(folder, file)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** The tree bsdtar extracts from the same archive, compared entry by entry and byte by byte. */
async function compareWithBsdtar(archive: string, root: string, ours: Map<string, string>): Promise<void> {
  const out = path.join(root, 'bsdtar')
  await mkdir(out)
  const bsdtar = (file: string): ReturnType<typeof spawnSync> =>
    spawnSync('bsdtar', ['-xf', file, '-C', out], { env: { ...withoutLocale(), LC_ALL: 'C.UTF-8' } })
  let result = bsdtar(archive)
  if (result.status !== 0 && /\.tar\.(gz|zst)$/.test(archive)) {
    // Explained: zeros after a compressed stream are padding to the policy; bsdtar reads them as a
    // frame or member and fails. It must extract the same tree without them.
    const bytes = await readFile(archive)
    let end = bytes.length
    while (end > 0 && bytes[end - 1] === 0) end--
    if (end < bytes.length) {
      const unpadded = path.join(root, `unpadded${path.extname(archive)}`)
      await writeFile(unpadded, bytes.subarray(0, end))
      result = bsdtar(unpadded)
    }
  }
  // bsdtar's exit status alone is no difference: it reports damage in fields the policy ignores
  // (GNU's atime, a pax attribute such as ctime), then extracts the same entries; a failure that
  // loses or changes an entry shows in the trees.
  const theirs = await describe(await siteRootOf(out))
  const differences = [...new Set([...ours.keys(), ...theirs.keys()])]
    .sort()
    .filter((name) => ours.get(name) !== theirs.get(name))
    .map((name) => `${name}: action ${ours.get(name) ?? 'nothing'}, bsdtar ${theirs.get(name) ?? 'nothing'}`)
  if (differences.length > 0) {
    throw new Error(
      `bsdtar extracts another tree (exit ${result.status}: ${String(result.stderr).trim()}):\n${differences.join('\n')}`
    )
  }
}

/** Where bsdtar's site is, as the action chooses it: the top, or the one folder that wraps index.html. */
async function siteRootOf(out: string): Promise<string> {
  const top = (await readdir(out)).filter((name) => !name.startsWith('.'))
  if (top.includes('index.html') || top.length !== 1) return out
  const only = path.join(out, top[0])
  const stats = await lstat(only)
  const index = await lstat(path.join(only, 'index.html')).catch(() => undefined)
  return stats.isDirectory() && index?.isFile() ? only : out
}

/** bsdtar's tree as safeTree describes the action's: whether a file has any execute bit (the policy makes it 0755), link targets, folders. */
async function describe(folder: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>()
  for (const name of await readdir(folder, { recursive: true })) {
    const file = path.join(folder, name)
    const stats = await lstat(file)
    if (stats.isDirectory()) tree.set(name, 'folder')
    else if (stats.isSymbolicLink()) tree.set(name, `link ${await readlink(file)}`)
    else if (stats.isFile())
      tree.set(
        name,
        `file ${stats.mode & 0o111 ? 'x' : '-'} ${createHash('sha256')
          .update(await readFile(file))
          .digest('hex')}`
      )
    else tree.set(name, `special ${stats.mode.toString(8)}`)
  }
  return tree
}
