import { lstat, mkdir, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { SAMPLE_SITE, tarGz } from './emulator/archives.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { exportInputs } from './support/export-inputs.ts'
import { runAction, type ActionRun, type RunnerSetup } from './support/run-action.ts'

/**
 * The files the action writes into `path`, which may be the workspace (`path: .`) with the user's
 * own files in it: named by the action alone, written only inside `path`, never through a link,
 * never over a file the action did not write.
 */

let emulator: Emulator | undefined

afterEach(async () => {
  await emulator?.stop()
  emulator = undefined
})

const JOB_ID = 'se_owned0123'
/** The user's files in the workspace, which no export may touch. */
const USER_FILES: Record<string, string> = {
  Makefile: 'all:\n\techo the user’s build\n',
  'package.json': '{ "name": "the-users-package" }\n',
  'bundle.tar.gz': 'the user’s own archive\n'
}

async function exportInto(
  setup: EmulatorSetup,
  inputs: Record<string, string>,
  prepare?: (runner: RunnerSetup) => Promise<void>
): Promise<ActionRun> {
  emulator = await new Emulator({ jobId: JOB_ID, ...setup }).start()
  return runAction(exportInputs(emulator, inputs), {
    prepare: async (runner) => {
      for (const [name, content] of Object.entries(USER_FILES))
        await writeFile(path.join(runner.workspace, name), content)
      await prepare?.(runner)
    }
  })
}

async function userFilesOf(workspace: string): Promise<Record<string, string>> {
  return Object.fromEntries(
    await Promise.all(
      Object.keys(USER_FILES).map(async (name) => [name, await readFile(path.join(workspace, name), 'utf8')] as const)
    )
  )
}

function workspaceOf(run: ActionRun): string {
  return path.join(run.home, 'workspace')
}

describe('the archive’s name, end to end', () => {
  it.each(['Makefile', 'package.json', 'bundle.tar.gz', 'helm-values.yaml', 'site'])(
    'a link ending in /%s replaces nothing in path: ., the archive is named by the action',
    async (name) => {
      const run = await exportInto({ archive: { bytes: tarGz(SAMPLE_SITE), name } }, { path: '.', extract: 'true' })
      expect(run.errors).toEqual([])
      expect(run.exitCode).toBe(0)
      const workspace = workspaceOf(run)
      expect(run.outputs['bundle-path']).toBe(path.join(workspace, `bundle-${JOB_ID}.tar.gz`))
      expect(await userFilesOf(workspace)).toEqual(USER_FILES)
      expect(parse(await readFile(path.join(workspace, 'helm-values.yaml'), 'utf8'))).toMatchObject({
        staticExport: { enabled: true }
      })
      expect((await lstat(path.join(workspace, 'site'))).isDirectory()).toBe(true)
      expect((await readdir(workspace)).sort()).toEqual(
        [
          ...Object.keys(USER_FILES),
          `bundle-${JOB_ID}.tar.gz`,
          'helm-values.yaml',
          'manifest.json',
          'site',
          'verify-report.json'
        ].sort()
      )
    }
  )

  it('a job id that is a path names no file outside path', async () => {
    const run = await exportInto({ jobId: '../../escaped' }, { path: 'out' })
    expect(run.exitCode).toBe(0)
    const out = path.join(workspaceOf(run), 'out')
    expect(run.outputs['bundle-path']).toBe(path.join(out, 'bundle-_._.._escaped.tar.gz'))
    expect((await readdir(out)).sort()).toEqual(['bundle-_._.._escaped.tar.gz', 'helm-values.yaml'])
    expect((await readdir(run.home)).sort()).toEqual(['output.txt', 'summary.md', 'temp', 'tool-cache', 'workspace'])
  })
})

describe('the action’s own names, end to end', () => {
  /** A file outside path, which a link in path points at. */
  const outsideOf = (runner: RunnerSetup): string => path.join(runner.home, 'outside.txt')

  it.each([
    ['helm-values.yaml', 'fails'],
    [`bundle-${JOB_ID}.tar.gz`, 'fails'],
    // A site check report that cannot be written is a warning under verify: warn, as any other.
    ['verify-report.json', 'warns']
  ])('a link planted at %s is neither written through nor replaced: the step %s, naming it', async (name, outcome) => {
    let outside = ''
    const run = await exportInto({}, { path: 'out', extract: 'true' }, async (runner) => {
      outside = outsideOf(runner)
      await writeFile(outside, 'kept\n')
      await mkdir(path.join(runner.workspace, 'out'))
      await symlink(outside, path.join(runner.workspace, 'out', name))
    })
    const planted = path.join(workspaceOf(run), 'out', name)
    const named = expect.stringContaining(`${planted} is a symbolic link, which the action did not write`) as unknown
    if (outcome === 'fails') {
      expect(run.exitCode).toBe(1)
      expect(run.errors).toEqual([named])
    } else {
      expect(run.exitCode).toBe(0)
      expect(run.stdout.split('\n').filter((line) => line.startsWith('::warning'))).toEqual([named])
    }
    expect(run.outputs['job-id']).toBe(JOB_ID)
    expect(await readFile(outside, 'utf8')).toBe('kept\n')
    expect(await readlink(planted)).toBe(outside)
    // Nothing of the action's is left half-written beside it.
    expect((await readdir(path.join(workspaceOf(run), 'out'))).filter((entry) => entry.startsWith('.'))).toEqual([])
  })

  it('a link planted at site is not unpacked through: the step fails, the folder it points at untouched', async () => {
    let outside = ''
    const run = await exportInto({}, { path: 'out', extract: 'true' }, async (runner) => {
      outside = path.join(runner.home, 'elsewhere')
      await mkdir(outside)
      await writeFile(path.join(outside, 'keep.txt'), 'kept\n')
      await mkdir(path.join(runner.workspace, 'out'))
      await symlink(outside, path.join(runner.workspace, 'out', 'site'))
    })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([
      expect.stringContaining('site is a symbolic link, which the action did not write') as unknown
    ])
    expect(await readdir(outside)).toEqual(['keep.txt'])
    // The archive stays for a look; a failed export hands it on no more than its site.
    expect(run.outputs['bundle-path']).toBeUndefined()
    expect((await lstat(path.join(workspaceOf(run), 'out', `bundle-${JOB_ID}.tar.gz`))).isFile()).toBe(true)
  })

  it('a folder at the archive’s name is left as it is: the step fails, and the download is not left behind', async () => {
    const run = await exportInto({}, { path: 'out' }, async (runner) => {
      await mkdir(path.join(runner.workspace, 'out', `bundle-${JOB_ID}.tar.gz`), { recursive: true })
      await writeFile(path.join(runner.workspace, 'out', `bundle-${JOB_ID}.tar.gz`, 'mine'), 'kept\n')
    })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toEqual([expect.stringContaining(`bundle-${JOB_ID}.tar.gz is a folder`) as unknown])
    const out = path.join(workspaceOf(run), 'out')
    // No Helm values either: they are written once the export has succeeded.
    expect(await readdir(out)).toEqual([`bundle-${JOB_ID}.tar.gz`])
    expect(await readFile(path.join(out, `bundle-${JOB_ID}.tar.gz`, 'mine'), 'utf8')).toBe('kept\n')
  })

  it('replaces its own files from an earlier run', async () => {
    const first = await exportInto({}, { path: 'out', extract: 'true' })
    expect(first.exitCode).toBe(0)
    const out = path.join(workspaceOf(first), 'out')
    await emulator?.stop()
    emulator = await new Emulator({ jobId: JOB_ID }).start()
    const again = await runAction(exportInputs(emulator, { path: out, extract: 'true' }))
    expect(again.errors).toEqual([])
    expect(again.outputs['bundle-path']).toBe(path.join(out, `bundle-${JOB_ID}.tar.gz`))
    expect((await readdir(out)).sort()).toEqual(
      [`bundle-${JOB_ID}.tar.gz`, 'helm-values.yaml', 'manifest.json', 'site', 'verify-report.json'].sort()
    )
  })
})
