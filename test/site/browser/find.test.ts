import { chmod, mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { findBrowser, findEachKind } from '../../../src/site/browser/find.js'

describe.skipIf(process.platform === 'win32')('findBrowser', () => {
  let folder: string
  let chromium: string
  let chrome: string
  let shell: string

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'find-browser-'))
    for (const bin of ['a', 'b', 'c']) await mkdir(path.join(folder, bin))
    chromium = path.join(folder, 'a', 'chromium')
    chrome = path.join(folder, 'b', 'google-chrome')
    shell = path.join(folder, 'c', 'chromium-headless-shell')
    for (const file of [chromium, chrome, shell]) {
      await writeFile(file, '#!/bin/sh\n')
      await chmod(file, 0o755)
    }
    await writeFile(path.join(folder, 'a', 'chromium-browser'), 'not executable')
  })

  it('takes CHROME_PATH first, whatever else there is', () => {
    expect(findBrowser({ CHROME_PATH: chromium, PATH: path.join(folder, 'b') }, 'linux')).toEqual({
      executable: chromium
    })
  })

  it('does not replace a CHROME_PATH that names no executable by another browser', () => {
    expect(
      findBrowser({ CHROME_PATH: path.join(folder, 'a', 'chromium-browser'), PATH: path.join(folder, 'b') }, 'linux')
    ).toEqual({
      reason: `CHROME_PATH (${path.join(folder, 'a', 'chromium-browser')}) is not an executable file`
    })
  })

  it('looks for the usual names on the PATH, Google Chrome before Chromium', () => {
    const PATH = [path.join(folder, 'a'), path.join(folder, 'b')].join(path.delimiter)
    expect(findBrowser({ PATH }, 'linux')).toEqual({ executable: chrome })
    expect(findBrowser({ PATH: path.join(folder, 'a') }, 'linux')).toEqual({ executable: chromium })
  })

  it('takes a headless shell before a full browser, unless told to look for one kind', () => {
    const PATH = ['a', 'b', 'c'].map((bin) => path.join(folder, bin)).join(path.delimiter)
    expect(findBrowser({ PATH }, 'linux')).toEqual({ executable: shell })
    expect(findBrowser({ PATH }, 'linux', ['browser'])).toEqual({ executable: chrome })
    expect(findBrowser({ PATH: path.join(folder, 'a') }, 'freebsd', ['headless shell'])).toEqual({
      reason: expect.stringContaining('chrome-headless-shell, chromium-headless-shell on the PATH') as unknown
    })
  })

  it('finds the first of each kind, CHROME_PATH aside', () => {
    const PATH = ['a', 'b', 'c'].map((bin) => path.join(folder, bin)).join(path.delimiter)
    expect(findEachKind({ PATH, CHROME_PATH: chromium }, 'linux')).toEqual([
      { kind: 'headless shell', search: { executable: shell } },
      { kind: 'browser', search: { executable: chrome } }
    ])
  })

  it('looks in the platform’s install places, with their environment variables', () => {
    expect(findBrowser({ PATH: '', HOME: folder }, 'darwin')).toEqual(
      expect.objectContaining({ reason: expect.stringContaining('no Chrome or Chromium found') as unknown })
    )
    expect(findBrowser({ PATH: '' }, 'aix')).toEqual({
      reason:
        'no Chrome or Chromium found (set CHROME_PATH, or install one: chrome-headless-shell, chromium-headless-shell, google-chrome, google-chrome-stable on the PATH)'
    })
  })
})
