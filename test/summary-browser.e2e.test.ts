import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { exportShapedSite, siteWithProblems } from './emulator/sites.ts'
import { agentInputs, exportInputs } from './support/export-inputs.ts'
import { startHostileS3 } from './support/hostile-s3.ts'
import { missingRegistry, startRegistry } from './support/registry.ts'
import { browserExecutable, describeWhere, missingBrowser } from './support/requirements.ts'
import { runAction, type ActionRun } from './support/run-action.ts'
import { PAGE_WIDTH, SummaryBrowser, type SummaryLayout } from './support/summary-page.ts'

/**
 * Each outcome's job summary, written by dist/index.js against the emulator and shown in Chromium
 * as GitHub shows it (test/support/summary-page.ts): its verdict is the first text, nothing is
 * wider than the page, and nothing invisible is in what a reader copies. The screenshots go to
 * SUMMARY_SCREENSHOTS when it names a folder (to look at them), else to a temporary one.
 */

/** Characters a reader cannot see: format characters (U+200B, joiners, bidi marks, soft hyphens) and controls but tab and line breaks. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u

interface Outcome {
  name: string
  /** The verdict, as the first text. */
  verdict: RegExp
  /** Why this outcome cannot be shown here (a server that is missing), or undefined. */
  skip?: string
  run: () => Promise<ActionRun>
}

let emulators: Emulator[] = []
let browser: SummaryBrowser | undefined
let screenshots: string
/** The clean export's run: its manifest and site are what the deployment check compares. */
let clean: ActionRun | undefined

async function exportRun(
  setup: EmulatorSetup,
  inputs: Record<string, string>,
  env: Record<string, string> = {}
): Promise<ActionRun> {
  const emulator = await new Emulator(setup).start()
  emulators.push(emulator)
  return runAction(exportInputs(emulator, { extract: 'true', ...inputs }), { timeoutMs: 90_000, env })
}

