import { describe, expect, it } from 'vitest'
import { compareManifests } from '../../src/manifest/compare.js'
import { logChanges } from '../../src/manifest/report.js'
import type { ManifestFile } from '../../src/manifest/schema.js'
import { addChangesSection } from '../../src/manifest/summary.js'
import { writeSummary } from '../../src/core/summary.js'
import { buildManifest } from '../../src/manifest/write.js'
import { RecordingHost } from '../support/recording-host.ts'

const SHA = (digit: string): string => digit.repeat(64)

function manifestOf(jobId: string, files: ManifestFile[]): ReturnType<typeof buildManifest> {
  return buildManifest({
    jobId,
    domain: 'docs.acme.dev',
    exportVersion: jobId === 'job_prev' ? '2026-11-21' : '2026-11-22',
    bundleSha256: SHA(jobId === 'job_prev' ? 'a' : 'b'),
    createdAt: new Date(jobId === 'job_prev' ? '2026-11-21T09:00:00.000Z' : '2026-11-22T09:00:00.000Z'),
    files
  })
}

const previous = manifestOf('job_prev', [
  { path: 'index.html', size: 10, sha256: SHA('1') },
  { path: 'guides/old.html', size: 10, sha256: SHA('2') },
  { path: 'guides/same.html', size: 10, sha256: SHA('3') },
  { path: 'guides/edited.html', size: 10, sha256: SHA('4') },
  { path: 'assets/app.js', size: 10, sha256: SHA('5') },
  { path: 'latest', size: 6, sha256: SHA('6'), link: 'guides' },
  { path: 'logo.svg', size: 3, sha256: SHA('7') }
])
const current = manifestOf('job_new', [
  { path: 'index.html', size: 12, sha256: SHA('8') },
  { path: 'guides/same.html', size: 10, sha256: SHA('3') },
  { path: 'guides/edited.html', size: 11, sha256: SHA('9') },
  { path: 'guides/new.HTM', size: 10, sha256: SHA('a') },
  { path: 'assets/app.js', size: 10, sha256: SHA('5') },
  { path: 'assets/app-2.js', size: 10, sha256: SHA('b') },
  { path: 'latest', size: 2, sha256: SHA('c'), link: 'v2' },
  // The same bytes as a file and as a link's target text are not the same entry.
  { path: 'logo.svg', size: 3, sha256: SHA('7'), link: 'img' }
])

describe('compareManifests', () => {
  const changes = compareManifests(previous, current)

  it('counts added, removed, changed and unchanged files over all files, and the pages among them', () => {
    expect(changes.counts).toEqual({ added: 2, removed: 1, changed: 4, unchanged: 2 })
    expect(changes.pages).toEqual({ added: 1, removed: 1, changed: 2, unchanged: 1 })
  })

  it('lists each kind by path, pages marked, with the content before and after', () => {
    expect(changes.added).toEqual([
      { path: 'assets/app-2.js', size: 10, sha256: SHA('b'), page: false },
      { path: 'guides/new.HTM', size: 10, sha256: SHA('a'), page: true }
    ])
    expect(changes.removed).toEqual([{ path: 'guides/old.html', size: 10, sha256: SHA('2'), page: true }])
    expect(changes.changed).toEqual([
      {
        path: 'guides/edited.html',
        page: true,
        previous: { size: 10, sha256: SHA('4') },
        current: { size: 11, sha256: SHA('9') }
      },
      {
        path: 'index.html',
        page: true,
        previous: { size: 10, sha256: SHA('1') },
        current: { size: 12, sha256: SHA('8') }
      },
      {
        path: 'latest',
        page: false,
        previous: { size: 6, sha256: SHA('6'), link: 'guides' },
        current: { size: 2, sha256: SHA('c'), link: 'v2' }
      },
      {
        path: 'logo.svg',
        page: false,
        previous: { size: 3, sha256: SHA('7') },
        current: { size: 3, sha256: SHA('7'), link: 'img' }
      }
    ])
  })

  it('names both exports', () => {
    expect(changes.previous).toEqual({
      jobId: 'job_prev',
      domain: 'docs.acme.dev',
      exportVersion: '2026-11-21',
      bundleSha256: SHA('a'),
      createdAt: '2026-11-21T09:00:00.000Z',
      files: 7
    })
    expect(changes.current.jobId).toBe('job_new')
  })

  it('finds nothing between a manifest and itself', () => {
    const same = compareManifests(current, current)
    expect(same.counts).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 8 })
    expect([same.added, same.removed, same.changed]).toEqual([[], [], []])
  })
})

describe('the changes in the log and the summary', () => {
  const many = manifestOf(
    'job_new',
    Array.from({ length: 412 }, (_, i) => ({
      path: `p/${String(i).padStart(3, '0')}.${i % 2 ? 'css' : 'html'}`,
      size: 1,
      sha256: SHA('1')
    }))
  )
  const changes = compareManifests(manifestOf('job_prev', []), many)

  it('logs the counts, the first paths of each kind, pages first, and where the rest are', () => {
    const host = new RecordingHost()
    logChanges(changes, '/runner/temp/export/changes.json', host)
    expect(host.lines[0]).toBe(
      'Changes since export job job_prev (2026-11-21, created 2026-11-21T09:00:00.000Z): 412 added (206 pages), 0 removed, 0 changed, 0 unchanged'
    )
    expect(host.lines.slice(1, 12)).toEqual([
      ...['000', '002', '004', '006', '008', '010', '012', '014', '016', '018'].map((n) => `  added: p/${n}.html`),
      '  …added: 10 of 412; all are in changes.json'
    ])
    expect(host.lines.at(-1)).toBe('Changes: /runner/temp/export/changes.json')
  })

  it('writes a Changes section: counts, cut lists with a note, text from the manifests escaped', async () => {
    const hostile = compareManifests(
      manifestOf('job_prev', []),
      manifestOf('job_new', [{ path: '<img src=x onerror=alert(1)>.html', size: 1, sha256: SHA('1') }])
    )
    const host = new RecordingHost()
    await writeSummary(host, 'the changes to the job summary', (section) =>
      addChangesSection(section, changes, '/t/changes.json', undefined)
    )
    const text = host.summaryMarkdown
    expect(text).toContain('<h3>Changes</h3>')
    expect(text).toContain('<tr><td>Added</td><td>412</td><td>206</td></tr>')
    expect(text).toContain('<p>10 of 412; all are in changes.json.</p>')
    expect(text.match(/<li>/g)).toHaveLength(10)
    const escaping = new RecordingHost()
    await writeSummary(escaping, 'the changes to the job summary', (section) =>
      addChangesSection(section, hostile, '/t/changes.json', undefined)
    )
    expect(escaping.summaryMarkdown).toMatch(/<code>&lt;img src=x onerror=alert\(1\)&gt;\.html<\/code>|<code>&lt;img/)
    expect(escaping.summaryMarkdown).not.toContain('<img')
  })

  it('writes the section through the host, and a summary that cannot be written is a warning', async () => {
    const host = new RecordingHost()
    await writeSummary(host, 'the changes to the job summary', (section) =>
      addChangesSection(section, changes, '/t/changes.json', undefined)
    )
    expect(host.summaryMarkdown).toContain('<h3>Changes</h3>')
    host.failSummary = true
    await writeSummary(host, 'the changes to the job summary', (section) =>
      addChangesSection(section, changes, '/t/changes.json', undefined)
    )
    expect(host.warnings.map((warning) => warning.message)).toEqual([
      'Could not write the changes to the job summary: EACCES: permission denied, open summary.md'
    ])
  })
})
