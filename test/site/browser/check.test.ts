import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ActionError } from '../../../src/core/errors.js'
import { checkInBrowser, type BrowserCheckOptions } from '../../../src/site/browser/check.js'
import type { SiteCheckReport } from '../../../src/site/report.js'
import { actionText, RecordingHost } from '../../support/recording-host.ts'

async function options(mode: BrowserCheckOptions['mode']): Promise<BrowserCheckOptions> {
  return {
    mode,
    pages: 5,
    deadline: Date.now() + 60_000,
    signal: new AbortController().signal,
    tempDirectory: await mkdtemp(path.join(os.tmpdir(), 'browser-check-')),
    environment: { CHROME_PATH: '/nonexistent/chrome', PATH: '' },
    listing: { files: ['index.html'], linkedFolders: false }
  }
}

describe('checkInBrowser without a browser', () => {
  const site = async (): Promise<string> => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'browser-check-site-'))
    await writeFile(path.join(folder, 'index.html'), '<p>home</p>')
    return folder
  }
  const report = {} as SiteCheckReport

  it('on: the step fails with an ActionError whose code says the browser was not available', async () => {
    const check = await checkInBrowser(await site(), report, await options('on'), new RecordingHost())
    expect(check.failure).toBeInstanceOf(ActionError)
    expect(check.failure?.code).toBe('browser-unavailable')
    expect(actionText(check.failure?.message ?? '')).toBe(
      "The site check's browser pass did not run (verify-browser: on): CHROME_PATH (/nonexistent/chrome) is not an executable file"
    )
    expect(check.section.skipped).toBe('CHROME_PATH (/nonexistent/chrome) is not an executable file')
  })

  it("auto: one notice, looked for in the environment handed in, not in the process's", async () => {
    const host = new RecordingHost()
    const check = await checkInBrowser(await site(), report, await options('auto'), host)
    expect(check.failure).toBeUndefined()
    expect(host.of('notice')).toHaveLength(1)
    expect(host.of('notice')[0]?.message).toContain('CHROME_PATH (/nonexistent/chrome)')
  })
})
