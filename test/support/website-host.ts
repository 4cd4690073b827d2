import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A site host in front of a store that serves exact keys (Swift's public path), answering as the
 * hosts users put in front of a bucket do:
 * - `website`: S3's static website endpoint. The index document for `/` and `dir/`; `302` to
 *   `/x/` when `x` is no object but `x/index.html` is; otherwise the exact key, and never `x.html`
 *   for `/x` (docs.aws.amazon.com/AmazonS3/latest/userguide/IndexDocumentSupport.html).
 * - `fallback`: GitHub Pages, Netlify and Cloudflare Pages, which serve `x.html` for `/x` besides.
 * Each request is forwarded as a visitor's GET or HEAD, without credentials; the store's own
 * refusals (401, 403) are passed on as they are.
 */

export type HostKind = 'website' | 'fallback'

export interface WebsiteHost {
  /** The host's address; `${url}/BUCKET/PREFIX` serves PREFIX of BUCKET. */
  url: string
  /** The paths asked for, in order, as they arrived (`/bucket/site/guides/x`). */
  asked: string[]
  stop(): Promise<void>
}

/** `publicBase(bucket)`: where the store serves a bucket's keys to anyone (Swift's `/v1/AUTH_x/bucket`). */
export async function startWebsiteHost(kind: HostKind, publicBase: (bucket: string) => string): Promise<WebsiteHost> {
  const asked: string[] = []
  const server = http.createServer((request, response) => {
    void answer(request, response).catch(() => response.destroy())
  })
  async function answer(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://host')
    asked.push(url.pathname)
    const [, bucket = '', ...rest] = url.pathname.split('/')
    if (!bucket || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(405).end()
      return
    }
    const key = rest.join('/')
    const base = publicBase(bucket)
    const read = (path: string): Promise<Response> =>
      fetch(`${base}/${path}`, { method: request.method, redirect: 'manual' })
    let found = await read(key === '' || key.endsWith('/') ? `${key}index.html` : key)
    if (found.status === 404 && key !== '' && !key.endsWith('/')) {
      const folder = await read(`${key}/index.html`)
      await folder.body?.cancel()
      if (folder.ok) {
        await found.body?.cancel()
        response.writeHead(302, { location: `${url.pathname}/` }).end()
        return
      }
      if (kind === 'fallback') {
        const page = await read(`${key}.html`)
        if (page.ok) {
          await found.body?.cancel()
          found = page
        } else await page.body?.cancel()
      }
    }
    const headers: Record<string, string> = {}
    for (const name of ['content-type', 'content-length', 'cache-control', 'etag'])
      if (found.headers.has(name)) headers[name] = found.headers.get(name) ?? ''
    response.writeHead(found.status, headers)
    if (!found.body) {
      response.end()
      return
    }
    for await (const chunk of found.body) response.write(chunk)
    response.end()
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    stop: () => {
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    }
  }
}
