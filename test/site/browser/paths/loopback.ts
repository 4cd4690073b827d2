import type { NetworkPath } from './path.ts'

/** Loopback went straight past the proxy (Chromium's implicit bypass), to any port of the machine. */
export const path: NetworkPath = {
  title: 'loopback addresses on another port',
  route: 'paths/loopback',
  head: ({ tcp }) => `<script>
fetch('http://127.0.0.1:${tcp}/by-address').catch(() => {});
fetch('http://localhost:${tcp}/by-name').catch(() => {});
fetch('http://[::1]:${tcp}/over-ipv6').catch(() => {});
new EventSource('http://127.0.0.1:${tcp}/events');
</script>`,
  reported: ({ tcp }) => ({
    origins: [
      [`http://127.0.0.1:${tcp}`, 'Fetch'],
      [`http://127.0.0.1:${tcp}`, 'EventSource'],
      [`http://localhost:${tcp}`, 'Fetch'],
      [`http://[::1]:${tcp}`, 'Fetch']
    ]
  })
}
