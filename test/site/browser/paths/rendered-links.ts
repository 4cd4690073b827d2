import type { NetworkPath } from './path.ts'

/** Links that only a script adds: broken, and missed, because the static check reads the HTML alone. */
export const path: NetworkPath = {
  title: 'links and an image added by a script',
  route: 'paths/rendered-links',
  head: () => `<script>
addEventListener('DOMContentLoaded', () => {
  const menu = document.createElement('nav');
  menu.innerHTML = '<a href="/guides/added-by-script">Added</a> <a href="../missing/second#part">Second</a> <a href="/">Home</a>';
  const image = document.createElement('img');
  image.src = '/images/added-missing.png';
  document.body.append(menu, image);
});
</script>`,
  reported: () => ({
    missing: [
      ['/guides/added-by-script', ['rendered-page']],
      ['/missing/second', ['rendered-page']],
      ['/images/added-missing.png', ['rendered-page', 'request']]
    ]
  })
}
