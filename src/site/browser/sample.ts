import { depthOf, inTurnByTopFolder } from '../../core/spread.js'
/**
 * The pages the browser pass loads. `index.html` first; then, when the static check says which set
 * of scripts, iframes and embeds each page has (script-sets.ts), one page of every set not yet
 * covered; then the rest of the spread: one page of each top folder in turn (the site's top-level
 * pages counting as one folder), each folder's shallowest pages first, so that a small sample still
 * covers every part of the site. `404.html` is what a host serves for a miss, not a page of the
 * site, and is left out.
 */
export function choosePages(
  pages: readonly string[],
  count: number,
  setOf: (page: string) => number | undefined = () => undefined
): string[] {
  const spread = spreadOrder(pages)
  const chosen = new Set(spread.slice(0, spread[0] === 'index.html' ? 1 : 0))
  const covered = new Set([...chosen].map(setOf))
  for (const page of spread) {
    if (chosen.size >= count) break
    const set = setOf(page)
    if (set === undefined || covered.has(set)) continue
    covered.add(set)
    chosen.add(page)
  }
  for (const page of spread) {
    if (chosen.size >= count) break
    chosen.add(page)
  }
  return [...chosen].slice(0, count)
}

/** How many distinct sets the pages have. */
export function countSets(pages: Iterable<string>, setOf: (page: string) => number | undefined): number {
  const sets = new Set<number>()
  for (const page of pages) {
    const set = setOf(page)
    if (set !== undefined) sets.add(set)
  }
  return sets.size
}

/** Every page but 404.html, in the order of the spread: index.html, then the top folders in turn. */
function spreadOrder(pages: readonly string[]): string[] {
  const rest = [...pages].sort(byDepthThenName).filter((page) => page !== 'index.html' && page !== '404.html')
  const spread = inTurnByTopFolder(rest, (page) => page, { sortFolders: true })
  return pages.includes('index.html') ? ['index.html', ...spread] : spread
}

function byDepthThenName(a: string, b: string): number {
  return depthOf(a) - depthOf(b) || (a < b ? -1 : a > b ? 1 : 0)
}
