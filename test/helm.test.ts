import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { writeHelmValues } from '../src/report/helm.js'

const LINK = 'https://storage.test/static-exports/se_1/bundle.tar.gz?X-Amz-Signature=abc&X-Amz-Expires=3600'

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'helm-test-'))
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

async function values(file: string): Promise<unknown> {
  return parse(await readFile(file, 'utf8'))
}

describe('writeHelmValues', () => {
  it('writes the chart values as YAML and returns the file', async () => {
    const file = await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK)
    expect(file).toBe(path.join(folder, 'helm-values.yaml'))
    expect(await values(file)).toEqual({ staticExport: { enabled: true, bundleUrl: LINK } })
    expect(await readFile(file, 'utf8')).toMatch(
      /^# Values for the enterprise chart: helm upgrade --install .* -f helm-values\.yaml\n/
    )
  })

  it('pins the version only when one is given', async () => {
    expect(await values(await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK, '2026-11-22'))).toEqual({
      staticExport: { enabled: true, bundleUrl: LINK, version: '2026-11-22' }
    })
    expect(await readFile(path.join(folder, 'helm-values.yaml'), 'utf8')).toContain('  version: "2026-11-22"\n')
    expect(
      await readFile(await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK, ''), 'utf8')
    ).not.toContain('version')
    expect(await readFile(await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK), 'utf8')).not.toContain(
      'version'
    )
  })

  it('keeps the version a string, even when it looks like a number or a boolean', async () => {
    for (const version of ['1.10', '2026', 'true', 'null', '0x1F']) {
      const parsed = (await values(await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK, version))) as {
        staticExport: { version: unknown }
      }
      expect(parsed.staticExport.version).toBe(version)
    }
  })

  it.each([
    ['quotes and ampersands', 'https://storage.test/b.tar.gz?a=1&b="two"&c=\'three\''],
    ['YAML syntax', 'https://storage.test/b.tar.gz?x=: #comment&y=- [z]{w}*&anchor=!tag |>'],
    ['backslashes and percent escapes', 'https://storage.test/b%20c.tar.gz?sig=a\\b%2Fc%0A'],
    ['a line break and a tab', 'https://storage.test/b.tar.gz?x=1\ny: 2\tz'],
    ['non-ASCII text', 'https://storage.test/dokumentation/übersicht.tar.gz?sig=✓']
  ])('keeps a link with %s intact through a YAML round trip', async (_what, link) => {
    const parsed = (await values(await writeHelmValues(path.join(folder, 'helm-values.yaml'), link, 'v"1" & #2'))) as {
      staticExport: Record<string, unknown>
    }
    expect(parsed.staticExport).toEqual({ enabled: true, bundleUrl: link, version: 'v"1" & #2' })
  })

  it('gives the file owner-only permissions', async () => {
    const file = await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('makes an existing, readable file owner-only', async () => {
    const file = path.join(folder, 'helm-values.yaml')
    await writeFile(file, 'old: values\n')
    await chmod(file, 0o644)
    await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await values(file)).toEqual({ staticExport: { enabled: true, bundleUrl: LINK } })
  })

  it('leaves alone a file of another name, even one that looks like a leftover of an earlier version', async () => {
    const leftover = path.join(folder, 'helm-values.yaml.partial')
    await writeFile(leftover, 'leftover')
    const file = await writeHelmValues(path.join(folder, 'helm-values.yaml'), LINK)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await readdir(folder)).sort()).toEqual(['helm-values.yaml', 'helm-values.yaml.partial'])
    expect(await readFile(leftover, 'utf8')).toBe('leftover')
  })

  it('never writes through a link put at its name, nor replaces it: the step fails, naming it', async () => {
    const outside = path.join(folder, 'outside.txt')
    await writeFile(outside, 'the user’s own file\n')
    const file = path.join(folder, 'helm-values.yaml')
    await symlink(outside, file)
    await expect(writeHelmValues(file, LINK)).rejects.toThrow(
      `${file} is a symbolic link, which the action did not write: it replaces only its own regular files in its output folder, never through a link`
    )
    expect(await readFile(outside, 'utf8')).toBe('the user’s own file\n')
    expect((await lstat(file)).isSymbolicLink()).toBe(true)
    expect((await readdir(folder)).sort()).toEqual(['helm-values.yaml', 'outside.txt'])
  })

  it('never replaces a folder at its name', async () => {
    const file = path.join(folder, 'helm-values.yaml')
    await mkdir(file)
    await writeFile(path.join(file, 'kept'), 'kept')
    await expect(writeHelmValues(file, LINK)).rejects.toThrow(`${file} is a folder, which the action did not write`)
    expect(await readFile(path.join(file, 'kept'), 'utf8')).toBe('kept')
  })
})
