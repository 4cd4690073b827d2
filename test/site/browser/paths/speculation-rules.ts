import type { NetworkPath } from './path.ts'

/** A page without a script, only speculation rules, sent full GETs to another port past the interception. */
export const path: NetworkPath = {
  title: 'speculation rules: prefetch and prerender',
  route: 'paths/speculation-rules',
  head: ({ tcp }) => `<script type="speculationrules">
{"prefetch": [{"source": "list", "urls": ["http://127.0.0.1:${tcp}/prefetched", "https://prefetch.example/next"]}],
 "prerender": [{"source": "list", "urls": ["http://127.0.0.1:${tcp}/prerendered"]}]}
</script>`,
  reported: ({ tcp }) => ({
    origins: [
      [`http://127.0.0.1:${tcp}`, 'Prefetch'],
      [`http://127.0.0.1:${tcp}`, 'Prerender'],
      ['https://prefetch.example', 'Prefetch']
    ]
  })
}
