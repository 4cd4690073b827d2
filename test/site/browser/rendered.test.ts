import { describe, expect, it } from 'vitest'
import { missingRendered } from '../../../src/site/browser/rendered.js'
import { ReferenceResolver, SiteFiles } from '../../../src/site/resolve.js'

describe('missingRendered', () => {
  const site = new SiteFiles('/site', ['index.html', 'guides/intro.html', 'images/logo.png', 'images/logo@2x.png'])
  const resolver = new ReferenceResolver('docs.acme.dev')

  it("checks the rendered page's links and resources as the static check checks its HTML", () => {
    const missing = missingRendered(
      'guides/intro.html',
      {
        base: 'https://docs.acme.dev/guides/intro.html',
        references: [
          { source: 'a[href]', value: '/guides/intro' },
          { source: 'a[href]', value: 'intro#setup' },
          { source: 'a[href]', value: 'added-by-script' },
          { source: 'a[href]', value: '../missing/second#part' },
          { source: 'a[href]', value: 'https://docs.acme.dev/gone' },
          { source: 'a[href]', value: 'https://elsewhere.example/gone' },
          { source: 'a[href]', value: '#only-a-fragment' },
          { source: 'a[href]', value: 'mailto:team@acme.dev' },
          { source: 'img[srcset]', value: '/images/logo.png 1x, /images/logo@3x.png 3x' },
          { source: 'img[src]', value: '/images/added-by-script.png' },
          { source: 'a[href]', value: '/gone' }
        ]
      },
      resolver,
      site
    )
    expect(missing).toEqual(
      [
        ['a[href]', '/guides/added-by-script'],
        ['a[href]', '/missing/second'],
        ['a[href]', '/gone'],
        ['img[srcset]', '/images/logo@3x.png'],
        ['img[src]', '/images/added-by-script.png']
      ].map(([type, url]) => ({ page: 'guides/intro.html', url, type, initiator: 'rendered page' }))
    )
  })

  it("resolves against the document's base", () => {
    const missing = missingRendered(
      'index.html',
      {
        base: 'https://docs.acme.dev/guides/',
        references: [
          { source: 'a[href]', value: 'intro' },
          { source: 'a[href]', value: 'outro' }
        ]
      },
      resolver,
      site
    )
    expect(missing.map((load) => load.url)).toEqual(['/guides/outro'])
  })
})
