import type { NetworkPath } from './path.ts'

/**
 * A service worker whose script is busy for a while before it makes its requests: the page had
 * no request open and nothing scheduled, and was taken as settled before the worker's requests
 * were made (a loaded machine made any service worker this slow).
 */
export const path: NetworkPath = {
  title: 'a service worker that is slow to start',
  route: 'paths/service-worker-slow',
  head: () =>
    "<script>navigator.serviceWorker.register('/paths/sw-slow/worker.js', { scope: '/paths/sw-slow/' })</script>",
  files: ({ tcp }) => [
    {
      name: 'paths/sw-slow/worker.js',
      content: `const started = Date.now();
while (Date.now() - started < 400) {}
fetch('http://127.0.0.1:${tcp}/from-slow-service-worker').catch(() => {});
fetch('https://slow-service-worker.example/x').catch(() => {});
`
    }
  ],
  reported: ({ tcp }) => ({
    origins: [
      [`http://127.0.0.1:${tcp}`, 'Fetch'],
      ['https://slow-service-worker.example', 'Fetch']
    ]
  })
}
