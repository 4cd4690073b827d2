import type { NetworkPath } from './path.ts'

/**
 * Windows opened without a click. A full browser blocks them; the headless shell opened them as
 * tabs of their own, whose requests counted for whatever page their opener's tab had loaded by
 * then. Now none opens in either (the pass closes each before it loads anything), and each is
 * reported as the attempt it is.
 */
export const path: NetworkPath = {
  title: 'windows opened by a script and by a link',
  route: 'paths/popup',
  head: ({ tcp }) => `<script>
window.open('https://popup.example/x');
window.open('http://127.0.0.1:${tcp}/popup');
window.open('/paths/popup/opened.html', 'opened', 'noopener');
addEventListener('DOMContentLoaded', () => {
  const link = document.createElement('a');
  link.href = 'https://link-popup.example/x';
  link.target = '_blank';
  document.body.append(link);
  link.click();
});
</script>`,
  files: ({ tcp }) => [
    {
      name: 'paths/popup/opened.html',
      content: `<!doctype html><html><head><title>Opened</title><script>fetch('http://127.0.0.1:${tcp}/from-opened-window').catch(() => {})</script></head><body></body></html>\n`
    }
  ],
  reported: ({ tcp }) => ({
    origins: [
      ['https://popup.example', 'Popup'],
      [`http://127.0.0.1:${tcp}`, 'Popup'],
      ['https://link-popup.example', 'Popup']
    ]
  })
}
