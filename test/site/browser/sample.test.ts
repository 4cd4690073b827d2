import { describe, expect, it } from 'vitest'
import { choosePages } from '../../../src/site/browser/sample.js'

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
})
