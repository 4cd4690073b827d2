import { startNginx as startStaticHost, type StaticHost } from '../../test/support/nginx.ts'

/**
 * nginx as the benchmark's storage host: it serves the archives with sendfile(2), so the bytes go
 * from the page cache to the socket in the kernel and the host costs almost no CPU on the two cores
 * it shares with the client under test. The emulator issues the bundle links (its `storageBaseUrl`
 * option) and nginx serves them: `/static-exports/<job id>/<name>` is the file `<name>` of the folder
 * given. test/support/nginx.ts starts it.
 */

export { findNginx, type ServedRequest, type StaticHost } from '../../test/support/nginx.ts'

export const NGINX_MISSING =
  'the download figure serves the archives with nginx, a static host that costs the two cores almost nothing, ' +
  'so that the figure compares the clients and not the host; none was found. Install it (Debian or Ubuntu: ' +
  '`sudo apt-get install nginx-light`; macOS: `brew install nginx`) or name the binary in BENCH_NGINX.'

export function startNginx(binary: string, root: string, workDir: string): Promise<StaticHost> {
  return startStaticHost(
    binary,
    `location ~ ^/static-exports/[^/]+/(?<name>[^/]+)$ {
      alias ${root}/$name;
    }`,
    workDir
  )
}
