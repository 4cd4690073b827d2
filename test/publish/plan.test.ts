import { describe, expect, it } from 'vitest'
import type { ContentFile } from '../../src/deployment/sample.js'
import { planPublish, routeCopies, tooManyRemoved, type Plan, type PlanInput } from '../../src/publish/plan.js'
import type { PublishRecord, RetainedObject } from '../../src/publish/record.js'

/**
 * The plan of a publish, from the site, the last record and the listing of PREFIX: what goes up
 * and in which phase, what stays, what is deleted or kept, and what is not the action's.
 */

const sha = (text: string): string => Buffer.from(text.padEnd(32, '.')).toString('hex').slice(0, 64)

function site(files: Record<string, string>): ContentFile[] {
  return Object.entries(files).map(([path, content]) => ({
    path,
    size: content.length,
    sha256: sha(content),
    source: path
  }))
}

/** What a publish of `files` recorded, with the ETag `etag-<path>` for each, and its pages' route copies. */
function published(
  files: Record<string, string>,
  serial = 1,
  retained: RetainedObject[] = [],
  copies: Record<string, string> = {}
): PublishRecord {
  return {
    serial,
    files: new Map(
      Object.entries(files).map(([path, content]) => [path, { path, sha256: sha(content), etag: `etag-${path}` }])
    ),
    retained: new Map(retained.map((object) => [object.path, object])),
    routes: new Map(
      Object.entries(copies).map(([path, content]) => [path, { path, sha256: sha(content), etag: `etag-${path}` }])
    )
  }
}

/** The bucket holding what `record` says, and `extra` objects besides. */
function listingOf(record: PublishRecord | undefined, extra: Record<string, string> = {}): Map<string, string> {
  const objects = [
    ...(record?.files.values() ?? []),
    ...(record?.retained.values() ?? []),
    ...(record?.routes.values() ?? [])
  ]
  return new Map([...objects.map((object): [string, string] => [object.path, object.etag]), ...Object.entries(extra)])
}

function plan(input: Partial<PlanInput> & Pick<PlanInput, 'site'>): Plan {
  return planPublish({ previous: undefined, listing: new Map(), keepRemoved: 1, ...input })
}

const paths = (items: readonly { path: string }[]): string[] => items.map((item) => item.path)

const SITE = {
  'index.html': '<h1>Home',
  'guides/a.html': '<h1>A',
  '_next/static/chunks/app-0123abcd.js': 'js',
  'images/logo.png': 'png',
  'sitemap.xml': '<urlset/>'
}

