import { renameSync, symlinkSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { checkDeployment, type CheckDeploymentOptions } from '../../src/deployment/check.js'
import { deploymentError, writeDeploymentReport, type DeploymentReport } from '../../src/deployment/report.js'
import { addDeploymentSection } from '../../src/deployment/summary.js'
import { writeSummary } from '../../src/core/summary.js'
import type { Manifest } from '../../src/manifest/schema.js'
import { buildManifest } from '../../src/manifest/write.js'
import { findNginx, freePort, siteServer, startNginx, type StaticHost } from '../support/nginx.ts'
import { RecordingHost } from '../support/recording-host.ts'
import { filesOnDisk } from '../support/site-files.ts'

/**
 * checkDeployment against a real static host: nginx on 127.0.0.1, serving a folder through a link
 * that a test switches from one export to another while the check waits.
 */

const NGINX = findNginx()

const page = (title: string, body: string): string =>
  `<!doctype html><html><head><title>${title}</title><link rel="stylesheet" href="/assets/site.css"></head><body>${body}</body></html>\n`

/** The export that should be live. */
const NEW: Record<string, string> = {
  'index.html': page('Acme Docs', '<a href="/guides/start">Start</a>'),
  '404.html': page('Not found', 'Nothing here.'),
  'guides/index.html': page('Guides', 'All guides.'),
  'guides/start.html': page('Start', 'Install the CLI.'),
  'guides/install.html': page('Install', 'npm install -g acme'),
  'guides/über uns.html': page('Über uns', 'Wir sind Acme.'),
  'assets/app.js': `console.log(${JSON.stringify('acme '.repeat(4000))})\n`,
  'assets/site.css': 'body { font-family: sans-serif }\n',
  'images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><title>v2</title></svg>\n'
}
/** The export before it: the same paths, other content (longer, and for one page shorter). */
const OLD: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(NEW).map(([file, content]) => [file, content.replace(/<\/title>|\n$/, (end) => ` (v1)${end}`)])
  ),
  'guides/install.html': page('Install', 'npm i acme')
}

let work: string
let nginx: StaticHost | undefined
const dispatcher = new Agent()

/** In CI on Linux (whose runners have nginx, or install it) a missing nginx fails the tests; elsewhere it skips them. */
const REQUIRED = Boolean(process.env.CI) && process.platform === 'linux'

beforeAll(() => {
  if (!NGINX && REQUIRED)
    throw new Error('nginx is not installed: the deployment check is tested against it (apt-get install nginx)')
})

beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'deployment-test-'))
})

afterEach(async () => {
  await nginx?.stop()
  nginx = undefined
  await rm(work, { recursive: true, force: true })
})

afterAll(async () => dispatcher.close())

async function writeSite(name: string, files: Record<string, string>): Promise<string> {
  const root = path.join(work, name)
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), content)
  }
  return root
}

async function manifestOf(site: string): Promise<Manifest> {
  return buildManifest({ jobId: 'job_new', bundleSha256: 'b'.repeat(64), files: await filesOnDisk(site) })
}

/** `live`, the folder nginx serves, pointed at `site` in one step (a new link renamed over the old). */
function serveFrom(site: string): void {
  const next = path.join(work, `live-${Math.random().toString(36).slice(2)}`)
  symlinkSync(site, next)
  renameSync(next, path.join(work, 'live'))
}

async function startHost(options: { gzip?: boolean; extensionless?: boolean; server?: string } = {}): Promise<string> {
  const server = options.server ?? siteServer({ root: path.join(work, 'live'), ...options })
  nginx = await startNginx(NGINX ?? 'nginx', server, work)
  return nginx.baseUrl
}

function check(
  url: string,
  manifest: Manifest,
  host: RecordingHost,
  overrides: Partial<CheckDeploymentOptions> = {}
): Promise<DeploymentReport> {
  return checkDeployment({
    url,
    manifest,
    checkFiles: 'all',
    deadline: Date.now() + 60_000,
    pollIntervalMs: 100,
    signal: new AbortController().signal,
    host,
    retryBaseDelayMs: 10,
    dispatcher,
    ...overrides
  })
}

