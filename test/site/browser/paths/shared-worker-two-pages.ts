import type { NetworkPath } from './path.ts'

/**
 * Two pages that start one shared worker: the worker's requests counted for whichever tab's page
 * started it first, and the other page had none. Each page now counts what the worker did.
 */
export const path: NetworkPath = {
  title: 'a shared worker that two pages start',
  route: 'paths/shared-worker-two-pages',
  head: () => "<script>new SharedWorker('/paths/two-pages/worker.js')</script>",
  files: ({ tcp }) => [
    {
      name: 'paths/two-pages/second.html',
      content: `<!doctype html><html><head><title>Second</title><script>new SharedWorker('/paths/two-pages/worker.js')</script></head><body></body></html>\n`
    },
    {
      name: 'paths/two-pages/worker.js',
      content: `fetch('http://127.0.0.1:${tcp}/from-a-worker-of-two-pages').catch(() => {});
onconnect = () => fetch('https://two-pages.example/connected').catch(() => {});
`
    }
  ],
  reported: ({ tcp }) => ({
    origins: [
      [`http://127.0.0.1:${tcp}`, 'Fetch'],
      ['https://two-pages.example', 'Fetch']
    ]
  })
}
