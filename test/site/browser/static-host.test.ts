import { mkdir, mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ANSWERED_BYTES, staticHost, type StaticHost } from '../../../src/site/browser/static-host.js'
import { SiteFiles } from '../../../src/site/resolve.js'

describe('staticHost', () => {
  let root: string
  let host: StaticHost
  let without404: StaticHost

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'static-host-'))
    const files = ['index.html', '404.html', 'guides/deploy.html', 'api/index.html', 'app.js', 'café.html', 'data.bin']
    for (const file of files) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true })
      await writeFile(path.join(root, file), `content of ${file}`)
    }
    await writeFile(path.join(root, 'video.mp4'), '')
    await truncate(path.join(root, 'video.mp4'), MAX_ANSWERED_BYTES + 1)
    host = staticHost(root, new SiteFiles(root, [...files, 'video.mp4', 'gone.html']))
    without404 = staticHost(root, new SiteFiles(root, ['index.html']))
  })

  afterAll(async () => rm(root, { recursive: true, force: true }))

  it.each([
    ['/', 200, 'index.html', 'text/html; charset=utf-8'],
    ['/guides/deploy', 200, 'guides/deploy.html', 'text/html; charset=utf-8'],
    ['/guides/deploy.html?x=1', 200, 'guides/deploy.html', 'text/html; charset=utf-8'],
    ['/api/', 200, 'api/index.html', 'text/html; charset=utf-8'],
    ['/api', 200, 'api/index.html', 'text/html; charset=utf-8'],
    ['/caf%C3%A9', 200, 'café.html', 'text/html; charset=utf-8'],
    ['/app.js', 200, 'app.js', 'text/javascript; charset=utf-8'],
    ['/data.bin', 200, 'data.bin', 'application/octet-stream'],
    ['/missing', 404, '404.html', 'text/html; charset=utf-8']
  ])('answers GET %s as a static host does: %i, %s', async (target, status, file, contentType) => {
    expect(await host('GET', target)).toEqual({ status, contentType, body: Buffer.from(`content of ${file}`) })
  })

  it('answers a HEAD without the body', async () => {
    expect(await host('HEAD', '/guides/deploy')).toEqual({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: Buffer.alloc(0)
    })
  })

  it('takes no uploads: a POST is not allowed', async () => {
    const answer = await host('POST', '/guides/deploy')
    expect(answer.status).toBe(405)
    expect(answer.body.toString()).toBe('Method Not Allowed')
  })

  it('answers a file too large to hand over whole without its body', async () => {
    expect(await host('GET', '/video.mp4')).toEqual({ status: 200, contentType: 'video/mp4', body: Buffer.alloc(0) })
  })

  it('answers a plain 404 where the site has no 404.html, and for a file gone since the listing', async () => {
    const notFound = { status: 404, contentType: 'text/plain; charset=utf-8', body: Buffer.from('Not Found') }
    expect(await without404('GET', '/missing')).toEqual(notFound)
    expect(await host('GET', '/gone.html')).toEqual(notFound)
  })
})
