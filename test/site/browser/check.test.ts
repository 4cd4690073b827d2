import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { ActionError } from '../../../src/errors.js'
import { host } from '../../../src/host.js'
import { checkInBrowser, type BrowserCheckOptions } from '../../../src/site/browser/check.js'
import type { SiteCheckReport } from '../../../src/site/report.js'

async function options(mode: BrowserCheckOptions['mode']): Promise<BrowserCheckOptions> {
  return {
    mode,
    pages: 5,
    deadline: Date.now() + 60_000,
    signal: new AbortController().signal,
    tempDirectory: await mkdtemp(path.join(os.tmpdir(), 'browser-check-')),
    environment: { CHROME_PATH: '/nonexistent/chrome', PATH: '' }
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
    const check = await checkInBrowser(await site(), report, await options('on'))
    expect(check.failure).toBeInstanceOf(ActionError)
    expect(check.failure).toMatchObject({
      code: 'browser-unavailable',
      message:
        "The site check's browser pass did not run (verify-browser: on): CHROME_PATH (/nonexistent/chrome) is not an executable file"
    })
    expect(check.section.skipped).toBe('CHROME_PATH (/nonexistent/chrome) is not an executable file')
  })

  it("auto: one notice, looked for in the environment handed in, not in the process's", async () => {
    const notice = vi.spyOn(host, 'notice').mockImplementation(() => undefined)
    const check = await checkInBrowser(await site(), report, await options('auto'))
    expect(check.failure).toBeUndefined()
    expect(notice).toHaveBeenCalledTimes(1)
    expect(notice.mock.calls[0]?.[0]).toContain('CHROME_PATH (/nonexistent/chrome)')
    notice.mockRestore()
  })
})
