import type { HtmlReference } from '../html.js'
import type { Target } from '../resolve.js'

/**
 * Each page's set of scripts, iframes and embeds, gathered while the static check reads the site,
 * so that the browser pass can load a page of every set: the API reference pages with scripts of
 * their own, the one page with a video embed, are what a spread over the folders can miss.
 *
 * A script counts by its address without query (the same bundle on every page is one member), an
 * iframe or an embed by its origin (every video of one host is one member); an iframe or an embed
 * of the site is one member, whatever page it shows.
 */

const COUNTED: Record<string, 'address' | 'origin'> = {
  'script[src]': 'address',
  'iframe[src]': 'origin',
  'embed[src]': 'origin',
  'object[data]': 'origin'
}

/** The sets, once each, and each page's set as its index in `sets`. */
export interface ScriptSetSnapshot {
  sets: string[]
  pages: [page: string, set: number][]
}

/**
 * The sets of the pages read so far; a worker thread's are merged into the main thread's as they
 * are (`parts()`), and put in order once, on the main thread (`snapshot()`). The static check keeps
 * them only when the browser pass will run.
 */
export class ScriptSetTally {
  private current = new Set<string>()
  private readonly ids = new Map<string, number>()
  private readonly sets: string[] = []
  private readonly pages: [string, number][] = []

  /** A reference of the page being read, where the static check resolved it. */
  note(reference: HtmlReference, target: Target): void {
    const counted = COUNTED[reference.source]
    if (!counted || target.kind === 'none') return
    const tag = reference.source.slice(0, reference.source.indexOf('['))
    if (target.kind === 'internal') this.current.add(counted === 'address' ? `${tag} ${target.path}` : `${tag} (site)`)
    else if (counted === 'origin') this.current.add(`${tag} ${target.origin}`)
    else this.current.add(`${tag} ${target.url.replace(/[?#].*$/s, '')}`)
  }

  /** The page whose references were noted is read. */
  endPage(page: string): void {
    const set = [...this.current].sort().join('\n')
    this.current = new Set()
    this.pages.push([page, this.idOf(set)])
  }

  /** The sets and pages as they were read, in no order: what a worker thread sends to be merged. */
  parts(): ScriptSetSnapshot {
    return { sets: this.sets, pages: this.pages }
  }

  /**
   * The pages by name, and the sets numbered in the order of the pages that have them: the same
   * whichever threads read which pages.
   */
  snapshot(): ScriptSetSnapshot {
    const pages = this.pages
      .map(([page, set]): [string, number] => [page, set])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    const renumbered = new Map<number, number>()
    const sets: string[] = []
    for (const entry of pages) {
      let id = renumbered.get(entry[1])
      if (id === undefined) {
        id = sets.length
        renumbered.set(entry[1], id)
        sets.push(this.sets[entry[1]] ?? '')
      }
      entry[1] = id
    }
    return { sets, pages }
  }

  merge(other: ScriptSetSnapshot): void {
    for (const [page, set] of other.pages) this.pages.push([page, this.idOf(other.sets[set] ?? '')])
  }

  private idOf(set: string): number {
    let id = this.ids.get(set)
    if (id === undefined) {
      id = this.sets.length
      this.ids.set(set, id)
      this.sets.push(set)
    }
    return id
  }
}