/** Serves `site` over http on 127.0.0.1, but `changed` with other content; no route without .html. */
async function serveSite(site: string, changed: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const name =
      decodeURIComponent(new URL(request.url ?? '/', 'http://site').pathname).replace(/^\//, '') || 'index.html'
    readFile(path.join(site, path.normalize(name).replace(/^(\.\.[/\\])+/, '')))
      .then((body) => response.end(name === changed ? Buffer.concat([body, Buffer.from('<!-- v2 -->')]) : body))
      .catch(() => response.writeHead(404).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

const OUTCOMES: Outcome[] = [
  {
    name: 'clean',
    verdict: /^✅ Exported docs\.acme\.dev: 7 pages, no problems, [\d.]+ s$/,
    run: async () => {
      clean = await exportRun({ site: exportShapedSite() }, { 'verify-browser': 'auto' })
      return clean
    }
  },
  {
    name: 'problems',
    verdict: /^⚠️ Exported docs\.acme\.dev: 7 pages, \d+ problems \(.+\), [\d.]+ s$/,
    run: () => exportRun({ site: siteWithProblems() }, { 'verify-browser': 'auto' })
  },
  {
    name: 'verify-error',
    verdict: /^❌ Exported docs\.acme\.dev: 7 pages, \d+ problems \(.+\), failing under verify: error, [\d.]+ s$/,
    run: () => exportRun({ site: siteWithProblems() }, { verify: 'error' })
  },
  {
    name: 'refused-key',
    verdict: /^❌ docs\.acme\.dev was not exported: the API refused the key \(HTTP 401\)$/,
    run: () => exportRun({}, { 'api-key': 'mint_anotherkey0123456789' })
  },
  {
    name: 'timeout',
    verdict: /^❌ docs\.acme\.dev was not exported: timeout-seconds ran out \(2 s\)$/,
    run: () => exportRun({ export: { runningMs: 60_000 } }, { 'timeout-seconds': '2' })
  },
  {
    name: 'agent-job',
    verdict: /^✅ Agent job aj_42: completed with a pull request, [\d.]+ s$/,
    run: async () => {
      const emulator = await new Emulator().start()
      emulators.push(emulator)
      emulator.addAgentJob('proj_acme', 'aj_42', { activeMs: 100 })
      return runAction(agentInputs(emulator))
    }
  },
  {
    name: 'mirror',
    verdict:
      /^✅ Exported docs\.acme\.dev: 7 pages, no problems, mirrored to 127\.0\.0\.1:\d+\/docs\/acme:latest, [\d.]+ s$/,
    // With docker-registry (the mirror's own end-to-end tests require it where it can be had).
    skip: missingRegistry(),
    run: async () => {
      const registry = await startRegistry({ auth: 'htpasswd', readOnlyMirror: true })
      try {
        return await exportRun(
          { site: exportShapedSite() },
          {
            'verify-browser': 'off',
            'mirror-to': `oci://${registry.host}/docs/acme:latest`,
            'mirror-username': registry.username,
            'mirror-password': registry.password,
            'mirror-public-url': registry.readOnly?.url ?? ''
          }
        )
      } finally {
        await registry.stop()
      }
    }
  },
  {
    name: 'mirror-failed',
    verdict: /^❌ Exported docs\.acme\.dev: 7 pages, no problems, [\d.]+ s, the mirror failed$/,
    // A store that takes the probe before the export, then refuses the copy (HTTP 403).
    run: async () => {
      const store = await startHostileS3({ putStatus: 403 })
      try {
        return await exportRun(
          { site: exportShapedSite() },
          { 'verify-browser': 'off', 'mirror-to': 's3://docs-bundles/acme', 'mirror-endpoint': store.endpoint },
          { AWS_ACCESS_KEY_ID: 'AKIAREFUSEDTEST', AWS_SECRET_ACCESS_KEY: 'refused', AWS_EC2_METADATA_DISABLED: 'true' }
        )
      } finally {
        await store.stop()
      }
    }
  },
  {
    name: 'deployment',
    verdict:
      /^❌ Deployment at http:\/\/127\.0\.0\.1:\d+\/: partial, (\d+) of \d+ files matching, \d+ of \d+ routes not answering, [\d.]+ m?s$/,
    run: async () => {
      const exported = clean ?? (await exportRun({ site: exportShapedSite() }, {}))
      const host = await serveSite(exported.outputs['site-path'] ?? '', 'guides/deploy.html')
      try {
        return await runAction({
          command: 'check-deployment',
          url: host.url,
          manifest: exported.outputs['manifest-path'] ?? '',
          'check-files': 'all',
          'timeout-seconds': '2',
          'poll-interval-seconds': '0.5'
        })
      } finally {
        await host.close()
      }
    }
  }
]

describeWhere(missingBrowser, 'each job summary, in a browser as wide as GitHub shows it', () => {
  beforeAll(async () => {
    screenshots = process.env.SUMMARY_SCREENSHOTS ?? (await mkdtemp(path.join(os.tmpdir(), 'summary-screenshots-')))
    await mkdir(screenshots, { recursive: true })
    browser = await SummaryBrowser.start(browserExecutable ?? '')
  })

  afterAll(async () => {
    await browser?.close()
    await Promise.all(emulators.map((emulator) => emulator.stop()))
    emulators = []
  })

  it.for(OUTCOMES)(
    '$name: the verdict first, nothing wider than the page, nothing invisible',
    { timeout: 120_000 },
    async ({ name, verdict, skip, run }, context) => {
      if (skip) context.skip(skip)
      const summary = (await run()).summary
      const layout: SummaryLayout = await (browser as SummaryBrowser).show(summary)
      await writeFile(path.join(screenshots, `${name}.png`), layout.screenshot)
      await writeFile(path.join(screenshots, `${name}-folded.png`), layout.folded.screenshot)
      await writeFile(path.join(screenshots, `${name}-folded.txt`), layout.folded.text)
      expect(layout.first.tag).toBe('h3')
      expect(layout.first.text).toMatch(verdict)
      expect(layout.text.trimStart().startsWith(layout.first.text)).toBe(true)
      expect(layout.tooWide).toEqual([])
      expect(layout.scrollWidth).toBeLessThanOrEqual(PAGE_WIDTH)
      expect(layout.text).not.toMatch(INVISIBLE)
      expect(summary).not.toMatch(/&#8203;|\u200b/)
    }
  )
})
