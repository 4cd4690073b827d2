import type { ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest'
import type { ArchiveEntry } from './emulator/archives.ts'
import { Emulator } from './emulator/server.ts'
import { brokenSite, exportShapedSite, type ExportedSite } from './emulator/sites.ts'
import { exportInputs } from './support/export-inputs.ts'
import { describeWhere } from './support/requirements.ts'
import { ROOT, runAction, type ActionRun, shownLog } from './support/run-action.ts'
import { runCli } from './support/run-cli.ts'
import { startS3Proxy, type ProxiedRequest, type S3Proxy } from './support/s3-proxy.ts'
import { sharedSwift } from './support/shared-swift.ts'
import { missingSwift, type Swift } from './support/swift.ts'
import { visitorRoutes } from './support/visitor-routes.ts'
import { startWebsiteHost, type WebsiteHost } from './support/website-host.ts'

/**
 * The publish end to end, through dist/index.js and dist/cli/index.js, against OpenStack Swift's
 * S3 API on loopback, behind a proxy that records each request in order. What a visitor gets is
 * read as a visitor reads it: without credentials, through Swift's public path, headers included.
 */

// Swift starts in seconds on an idle machine, in a minute on a busy one; each test runs the action a few times.
vi.setConfig({ testTimeout: 300_000, hookTimeout: 300_000 })

const PREFIX = 'site'
const RECORD = '.docs-export-publish.json'
/** The start of the name of the object the probe before the export puts and deletes. */
const PROBE = '.docs-export-probe-'
/** No run is stopped by this: it only keeps a hung child from outliving the test. */
const RUN_LIMIT_MS = 240_000

let emulator: Emulator | undefined
afterEach(async () => emulator?.stop())

/** The files of a site, by path, with their bytes. */
function filesOf(site: ExportedSite): Map<string, Buffer> {
  return new Map(
    site.entries
      .filter((entry) => entry.type === undefined || entry.type === 'file')
      .map((entry): [string, Buffer] => [entry.name, Buffer.from(entry.content ?? '')])
  )
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** `site` with each change applied: a path to new content, or to undefined to remove it. */
function changed(site: ExportedSite, changes: Record<string, string | undefined>): ExportedSite {
  const entries: ArchiveEntry[] = site.entries
    .filter((entry) => !(entry.name in changes) || changes[entry.name] !== undefined)
    .map((entry) => (entry.name in changes ? { name: entry.name, content: changes[entry.name] } : entry))
  for (const [name, content] of Object.entries(changes))
    if (content !== undefined && !site.entries.some((entry) => entry.name === name)) entries.push({ name, content })
  return { ...site, entries }
}

/** The clean site, and the same site a release later: every page edited, a page and an asset gone, a chunk new. */
const V1 = exportShapedSite()
const V2 = changed(
  {
    ...V1,
    entries: V1.entries.map((entry) =>
      entry.name.endsWith('.html') ? { ...entry, content: `${String(entry.content)}<!-- v2 -->` } : entry
    )
  },
  {
    'guides/deploy.html': undefined,
    'guides/deploy.txt': undefined,
    'images/og.png': undefined,
    '_next/static/chunks/search-7f8e9d.js': 'self.search=1;\n'
  }
)

/** The pages of a site as a visitor asks for them, `guides/x` for `guides/x.html`: the keys of their route copies. */
function routeCopiesOf(site: ExportedSite): Map<string, Buffer> {
  const copies = new Map<string, Buffer>()
  for (const [file, bytes] of filesOf(site))
    if (file.endsWith('.html') && file !== 'index.html' && file !== '404.html' && !file.endsWith('/index.html'))
      copies.set(file.slice(0, -'.html'.length), bytes)
  return copies
}

/** Every route a visitor of the site follows: the links of its pages to other pages, and its sitemap's URLs. */
function routesOf(site: ExportedSite): string[] {
  return visitorRoutes([...filesOf(site)].map(([name, bytes]): [string, string] => [name, bytes.toString('utf8')]))
}

/** `publish-plan.json`, as far as the tests read it. */
interface PlanFile {
  version: number
  location: string
  dryRun: boolean
  serial: number
  upload: { path: string; reason: string }[]
  delete: { path: string; reason: string }[]
  keep: { path: string; reason: string }[]
}

/** The Content-Type a browser should get for each ending, as the web's MIME tables have them. */
const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  woff2: 'font/woff2',
  woff: 'font/woff',
  mp4: 'video/mp4',
  vtt: 'text/vtt; charset=utf-8',
  xml: 'application/xml'
}

function expectedCaching(file: string): string {
  if (file.endsWith('.html') || file === 'sitemap.xml') return 'no-cache'
  if (file.startsWith('_next/static/')) return 'public, max-age=31536000, immutable'
  return 'public, max-age=300'
}

describeWhere(missingSwift(), 'publish to an S3-compatible bucket, end to end (Swift)', () => {
  let swift: Swift
  let proxy: S3Proxy
  /** S3's static website endpoint in front of Swift's public path: exact keys, an index document, no `.html` fallback. */
  let website: WebsiteHost
  /** A host that serves `x.html` for `/x`, as GitHub Pages and Netlify do. */
  let fallback: WebsiteHost
  /** The runner's AWS credentials, as aws-actions/configure-aws-credentials sets them. */
  let aws: Record<string, string>
  let buckets = 0

  beforeAll(async () => {
    swift = await sharedSwift()
    proxy = await startS3Proxy(swift.endpoint)
    aws = swift.awsEnvironment
    const storeBase = (bucket: string): string => `${proxy.url}${new URL(swift.publicBase(bucket)).pathname}`
    website = await startWebsiteHost('website', storeBase)
    fallback = await startWebsiteHost('fallback', storeBase)
  })
  afterAll(async () => {
    await website?.stop()
    await fallback?.stop()
    await proxy?.stop()
    await swift?.stop()
  })
  afterEach(() => {
    proxy.onRequest = undefined
    proxy.clear()
  })

  /** A new bucket for one test, readable by anyone unless told. */
  async function newBucket(options: { publicRead?: boolean } = { publicRead: true }): Promise<string> {
    const bucket = `site-${++buckets}`
    await swift.createBucket(bucket, options)
    return bucket
  }

  /** Where a visitor reads PREFIX of `bucket` (`publish-public-url`): the website endpoint, or another host. */
  function publicUrl(bucket: string, host: WebsiteHost = website): string {
    return `${host.url}/${bucket}/${PREFIX}`
  }

  /** An object under PREFIX as the store serves it to anyone: its exact key, through Swift's public path. */
  function visit(bucket: string, file: string): Promise<Response> {
    return fetch(
      `${proxy.url}${new URL(swift.publicBase(bucket)).pathname}/${PREFIX}/${file.split('/').map(encodeURIComponent).join('/')}`
    )
  }

  /** Each route a visitor follows, asked of the host at `publicUrl` as a browser asks (redirects followed): its status and bytes. */
  async function navigate(url: string, site: ExportedSite): Promise<Record<string, string>> {
    const answers: Record<string, string> = {}
    for (const route of routesOf(site)) {
      const answer = await fetch(`${url}${route}`)
      const bytes = Buffer.from(await answer.arrayBuffer())
      answers[route] = `${answer.status} ${answer.headers.get('content-type') ?? ''} ${sha256(bytes).slice(0, 12)}`
    }
    return answers
  }

  /** What `navigate` should find: each route's page, `text/html`, with its bytes. */
  function pagesOf(site: ExportedSite): Record<string, string> {
    const files = filesOf(site)
    const expected: Record<string, string> = {}
    for (const route of routesOf(site)) {
      const decoded = decodeURIComponent(route.slice(1))
      const page = decoded === '' || decoded.endsWith('/') ? `${decoded}index.html` : `${decoded}.html`
      const bytes = files.get(page) ?? files.get(`${decoded}/index.html`)
      expected[route] = `200 text/html; charset=utf-8 ${bytes ? sha256(bytes).slice(0, 12) : 'no page'}`
    }
    return expected
  }

  /** Runs the action on `site` (a new emulator) with a publish to `bucket`. */
  async function publish(
    bucket: string,
    site: ExportedSite,
    overrides: Record<string, string> = {},
    options: { env?: Record<string, string>; onSpawn?: (child: ChildProcess) => void } = {}
  ): Promise<ActionRun> {
    await emulator?.stop()
    emulator = await new Emulator({ site }).start()
    proxy.clear()
    return runAction(
      exportInputs(emulator, {
        extract: 'true',
        'publish-to': `s3://${bucket}/${PREFIX}`,
        'publish-endpoint': proxy.url,
        'publish-public-url': publicUrl(bucket),
        ...overrides
      }),
      { env: { ...aws, ...options.env }, onSpawn: options.onSpawn, timeoutMs: RUN_LIMIT_MS }
    )
  }

  /** The command line's export of the site `emulator` serves, with a publish to `bucket`, `--json`, and `flags` besides. */
  function publishCli(bucket: string, ...flags: string[]): ReturnType<typeof runCli> {
    return runCli(
      [
        'export',
        '--domain',
        'docs.acme.dev',
        '--extract',
        '--verify-browser',
        'off',
        '--publish-to',
        `s3://${bucket}/${PREFIX}`,
        '--json',
        ...flags
      ],
      {
        env: {
          ...aws,
          MINTLIFY_ADMIN_KEY: emulator?.options.apiKey ?? '',
          MINTLIFY_BASE_URL: emulator?.baseUrl ?? '',
          MINTLIFY_POLL_INTERVAL_SECONDS: '0.05',
          MINTLIFY_PUBLISH_ENDPOINT: proxy.url
        }
      }
    )
  }

  /** The record as a visitor could read it. */
  async function record(
    bucket: string
  ): Promise<{ serial: number; files: { path: string }[]; retained: unknown[]; routes: { path: string }[] }> {
    const answer = await visit(bucket, RECORD)
    expect(answer.status).toBe(200)
    return (await answer.json()) as {
      serial: number
      files: { path: string }[]
      retained: unknown[]
      routes: { path: string }[]
    }
  }

  /**
   * The S3 requests that change the bucket, as `PUT key` and `DELETE batch`, in the order they arrived;
   * without the probe before the export (an object of its own, put and deleted at once), which `probes` reads.
   */
  function changes(bucket: string): string[] {
    return proxy.requests
      .filter(
        (request) =>
          request.path.startsWith(`/${bucket}`) &&
          request.method !== 'GET' &&
          request.method !== 'HEAD' &&
          !request.path.includes(PROBE)
      )
      .map((request) =>
        request.query.startsWith('delete')
          ? 'DELETE batch'
          : `${request.method} ${request.path.slice(bucket.length + 2)}`
      )
  }

  /** Whether the bucket serves every file of `site` with its bytes. */
  async function expectServes(bucket: string, site: ExportedSite): Promise<void> {
    for (const [file, bytes] of filesOf(site)) {
      const answer = await visit(bucket, file)
      expect(answer.status, file).toBe(200)
      expect(sha256(Buffer.from(await answer.arrayBuffer())), file).toBe(sha256(bytes))
    }
  }

  it('publishes every file with its bytes, its type and its caching, read as a visitor reads them; the outputs say what it did', async () => {
    const bucket = await newBucket()
    const run = await publish(bucket, V1)
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    const files = filesOf(V1)
    const copies = routeCopiesOf(V1)
    expect(run.outputs).toMatchObject({
      'publish-url': publicUrl(bucket),
      'publish-uploaded': String(files.size),
      'publish-unchanged': '0',
      'publish-deleted': '0'
    })
    for (const [file, bytes] of files) {
      const answer = await visit(bucket, file)
      expect(answer.status, file).toBe(200)
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes), file).toBe(true)
      const ending = file.split('.').pop() ?? ''
      expect(answer.headers.get('content-type'), file).toBe(TYPES[ending])
      expect(answer.headers.get('cache-control'), file).toBe(expectedCaching(file))
    }
    // Each page under its route's key too, with the page's bytes and headers.
    expect(copies.size).toBe(5)
    for (const [route, bytes] of copies) {
      const answer = await visit(bucket, route)
      expect(answer.status, route).toBe(200)
      expect(Buffer.from(await answer.arrayBuffer()).equals(bytes), route).toBe(true)
      expect(answer.headers.get('content-type'), route).toBe(TYPES.html)
      expect(answer.headers.get('cache-control'), route).toBe('no-cache')
    }
    const written = await record(bucket)
    expect(written.serial).toBe(1)
    expect(written.files.map((file) => file.path).sort()).toEqual([...files.keys()].sort())
    expect(written.routes.map((file) => file.path).sort()).toEqual([...copies.keys()].sort())
    expect((await visit(bucket, RECORD)).headers.get('cache-control')).toBe('no-cache')
    // Every file and route copy uploaded is listed for a CDN's invalidation, as a path from the site's root.
    const invalidate = JSON.parse(await readFile(run.outputs['publish-changes-path'] ?? '', 'utf8')) as string[]
    expect(invalidate).toHaveLength(files.size + copies.size)
    expect(invalidate).toContain('/guides/caf%C3%A9.html')
    expect(invalidate).toContain('/guides/caf%C3%A9')
    // Each file uploaded was read back through publish-public-url, without credentials, and each page's route.
    expect(run.stdout).toMatch(
      new RegExp(
        `Publish: ${publicUrl(bucket)}/ serves the \\d+ files read back as published, and \\d+ routes a visitor follows`
      )
    )
    // On S3's website endpoint every route a visitor follows answers with its page: the links of every page, the sitemap's URLs.
    expect(await navigate(publicUrl(bucket), V1)).toEqual(pagesOf(V1))
    expect(Object.keys(pagesOf(V1))).toEqual(
      expect.arrayContaining(['/', '/guides/deploy', '/guides/caf%C3%A9', '/api-reference', '/api-reference/'])
    )
    // The same address, asked by check-deployment with the same manifest: the same verdict.
    const check = await runCli(
      ['check-deployment', '--url', publicUrl(bucket), '--manifest', run.outputs['manifest-path'] ?? '', '--json'],
      {}
    )
    expect(check.exitCode, check.stderr).toBe(0)
    expect(JSON.parse(check.stdout)).toMatchObject({ deploymentStatus: 'current' })
    expect(shownLog(run)).not.toContain(swift.secretAccessKey)
    expect(run.stdout).toContain(`::add-mask::${swift.secretAccessKey}`)
    // On the thread that bounds its memory, from the bundle beside the action's.
    expect(run.stdout).toContain(
      `::debug::Publish: on a thread of its own (${path.join(ROOT, 'dist/publish-thread/index.js')}), its heap bounded`
    )
    expect(run.summaryText).toContain(
      `published to s3://${bucket}/${PREFIX}/: ${files.size} files uploaded, 0 unchanged`
    )
  })

  it('uploads nothing when the bucket holds the site already, and finds a change that keeps a page the same size', async () => {
    const bucket = await newBucket()
    expect((await publish(bucket, V1)).exitCode).toBe(0)
    const files = filesOf(V1)

    const again = await publish(bucket, V1)
    expect(again.exitCode).toBe(0)
    expect(again.outputs).toMatchObject({ 'publish-uploaded': '0', 'publish-unchanged': String(files.size) })
    // The record alone is written: no file of the site.
    expect(changes(bucket)).toEqual([`PUT ${PREFIX}/${RECORD}`])
    expect(JSON.parse(await readFile(again.outputs['publish-changes-path'] ?? '', 'utf8'))).toEqual([])

    const page = 'guides/getting-started.html'
    const text = String(files.get(page))
    const edited = text.replace('Install', 'Instal!')
    expect(edited).not.toBe(text)
    expect(edited.length).toBe(text.length)
    const third = await publish(bucket, changed(V1, { [page]: edited }))
    expect(third.exitCode).toBe(0)
    expect(third.outputs).toMatchObject({ 'publish-uploaded': '1', 'publish-unchanged': String(files.size - 1) })
    // The page and its route copy, side by side, then the record.
    const made = changes(bucket)
    expect(made.slice(0, 2).sort()).toEqual([`PUT ${PREFIX}/${page}`, `PUT ${PREFIX}/guides/getting-started`].sort())
    expect(made.slice(2)).toEqual([`PUT ${PREFIX}/${RECORD}`])
    expect(await (await visit(bucket, page)).text()).toBe(edited)
    expect(await (await visit(bucket, 'guides/getting-started')).text()).toBe(edited)
  })

  it('uploads the files that are not pages first, then the pages, then deletes, then writes the record', async () => {
    const bucket = await newBucket()
    expect((await publish(bucket, V1)).exitCode).toBe(0)
    const run = await publish(bucket, V2, { 'publish-keep-removed': '0' })
    expect(run.exitCode).toBe(0)
    const all = proxy.requests.filter(
      (request) => request.path.startsWith(`/${bucket}/`) || request.path === `/${bucket}`
    )
    const named = (request: ProxiedRequest): string =>
      `${request.method} ${request.query.includes('list-type=2') ? 'list' : request.path.includes(PROBE) ? 'probe' : request.path}`
    // Before the export: one listing, an object of the probe's own put and deleted; then the publish.
    const probeEnd = all.findIndex((request) => request.method === 'DELETE' && request.path.includes(PROBE))
    expect(all.slice(0, probeEnd + 1).map(named)).toEqual(['GET list', 'PUT probe', 'DELETE probe'])
    const s3 = all.slice(probeEnd + 1)
    const puts = s3.filter((request) => request.method === 'PUT')
    // A page, or its route copy: a key whose last part has no extension.
    const isPage = (request: ProxiedRequest): boolean =>
      request.path.endsWith('.html') || !/\.[^/]*$/.test(request.path.slice(request.path.lastIndexOf('/')))
    const assets = puts.filter((request) => !isPage(request) && !request.path.endsWith(RECORD))
    const pages = puts.filter(isPage)
    const deletes = s3.filter((request) => request.query.startsWith('delete'))
    const recordPut = puts.find((request) => request.path.endsWith(RECORD))
    // Of the files that are not pages only the new chunk changed; every page did.
    expect(assets.map((request) => request.path)).toEqual([`/${bucket}/${PREFIX}/_next/static/chunks/search-7f8e9d.js`])
    expect(pages).toHaveLength(
      [...filesOf(V2).keys()].filter((file) => file.endsWith('.html')).length + routeCopiesOf(V2).size
    )
    expect(deletes).toHaveLength(1)
    // Each step starts once the one before has ended: no page before its assets, no delete before the pages.
    const lastEnd = (requests: ProxiedRequest[]): number =>
      Math.max(...requests.map((request) => request.ended ?? Infinity))
    const firstArrival = (requests: ProxiedRequest[]): number => Math.min(...requests.map((request) => request.arrived))
    expect(lastEnd(assets)).toBeLessThan(firstArrival(pages))
    expect(lastEnd(pages)).toBeLessThan(firstArrival(deletes))
    expect(lastEnd(deletes)).toBeLessThan(recordPut?.arrived ?? 0)
    expect(recordPut).toBe(s3.at(-1))
    // The reads came first, and were one listing and one read of the record.
    const reads = s3.filter((request) => request.arrived < firstArrival(puts))
    expect(reads.map(named).sort()).toEqual(['GET list', `GET /${bucket}/${PREFIX}/${RECORD}`].sort())
    await expectServes(bucket, V2)
  })

  it('deletes a removed page at once, and a removed asset keep-removed publishes later (1, the default, or 0)', async () => {
    const kept = await newBucket()
    expect((await publish(kept, V1)).exitCode).toBe(0)
    const second = await publish(kept, V2)
    expect(second.exitCode).toBe(0)
    expect(second.outputs['publish-deleted']).toBe('1')
    expect((await visit(kept, 'guides/deploy.html')).status).toBe(404)
    // Its route copy went with it.
    expect((await visit(kept, 'guides/deploy')).status).toBe(404)
    expect((await record(kept)).routes.map((copy) => copy.path)).not.toContain('guides/deploy')
    // A page cached before this publish still gets what it used.
    expect((await visit(kept, 'images/og.png')).status).toBe(200)
    expect((await visit(kept, 'guides/deploy.txt')).status).toBe(200)
    expect((await record(kept)).retained).toHaveLength(2)
    const third = await publish(kept, V2)
    expect(third.outputs).toMatchObject({ 'publish-deleted': '2', 'publish-uploaded': '0' })
    expect((await visit(kept, 'images/og.png')).status).toBe(404)
    expect((await visit(kept, 'guides/deploy.txt')).status).toBe(404)
    expect((await record(kept)).retained).toEqual([])
    expect(JSON.parse(await readFile(third.outputs['publish-changes-path'] ?? '', 'utf8'))).toEqual([
      '/guides/deploy.txt',
      '/images/og.png'
    ])

    const now = await newBucket()
    expect((await publish(now, V1)).exitCode).toBe(0)
    const removed = await publish(now, V2, { 'publish-keep-removed': '0' })
    expect(removed.outputs['publish-deleted']).toBe('3')
    for (const file of ['guides/deploy.html', 'guides/deploy.txt', 'images/og.png'])
      expect((await visit(now, file)).status, file).toBe(404)
    expect((await swift.listObjects(now, `${PREFIX}/`)).sort()).toEqual(
      [...filesOf(V2).keys(), ...routeCopiesOf(V2).keys(), RECORD].map((file) => `${PREFIX}/${file}`).sort()
    )
  })

  it('leaves alone what it did not publish: listed once in the log, never deleted', async () => {
    const bucket = await newBucket()
    await swift.putObject(bucket, `${PREFIX}/legacy/old.html`, 'from another tool')
    await swift.putObject(bucket, `${PREFIX}/index.html`, 'the old home page')
    await swift.putObject(bucket, 'outside/x.html', 'not under the prefix')
    const first = await publish(bucket, V1)
    expect(first.exitCode).toBe(0)
    expect(first.stdout).toContain(
      "Publish: 1 of the keys this publish writes holds an object the record of the last publish does not name (another tool's, or a cut publish's), replaced: index.html"
    )
    expect(first.stdout).toContain(
      `Publish: 1 object under s3://${bucket}/${PREFIX}/ is not this action's, and is left alone: legacy/old.html`
    )
    const second = await publish(bucket, V2, { 'publish-keep-removed': '0', 'publish-max-delete': '100%' })
    expect(second.exitCode).toBe(0)
    expect(await (await visit(bucket, 'legacy/old.html')).text()).toBe('from another tool')
    expect(await swift.listObjects(bucket, 'outside/')).toEqual(['outside/x.html'])
    await expectServes(bucket, V2)
  })

  it('changes nothing when the export would remove more than publish-max-delete of the published files, and says which input allows it', async () => {
    const bucket = await newBucket()
    expect((await publish(bucket, V1)).exitCode).toBe(0)
    const before = await swift.listObjects(bucket)
    const nearlyEmpty: ExportedSite = { ...V1, entries: V1.entries.filter((entry) => entry.name.startsWith('index.')) }
    const run = await publish(bucket, nearlyEmpty)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      new RegExp(
        `would remove ${filesOf(V1).size - 2} of the ${filesOf(V1).size} files published at s3://${bucket}/${PREFIX}/ \\(\\d+%\\), more than publish-max-delete: 50% allows: `
      )
    )
    expect(run.errors[0].match(/publish-max-delete: 100%/g)).toHaveLength(1)
    // It names what it would remove, the first few and how many more, and where the whole plan is.
    expect(run.errors[0]).toMatch(/allows: ([^,;]+, ){4}[^,;]+, …and \d+ more; nothing was changed/)
    const planPath = /The plan, each key with its reason: (\S+publish-plan\.json)/.exec(run.errors[0])?.[1] ?? ''
    const plan = JSON.parse(await readFile(planPath, 'utf8')) as PlanFile
    expect(plan.dryRun).toBe(false)
    expect(plan.delete.map((key) => key.path)).toContain('guides/deploy.html')
    expect(plan.delete.find((key) => key.path === 'guides/deploy.html')?.reason).toBe(
      'a page removed from the site: it goes at once'
    )
    expect(changes(bucket)).toEqual([])
    expect(await swift.listObjects(bucket)).toEqual(before)
    expect(run.outputs['publish-uploaded']).toBeUndefined()

    const allowed = await publish(bucket, nearlyEmpty, { 'publish-max-delete': '100%', 'publish-keep-removed': '0' })
    expect(allowed.exitCode).toBe(0)
    expect((await swift.listObjects(bucket, `${PREFIX}/`)).sort()).toEqual(
      ['index.html', 'index.txt', RECORD].map((file) => `${PREFIX}/${file}`).sort()
    )
  })

  it('on a dry run, reads the bucket, writes and shows the plan with its reasons, and changes nothing', async () => {
    const bucket = await newBucket()
    expect((await publish(bucket, V1)).exitCode).toBe(0)
    const before = await swift.listObjects(bucket)
    const recordBefore = await (await visit(bucket, RECORD)).text()
    const run = await publish(bucket, V2, { 'publish-dry-run': 'true', 'publish-keep-removed': '0' })
    expect(run.errors).toEqual([])
    expect(run.exitCode).toBe(0)
    // Nothing changed: no upload, no delete, the same record.
    expect(changes(bucket)).toEqual([])
    expect(await swift.listObjects(bucket)).toEqual(before)
    expect(await (await visit(bucket, RECORD)).text()).toBe(recordBefore)
    expect(run.stdout).toContain('Publish: a dry run (publish-dry-run: true): nothing was changed at')
    // What would change, as a CDN's invalidation would take it, and the plan with every reason.
    const pages = [...filesOf(V2).keys()].filter((file) => file.endsWith('.html'))
    expect(run.outputs).toMatchObject({ 'publish-uploaded': String(pages.length + 1), 'publish-deleted': '3' })
    const plan = JSON.parse(await readFile(run.outputs['publish-plan-path'] ?? '', 'utf8')) as PlanFile
    const why = (list: PlanFile['upload'], key: string): string | undefined =>
      list.find((entry) => entry.path === key)?.reason
    expect(plan).toMatchObject({ version: 1, location: `s3://${bucket}/${PREFIX}/`, dryRun: true, serial: 2 })
    expect(why(plan.upload, '_next/static/chunks/search-7f8e9d.js')).toBe('new')
    expect(why(plan.upload, 'guides/getting-started.html')).toBe('changed')
    expect(why(plan.upload, 'guides/getting-started')).toBe('the route of guides/getting-started.html: changed')
    expect(why(plan.delete, 'guides/deploy.html')).toBe('a page removed from the site: it goes at once')
    expect(why(plan.delete, 'guides/deploy')).toBe('the route of guides/deploy.html, which was removed')
    expect(why(plan.delete, 'images/og.png')).toBe('removed from the site in publish 2, kept 0 publishes')
    const invalidate = JSON.parse(await readFile(run.outputs['publish-changes-path'] ?? '', 'utf8')) as string[]
    expect(invalidate).toContain('/guides/deploy')
    expect(invalidate).toHaveLength(plan.upload.length + plan.delete.length)
    // The summary leads with it, and lists the plan.
    expect(run.summaryText).toMatch(
      /^\S+ Exported docs\.acme\.dev: .*a dry run of the publish to s3:\/\/.*nothing was changed/m
    )
    expect(run.summaryText).toContain('Publish plan (dry run: nothing was changed)')
    expect(run.summaryText).toContain('a page removed from the site: it goes at once')

    // The command line's flag does the same.
    emulator = await new Emulator({ site: V2 }).start()
    proxy.clear()
    const cli = await publishCli(bucket, '--publish-dry-run')
    expect(cli.exitCode, cli.stderr).toBe(0)
    const outputs = JSON.parse(cli.stdout) as Record<string, unknown>
    expect(outputs.publishUploaded).toBe(pages.length + 1)
    expect(JSON.parse(await readFile(String(outputs.publishPlanPath), 'utf8'))).toMatchObject({ dryRun: true })
    expect(changes(bucket)).toEqual([])
  })

  it('publishes nothing after a site check that failed the step', async () => {
    const bucket = await newBucket()
    const run = await publish(bucket, brokenSite('css-asset'), { verify: 'error' })
    expect(run.exitCode).toBe(1)
    expect(run.errors[0]).toContain('problem')
    expect(changes(bucket)).toEqual([])
    expect(await swift.listObjects(bucket)).toEqual([])
    expect(run.outputs['publish-url']).toBeUndefined()
    // Said, in the log and in the summary: nothing was published, and why.
    const why = `the site check failed the step under verify: error, so s3://${bucket}/${PREFIX}/ keeps the site it served`
    expect(run.stdout).toContain(`Publish: nothing was published: ${why}`)
    expect(run.summaryText).toContain(`s3://${bucket}/${PREFIX}/: nothing published: ${why}`)
  })

  it.each([
    {
      mistake: 'wrong credentials',
      overrides: {},
      env: { AWS_SECRET_ACCESS_KEY: 'not-the-secret' },
      error: (bucket: string) =>
        `No export was started: Publish: listing s3://${bucket}/${PREFIX}/ failed: the store refused the credentials`
    },
    {
      mistake: 'a bucket that does not exist',
      overrides: { 'publish-to': `s3://no-such-bucket/${PREFIX}` },
      env: {},
      error: () =>
        'No export was started: Publish: listing s3://no-such-bucket/site/ failed: the bucket no-such-bucket does not exist'
    },
    {
      mistake: 'a mistyped region',
      overrides: { 'publish-region': 'eu-wset-1' },
      env: {},
      error: (bucket: string) => `No export was started: Publish: listing s3://${bucket}/${PREFIX}/ failed`
    },
    {
      mistake: 'a public URL whose host does not resolve',
      overrides: { 'publish-public-url': 'https://docs-acme-dev.invalid/site' },
      env: {},
      error: () =>
        'No export was started: Publish: publish-public-url names the host docs-acme-dev.invalid, which does not resolve (ENOTFOUND)'
    }
  ] as {
    mistake: string
    overrides: Record<string, string>
    env: Record<string, string>
    error: (bucket: string) => string
  }[])(
    'finds $mistake before any export request, in seconds, and changes nothing',
    async ({ overrides, env, error }) => {
      const bucket = await newBucket()
      const run = await publish(bucket, V1, overrides, { env })
      expect(run.exitCode).toBe(1)
      expect(run.errors).toHaveLength(1)
      expect(run.errors[0]).toContain(error(bucket))
      // No export job was started or read: the mistake cost no export, and the summary leads with that.
      expect(emulator?.requests).toEqual([])
      expect(run.summaryText).toMatch(
        /^❌ docs\.acme\.dev was not exported: the bucket to publish to refused the check before the export, so none was started$/m
      )
      expect(run.outputs['job-id']).toBeUndefined()
      expect(shownLog(run)).not.toContain('not-the-secret')
      expect(await swift.listObjects(bucket)).toEqual([])
      expect(changes(bucket)).toEqual([])
    }
  )

  it('probes the bucket before the export with an object of its own, put and deleted, and leaves nothing; a dry run only lists', async () => {
    const bucket = await newBucket()
    const run = await publish(bucket, V1)
    expect(run.exitCode).toBe(0)
    const probe = proxy.requests.filter((request) => request.path.includes(PROBE))
    expect(probe.map((request) => `${request.method} ${request.status}`)).toEqual(['PUT 200', 'DELETE 204'])
    expect(probe[0]?.path).toEqual(probe[1]?.path)
    expect(run.stdout).toContain(
      `Publish: s3://${bucket}/${PREFIX}/ lists and takes a write with the runner's credentials`
    )
    expect((await swift.listObjects(bucket)).filter((key) => key.includes(PROBE))).toEqual([])

    const dry = await publish(bucket, V1, { 'publish-dry-run': 'true' })
    expect(dry.exitCode).toBe(0)
    expect(proxy.requests.filter((request) => request.path.includes(PROBE))).toEqual([])
    expect(dry.stdout).toContain(`Publish: s3://${bucket}/${PREFIX}/ lists with the runner's credentials`)
  })

  it('fails when publish-public-url does not serve what was published, saying what to fix', async () => {
    const bucket = await newBucket({ publicRead: false })
    const run = await publish(bucket, V1)
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toContain(`Publish: ${publicUrl(bucket)}/ does not serve what was published: 0 of`)
    expect(run.errors[0]).toContain(
      'make publish-public-url serve PREFIX as it is, without credentials (a bucket policy'
    )
    expect(run.summaryText).toMatch(/^❌ Exported docs\.acme\.dev: .*, the publish failed$/m)
    // What the publish changed in the bucket is handed on all the same: a CDN's invalidation needs it.
    expect(run.outputs['publish-uploaded']).toBe(String(filesOf(V1).size))
    expect(JSON.parse(await readFile(run.outputs['publish-changes-path'] ?? '', 'utf8'))).toHaveLength(
      filesOf(V1).size + routeCopiesOf(V1).size
    )
    // What is true: the bucket holds the new site, and the address does not serve it.
    expect(run.summaryText).toContain(
      `the bucket holds publish 1, and ${publicUrl(bucket)} does not serve it as published`
    )
    expect(run.summaryText).toContain('the bucket holds publish 1 all the same')
    expect(run.summaryText).not.toContain('points at an export that failed')
    // A refusal is named as one, not as another export.
    expect(run.errors[0]).toContain('HTTP 401')
    expect(run.errors[0]).not.toContain('stale')
    // The bucket holds the site all the same, and its record: a rerun with the right address uploads nothing.
    expect((await swift.listObjects(bucket, `${PREFIX}/`)).length).toBe(filesOf(V1).size + routeCopiesOf(V1).size + 1)
    await swift.makePublic(bucket)
    const again = await publish(bucket, V1)
    expect(again.exitCode).toBe(0)
    expect(again.outputs['publish-uploaded']).toBe('0')
  })

  it('fails when a route a visitor follows does not answer, with the fix for that kind of host, as check-deployment judges it', async () => {
    // publish-routes: off on S3's website endpoint: every file is served, no route of a page is.
    const bucket = await newBucket()
    const unchecked = await publish(bucket, V1, { 'publish-routes': 'off', 'publish-public-url': '' })
    expect(unchecked.exitCode).toBe(0)
    expect(await swift.listObjects(bucket, `${PREFIX}/guides/`)).not.toContain(`${PREFIX}/guides/getting-started`)
    // check-deployment on the address and the manifest: the routes do not answer.
    const check = await runCli([
      'check-deployment',
      '--url',
      publicUrl(bucket),
      '--manifest',
      unchecked.outputs['manifest-path'] ?? '',
      '--timeout-seconds',
      '1',
      '--json'
    ])
    expect(check.exitCode, check.stderr).toBe(5)
    expect(JSON.parse(check.stdout)).toMatchObject({ deploymentStatus: 'partial' })
    // The publish's read-back of the same address gives the same verdict, and the fix for this kind of host.
    const run = await publish(bucket, V1, { 'publish-routes': 'off' })
    expect(run.exitCode).toBe(1)
    expect(run.errors).toHaveLength(1)
    expect(run.errors[0]).toMatch(
      new RegExp(
        `Publish: ${publicUrl(bucket)}/ serves the files as published, but \\d+ of \\d+ routes a visitor follows do not answer with their page`
      )
    )
    // Only the front page and the folder answer (the index document); each route names the page it should answer with.
    expect(run.errors[0]).toContain('but 5 of 7 routes a visitor follows do not answer')
    expect(run.errors[0]).toContain(
      '/guides/deploy (HTTP 404: the host does not serve guides/deploy.html for /guides/deploy)'
    )
    expect(run.errors[0]).toContain('leave publish-routes: copies, the default')

    // The next publish with route copies (the default) puts each page under its route: the routes answer.
    const copied = await publish(bucket, V1)
    expect(copied.errors).toEqual([])
    expect(copied.outputs).toMatchObject({ 'publish-uploaded': '0', 'publish-unchanged': String(filesOf(V1).size) })
    expect(
      changes(bucket)
        .filter((change) => !change.endsWith('.json'))
        .sort()
    ).toEqual([...routeCopiesOf(V1).keys()].map((route) => `PUT ${PREFIX}/${route}`).sort())
    expect(await navigate(publicUrl(bucket), V1)).toEqual(pagesOf(V1))

    // A host that serves x.html for /x (GitHub Pages, Netlify) needs no copies; those published go.
    const plain = await publish(bucket, V1, {
      'publish-routes': 'off',
      'publish-public-url': publicUrl(bucket, fallback)
    })
    expect(plain.errors).toEqual([])
    expect(plain.exitCode).toBe(0)
    expect((await visit(bucket, 'guides/getting-started')).status).toBe(404)
    expect((await record(bucket)).routes).toEqual([])
    expect(await navigate(publicUrl(bucket, fallback), V1)).toEqual(pagesOf(V1))
  })

  it('refuses a malformed publish-to, or one without extract, before any request', async () => {
    emulator = await new Emulator().start()
    for (const [inputs, error] of [
      [{ 'publish-to': 'ftp://docs/site', extract: 'true' }, `Input 'publish-to' has the scheme "ftp"`],
      [
        { 'publish-to': 's3://docs/a/../b', extract: 'true' },
        "Input 'publish-to' has a PREFIX with an empty, `.` or `..` part"
      ],
      [
        { 'publish-to': 's3://docs/site' },
        "Input 'publish-to' is set but extract: false: the publish uploads the unpacked site"
      ]
    ] as const) {
      const run = await runAction(exportInputs(emulator, { 'publish-endpoint': proxy.url, ...inputs }), { env: aws })
      expect(run.exitCode).toBe(1)
      expect(run.errors[0]).toContain(error)
      // The summary leads with a verdict, as after every other failure, and says what to fix.
      expect(run.summaryText).toMatch(/^❌ Nothing was run: an input was refused\n/)
      expect(run.summaryText).toContain(error)
    }
    expect(emulator.requests).toEqual([])
    expect(proxy.requests).toEqual([])
  })

  it('sends the Cache-Control of the first publish-cache-control rule that matches', async () => {
    const bucket = await newBucket()
    const run = await publish(bucket, V1, {
      'publish-cache-control': 'images/**=public, max-age=60\n*.png=no-store\n*.vtt=public, max-age=7'
    })
    expect(run.exitCode).toBe(0)
    expect((await visit(bucket, 'images/logo.png')).headers.get('cache-control')).toBe('public, max-age=60')
    expect((await visit(bucket, 'videos/demo.vtt')).headers.get('cache-control')).toBe('public, max-age=7')
    expect((await visit(bucket, 'index.html')).headers.get('cache-control')).toBe('no-cache')
  })

  it('publishes from the command line, with --json in camelCase, and exits 7 when the publish fails', async () => {
    const bucket = await newBucket()
    emulator = await new Emulator({ site: V1 }).start()
    const cli = (bucketName: string): ReturnType<typeof runCli> =>
      publishCli(bucketName, '--publish-public-url', publicUrl(bucketName))
    const done = await cli(bucket)
    expect(done.exitCode, done.stderr).toBe(0)
    const outputs = JSON.parse(done.stdout) as Record<string, unknown>
    expect(outputs).toMatchObject({
      publishUrl: publicUrl(bucket),
      publishUploaded: filesOf(V1).size,
      publishUnchanged: 0,
      publishDeleted: 0
    })
    expect(JSON.parse(await readFile(String(outputs.publishChangesPath), 'utf8'))).toHaveLength(
      filesOf(V1).size + routeCopiesOf(V1).size
    )

    const closed = await newBucket({ publicRead: false })
    const failed = await cli(closed)
    expect(failed.exitCode).toBe(7)
    expect(JSON.parse(failed.stdout)).toMatchObject({ error: { code: 'publish' } })
    expect(failed.stderr).toContain('--publish-public-url')
  })

  it('leaves the site it served whole when a publish is cut in the middle, and a rerun completes it', async () => {
    const bucket = await newBucket()
    expect((await publish(bucket, V1)).exitCode).toBe(0)
    // The run is killed as the first page of V2 arrives: the harshest cut, with no chance to clean up.
    let child: ChildProcess | undefined
    proxy.onRequest = (request) => {
      if (request.method !== 'PUT' || !request.path.endsWith('.html')) return
      child?.kill('SIGKILL')
      return false
    }
    const cut = await publish(bucket, V2, {}, { onSpawn: (spawned) => (child = spawned) })
    expect(cut.signal).toBe('SIGKILL')
    proxy.onRequest = undefined
    // Nothing was deleted and the record still names V1: every page of V1 is served with what it uses.
    expect((await record(bucket)).serial).toBe(1)
    for (const [file, bytes] of filesOf(V1)) {
      const answer = await visit(bucket, file)
      expect(answer.status, file).toBe(200)
      // A page is V1's or, where its upload went through, V2's; every other file is V1's.
      if (!file.endsWith('.html')) expect(sha256(Buffer.from(await answer.arrayBuffer())), file).toBe(sha256(bytes))
    }
    // The new chunk went up before any page.
    expect((await visit(bucket, '_next/static/chunks/search-7f8e9d.js')).status).toBe(200)

    const rerun = await publish(bucket, V2)
    expect(rerun.errors).toEqual([])
    // The chunk the cut run uploaded is in no record: said as what it may be, not as another tool's.
    expect(rerun.stdout).toContain(
      "Publish: 1 of the keys this publish writes holds an object the record of the last publish does not name (another tool's, or a cut publish's), replaced: _next/static/chunks/search-7f8e9d.js"
    )
    expect(rerun.exitCode).toBe(0)
    expect((await record(bucket)).serial).toBe(2)
    await expectServes(bucket, V2)
    expect((await visit(bucket, 'guides/deploy.html')).status).toBe(404)
  })
})
