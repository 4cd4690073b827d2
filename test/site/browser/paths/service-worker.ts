import type { NetworkPath } from './path.ts'

/**
 * A service worker registered as the page starts raced its attachment: its script, its imported
 * scripts and its requests escaped the interception.
 */
export const path: NetworkPath = {
  title: 'a service worker, registered at once',
  route: 'paths/service-worker',
  head: () => "<script>navigator.serviceWorker.register('/paths/sw/worker.js', { scope: '/paths/sw/' })</script>",
  files: ({ tcp }) => [
    {
      name: 'paths/sw/worker.js',
      content: `importScripts('/paths/sw/helper.js');
fetch('http://127.0.0.1:${tcp}/from-service-worker').catch(() => {});
fetch('https://service-worker.example/x').catch(() => {});
self.addEventListener('install', () => fetch('https://service-worker.example/install').catch(() => {}));
`
    },
    { name: 'paths/sw/helper.js', content: 'self.helperLoaded = true\n' }
  ],
  reported: ({ tcp }) => ({
    origins: [
      [`http://127.0.0.1:${tcp}`, 'Fetch'],
      ['https://service-worker.example', 'Fetch']
    ]
  })
}
