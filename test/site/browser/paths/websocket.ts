import type { NetworkPath } from './path.ts'

/** WebSockets are not intercepted: they go to the refusing proxy, and the report names them once. */
export const path: NetworkPath = {
  title: 'WebSockets',
  route: 'paths/websocket',
  head: ({ tcp }) => `<script>
new WebSocket('wss://socket.example/live');
new WebSocket('ws://127.0.0.1:${tcp}/live');
</script>`,
  reported: ({ tcp }) => ({
    origins: [
      ['wss://socket.example', 'WebSocket'],
      [`ws://127.0.0.1:${tcp}`, 'WebSocket']
    ]
  })
}
