import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveSite, type SiteServer } from '../../../src/site/browser/server.js'
import { SiteFiles } from '../../../src/site/resolve.js'

describe('serveSite', () => {
  let server: SiteServer

  beforeAll(async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'serve-site-'))
    const files = ['index.html', '404.html', 'guides/deploy.html', 'api/index.html', 'app.js', 'café.html']
    for (const file of files) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true })
      await writeFile(path.join(root, file), `content of ${file}`)
    }
    server = await serveSite(root, new SiteFiles(root, files))
  })

  afterAll(async () => server.close())

  it.each([
    ['/', 200, 'index.html', 'text/html; charset=utf-8'],
    ['/guides/deploy', 200, 'guides/deploy.html', 'text/html; charset=utf-8'],
    ['/guides/deploy.html?x=1', 200, 'guides/deploy.html', 'text/html; charset=utf-8'],
    ['/api/', 200, 'api/index.html', 'text/html; charset=utf-8'],
    ['/api', 200, 'api/index.html', 'text/html; charset=utf-8'],
    ['/caf%C3%A9', 200, 'café.html', 'text/html; charset=utf-8'],
    ['/app.js', 200, 'app.js', 'text/javascript; charset=utf-8'],
    ['/gone', 404, '404.html', 'text/html; charset=utf-8']
  ])('serves %s as a static host does: %i, %s', async (target, status, file, type) => {
    const response = await fetch(`${server.origin}${target}`)
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toBe(type)
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(`content of ${file}`)))
    expect(await response.text()).toBe(`content of ${file}`)
  })

  it('refuses what is sent to it as a proxy: absolute-form requests and CONNECT', async () => {
    const { port } = new URL(server.origin)
    const exchange = (request: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(request))
        let answer = ''
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
        socket.on('end', () => resolve(answer))
        socket.on('error', reject)
      })
    expect(
      await exchange('GET http://api.example.com/x HTTP/1.1\r\nHost: api.example.com\r\nConnection: close\r\n\r\n')
    ).toMatch(/^HTTP\/1\.1 403/)
    expect(await exchange('CONNECT api.example.com:443 HTTP/1.1\r\nHost: api.example.com:443\r\n\r\n')).toMatch(
      /^HTTP\/1\.1 403/
    )
  })
})
