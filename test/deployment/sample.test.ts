import { describe, expect, it } from 'vitest'
import { chooseFiles, routesOf, servedFiles } from '../../src/deployment/sample.js'
import type { ManifestFile } from '../../src/manifest/schema.js'
import { buildManifest } from '../../src/manifest/write.js'

const SHA = (n: number): string => n.toString(16).padStart(64, '0')

function manifestOf(files: ManifestFile[]): ReturnType<typeof buildManifest> {
  return buildManifest({ jobId: 'job_1', bundleSha256: SHA(0), files })
}

function file(path: string, n = 1): ManifestFile {
  return { path, size: n, sha256: SHA(n) }
}

describe('servedFiles', () => {
  it('gives a link the content of the file it leads to, chains included, and leaves out what no host serves', () => {
    const served = servedFiles(
      manifestOf([
        file('index.html', 1),
        file('guides/start.html', 2),
        { path: 'guides/latest.html', size: 10, sha256: SHA(99), link: 'start.html' },
        { path: 'home.html', size: 17, sha256: SHA(98), link: 'guides/latest.html' },
        { path: 'docs', size: 6, sha256: SHA(97), link: 'guides' },
        { path: 'up.html', size: 9, sha256: SHA(96), link: '../index.html' },
        { path: 'loop-a', size: 6, sha256: SHA(95), link: 'loop-b' },
        { path: 'loop-b', size: 6, sha256: SHA(94), link: 'loop-a' },
        file('.nojekyll', 3),
        file('.well-known/security.txt', 4),
        file('_redirects', 5),
        file('guides/_redirects', 6)
      ])
    )
    expect(served).toEqual([
      { path: 'guides/_redirects', size: 6, sha256: SHA(6) },
      { path: 'guides/latest.html', size: 2, sha256: SHA(2) },
      { path: 'guides/start.html', size: 2, sha256: SHA(2) },
      { path: 'home.html', size: 2, sha256: SHA(2) },
      { path: 'index.html', size: 1, sha256: SHA(1) }
    ])
  })
})

describe('chooseFiles', () => {
  const files = servedFiles(
    manifestOf([
      file('index.html'),
      file('404.html'),
      file('favicon.svg'),
      ...['a', 'b', 'c'].flatMap((folder) =>
        Array.from({ length: 4 }, (_, i) =>
          file(i === 3 ? `${folder}/deep/page-${i}.html` : `${folder}/page-${i}.html`)
        )
      ),
      file('_next/static/chunks/app.js'),
      file('_next/static/css/site.css')
    ])
  )

  it('takes index.html first, then one file of each top folder in turn, shallowest first', () => {
    expect(chooseFiles(files, 8).map((chosen) => chosen.path)).toEqual([
      'index.html',
      '404.html',
      'a/page-0.html',
      'b/page-0.html',
      'c/page-0.html',
      '_next/static/chunks/app.js',
      'favicon.svg',
      'a/page-1.html'
    ])
  })

  it('gives the same files for the same manifest, and every file for all', () => {
    expect(chooseFiles(files, 8)).toEqual(chooseFiles([...files].reverse(), 8))
    const all = chooseFiles(files, 'all')
    expect(all).toHaveLength(files.length)
    expect(new Set(all.map((chosen) => chosen.path))).toEqual(new Set(files.map((each) => each.path)))
    expect(chooseFiles(files, 1000)).toHaveLength(files.length)
  })

  it('takes index.html even for one file', () => {
    expect(chooseFiles(files, 1).map((chosen) => chosen.path)).toEqual(['index.html'])
  })
})

describe('routesOf', () => {
  it("asks for each page without .html, for the front page at the root and for a folder's index at the folder, but not for 404.html", () => {
    const routes = routesOf(
      [
        'index.html',
        '404.html',
        'guides/index.html',
        'guides/start.html',
        'guides/old.htm',
        'assets/app.js',
        'a b/ü.html'
      ].map((path) => file(path))
    )
    expect(routes.map((route) => [route.route, route.page.path])).toEqual([
      ['', 'index.html'],
      ['guides/', 'guides/index.html'],
      ['guides/start', 'guides/start.html'],
      ['a b/ü', 'a b/ü.html']
    ])
  })
})