async function requestsOf(uri: string): Promise<number> {
  return ((await nginx?.requests()) ?? []).filter((request) => request.uri === uri).length
}

describe.skipIf(!NGINX && !REQUIRED)('checkDeployment against nginx', () => {
  it('finds the export it was given current: every file, gzip decoded, and every route', async () => {
    const site = await writeSite('new', NEW)
    serveFrom(site)
    const url = await startHost({ gzip: true, extensionless: true })
    const host = new RecordingHost()
    const report = await check(url, await manifestOf(site), host)
    expect(report.status).toBe('current')
    expect(report.counts).toEqual({ filesCompared: 9, filesMatching: 9, routesTried: 5, routesAnswering: 5 })
    expect(report.rounds).toBe(1)
    expect(report.files[0]).toMatchObject({ path: 'index.html', url: `${url}/index.html`, status: 'match' })
    expect(report.routes.map((route) => [route.route, route.url])).toEqual([
      ['', `${url}/`],
      ['guides/', `${url}/guides/`],
      ['guides/install', `${url}/guides/install`],
      ['guides/start', `${url}/guides/start`],
      ['guides/über uns', `${url}/guides/%C3%BCber%20uns`]
    ])
    // gzip was on the wire: the script came in fewer bytes than it has.
    const script = (await nginx?.requests())?.find((request) => request.uri === '/assets/app.js')
    expect(script?.bodyBytes).toBeLessThan(Buffer.byteLength(NEW['assets/app.js'] ?? ''))
    expect(host.lines.at(-1)).toBe(`The deployment at ${url}/ is current (9 of 9 files match, 5 routes answer)`)
  })

  it('waits while the host serves the export before, and finds it current once the new one is switched in', async () => {
    const [before, after] = [await writeSite('old', OLD), await writeSite('new', NEW)]
    serveFrom(before)
    const url = await startHost({ extensionless: true })
    // The switch happens as the first round ends, before the wait for the second.
    const host = new RecordingHost({
      onInfo: (line) => {
        if (line.startsWith('Round 1:')) serveFrom(after)
      }
    })
    const report = await check(url, await manifestOf(after), host)
    expect(report.status).toBe('current')
    expect(report.rounds).toBe(2)
    expect(host.lines.find((line) => line.startsWith('Round 1:'))).toBe(
      'Round 1: 0 of 9 files match, 0 of 5 routes answer; asking again for 14 in 0.1 s'
    )
  })

  it('finds a half-copied tree partly rolled out at the deadline, naming the files, and asks only for those again', async () => {
    const copied = ['index.html', 'guides/start.html', 'assets/site.css', 'images/logo.svg']
    const half = Object.fromEntries(
      Object.entries(NEW).map(([file, content]) => [file, copied.includes(file) ? content : (OLD[file] ?? '')])
    )
    const site = await writeSite('half', half)
    serveFrom(site)
    const url = await startHost({ extensionless: true })
    const host = new RecordingHost()
    const report = await check(url, await manifestOf(await writeSite('new', NEW)), host, {
      deadline: Date.now() + 1500,
      pollIntervalMs: 200,
      extensionlessRoutes: false
    })
    expect(report.status).toBe('partial')
    expect(report.counts).toMatchObject({ filesCompared: 9, filesMatching: 4 })
    for (const file of copied) expect(await requestsOf(`/${encodeURI(file)}`)).toBe(1)
    expect(await requestsOf('/guides/install.html')).toBe(report.rounds)
    const differing = report.files.find((file) => file.path === 'guides/install.html')
    expect(differing).toMatchObject({
      status: 'differs',
      httpStatus: 200,
      servedSize: Buffer.byteLength(OLD['guides/install.html'] ?? '')
    })
    expect(differing?.servedSha256).toMatch(/^[0-9a-f]{64}$/)
    expect(differing?.servedSha256).not.toBe(differing?.expectedSha256)
    const message = deploymentError(report, '/runner/temp/deployment-report.json').message
    expect(message).toMatch(
      new RegExp(
        `^The deployment at ${url}/ is partly rolled out \\(4 of 9 match\\), after .+ \\(\\d+ rounds?\\); it should serve export job job_new\\. `
      )
    )
    expect(message).toContain(
      `Other content, 5 files: 404.html (more than the ${Buffer.byteLength(NEW['404.html'] ?? '')} bytes of the export's file); `
    )
    expect(message).toContain('…and 2 more')
    expect(message.endsWith('. Report: /runner/temp/deployment-report.json')).toBe(true)
    expect(message).not.toMatch(/[\r\n]/)
    const reportFile = path.join(work, 'deployment-report.json')
    await writeDeploymentReport(report, reportFile)
    expect(JSON.parse(await readFile(reportFile, 'utf8'))).toEqual(report)
    await writeSummary(host, 'the deployment check', (section) =>
      addDeploymentSection(section, report, reportFile, undefined)
    )
    expect(host.summaryMarkdown).toContain('<tr><td>Files matching</td><td>4 of 9</td></tr>')
    expect(host.summaryMarkdown).toContain('<li><strong>5 files with other content</strong>')
    expect(host.summaryMarkdown).toContain('<li><code>guides/install.html</code>: ')
  })

  it('finds route problems on a host that does not serve x.html for /x', async () => {
    const site = await writeSite('new', NEW)
    serveFrom(site)
    const url = await startHost({ extensionless: false })
    const report = await check(url, await manifestOf(site), new RecordingHost(), { deadline: Date.now() + 1000 })
    expect(report.status).toBe('partial')
    // The front page and a folder's index answer from the index document; no page does without .html.
    expect(report.counts).toEqual({ filesCompared: 9, filesMatching: 9, routesTried: 5, routesAnswering: 2 })
    expect(report.routes.find((route) => route.route === 'guides/start')).toMatchObject({
      status: 'missing',
      httpStatus: 404,
      detail: 'HTTP 404: the host does not serve guides/start.html for /guides/start'
    })
    expect(deploymentError(report).message).toContain(
      '3 routes: /guides/install (HTTP 404: the host does not serve guides/install.html for /guides/install); '
    )
  })

  it('finds a host that serves another export stale', async () => {
    serveFrom(await writeSite('old', OLD))
    const url = await startHost({ extensionless: true })
    const report = await check(url, await manifestOf(await writeSite('new', NEW)), new RecordingHost(), {
      deadline: Date.now() + 1000
    })
    expect(report.status).toBe('stale')
    expect(report.counts.filesMatching).toBe(0)
    expect(deploymentError(report).message).toContain('is stale: it serves another export (none of 9 files match')
  })

  it('compares a site served below a path, without its routes when told', async () => {
    const site = await writeSite('new', NEW)
    const url = await startHost({ server: `location /docs/ { alias ${site}/; }` })
    const report = await check(`${url}/docs?utm=1#top`, await manifestOf(site), new RecordingHost(), {
      extensionlessRoutes: false
    })
    expect(report.status).toBe('current')
    expect(report.url).toBe(`${url}/docs/`)
    expect(report.routes).toEqual([])
  })

  it('finds a host that is down unreachable', async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const report = await check(url, await manifestOf(await writeSite('new', NEW)), new RecordingHost(), {
      deadline: Date.now() + 500
    })
    expect(report.status).toBe('unreachable')
    expect(report.files[0]).toMatchObject({
      status: 'unreachable',
      httpStatus: null,
      detail: 'could not be reached (ECONNREFUSED)'
    })
    expect(deploymentError(report).message).toMatch(
      /^The deployment at http:\/\/127\.0\.0\.1:\d+\/ is unreachable: the host did not answer/
    )
  })
})
