import { describe, expect, it } from 'vitest'
import { choosePages, countSets } from '../../../src/site/browser/sample.js'

describe('choosePages', () => {
  const site = [
    '404.html',
    'api-reference/endpoints/create.html',
    'api-reference/endpoints/list.html',
    'api-reference/index.html',
    'api-reference/introduction.html',
    'changelog.html',
    'guides/deploy.html',
    'guides/getting-started.html',
    'guides/advanced/tuning.html',
    'index.html',
    'quickstart.html'
  ]

  it('starts with index.html, then takes one page of each top folder in turn, the shallowest first', () => {
    expect(choosePages(site, 6)).toEqual([
      'index.html',
      'changelog.html',
      'api-reference/index.html',
      'guides/deploy.html',
      'quickstart.html',
      'api-reference/introduction.html'
    ])
  })

  it('covers every top folder before a second page of any, when the count allows', () => {
    const chosen = choosePages(site, 4)
    expect(chosen.map((page) => (page.includes('/') ? page.split('/')[0] : ''))).toEqual([
      '',
      '',
      'api-reference',
      'guides'
    ])
  })

  it('takes every page but 404.html when the count is larger than the site', () => {
    const chosen = choosePages(site, 25)
    expect(chosen).toHaveLength(site.length - 1)
    expect(chosen).not.toContain('404.html')
    expect(new Set(chosen)).toEqual(new Set(site.filter((page) => page !== '404.html')))
    expect(chosen.slice(-2)).toEqual(['guides/advanced/tuning.html', 'api-reference/endpoints/list.html'])
  })

  it('loads no more than asked, and copes with a site without index.html', () => {
    expect(choosePages(site, 1)).toEqual(['index.html'])
    expect(choosePages(['b/x.html', 'a/y.html', 'a/z.html'], 2)).toEqual(['a/y.html', 'b/x.html'])
    expect(choosePages([], 25)).toEqual([])
  })

  it('loads a page of every set of scripts, iframes and embeds first, then the spread', () => {
    // The API reference's endpoint pages have a playground script; one guide, deep down, a video.
    const sets: Record<string, number> = {
      'index.html': 0,
      'api-reference/endpoints/create.html': 1,
      'api-reference/endpoints/list.html': 1,
      'guides/advanced/tuning.html': 2
    }
    const setOf = (page: string): number => sets[page] ?? 0
    expect(choosePages(site, 4, setOf)).toEqual([
      'index.html',
      'api-reference/endpoints/create.html',
      'guides/advanced/tuning.html',
      'changelog.html'
    ])
    expect(countSets(site, setOf)).toBe(3)
    expect(countSets(choosePages(site, 4, setOf), setOf)).toBe(3)
    // Without the spread's room, the sets still come first.
    expect(countSets(choosePages(site, 3, setOf), setOf)).toBe(3)
    expect(countSets(choosePages(site, 2, setOf), setOf)).toBe(2)
  })

  it('is the spread alone when every page has the same set, or the sets are not known', () => {
    expect(choosePages(site, 6, () => 0)).toEqual(choosePages(site, 6))
    expect(choosePages(site, 6, () => undefined)).toEqual(choosePages(site, 6))
    expect(countSets(site, () => undefined)).toBe(0)
  })
})
