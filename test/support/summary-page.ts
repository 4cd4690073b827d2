import os from 'node:os'
import { launchBrowser, type Browser } from '../../src/site/browser/launch.ts'
import { renderGfm } from './gfm.ts'

/**
 * A job summary as GitHub shows it, in a real browser: the Markdown rendered by the GFM renderer,
 * in a page as wide as the summary's column on a run's page, styled by the rules of GitHub's
 * Markdown style sheet that decide widths (github-markdown-css: tables are blocks that scroll past
 * 100%, code breaks at spaces, long words break), loaded in Chromium over the DevTools protocol as
 * the browser pass drives it: first as a reader finds it, every `<details>` closed, then with every
 * one opened.
 */

/** The summary's column on a run's page, about 1,000 px wide on a laptop. */
export const PAGE_WIDTH = 1000

const STYLE = `
  body { margin: 0; }
  .markdown-body { box-sizing: border-box; width: ${PAGE_WIDTH}px; padding: 16px; color: #1f2328;
    font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif;
    font-size: 16px; line-height: 1.5; word-wrap: break-word; }
  .markdown-body h3 { font-size: 1.25em; font-weight: 600; margin: 24px 0 16px; }
  .markdown-body h4 { font-size: 1em; font-weight: 600; margin: 24px 0 16px; }
  .markdown-body p, .markdown-body ul, .markdown-body table, .markdown-body details { margin: 0 0 16px; }
  .markdown-body ul { padding-left: 2em; }
  .markdown-body ul ul { margin: 0; }
  .markdown-body table { border-spacing: 0; border-collapse: collapse; display: block; width: max-content;
    max-width: 100%; overflow: auto; }
  .markdown-body td, .markdown-body th { padding: 6px 13px; border: 1px solid #d1d9e0; }
  .markdown-body code { padding: .2em .4em; margin: 0; font-size: 85%; white-space: break-spaces;
    background-color: #818b981f; border-radius: 6px;
    font-family: ui-monospace, SFMono-Regular, "SF Mono", Menlo, Consolas, "Liberation Mono", monospace; }
  .markdown-body pre { padding: 16px; overflow: auto; font-size: 85%; line-height: 1.45; }
  .markdown-body pre code { white-space: pre; padding: 0; background: transparent; }
  .markdown-body summary { cursor: pointer; }
`

/** What the page shows, measured in the browser. */
export interface SummaryLayout {
  /** The page's text, as a reader selects and copies it. */
  text: string
  /** The first element's tag and text. */
  first: { tag: string; text: string }
  /** The page's width, and how wide its content is. */
  clientWidth: number
  scrollWidth: number
  /** Elements whose content is wider than they are, or that reach past the page's right edge. */
  tooWide: string[]
  /** The whole page, as a PNG. */
  screenshot: Buffer
  /** The page as a reader finds it, before unfolding anything: its text, and a PNG of it. */
  folded: { text: string; screenshot: Buffer }
}

/** The page's text and height as it is shown, `<details>` as they are. */
const SHOWN = `(() => {
  const root = document.querySelector('.markdown-body')
  return { text: root.innerText, height: Math.ceil(document.documentElement.scrollHeight) }
})()`

/** Measures every element once the page is laid out: what overflows, and what reaches past the right edge. */
const MEASURE = `(() => {
  for (const details of document.querySelectorAll('details')) details.open = true
  const root = document.querySelector('.markdown-body')
  const right = root.getBoundingClientRect().right
  const tooWide = []
  for (const element of root.querySelectorAll('*')) {
    const name = element.tagName.toLowerCase() + ': ' + element.textContent.slice(0, 60)
    if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth) tooWide.push('overflows ' + name)
    else if (element.getBoundingClientRect().right > right + 0.5) tooWide.push('past the edge ' + name)
  }
  const first = root.firstElementChild
  return {
    text: root.innerText,
    first: { tag: first ? first.tagName.toLowerCase() : '', text: first ? first.innerText : '' },
    clientWidth: document.documentElement.clientWidth,
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    tooWide,
    height: Math.ceil(document.documentElement.scrollHeight)
  }
})()`

/** A browser that shows summaries, one at a time, in its one tab. */
export class SummaryBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly sessionId: string
  ) {}

  static async start(executable: string): Promise<SummaryBrowser> {
    const browser = await launchBrowser(executable, {
      tempDirectory: os.tmpdir(),
      environment: process.env,
      // The page loads nothing: its one request, should there be one, goes to a port that refuses it.
      proxy: 'http://127.0.0.1:9',
      timeoutMs: 30_000,
      signal: new AbortController().signal
    })
    try {
      const { targetInfos } = await browser.cdp.send<{ targetInfos: { targetId: string; type: string }[] }>(
        'Target.getTargets'
      )
      const page = targetInfos.find((target) => target.type === 'page')
      if (!page) throw new Error('the browser has no page')
      const { sessionId } = await browser.cdp.send<{ sessionId: string }>('Target.attachToTarget', {
        targetId: page.targetId,
        flatten: true
      })
      await browser.cdp.send('Page.enable', {}, sessionId)
      return new SummaryBrowser(browser, sessionId)
    } catch (error) {
      await browser.close()
      throw error
    }
  }

  /** Shows the summary `markdown` and measures it. */
  async show(markdown: string): Promise<SummaryLayout> {
    const send = <Result>(method: string, params: Record<string, unknown> = {}): Promise<Result> =>
      this.browser.cdp.send<Result>(method, params, this.sessionId)
    await send('Emulation.setDeviceMetricsOverride', {
      width: PAGE_WIDTH,
      height: 800,
      deviceScaleFactor: 1,
      mobile: false
    })
    const { frameTree } = await send<{ frameTree: { frame: { id: string } } }>('Page.getFrameTree')
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>${STYLE}</style></head><body><div class="markdown-body">${renderGfm(markdown).html}</div></body></html>`
    await send('Page.setDocumentContent', { frameId: frameTree.frame.id, html })
    const folded = await send<{ result: { value: { text: string; height: number } } }>('Runtime.evaluate', {
      expression: SHOWN,
      returnByValue: true
    })
    const foldedShot = await this.screenshot(folded.result.value.height)
    const { result } = await send<{ result: { value: Omit<SummaryLayout, 'screenshot'> & { height: number } } }>(
      'Runtime.evaluate',
      { expression: MEASURE, returnByValue: true }
    )
    const { height, ...layout } = result.value
    return {
      ...layout,
      screenshot: await this.screenshot(height),
      folded: { text: folded.result.value.text, screenshot: foldedShot }
    }
  }

  /** The page, `height` pixels of it, as a PNG. */
  private async screenshot(height: number): Promise<Buffer> {
    const send = <Result>(method: string, params: Record<string, unknown> = {}): Promise<Result> =>
      this.browser.cdp.send<Result>(method, params, this.sessionId)
    await send('Emulation.setDeviceMetricsOverride', { width: PAGE_WIDTH, height, deviceScaleFactor: 1, mobile: false })
    const { data } = await send<{ data: string }>('Page.captureScreenshot', { format: 'png' })
    return Buffer.from(data, 'base64')
  }

  close(): Promise<void> {
    return this.browser.close()
  }
}
