import type { NetworkPath } from './path.ts'

/** Images, scripts and frames that a script adds, from other origins. */
export const path: NetworkPath = {
  title: 'an image, a script and a frame added by a script',
  route: 'paths/subresources',
  head: () => `<script>
addEventListener('DOMContentLoaded', () => {
  const image = document.createElement('img'); image.src = 'https://images.example/a.png';
  const script = document.createElement('script'); script.src = 'https://scripts.example/a.js';
  const frame = document.createElement('iframe'); frame.src = 'https://frames.example/embed';
  document.body.append(image, script, frame);
});
</script>`,
  reported: () => ({
    origins: [
      ['https://images.example', 'Image'],
      ['https://scripts.example', 'Script'],
      ['https://frames.example', 'Document']
    ]
  })
}
