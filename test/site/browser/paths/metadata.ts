import type { NetworkPath } from './path.ts'

/** The cloud metadata address is link-local: Chromium sent it past the proxy too. */
export const path: NetworkPath = {
  title: 'the cloud metadata address',
  route: 'paths/metadata',
  head: () => `<script>
fetch('http://169.254.169.254/latest/meta-data/').catch(() => {});
navigator.sendBeacon('http://169.254.169.254/beacon', 'x');
new WebSocket('ws://169.254.169.254/socket');
</script>`,
  reported: () => ({
    origins: [
      ['http://169.254.169.254', 'Fetch'],
      ['http://169.254.169.254', 'Ping'],
      ['ws://169.254.169.254', 'WebSocket']
    ]
  })
}
