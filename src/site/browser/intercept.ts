import type { ReferenceResolver } from '../resolve.js'
import type { CdpEvent, CdpPipe } from './cdp.js'
import { resourceType } from './decode.js'
import type { SiteServer } from './server.js'
import type { Session } from './tab.js'

/**
 * The answer to every request the browser holds (`Fetch.requestPaused`), from every target: the
 * site's own (on its domain, over http or https) is fetched from the loopback server and handed to
 * the browser, so pages keep their real address; every other one is failed as blocked by the
 * client, and recorded for the page of the target's tab. A target outside every tab (the
 * browser's own) gets the same answers, and nothing is recorded.
 */

/** The largest file the pass hands to the browser whole. */
const MAX_FULFILLED_BYTES = 32 * 1024 * 1024

export async function answerRequest(
  cdp: CdpPipe,
  server: SiteServer,
  resolver: ReferenceResolver,
  event: CdpEvent,
  session: Session
): Promise<void> {
  const requestId = event.params.requestId as string
  const request = event.params.request as { url: string; method: string }
  const url = URL.parse(request.url)
  try {
    if (url && resolver.isSiteHost(url)) {
      const response = await fetch(`${server.origin}${url.pathname}${url.search}`, {
        method: request.method === 'HEAD' ? 'HEAD' : request.method === 'GET' ? 'GET' : 'POST'
      })
      // A file travels to the browser base64-encoded in one message: a large one (a video) is answered without its body.
      const tooLarge = Number(response.headers.get('content-length')) > MAX_FULFILLED_BYTES
      if (tooLarge) await response.body?.cancel()
      const body = tooLarge ? '' : Buffer.from(await response.arrayBuffer()).toString('base64')
      const responseHeaders = [...response.headers]
        .filter(([name]) => name === 'content-type' || name === 'cache-control')
        .map(([name, value]) => ({ name, value }))
      await cdp.send(
        'Fetch.fulfillRequest',
        { requestId, responseCode: response.status, responseHeaders, body },
        event.sessionId
      )
      return
    }
    session.tab?.visit?.refuse(
      event.params.networkId as string | undefined,
      request.url,
      resourceType(event.params.resourceType)
    )
    await cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, event.sessionId)
  } catch {
    // The page went away (a navigation, a closed tab) before the answer: nobody waits for it any more.
  }
}
