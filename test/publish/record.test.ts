import { describe, expect, it } from 'vitest'
import { parseRecord, recordBytes } from '../../src/publish/record.js'

/** The record comes back from the bucket: what another wrote there is refused, never trusted. */

const SHA = 'a'.repeat(64)

function record(overrides: Record<string, unknown> = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: 1,
      serial: 3,
      publishedAt: '2026-11-22T10:00:00.000Z',
      jobId: 'se_1',
      bundleSha256: SHA,
      files: [{ path: 'index.html', sha256: SHA, etag: 'e1' }],
      retained: [{ path: 'old.css', sha256: SHA, etag: 'e2', removedIn: 3 }],
      routes: [],
      ...overrides
    })
  )
}

describe('the record', () => {
  it('reads back what it wrote', () => {
    const bytes = recordBytes({
      serial: 4,
      jobId: 'se_2',
      bundleSha256: SHA,
      files: [
        { path: 'index.html', sha256: SHA, etag: 'e1' },
        { path: 'guides/a.html', sha256: SHA, etag: 'e3' }
      ],
      retained: [{ path: 'old.css', sha256: SHA, etag: 'e2', removedIn: 3 }],
      routes: [{ path: 'guides/a', sha256: SHA, etag: 'e4' }]
    })
    // One object a line, as the manifest has its files.
    expect(bytes.toString().split('\n')).toContain(`    {"path":"guides/a.html","sha256":"${SHA}","etag":"e3"}`)
    const read = parseRecord(bytes)
    if ('problem' in read) throw new Error(read.problem)
    expect(read.serial).toBe(4)
    expect([...read.files.keys()]).toEqual(['index.html', 'guides/a.html'])
    expect(read.retained.get('old.css')?.removedIn).toBe(3)
    expect([...read.routes.keys()]).toEqual(['guides/a'])
  })

  it('reads a record written before route copies as one with none', () => {
    const { routes: _routes, ...older } = JSON.parse(record().toString()) as Record<string, unknown>
    const read = parseRecord(Buffer.from(JSON.stringify(older)))
    if ('problem' in read) throw new Error(read.problem)
    expect(read.routes.size).toBe(0)
    expect(read.files.size).toBe(1)
  })

  it.each([
    ['not JSON', Buffer.from('<Error/>')],
    ['another version', record({ version: 2 })],
    ['a path out of the prefix', record({ files: [{ path: '../other-site/index.html', sha256: SHA, etag: 'e' }] })],
    ['an absolute path', record({ files: [{ path: '/index.html', sha256: SHA, etag: 'e' }] })],
    ['a path with a backslash', record({ retained: [{ path: 'a\\b', sha256: SHA, etag: 'e', removedIn: 1 }] })],
    ['a SHA-256 that is not one', record({ files: [{ path: 'a', sha256: 'x', etag: 'e' }] })],
    [
      'a path twice',
      record({
        files: [
          { path: 'a', sha256: SHA, etag: 'e' },
          { path: 'a', sha256: SHA, etag: 'f' }
        ]
      })
    ],
    ['a route copy out of the prefix', record({ routes: [{ path: '../x', sha256: SHA, etag: 'e' }] })],
    ['a route copy that is also a file', record({ routes: [{ path: 'index.html', sha256: SHA, etag: 'e' }] })],
    [
      'a path both published and kept',
      record({ retained: [{ path: 'index.html', sha256: SHA, etag: 'e', removedIn: 1 }] })
    ]
  ])('refuses a record with %s', (_what, bytes) => {
    expect(parseRecord(bytes)).toHaveProperty('problem')
  })
})
