import { createReadStream, statSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { decodePath, type SiteFiles } from '../resolve.js'
import { listenLoopback } from './loopback.js'

/**
 * The unpacked site on a loopback port, served as a static host serves it: the file the static
 * check's resolver finds for the path (exact, `x.html`, `x/index.html`), else `404.html` with
 * status 404. Only the pass fetches from it (the browser's requests for the site are answered over
 * the DevTools protocol), so anything sent to it as to a proxy is refused.
 */

export interface SiteServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm'
}

export async function serveSite(root: string, site: SiteFiles): Promise<SiteServer> {
  const server = http.createServer((request, response) => {
    const target = request.url ?? '/'
    // A request in absolute form was meant for a proxy: the browser tried to reach another host.
    if (!target.startsWith('/')) return refuse(response, 403)
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(response, 405)
    const found = site.lookup(decodePath(new URL(target, 'http://site').pathname))
    const file = found?.file ?? (site.has('404.html') ? '404.html' : undefined)
    if (!file) return refuse(response, 404)
    const full = path.join(root, file)
    const headers = {
      'content-type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': String(statSync(full, { throwIfNoEntry: false })?.size ?? 0),
      'cache-control': 'no-store'
    }
    const stream = createReadStream(full)
    stream.once('open', () => {
      response.writeHead(found ? 200 : 404, headers)
      if (request.method === 'HEAD') {
        stream.destroy()
        response.end()
      } else stream.pipe(response)
    })
    stream.once('error', () => (response.headersSent ? response.destroy() : refuse(response, 404)))
  })
  // A tunnel through it is refused too: it is no proxy.
  server.on('connect', (_request, socket) => {
    socket.on('error', () => socket.destroy())
    socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
  })
  const listening = await listenLoopback(server)
  return { origin: listening.url, close: () => listening.close() }
}

function refuse(response: http.ServerResponse, status: number): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(http.STATUS_CODES[status])
}
