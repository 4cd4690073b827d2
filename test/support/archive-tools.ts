import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmod, link, lstat, mkdir, readFile, readdir, readlink, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { it, type TestFunction } from 'vitest'
import { seededRandom } from './seeded-random.ts'

/**
 * The archiving tools of the machine, run as a user would run them, and the source tree they
 * archive: benign archives in the tests are made by these at test time and unpacked sites are
 * compared with the tree file by file.
 */

/** The environment without LANG, LANGUAGE or LC_*, as in many containers and on self-hosted runners. */
export function withoutLocale(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => name !== 'LANG' && name !== 'LANGUAGE' && !name.startsWith('LC_'))
  )
}

const found = new Map<string, boolean>()

/** Whether `command` is on the PATH. */
export function hasTool(command: string): boolean {
  if (!found.has(command))
    found.set(command, spawnSync('sh', ['-c', 'command -v "$1"', 'sh', command], { env: withoutLocale() }).status === 0)
  return found.get(command) ?? false
}

/** The tools in `commands` that are missing, for a skip message. */
function missingTools(commands: string[]): string[] {
  return commands.filter((command) => !hasTool(command))
}

/**
 * A test that needs `tools`. Where they are missing it is skipped, with a title naming them; in CI
 * (`CI` set) it fails instead, so that a failed install cannot silently drop a test.
 */
export function itWith(tools: string[], title: string, test: TestFunction, timeout?: number): void {
  const missing = missingTools(tools)
  if (missing.length === 0) it(title, test, timeout)
  else if (process.env.CI) it(title, () => failMissing(missing))
  else it.skip(`${title} (skipped: ${missing.join(', ')} not installed)`, test)
}

/** In CI a missing tool is a failure: .ci/run installs every tool the tests use. */
export function failMissing(missing: string[]): never {
  throw new Error(`${missing.join(', ')} not installed: CI installs every tool the tests need (.ci/run)`)
}

/** Runs a tool without a locale (or with `locale`); its standard output, or an error with its standard error. */
export function runTool(
  command: string,
  args: string[],
  options: { cwd?: string; input?: Buffer; locale?: string } = {}
): Buffer {
  const env = options.locale ? { ...withoutLocale(), LC_ALL: options.locale } : withoutLocale()
  const result = spawnSync(command, args, { cwd: options.cwd, input: options.input, env, maxBuffer: 256 * 1024 * 1024 })
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.status ?? result.signal}: ${result.stderr.toString().trim()}`
    )
  }
  return result.stdout
}

export interface TreeOptions {
  /** Symbolic links (to a folder, to a file, through another link). */
  links?: boolean
  /** A hard link. */
  hardLinks?: boolean
  /** A name part over 100 bytes and a path over 255 bytes, which v7 and ustar cannot hold. */
  longNames?: boolean
}

/** A large file, over the size zip entries are inflated at once, to take the streaming path. */
const LARGE_FILE_BYTES = 5 * 1024 * 1024 + 123

/**
 * A documentation site as the export makes one, with what archives find hard: non-ASCII names,
 * an executable, an empty file and folder, a deep path, a large file, links if asked for.
 */
export async function writeSourceTree(root: string, options: TreeOptions = {}): Promise<void> {
  const files: [string, string | Buffer, number?][] = [
    [
      'index.html',
      '<!doctype html><html><body><h1>Acme Docs</h1><a href="guides/getting-started.html">Start</a></body></html>\n'
    ],
    ['guides/getting-started.html', '<!doctype html><h1>Getting started</h1>\n'],
    ['guides/deep/er/and/deeper/page.html', '<p>deep</p>\n'],
    ['assets/style.css', 'body { font-family: system-ui; }\n'],
    ['assets/app.js', 'console.log("ready")\n'],
    ['bin/build.sh', '#!/bin/sh\necho build\n', 0o755],
    ['empty.txt', ''],
    ['café.html', '<p>café</p>\n'],
    ['日本語/ページ.html', '<p>ページ</p>\n'],
    ['media/large.bin', deterministicBytes(LARGE_FILE_BYTES)]
  ]
  if (options.longNames) {
    files.push([`docs/${'a-very-long-page-name-'.repeat(6)}.html`, '<p>long name</p>\n'])
    files.push([`${'nested-folder-with-a-long-name/'.repeat(9)}page.html`, '<p>long path</p>\n'])
  }
  await mkdir(root, { recursive: true })
  await mkdir(path.join(root, 'empty-folder'))
  for (const [name, content, mode] of files) {
    const file = path.join(root, name)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, content)
    await chmod(file, mode ?? 0o644)
  }
  if (options.links) {
    await symlink('guides', path.join(root, 'latest'))
    await symlink('../index.html', path.join(root, 'guides/home.html'))
    await symlink('../latest/getting-started.html', path.join(root, 'assets/start.html'))
  }
  if (options.hardLinks) await link(path.join(root, 'assets/app.js'), path.join(root, 'assets/app-copy.js'))
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isDirectory()) await chmod(path.join(entry.parentPath, entry.name), 0o755)
  }
}

/** Every path under `root` with what it is: `folder 755`, `file 644 <sha256>`, `link -> <target>`. */
export async function describeTree(root: string): Promise<Record<string, string>> {
  const tree: Record<string, string> = {}
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name)
    const name = path.relative(root, file).split(path.sep).join('/')
    const stats = await lstat(file)
    const mode = (stats.mode & 0o7777).toString(8)
    if (stats.isSymbolicLink()) tree[name] = `link -> ${await readlink(file)}`
    else if (stats.isDirectory()) tree[name] = `folder ${mode}`
    else if (stats.isFile())
      tree[name] = `file ${mode} ${createHash('sha256')
        .update(await readFile(file))
        .digest('hex')}`
    else tree[name] = `special ${stats.mode.toString(8)}`
  }
  return tree
}

function deterministicBytes(length: number): Buffer {
  const bytes = Buffer.alloc(length)
  const next = seededRandom(0x9e3779b9)
  for (let i = 0; i < length; i++) bytes[i] = next(256)
  return bytes
}
