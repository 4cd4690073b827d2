import { describe, expect, it } from 'vitest'
import {
  EXAMPLE_FILES,
  exampleOrder,
  MAX_FINDINGS,
  Tally,
  type BrokenReference,
  type ExternalOrigin,
  type Finding
} from '../../src/site/findings.js'
import { seededRandom } from '../support/seeded-random.ts'

interface Named extends Finding {
  name: string
}

const named = (name: string) => (): Named => ({ name, files: 0, examples: [] })

describe('Tally', () => {
  it('counts each file once per finding and keeps the first files as examples', () => {
    const tally = new Tally<Named>()
    for (const file of ['a.html', 'a.html', 'b.html', 'c.html', 'd.html', 'e.html', 'f.html', 'g.html'])
      tally.add('/missing', file, named('/missing'))
    const [finding] = tally.sorted()
    expect(finding?.files).toBe(7)
    expect(finding?.examples).toEqual(['a.html', 'b.html', 'c.html', 'd.html', 'e.html'].slice(0, EXAMPLE_FILES))
  })

  it('shows index.html first and 404.html last among the examples, and tells the finding as its first example holds it', () => {
    expect(['b.html', '404.html', 'a/index.html', 'index.html', 'a.css'].sort(exampleOrder)).toEqual([
      'index.html',
      'a.css',
      'a/index.html',
      'b.html',
      '404.html'
    ])
    const tally = new Tally<BrokenReference>()
    const broken = (reference: string) => (): BrokenReference => ({
      target: '/gone',
      reference,
      source: 'a[href]',
      files: 0,
      examples: []
    })
    for (const file of [
      '404.html',
      'a/1.html',
      'a/2.html',
      'a/3.html',
      'a/4.html',
      'a/5.html',
      'index.html',
      'z.html'
    ]) {
      tally.add('/gone', file, broken(file.startsWith('a/') ? '../gone' : 'gone'))
    }
    expect(tally.sorted()).toEqual([
      {
        target: '/gone',
        reference: 'gone',
        source: 'a[href]',
        files: 8,
        examples: ['index.html', 'a/1.html', 'a/2.html', 'a/3.html', 'a/4.html']
      }
    ])
    const merged = new Tally<BrokenReference>()
    merged.add('/gone', '404.html', broken('gone'))
    const other = new Tally<BrokenReference>()
    other.add('/gone', 'a/1.html', broken('../gone'))
    merged.merge(other.snapshot())
    expect(merged.sorted()[0]).toMatchObject({ reference: '../gone', examples: ['a/1.html', '404.html'] })
  })

  it('sorts by the number of files, then by key', () => {
    const tally = new Tally<Named>()
    tally.add('b', 'x.html', named('b'))
    tally.add('c', 'x.html', named('c'))
    tally.add('c', 'y.html', named('c'))
    tally.add('a', 'x.html', named('a'))
    expect(tally.sorted().map((finding) => finding.name)).toEqual(['c', 'a', 'b'])
  })

  it('keeps at most MAX_FINDINGS findings and counts the references to the others', () => {
    const tally = new Tally<Named>()
    for (let i = 0; i < MAX_FINDINGS + 5; i++) tally.add(`/missing-${i}`, 'a.html', named(`/missing-${i}`))
    tally.add('/missing-0', 'b.html', named('/missing-0'))
    expect(tally.size).toBe(MAX_FINDINGS)
    expect(tally.overflow).toBe(5)
    expect(tally.sorted()[0]?.files).toBe(2)
  })

  it('merges tallies of other files as if one reader had read them all in order', () => {
    const whole = new Tally<Named>()
    const first = new Tally<Named>()
    const second = new Tally<Named>()
    const files = ['a.html', 'b.html', 'c.html', 'd.html', 'e.html', 'f.html', 'g.html', 'h.html']
    for (const [i, file] of files.entries()) {
      for (const key of ['/shared', i % 2 ? '/odd' : '/even']) {
        whole.add(key, file, named(key))
        // The second reader gets the earlier files, as a worker may.
        ;(i >= 4 ? first : second).add(key, file, named(key))
      }
    }
    first.merge(second.snapshot())
    expect(first.sorted()).toEqual(whole.sorted())
  })

  it('takes a merged finding’s details from its first file and combines what else it collects', () => {
    const combine = (into: ExternalOrigin, from: ExternalOrigin): number =>
      into.kinds.push(...from.kinds.filter((kind) => !into.kinds.includes(kind)))
    const mine = new Tally<ExternalOrigin>(combine)
    const theirs = new Tally<ExternalOrigin>(combine)
    const origin = (exampleUrl: string, kinds: ExternalOrigin['kinds']) => (): ExternalOrigin => ({
      origin: 'https://cdn.example',
      kinds,
      exampleUrl,
      reference: exampleUrl,
      source: 'script[src]',
      files: 0,
      examples: []
    })
    mine.add('https://cdn.example', 'z.html', origin('https://cdn.example/late.js', ['script']))
    theirs.add('https://cdn.example', 'a.html', origin('https://cdn.example/early.woff2', ['font']))
    mine.merge(theirs.snapshot())
    expect(mine.sorted()).toEqual([
      {
        origin: 'https://cdn.example',
        kinds: ['font', 'script'],
        exampleUrl: 'https://cdn.example/early.woff2',
        reference: 'https://cdn.example/early.woff2',
        source: 'script[src]',
        files: 2,
        examples: ['a.html', 'z.html']
      }
    ])
  })

  it('keeps the same findings with the same counts however the files are shared among readers, when there are more than a list holds', () => {
    const random = seededRandom(7)
    const limit = 20
    const files = Array.from({ length: 300 }, (_, i) => `page-${String(i).padStart(3, '0')}.html`)
    const keysOf = new Map(files.map((file) => [file, Array.from({ length: 4 }, () => `/missing-${random(60)}`)]))
    const read = (tally: Tally<Named>, file: string): void => {
      for (const key of keysOf.get(file) ?? []) tally.add(key, file, named(key))
    }
    const whole = new Tally<Named>(undefined, limit)
    for (const file of files) read(whole, file)
    expect(whole.overflow).toBeGreaterThan(0)
    for (let trial = 0; trial < 20; trial++) {
      // Batches of files go to whichever reader is free, as to worker threads; each reads its own in order.
      const readers = Array.from({ length: 1 + random(3) }, () => new Tally<Named>(undefined, limit))
      for (let start = 0; start < files.length; start += 8)
        for (const file of files.slice(start, start + 8)) read(readers[random(readers.length)] ?? whole, file)
      const [merged, ...others] = readers
      for (const other of others) merged?.merge(other.snapshot())
      expect(merged?.sorted(), `trial ${trial}`).toEqual(whole.sorted())
      expect(merged?.overflow, `trial ${trial}`).toBe(whole.overflow)
    }
  })
})
