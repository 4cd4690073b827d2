import type { NetworkPath } from './path.ts'

/**
 * A dedicated worker's requests, and a worker started by it. The nested worker's script is
 * fetched where no interception holds it (a dedicated worker has no Fetch domain of its own): the
 * tab's proxy refuses it, so the nested worker never runs, and nothing it would send is sent.
 */
export const path: NetworkPath = {
  title: 'a dedicated worker, and a worker of its own',
  route: 'paths/dedicated-worker',
  head: () => "<script>new Worker('/paths/worker.js')</script>",
  files: ({ tcp }) => [
    {
      name: 'paths/worker.js',
      content: `fetch('https://dedicated-worker.example/x').catch(() => {});
new Worker('/paths/nested-worker.js');
`
    },
    { name: 'paths/nested-worker.js', content: `fetch('http://127.0.0.1:${tcp}/from-nested-worker').catch(() => {})\n` }
  ],
  reported: () => ({ origins: [['https://dedicated-worker.example', 'Fetch']] })
}
