import { EnvHttpProxyAgent } from 'undici'

/** True for addresses that never leave the machine: plain http is tolerated only there. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/**
 * One connection pool for the run. It honours HTTPS_PROXY, HTTP_PROXY and NO_PROXY,
 * as self-hosted runners behind a proxy expect.
 */
export const dispatcher = new EnvHttpProxyAgent({ connectTimeout: 10_000 })

/** The link as it may be logged: no query string, which is where a presigned link keeps its signature. */
export function redactUrl(link: string): string {
  const url = URL.parse(link)
  if (!url) return '(unparseable link)'
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`
}
