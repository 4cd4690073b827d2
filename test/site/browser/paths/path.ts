import type { ArchiveEntry } from '../../../emulator/archives.ts'

/** Where a page aims inside the machine: a TCP and a UDP port on 127.0.0.1 of its own, where nothing may arrive. */
export interface Canaries {
  tcp: number
  udp: number
}

/** What the report's `browser` section must hold for the page of a path. */
interface Reported {
  /** Origins the page reached, each with a resource type it was reached with. */
  origins?: [origin: string, type: string][]
  /** Paths of the site the page asked for or linked to, and how the pass found each. */
  missing?: [path: string, foundBy: string[]][]
}

/**
 * One way out of the browser that a page tries. test/browser-containment.e2e.test.ts loads a site
 * with the page of every path: on the machine's own network, where the page's loopback canaries
 * must hear nothing, and in a network namespace with only loopback, where no packet may go
 * anywhere but to the action's own servers. Each file of this folder is one path.
 */
export interface NetworkPath {
  title: string
  /** The page's route: its file is `<route>.html`. */
  route: string
  /** Markup for the page's head: what it tries. */
  head(canaries: Canaries): string
  /** Files the page needs besides itself. */
  files?(canaries: Canaries): ArchiveEntry[]
  reported(canaries: Canaries): Reported
}
