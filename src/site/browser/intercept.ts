import type { ReferenceResolver } from '../resolve.js'
import type { CdpEvent, CdpPipe } from './cdp.js'
import type { StaticHost } from './static-host.js'

/**
 * The answer to every request the browser holds (`Fetch.requestPaused`), from every target: the
 * site's own (on its domain, over http or https) is answered from the site's files as a static
 * host answers it (static-host.ts), so pages keep their real address; every other one is failed as
 * blocked by the client (and recorded for the page of the target's tab from the same event:
 * record.ts). A target outside every tab (the browser's own) gets the same answers.
 */

/** Each page asks for its files as on a first visit, and each request reaches the interception: nothing is cached. */
const CACHE_CONTROL = { name: 'cache-control', value: 'no-store' }

export async function answerRequest(
  cdp: CdpPipe,
  host: StaticHost,
  resolver: ReferenceResolver,
  event: CdpEvent
): Promise<void> {
  const requestId = event.params.requestId as string
  const request = event.params.request as { url: string; method: string }
  const url = siteRequestUrl(resolver, request.url)
  try {
    if (url) {
      const answer = await host(request.method, `${url.pathname}${url.search}`)
      const responseHeaders = [{ name: 'content-type', value: answer.contentType }, CACHE_CONTROL]
      await cdp.send(
        'Fetch.fulfillRequest',
        { requestId, responseCode: answer.status, responseHeaders, body: answer.body.toString('base64') },
        event.sessionId
      )
      return
    }
    await cdp.send('Fetch.failRequest', { requestId, errorReason: 'BlockedByClient' }, event.sessionId)
  } catch {
    // The page went away (a navigation, a closed tab) before the answer: nobody waits for it any more.
  }
}

/** A request's URL when it is the site's own, which the pass answers; any other is refused. */
export function siteRequestUrl(resolver: ReferenceResolver, url: string): URL | undefined {
  const parsed = URL.parse(url)
  return parsed && resolver.isSiteHost(parsed) ? parsed : undefined
}
