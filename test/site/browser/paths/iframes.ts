import type { NetworkPath } from './path.ts'

/** Frames of the site's own, one from a file and one written inline, each reaching out, one through a worker of its own. */
export const path: NetworkPath = {
  title: 'frames of the site that reach out, and a worker of a frame',
  route: 'paths/iframes',
  head: () => `<script>
addEventListener('DOMContentLoaded', () => {
  const framed = document.createElement('iframe');
  framed.src = '/paths/iframes/framed.html';
  const inline = document.createElement('iframe');
  inline.srcdoc = "<script>fetch('https://srcdoc-frame.example/x').catch(() => {})<\\/script>";
  document.body.append(framed, inline);
});
</script>`,
  files: ({ tcp }) => [
    {
      name: 'paths/iframes/framed.html',
      content: `<!doctype html><html><head><title>Framed</title><script>
fetch('https://framed.example/x').catch(() => {});
new Worker('/paths/iframes/worker.js');
</script></head><body></body></html>
`
    },
    {
      name: 'paths/iframes/worker.js',
      content: `fetch('http://127.0.0.1:${tcp}/from-a-frame-worker').catch(() => {})\n`
    }
  ],
  reported: ({ tcp }) => ({
    origins: [
      ['https://srcdoc-frame.example', 'Fetch'],
      ['https://framed.example', 'Fetch'],
      [`http://127.0.0.1:${tcp}`, 'Fetch']
    ]
  })
}
