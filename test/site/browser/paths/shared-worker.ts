import type { NetworkPath } from './path.ts'

/** A shared worker is no target of its page: its requests escaped the page's interception. */
export const path: NetworkPath = {
  title: 'a shared worker',
  route: 'paths/shared-worker',
  head: () => "<script>new SharedWorker('/paths/shared-worker.js')</script>",
  files: ({ tcp }) => [
    {
      name: 'paths/shared-worker.js',
      content: `fetch('http://127.0.0.1:${tcp}/from-shared-worker').catch(() => {});
fetch('https://shared-worker.example/x').catch(() => {});
`
    }
  ],
  reported: ({ tcp }) => ({
    origins: [
      [`http://127.0.0.1:${tcp}`, 'Fetch'],
      ['https://shared-worker.example', 'Fetch']
    ]
  })
}
