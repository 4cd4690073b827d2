import type { NetworkPath } from './path.ts'

/** WebTransport runs over QUIC, on UDP: no proxy carries it. */
export const path: NetworkPath = {
  title: 'WebTransport',
  route: 'paths/webtransport',
  head: ({ udp }) => `<script>
for (const url of ['https://127.0.0.1:${udp}/session', 'https://webtransport.example:4433/session']) {
  try { new WebTransport(url).ready.catch(() => {}) } catch {}
}
</script>`,
  reported: ({ udp }) => ({
    origins: [
      [`https://127.0.0.1:${udp}`, 'WebTransport'],
      ['https://webtransport.example:4433', 'WebTransport']
    ]
  })
}
