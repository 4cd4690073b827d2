import { describe, expect, it } from 'vitest'
import { SiteTree } from '../../src/archive/site-tree.js'
import { refusal } from '../support/refusal.ts'

/** A tree with these entries; a link is `name -> target`, a folder ends with `/`. */
function treeOf(...entries: string[]): SiteTree {
  const tree = new SiteTree()
  for (const entry of entries) {
    const [name = '', target] = entry.split(' -> ')
    const parts = name.replace(/\/$/, '').split('/')
    tree.addFolders(parts, name)
    const key = parts.join('/')
    if (target !== undefined) tree.addLink(key, parts.slice(0, -1), target.split('/'), name)
    else tree.claim(key, name.endsWith('/') ? 'directory' : 'file', name)
  }
  return tree
}

describe('SiteTree.resolve', () => {
  it('follows a link to a folder and back up', () => {
    const tree = treeOf('guides/a.html', 'latest -> guides')
    expect(tree.resolve([], ['latest', 'a.html'])).toEqual({
      outcome: 'inside',
      path: ['guides', 'a.html'],
      found: 'file'
    })
    expect(tree.resolve(['guides'], ['..', 'latest', '..', 'guides'])).toEqual({
      outcome: 'inside',
      path: ['guides'],
      found: 'directory'
    })
  })

  it('resolves `..` after a link from where the link leads, as the OS does, not from where it is written', () => {
    // Read as text, deep/up/.. is deep; on disk, up leads to the top, and .. from there leaves the site.
    const tree = treeOf('deep/x/', 'deep/up -> ..')
    expect(tree.resolve([], ['deep', 'up', '..'])).toEqual({ outcome: 'outside', ups: 1, rest: [] })
  })

  it('follows the chain self -> ., u1 -> self/.., … out of the site', () => {
    const tree = treeOf('self -> .')
    expect(tree.resolve([], ['self', '..'])).toEqual({ outcome: 'outside', ups: 1, rest: [] })
    tree.addLink('u1', [], ['self', '..'], 'u1')
    tree.addLink('u2', [], ['u1', '..'], 'u2')
    expect(tree.resolve([], ['u2', 'etc', 'passwd'])).toEqual({ outcome: 'outside', ups: 2, rest: ['etc', 'passwd'] })
  })

  it('takes a missing part as it reads, so a `..` after it still counts', () => {
    const tree = treeOf('index.html')
    expect(tree.resolve([], ['missing', '..', 'index.html'])).toEqual({
      outcome: 'inside',
      path: ['index.html'],
      found: 'file'
    })
    expect(tree.resolve([], ['missing', '..', '..'])).toEqual({ outcome: 'outside', ups: 1, rest: [] })
    expect(tree.resolve([], ['missing'])).toEqual({ outcome: 'inside', path: ['missing'], found: 'nothing' })
  })

  it('refuses to guess through a part spelled differently from an existing entry, as case-insensitive systems would follow it', () => {
    // On macOS and Windows sub/U is the link sub/u, and x leads above the site; on Linux it does not exist.
    const tree = treeOf('sub/', 'sub/u -> ..')
    expect(tree.resolve([], ['sub', 'U', '..', '..'])).toEqual({
      outcome: 'respelled',
      spelled: 'sub/U',
      existing: 'sub/u'
    })
    const composed = treeOf('caf\u00e9/')
    expect(composed.resolve([], ['cafe\u0301', 'x'])).toEqual({
      outcome: 'respelled',
      spelled: 'cafe\u0301',
      existing: 'caf\u00e9'
    })
  })

  it('finds a target outside that leaves the site when read as text, as Windows reads `..` without following links', () => {
    // Following l, l/../.. is the top; read as text, it is one folder above the site.
    const tree = treeOf('a/b/', 'l -> a/b')
    expect(tree.resolve([], ['l', '..', '..'])).toEqual({ outcome: 'outside', ups: 1, rest: [] })
  })

  it('reports a loop', () => {
    const tree = treeOf('a -> b', 'b -> a')
    expect(tree.resolve([], ['a'])).toEqual({ outcome: 'loop' })
  })

  it('judges against a root below the top when one is given', () => {
    const tree = treeOf('wrapper/index.html', 'wrapper/up -> ..', '.hidden')
    expect(tree.resolve(['wrapper'], ['..', '.hidden'])).toEqual({
      outcome: 'inside',
      path: ['.hidden'],
      found: 'file'
    })
    expect(tree.resolve(['wrapper'], ['..', '.hidden'], ['wrapper'])).toEqual({
      outcome: 'outside',
      ups: 1,
      rest: ['.hidden']
    })
  })

  it('lists the links under a folder', () => {
    const tree = treeOf('a -> b', 'w/c -> d', 'wx/e -> f')
    expect([...tree.linksUnder(['w'])].map((link) => link.key)).toEqual(['w/c'])
    expect([...tree.linksUnder([])].map((link) => link.key)).toEqual(['a', 'w/c', 'wx/e'])
  })
})

describe('SiteTree: names', () => {
  it('lets a folder be listed again', () => {
    const tree = treeOf('guides/', 'guides/a.html')
    expect(tree.claim('guides', 'directory', 'guides/')).toBe(false)
  })

  it.each([
    ['index.html', 'file', 'entry "index.html" has the same name, already used by a file'],
    [
      'Index.html',
      'file',
      'entry "Index.html" has a name that macOS and Windows do not tell apart from "index.html", already used by a file'
    ],
    ['index.html', 'directory', 'entry "index.html" has the same name, already used by a file'],
    ['guides', 'file', 'entry "guides" has the same name, already used by a folder'],
    [
      'GUIDES',
      'directory',
      'entry "GUIDES" has a name that macOS and Windows do not tell apart from "guides", already used by a folder'
    ]
  ] as const)('refuses %s as a %s once the name is taken', (name, type, message) => {
    const tree = treeOf('index.html', 'guides/')
    const error = refusal(() => tree.claim(name, type, name))
    expect(error.rule).toBe('duplicate')
    expect(error.message).toBe(message)
  })

  it('refuses to write through a link, even one that stays inside', () => {
    const tree = treeOf('guides/', 'latest -> guides')
    const error = refusal(() => tree.addFolders(['latest', 'evil.html'], 'latest/evil.html'))
    expect(error.rule).toBe('through-link')
    expect(error.message).toBe('entry "latest/evil.html" would be written through the link "latest"')
  })

  it('refuses to write under a file', () => {
    const error = refusal(() => treeOf('index.html').addFolders(['index.html', 'x'], 'index.html/x'))
    expect(error.rule).toBe('duplicate')
    expect(error.message).toBe('entry "index.html/x" would be written under "index.html", which is not a folder')
  })

  it('adds the folders that are missing, and only those', () => {
    const tree = treeOf('a/')
    expect(tree.addFolders(['a', 'b', 'c', 'page.html'], 'a/b/c/page.html')).toEqual(['a/b', 'a/b/c'])
    expect(tree.type('a/b/c')).toBe('directory')
    expect(tree.topNames()).toEqual(['a'])
  })
})
