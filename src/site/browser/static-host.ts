import { open, type FileHandle } from 'node:fs/promises'
import path from 'node:path'
import { decodePath, type SiteFiles } from '../resolve.js'

/**
 * The answers a static host gives for the unpacked site, read from its files: the file the static
 * check's resolver finds for the path (exact, `x.html`, `x/index.html`), else `404.html` with
 * status 404. The browser's requests for the site are answered with them over the DevTools
 * protocol (intercept.ts), without a server in between: a loopback server and a client for it cost
 * nearly half of the pass's own CPU (docs/decisions/browser-pass-pace.md).
 */

interface SiteAnswer {
  status: number
  contentType: string
  /** Empty for a HEAD, and for a file too large to hand to the browser whole. */
  body: Buffer
}

export type StaticHost = (method: string, target: string) => Promise<SiteAnswer>

/**
 * The largest file handed to the browser whole: a file travels to it base64-encoded in one message,
 * so a larger one (a video) is answered without its body.
 */
export const MAX_ANSWERED_BYTES = 32 * 1024 * 1024

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

const NO_BODY = Buffer.alloc(0)

export function staticHost(root: string, site: SiteFiles): StaticHost {
  return async (method, target) => {
    // A static host takes no uploads: a form's POST gets what it would get there.
    if (method !== 'GET' && method !== 'HEAD') return plain(405)
    const found = site.lookup(decodePath(new URL(target, 'http://site').pathname))
    const file = found?.file ?? (site.has('404.html') ? '404.html' : undefined)
    if (!file) return plain(404)
    const status = found ? 200 : 404
    const contentType = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream'
    let handle: FileHandle | undefined
    try {
      handle = await open(path.join(root, file), 'r')
      const { size } = await handle.stat()
      const whole = method === 'GET' && size <= MAX_ANSWERED_BYTES
      return { status, contentType, body: whole ? await handle.readFile() : NO_BODY }
    } catch {
      // The file went away since the listing: there is nothing to serve.
      return plain(404)
    } finally {
      await handle?.close()
    }
  }
}

function plain(status: number): SiteAnswer {
  const text = status === 405 ? 'Method Not Allowed' : 'Not Found'
  return { status, contentType: 'text/plain; charset=utf-8', body: Buffer.from(text) }
}