describe('planPublish', () => {
  it('uploads every file of a first publish, the files that are not pages before the pages', () => {
    const result = plan({ site: site(SITE) })
    expect(paths(result.assets)).toEqual(['_next/static/chunks/app-0123abcd.js', 'images/logo.png', 'sitemap.xml'])
    expect(paths(result.pages)).toEqual(['index.html', 'guides/a.html'])
    expect(result.unchanged).toEqual([])
    expect(result.deletes).toEqual([])
    expect(result.serial).toBe(1)
  })

  it('uploads nothing when the bucket holds every file as recorded', () => {
    const previous = published(SITE)
    const result = plan({ site: site(SITE), previous, listing: listingOf(previous) })
    expect([...result.assets, ...result.pages]).toEqual([])
    expect(paths(result.unchanged)).toEqual(Object.keys(SITE))
    expect(result.unchanged[0]).toEqual({
      path: 'index.html',
      sha256: sha(SITE['index.html']),
      etag: 'etag-index.html'
    })
    expect(result.serial).toBe(2)
  })

  it('finds a change by its SHA-256, even one that keeps the size', () => {
    const previous = published(SITE)
    const changed = { ...SITE, 'guides/a.html': '<h1>B' }
    expect(changed['guides/a.html']).toHaveLength(SITE['guides/a.html'].length)
    const result = plan({ site: site(changed), previous, listing: listingOf(previous) })
    expect(paths(result.pages)).toEqual(['guides/a.html'])
    expect(result.assets).toEqual([])
  })

  it('uploads again a file whose object is gone, or was replaced by someone else since (another ETag)', () => {
    const previous = published(SITE)
    const listing = listingOf(previous)
    listing.delete('images/logo.png')
    listing.set('index.html', 'etag-of-another-upload')
    const result = plan({ site: site(SITE), previous, listing })
    expect(paths(result.assets)).toEqual(['images/logo.png'])
    expect(paths(result.pages)).toEqual(['index.html'])
    expect(result.replacing).toEqual(['index.html'])
  })

  it('deletes a removed page after the uploads, and keeps a removed asset keep-removed publishes longer', () => {
    const previous = published(SITE)
    const { 'guides/a.html': _page, 'images/logo.png': _asset, ...smaller } = SITE
    const first = plan({ site: site(smaller), previous, listing: listingOf(previous), keepRemoved: 1 })
    expect(paths(first.deletes)).toEqual(['guides/a.html'])
    expect(first.retained).toEqual([
      { path: 'images/logo.png', sha256: sha('png'), etag: 'etag-images/logo.png', removedIn: 2 }
    ])
    expect(first.removed.sort()).toEqual(['guides/a.html', 'images/logo.png'])

    // The next publish records it as kept; the one after that deletes it.
    const kept = published(smaller, 2, first.retained)
    const second = plan({ site: site(smaller), previous: kept, listing: listingOf(kept), keepRemoved: 1 })
    expect(paths(second.deletes)).toEqual(['images/logo.png'])
    expect(second.retained).toEqual([])
    expect(second.removed).toEqual([])
  })

  it('with keep-removed 0, deletes a removed asset with the removed pages', () => {
    const previous = published(SITE)
    const { 'guides/a.html': _page, 'images/logo.png': _asset, ...smaller } = SITE
    const result = plan({ site: site(smaller), previous, listing: listingOf(previous), keepRemoved: 0 })
    expect(paths(result.deletes).sort()).toEqual(['guides/a.html', 'images/logo.png'])
    expect(result.retained).toEqual([])
  })

  it('with a larger keep-removed, keeps a removed asset that many publishes', () => {
    const removed: RetainedObject = { path: 'old.css', sha256: sha('css'), etag: 'etag-old.css', removedIn: 2 }
    for (const [serial, kept] of [
      [2, true],
      [3, true],
      [4, false]
    ] as const) {
      const previous = published(SITE, serial, [removed])
      const result = plan({ site: site(SITE), previous, listing: listingOf(previous), keepRemoved: 3 })
      expect(paths(result.retained), `publish ${serial + 1}`).toEqual(kept ? ['old.css'] : [])
      expect(paths(result.deletes), `publish ${serial + 1}`).toEqual(kept ? [] : ['old.css'])
    }
  })

  it('takes a kept file back into the site when the export has it again, without uploading it', () => {
    const removed: RetainedObject = { path: 'old.css', sha256: sha('css'), etag: 'etag-old.css', removedIn: 2 }
    const previous = published(SITE, 2, [removed])
    const result = plan({ site: site({ ...SITE, 'old.css': 'css' }), previous, listing: listingOf(previous) })
    expect(paths(result.unchanged)).toContain('old.css')
    expect([...result.assets, ...result.pages, ...result.deletes, ...result.retained]).toEqual([])
  })

  it('never deletes what the action did not publish, nor an object someone else replaced since', () => {
    const previous = published(SITE)
    const listing = listingOf(previous, { 'legacy/old.html': 'etag-x', 'robots.txt': 'etag-y' })
    listing.set('guides/a.html', 'etag-of-another-upload')
    const { 'guides/a.html': _page, ...smaller } = SITE
    const result = plan({ site: site(smaller), previous, listing })
    expect(result.deletes).toEqual([])
    expect(result.removed).toEqual(['guides/a.html'])
    expect(result.foreign.sort()).toEqual(['guides/a.html', 'legacy/old.html', 'robots.txt'])
  })

  it("on a first publish into a prefix another tool filled, replaces the site's keys and leaves the rest alone", () => {
    const result = plan({
      site: site(SITE),
      listing: new Map([
        ['index.html', 'etag-a'],
        ['old/page.html', 'etag-b']
      ])
    })
    expect(result.replacing).toEqual(['index.html'])
    expect(result.foreign).toEqual(['old/page.html'])
    expect(paths(result.pages)).toEqual(['index.html', 'guides/a.html'])
  })
})

