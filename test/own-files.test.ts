import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { archiveName, isOwnName } from '../src/core/layout.js'
import { checkOwnPlace, placeOwnFile, temporaryBeside, writeOwnFile } from '../src/core/own-files.js'

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'own-files-test-'))
})

afterEach(async () => rm(folder, { recursive: true, force: true }))

describe('archiveName', () => {
  it('names the archive after the job and the kind its bytes showed', () => {
    expect(archiveName('se_0123', 'tar.gz')).toBe('bundle-se_0123.tar.gz')
    expect(archiveName('se_0123', 'zip')).toBe('bundle-se_0123.zip')
    expect(archiveName('se_0123', 'bzip2')).toBe('bundle-se_0123.bz2')
    expect(archiveName('se_0123', undefined)).toBe('bundle-se_0123.bin')
  })

  it.each([
    ['../../etc/passwd', 'bundle-_._.._etc_passwd.tar.gz'],
    ['/Makefile', 'bundle-_Makefile.tar.gz'],
    ['.hidden', 'bundle-_hidden.tar.gz'],
    ['::stop-commands::h2stop', 'bundle-__stop-commands__h2stop.tar.gz'],
    ['a\nb\\c:d<e>f|g?h*i"j', 'bundle-a_b_c_d_e_f_g_h_i_j.tar.gz'],
    ['', 'bundle-_.tar.gz']
  ])('reduces the job id %j to one plain name', (jobId, name) => {
    expect(archiveName(jobId, 'tar.gz')).toBe(name)
    expect(isOwnName(name)).toBe(true)
    expect(path.basename(name)).toBe(name)
  })

  it('keeps the name within 120 characters however long the id', () => {
    expect(archiveName('x'.repeat(10_000), 'tar.zst').length).toBeLessThanOrEqual(120)
  })
})

describe('isOwnName', () => {
  it('knows the action’s names, and nothing else', () => {
    for (const name of ['site', 'helm-values.yaml', 'verify-report.json', 'bundle-se_1.tar.gz'])
      expect(isOwnName(name)).toBe(true)
    for (const name of ['Makefile', 'package.json', 'bundle.tar.gz', 'bundle-se_1.exe', '../site', 'site/x', '.env'])
      expect(isOwnName(name)).toBe(false)
  })
})

describe('writeOwnFile', () => {
  it('writes the file with the mode asked for, leaving nothing beside it', async () => {
    const file = path.join(folder, 'verify-report.json')
    await writeOwnFile(file, '{}\n', { mode: 0o640 })
    expect(await readFile(file, 'utf8')).toBe('{}\n')
    expect((await lstat(file)).mode & 0o777).toBe(0o640)
    expect(await readdir(folder)).toEqual(['verify-report.json'])
  })

  it('replaces a regular file of its own name', async () => {
    const file = path.join(folder, 'verify-report.json')
    await writeFile(file, 'old')
    await writeOwnFile(file, 'new')
    expect(await readFile(file, 'utf8')).toBe('new')
  })

  it('refuses a link at its name, even one that points at nothing yet', async () => {
    const file = path.join(folder, 'verify-report.json')
    const outside = path.join(folder, 'created-elsewhere')
    await symlink(outside, file)
    await expect(writeOwnFile(file, 'x')).rejects.toMatchObject({ code: 'not-own-file' })
    await expect(lstat(outside)).rejects.toMatchObject({ code: 'ENOENT' })
    expect(await readdir(folder)).toEqual(['verify-report.json'])
  })

  it('writes no name but the action’s own', async () => {
    await expect(writeOwnFile(path.join(folder, 'Makefile'), 'x')).rejects.toThrow(
      "is not one of the action's own names"
    )
    await expect(writeOwnFile(`${folder}/sub/../site`, 'x')).rejects.toThrow("is not one of the action's own names")
    expect(await readdir(folder)).toEqual([])
  })
})

describe('placeOwnFile', () => {
  it('moves a file the action made to its own name beside it', async () => {
    const file = path.join(folder, 'bundle-se_1.tar.gz')
    const temporary = temporaryBeside(file)
    await writeFile(temporary, 'bytes')
    await placeOwnFile(temporary, file)
    expect(await readdir(folder)).toEqual(['bundle-se_1.tar.gz'])
  })

  it('never moves it into another folder', async () => {
    const temporary = path.join(folder, 'x.partial')
    await writeFile(temporary, 'bytes')
    await mkdir(path.join(folder, 'sub'))
    await expect(placeOwnFile(temporary, path.join(folder, 'sub', 'bundle-se_1.tar.gz'))).rejects.toThrow(
      'is not beside'
    )
  })
})

describe('checkOwnPlace for the site', () => {
  it('takes nothing, or a real folder', async () => {
    await checkOwnPlace(path.join(folder, 'site'), 'directory')
    await mkdir(path.join(folder, 'site'))
    await checkOwnPlace(path.join(folder, 'site'), 'directory')
  })

  it('refuses a link to a folder, and a file', async () => {
    await mkdir(path.join(folder, 'elsewhere'))
    await symlink(path.join(folder, 'elsewhere'), path.join(folder, 'site'))
    await expect(checkOwnPlace(path.join(folder, 'site'), 'directory')).rejects.toThrow('is a symbolic link')
    await rm(path.join(folder, 'site'))
    await writeFile(path.join(folder, 'site'), '')
    await expect(checkOwnPlace(path.join(folder, 'site'), 'directory')).rejects.toThrow(
      'is a file, which the action did not write'
    )
  })
})
