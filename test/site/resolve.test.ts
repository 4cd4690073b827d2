import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { copyString, ReferenceResolver, SiteFiles } from '../../src/site/resolve.js'

describe('ReferenceResolver', () => {
  const resolver = new ReferenceResolver('docs.acme.dev')
  const page = resolver.pageUrl('guides/setup/index.html')

  it('gives each file the address a browser sees, escaped', () => {
    expect(resolver.pageUrl('guides/a b/café.html')).toBe('https://docs.acme.dev/guides/a%20b/caf%C3%A9.html')
  })

  it.each([
    ['/guides/x', '/guides/x'],
    ['x', '/guides/setup/x'],
    ['./x/', '/guides/setup/x/'],
    ['../x', '/guides/x'],
    ['../../../../x', '/x'],
    ['/guides/x?tab=1#part', '/guides/x'],
    ['/guides/caf%C3%A9', '/guides/café'],
    ['/a%20b.html', '/a b.html'],
    ['/bad%E0%A4-cut-utf8', '/bad%E0%A4-cut-utf8'],
    ['  /trimmed  ', '/trimmed'],
    ['\\guides\\back', '/guides/back'],
    ['https://docs.acme.dev/abs', '/abs'],
    ['http://DOCS.ACME.DEV/plain-http', '/plain-http'],
    ['//docs.acme.dev/protocol-relative', '/protocol-relative'],
    ['?only-a-query', '/guides/setup/index.html']
  ])('%j on guides/setup/index.html is the site path %j', (reference, sitePath) => {
    expect(resolver.resolve(reference, page)).toEqual({ kind: 'internal', path: sitePath })
  })

  it.each([
    ['https://cdn.example.com/a.js', 'https://cdn.example.com'],
    ['//fonts.example.com/f.woff2', 'https://fonts.example.com'],
    ['http://docs.acme.dev:8080/x', 'http://docs.acme.dev:8080'],
    ['https://www.docs.acme.dev/x', 'https://www.docs.acme.dev']
  ])('%j is the other origin %j', (reference, origin) => {
    expect(resolver.resolve(reference, page)).toMatchObject({ kind: 'external', origin })
  })

  it.each([
    '',
    '#top',
    'mailto:docs@acme.dev',
    'tel:+15550100',
    'javascript:void(0)',
    'data:image/png;base64,AA',
    'blob:https://x/1',
    'ftp://files.example/x',
    'http://'
  ])('%j is no reference', (reference) => {
    expect(resolver.resolve(reference, page)).toEqual({ kind: 'none' })
  })

  it('without a domain, resolves relative references and takes every absolute URL for another origin', () => {
    const unknown = new ReferenceResolver(undefined)
    const base = unknown.pageUrl('guides/x.html')
    expect(unknown.resolve('y', base)).toEqual({ kind: 'internal', path: '/guides/y' })
    expect(unknown.resolve('https://docs.acme.dev/y', base)).toMatchObject({
      kind: 'external',
      origin: 'https://docs.acme.dev'
    })
  })

  it('tells whether an absolute URL is on the domain, over http or https', () => {
    expect(resolver.isSiteHost(new URL('https://docs.acme.dev/x'))).toBe(true)
    expect(resolver.isSiteHost(new URL('http://docs.acme.dev/x'))).toBe(true)
    expect(resolver.isSiteHost(new URL('https://undefined.mintlify.app/x'))).toBe(false)
    expect(resolver.isSiteHost(new URL('ftp://docs.acme.dev/x'))).toBe(false)
  })
})

describe('SiteFiles.lookup', () => {
  const site = new SiteFiles('/nonexistent', [
    'index.html',
    'guides/x.html',
    'guides/index.html',
    'assets/app.js',
    'exact',
    'exact.html',
    'a b/café.html'
  ])

  it.each([
    ['/', { file: 'index.html', match: 'index' }],
    ['/assets/app.js', { file: 'assets/app.js', match: 'exact' }],
    ['/guides/x.html', { file: 'guides/x.html', match: 'exact' }],
    ['/guides/x', { file: 'guides/x.html', match: 'html' }],
    ['/guides/', { file: 'guides/index.html', match: 'index' }],
    ['/guides', { file: 'guides/index.html', match: 'index' }],
    ['/exact', { file: 'exact', match: 'exact' }],
    ['/a b/café', { file: 'a b/café.html', match: 'html' }]
  ])('serves %j as a static host would', (sitePath, found) => {
    expect(site.lookup(sitePath)).toEqual(found)
  })

  it.each(['/missing', '/guides/x/', '/Guides/x', '/assets/', '/guides/x.htm'])('answers 404 for %j', (sitePath) => {
    expect(site.lookup(sitePath)).toBeUndefined()
  })
})

describe('SiteFiles with linked folders', () => {
  let root: string
  afterEach(async () => rm(root, { recursive: true, force: true }))

  it('looks a file up on disk only when the site has linked folders, and never outside the site', async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'resolve-test-'))
    await mkdir(path.join(root, 'v2'))
    await writeFile(path.join(root, 'v2/page.html'), '<p>')
    await symlink('v2', path.join(root, 'latest'))
    await writeFile(path.join(root, '..', `${path.basename(root)}-outside.html`), '<p>')
    const listed = ['v2/page.html']
    expect(new SiteFiles(root, listed, false).lookup('/latest/page')).toBeUndefined()
    const linked = new SiteFiles(root, listed, true)
    expect(linked.lookup('/latest/page')).toEqual({ file: 'latest/page.html', match: 'html' })
    expect(linked.lookup(`/../${path.basename(root)}-outside`)).toBeUndefined()
    await rm(path.join(root, '..', `${path.basename(root)}-outside.html`))
  })
})

describe('copyString', () => {
  it('returns an equal string', () => {
    const page = `<a href="/a-long-enough-reference">${'x'.repeat(1000)}`
    expect(copyString(page.slice(9, 33))).toBe('/a-long-enough-reference')
  })
})