describe('route copies', () => {
  const PAGES = {
    'index.html': '<h1>Home',
    'guides/a.html': '<h1>A',
    'guides/b.html': '<h1>B',
    'reference/index.html': '<h1>Reference',
    '404.html': '<h1>Not found',
    'images/logo.png': 'png'
  }
  /** The route copies a publish of PAGES records: the routes of the pages that are neither the front page, a folder's nor 404. */
  const COPIES = { 'guides/a': '<h1>A', 'guides/b': '<h1>B' }

  it('puts each page under its route, the same bytes from the same file; not the front page, a folder index, 404.html, or over a file of the site', () => {
    expect(routeCopies(site(PAGES))).toEqual(site(COPIES).map((copy) => ({ ...copy, source: `${copy.path}.html` })))
    // A file of the site with the route's own name wins: it is never overwritten by a copy.
    expect(paths(routeCopies(site({ ...PAGES, 'guides/a': 'a file of its own' })))).toEqual(['guides/b'])
  })

  it.each([
    {
      case: 'a first publish: every copy goes up with the pages',
      site: PAGES,
      previous: undefined,
      uploads: ['guides/a', 'guides/b'],
      unchanged: [],
      deletes: []
    },
    {
      case: 'nothing changed: no copy goes up again',
      site: PAGES,
      previous: published(PAGES, 1, [], COPIES),
      uploads: [],
      unchanged: ['guides/a', 'guides/b'],
      deletes: []
    },
    {
      case: 'a page changed: its copy goes up with it',
      site: { ...PAGES, 'guides/a.html': '<h1>A2' },
      previous: published(PAGES, 1, [], COPIES),
      uploads: ['guides/a'],
      unchanged: ['guides/b'],
      deletes: []
    },
    {
      case: 'a page removed: its copy is deleted with it, at once',
      site: Object.fromEntries(Object.entries(PAGES).filter(([path]) => path !== 'guides/b.html')),
      previous: published(PAGES, 1, [], COPIES),
      uploads: [],
      unchanged: ['guides/a'],
      deletes: ['guides/b']
    },
    {
      case: 'a publish from before route copies: each goes up once, no page again',
      site: PAGES,
      previous: published(PAGES),
      uploads: ['guides/a', 'guides/b'],
      unchanged: [],
      deletes: []
    }
  ])('$case', ({ site: files, previous, uploads, unchanged, deletes }) => {
    const result = plan({
      site: site(files),
      routes: routeCopies(site(files)),
      previous,
      listing: listingOf(previous)
    })
    expect(paths(result.routes.uploads)).toEqual(uploads)
    expect(paths(result.routes.unchanged)).toEqual(unchanged)
    expect(paths(result.routes.deletes)).toEqual(deletes)
    // Counted apart: a copy is never one of the site's files, uploaded, removed or deleted.
    for (const copy of [...uploads, ...unchanged, ...deletes]) {
      expect(paths([...result.assets, ...result.pages, ...result.unchanged, ...result.deletes])).not.toContain(copy)
      expect(result.removed).not.toContain(copy)
    }
    expect(result.foreign).toEqual([])
  })

  it('deletes every copy when routes are no longer copied, and never one whose key the site now takes', () => {
    const previous = published(PAGES, 1, [], COPIES)
    const off = plan({ site: site(PAGES), previous, listing: listingOf(previous) })
    expect(paths(off.routes.deletes)).toEqual(['guides/a', 'guides/b'])
    expect(off.removed).toEqual([])
    // guides/a is now a file of the site: it is uploaded in its own right, and not deleted.
    const taken = plan({ site: site({ ...PAGES, 'guides/a': 'a file' }), previous, listing: listingOf(previous) })
    expect(paths(taken.assets)).toEqual(['guides/a'])
    expect(paths(taken.routes.deletes)).toEqual(['guides/b'])
    expect(taken.replacing).toEqual([])
  })

  it('uploads a copy again when its object is gone or someone replaced it, and never deletes a replaced one', () => {
    const previous = published(PAGES, 1, [], COPIES)
    const listing = listingOf(previous)
    listing.delete('guides/a')
    listing.set('guides/b', 'etag-of-another-upload')
    const result = plan({ site: site(PAGES), routes: routeCopies(site(PAGES)), previous, listing })
    expect(paths(result.routes.uploads)).toEqual(['guides/a', 'guides/b'])
    expect(result.replacing).toEqual(['guides/b'])
    const gone = plan({ site: site({ 'index.html': '<h1>Home' }), previous, listing, keepRemoved: 0 })
    expect(paths(gone.routes.deletes)).toEqual([])
  })

  it('does not count copies toward the safety stop', () => {
    const previous = published(PAGES, 1, [], COPIES)
    const smaller = Object.fromEntries(Object.entries(PAGES).filter(([path]) => path !== 'guides/b.html'))
    const removing = plan({
      site: site(smaller),
      routes: routeCopies(site(smaller)),
      previous,
      listing: listingOf(previous)
    })
    expect(tooManyRemoved(removing, previous, 100)).toBeUndefined()
    expect(tooManyRemoved(removing, previous, 10)).toEqual({ removed: 1, published: 6 })
  })
})

describe('tooManyRemoved', () => {
  const hundred = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p/${i}.html`, `page ${i}`]))
  const keep = (count: number): Record<string, string> => Object.fromEntries(Object.entries(hundred).slice(0, count))
  const previous = published(hundred)
  const removing = (count: number): Plan =>
    plan({ site: site(keep(100 - count)), previous, listing: listingOf(previous) })

  it('stops a publish that would remove more than the share allowed, and says how many of how many', () => {
    expect(tooManyRemoved(removing(51), previous, 50)).toEqual({ removed: 51, published: 100 })
    expect(tooManyRemoved(removing(50), previous, 50)).toBeUndefined()
    expect(tooManyRemoved(removing(1), previous, 0)).toEqual({ removed: 1, published: 100 })
    expect(tooManyRemoved(removing(100), previous, 100)).toBeUndefined()
  })

  it('counts removed assets too, though they are deleted later', () => {
    const mixed = published({ ...keep(2), 'a.css': 'a', 'b.css': 'b' })
    const result = plan({ site: site(keep(2)), previous: mixed, listing: listingOf(mixed) })
    expect(result.deletes).toEqual([])
    expect(tooManyRemoved(result, mixed, 40)).toEqual({ removed: 2, published: 4 })
  })

  it('never stops a first publish', () => {
    expect(tooManyRemoved(plan({ site: [] }), undefined, 0)).toBeUndefined()
  })
})
