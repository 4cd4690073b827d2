import type { NetworkPath } from './path.ts'

/** Names looked up: DNS prefetch, preconnect, and a request to a name; no lookup may leave the machine. */
export const path: NetworkPath = {
  title: 'DNS: prefetch, preconnect and a request by name',
  route: 'paths/dns',
  head: () => `<link rel="dns-prefetch" href="//dns-prefetch.example">
<link rel="preconnect" href="https://preconnect.example">
<script>fetch('https://lookup.example/q').catch(() => {})</script>`,
  reported: () => ({ origins: [['https://lookup.example', 'Fetch']] })
}
