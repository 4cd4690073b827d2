import { collisionKey, MAX_LINK_HOPS, refuseDuplicate, refuseThroughLink, refuseUnderFile } from './policy.js'

/**
 * What has been unpacked so far, in memory: the writer consults it before touching the disk, so
 * that nothing is written through a link and links are resolved the way the OS would, against
 * what really exists. Keys are the entries' path parts joined by `/`; the site's top is `''`.
 */

export type NodeType = 'directory' | 'file' | 'symlink'

interface Link {
  key: string
  folder: string[]
  target: string[]
  /** The entry's name in the archive, for messages. */
  name: string
}

export type Resolution =
  | { outcome: 'inside'; path: string[]; found: NodeType | 'nothing' }
  /** Out through `ups` folders above the site, then down `rest`. */
  | { outcome: 'outside'; ups: number; rest: string[] }
  | { outcome: 'loop' }
  /** Through `spelled`, which macOS and Windows read as the existing entry `existing`, and Linux does not. */
  | { outcome: 'respelled'; spelled: string; existing: string }

export class SiteTree {
  /** By collision key (policy.collisionKey): the entry that took the name. */
  private readonly nodes = new Map<string, { key: string; type: NodeType }>([['', { key: '', type: 'directory' }]])
  private readonly links = new Map<string, Link>()
  private readonly top = new Set<string>()

  type(key: string): NodeType | undefined {
    const node = this.nodes.get(collisionKey(key))
    return node?.key === key ? node.type : undefined
  }

  /**
   * Checks that every folder above `parts` is a real folder, adding those that are missing to the
   * tree; returns the ones added, in order, for the writer to create.
   */
  addFolders(parts: string[], name: string): string[] {
    const added: string[] = []
    let key = ''
    for (let i = 0; i < parts.length - 1; i++) {
      key = i === 0 ? parts[0] : `${key}/${parts[i]}`
      const type = this.type(key)
      if (type === 'directory') continue
      if (type === 'symlink') refuseThroughLink(name, key)
      if (type === 'file') refuseUnderFile(name, key)
      this.claim(key, 'directory', name)
      added.push(key)
    }
    return added
  }

  /**
   * Records an entry at `key`. A name may be taken once; a folder may be listed again, which
   * returns false (nothing to create).
   */
  claim(key: string, type: NodeType, name: string): boolean {
    const collision = collisionKey(key)
    const earlier = this.nodes.get(collision)
    if (earlier !== undefined) {
      if (type === 'directory' && earlier.key === key && earlier.type === 'directory') return false
      refuseDuplicate(name, earlier.key === key, earlier.key, earlier.type === 'directory' ? 'folder' : earlier.type)
    }
    this.nodes.set(collision, { key, type })
    if (!key.includes('/')) this.top.add(key)
    return true
  }

  addLink(key: string, folder: string[], target: string[], name: string): void {
    this.claim(key, 'symlink', name)
    this.links.set(key, { key, folder, target, name })
  }

  /** The links at or under `root`. */
  *linksUnder(root: string[]): Generator<Link> {
    const prefix = root.length === 0 ? '' : `${root.join('/')}/`
    for (const link of this.links.values()) if (link.key.startsWith(prefix)) yield link
  }

  /** The names at the site's top. */
  topNames(): string[] {
    return [...this.top]
  }

  /**
   * Where `target`, read from the folder `from`, leads: through the links in the tree (chains
   * included) as the OS would, or out of `root`. A part that does not exist (yet) is taken as it
   * reads, so a `..` after it still counts. The target must also stay inside when read as text,
   * as Windows reads a `..` without following the links before it; and a part spelled differently
   * from an existing entry (`U` for `u`) is an answer of its own, since case-insensitive systems
   * follow what case-sensitive ones do not.
   */
  resolve(from: string[], target: string[], root: string[] = []): Resolution {
    const asText = this.walk(from, target, root, false)
    if (asText.outcome === 'outside') return asText
    return this.walk(from, target, root, true)
  }

  private walk(from: string[], target: string[], root: string[], followLinks: boolean): Resolution {
    const at = [...from]
    const pending = [...target].reverse()
    let hops = 0
    let outside: { ups: number; rest: string[] } | undefined
    while (pending.length > 0) {
      const part = pending.pop() as string
      if (part === '' || part === '.') continue
      if (outside) {
        if (part !== '..') outside.rest.push(part)
        else if (outside.rest.length > 0) outside.rest.pop()
        else outside.ups++
        continue
      }
      if (part === '..') {
        if (at.length <= root.length) outside = { ups: 1, rest: [] }
        else at.pop()
        continue
      }
      at.push(part)
      if (!followLinks) continue
      const key = at.join('/')
      const existing = this.nodes.get(collisionKey(key))?.key
      if (existing !== undefined && existing !== key) return { outcome: 'respelled', spelled: key, existing }
      const link = this.links.get(key)
      if (link) {
        if (++hops > MAX_LINK_HOPS) return { outcome: 'loop' }
        at.pop()
        for (let i = link.target.length - 1; i >= 0; i--) pending.push(link.target[i])
      }
    }
    if (outside) return { outcome: 'outside', ...outside }
    return { outcome: 'inside', path: at, found: this.type(at.join('/')) ?? 'nothing' }
  }
}
