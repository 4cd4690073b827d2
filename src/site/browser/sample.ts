/**
 * The pages the browser pass loads: `index.html` first, then one page of each top folder in turn
 * (the site's top-level pages counting as one folder), each folder's shallowest pages first, so
 * that a small sample still covers every part of the site. `404.html` is what a host serves for a
 * miss, not a page of the site, and is left out.
 */
export function choosePages(pages: readonly string[], count: number): string[] {
  const chosen = pages.includes('index.html') ? ['index.html'] : []
  const folders = new Map<string, string[]>()
  for (const page of [...pages].sort(byDepthThenName)) {
    if (page === 'index.html' || page === '404.html') continue
    const slash = page.indexOf('/')
    const folder = slash === -1 ? '' : page.slice(0, slash)
    const list = folders.get(folder)
    if (list) list.push(page)
    else folders.set(folder, [page])
  }
  const queues = [...folders.keys()].sort().map((folder) => folders.get(folder) ?? [])
  for (let round = 0; chosen.length < count && queues.some((queue) => round < queue.length); round++) {
    for (const queue of queues) {
      const page = queue[round]
      if (page !== undefined && chosen.length < count) chosen.push(page)
    }
  }
  return chosen.slice(0, count)
}

function byDepthThenName(a: string, b: string): number {
  return depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0)
}

function depth(page: string): number {
  let slashes = 0
  for (const character of page) if (character === '/') slashes++
  return slashes
}
