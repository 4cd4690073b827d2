// undici's own modules, imported one by one so that the bundle carries only what the action uses,
// not undici's whole index (fetch, WebSocket, cache, mocks). undici ships types for its index only;
// these declare the parts with the index's types.

declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici'
  /** `Dispatcher.prototype.request`, which only undici's index attaches to the prototype. */
  export default function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>
}

declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici'
  export default EnvHttpProxyAgent
}
