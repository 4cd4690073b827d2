import type { NetworkPath } from './path.ts'

/** `<a download>` left files in ~/Downloads after the run. */
export const path: NetworkPath = {
  title: 'a download',
  route: 'paths/download',
  head: () => `<script>
addEventListener('DOMContentLoaded', () => {
  const link = document.createElement('a');
  link.href = '/paths/files/report.csv';
  link.download = 'report.csv';
  document.body.append(link);
  link.click();
  const blob = document.createElement('a');
  blob.href = URL.createObjectURL(new Blob(['made by a script'], { type: 'text/plain' }));
  blob.download = 'made-by-a-script.txt';
  document.body.append(blob);
  blob.click();
});
</script>`,
  files: () => [{ name: 'paths/files/report.csv', content: 'a,b\n1,2\n' }],
  reported: () => ({})
}
