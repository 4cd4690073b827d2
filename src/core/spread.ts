/**
 * A spread over a site's folders: one item of each top folder in turn (the top level's own files
 * counting as one folder), so that the first few items cover every part of the site. The
 * deployment check samples its files this way, the browser pass its pages.
 */

/** How deep `path` (`/`-separated) lies: its number of slashes. */
export function depthOf(path: string): number {
  let slashes = 0
  for (const character of path) if (character === '/') slashes++
  return slashes
}

/**
 * `items` taken one of each top folder per round, in their given order within each folder; the
 * folders in the order they first appear, or sorted with `sortFolders`.
 */
export function inTurnByTopFolder<T>(
  items: readonly T[],
  pathOf: (item: T) => string,
  { sortFolders }: { sortFolders: boolean }
): T[] {
  const folders = new Map<string, T[]>()
  for (const item of items) {
    const path = pathOf(item)
    const slash = path.indexOf('/')
    const folder = slash === -1 ? '' : path.slice(0, slash)
    const queue = folders.get(folder)
    if (queue) queue.push(item)
    else folders.set(folder, [item])
  }
  const names = sortFolders ? [...folders.keys()].sort() : [...folders.keys()]
  const queues = names.map((name) => folders.get(name) ?? [])
  const order: T[] = []
  for (let round = 0; queues.some((queue) => round < queue.length); round++) {
    for (const queue of queues) {
      const item = queue[round]
      if (item !== undefined) order.push(item)
    }
  }
  return order
}
