import { describe, expect, it } from 'vitest'
import {
  checkedEntryPath,
  collisionKey,
  entryPath,
  fileMode,
  isDamage,
  linkTargetPath,
  MIN_BOUND_BYTES,
  sizeBound,
  type Rule
} from '../../src/archive/policy.js'
import { FREE_SPACE_RESERVE_BYTES } from '../../src/core/disk.js'
import { refusal } from '../support/refusal.ts'
import { seededRandom } from '../support/seeded-random.ts'

const MiB = 1024 * 1024
const GiB = 1024 * MiB

describe('names', () => {
  it.each([
    ['index.html', ['index.html']],
    ['./guides//a/./b.html', ['guides', 'a', 'b.html']],
    ['guides/', ['guides']],
    ['./', []],
    ['café/ページ.html', ['café', 'ページ.html']],
    ['..hidden/x..y', ['..hidden', 'x..y']]
  ])('takes %j as %j', (name, parts) => {
    expect(entryPath(name)).toEqual(parts)
  })

  it.each([
    ['/etc/passwd', 'entry "/etc/passwd" has an absolute name'],
    ['//server/share/x', 'entry "//server/share/x" has an absolute name'],
    ['C:/Windows/x', 'entry "C:/Windows/x" has an absolute name'],
    ['c:x', 'entry "c:x" has an absolute name'],
    ['a:b.html', 'entry "a:b.html" has an absolute name'],
    ['..', 'entry ".." has ".." in its name'],
    ['assets/../../evil.html', 'entry "assets/../../evil.html" has ".." in its name'],
    ['a/b/..', 'entry "a/b/.." has ".." in its name'],
    [
      'assets\\..\\..\\evil.html',
      'entry "assets\\\\..\\\\..\\\\evil.html" has a backslash in its name (a folder separator on Windows)'
    ],
    ['a\\b.html', 'entry "a\\\\b.html" has a backslash in its name (a folder separator on Windows)'],
    ['index.html\0.png', 'entry "index.html\\u0000.png" has a NUL character in its name'],
    ['x\n::error::forged.html', 'entry "x\\n::error::forged.html" has a control character in its name'],
    ['tab\there.html', 'entry "tab\\there.html" has a control character in its name']
  ])('refuses %j', (name, message) => {
    const error = refusal(() => entryPath(name))
    expect(error.rule).toBe('name')
    expect(error.message).toBe(message)
  })

  it('gives plain names the answer every rule checked gives, device names and long names included', () => {
    // Pieces that a plain name may hold, and pieces that make a name not plain or need a closer look.
    const pieces = [
      'a',
      'Z',
      '0',
      '_',
      '-',
      '.',
      '..',
      '/',
      '//',
      'index.html',
      'page-1.html',
      'assets',
      'con',
      'NUL.txt',
      'com1',
      'lpt²',
      'aux.',
      'prn ',
      'c:',
      ':',
      ' ',
      '\\',
      'é',
      '\0',
      '\n',
      'x'.repeat(255),
      'y'.repeat(256),
      'b/'.repeat(300)
    ]
    const random = seededRandom(7)
    const answer = (read: (name: string) => string[], name: string): string[] | string => {
      try {
        return read(name)
      } catch (error) {
        return (error as Error).message
      }
    }
    for (let i = 0; i < 20_000; i++) {
      const name = Array.from({ length: 1 + random(6) }, () => pieces[random(pieces.length)]).join('')
      expect(answer(entryPath, name), name).toEqual(answer(checkedEntryPath, name))
    }
  })
})

describe('collisions', () => {
  it.each([
    ['Index.HTML', 'index.html'],
    ['CAFÉ.html', 'café.html'],
    ['cafe\u0301.html', 'caf\u00e9.html'],
    ['\u03c2.html', '\u03c3.html'],
    ['stra\u00dfe.html', 'STRASSE.html'],
    ['\u03a3\u03a3.html', '\u03c3\u03c2.html']
  ])('takes %j and %j as one name, as macOS and Windows do', (a, b) => {
    expect(collisionKey(a)).toBe(collisionKey(b))
  })

  it('tells different names apart', () => {
    expect(collisionKey('a.html')).not.toBe(collisionKey('b.html'))
  })
})

describe('link targets', () => {
  it('splits a relative target into parts, `..` included', () => {
    expect(linkTargetPath('l', '../a/./b')).toEqual(['..', 'a', '.', 'b'])
  })

  it.each([
    ['/etc/passwd', 'link "l" points to the absolute path "/etc/passwd"'],
    ['C:/x', 'link "l" points to the absolute path "C:/x"'],
    ['..\\..\\x', 'link "l" has a backslash in its target "..\\\\..\\\\x"'],
    ['a\0b', 'link "l" has a NUL character in its target'],
    ['', 'link "l" has an empty target']
  ])('refuses a link to %j', (target, message) => {
    const error = refusal(() => linkTargetPath('l', target))
    expect(error.rule).toBe('link-target')
    expect(error.message).toBe(message)
  })
})

describe('modes', () => {
  it.each([
    [0o644, 0o644],
    [0o755, 0o755],
    [0o4755, 0o755],
    [0o2755, 0o755],
    [0o1777, 0o755],
    [0o6644, 0o644],
    [0o100, 0o755],
    [0o001, 0o755],
    [0o444, 0o644],
    [0o000, 0o644],
    [0o7777, 0o755]
  ])('makes a file of mode %o %o: the execute bit kept, setuid, setgid and sticky never', (archive, written) => {
    expect(fileMode(archive)).toBe(written)
  })
})

describe('size bound', () => {
  it('allows 200 times the archive', () => {
    expect(sizeBound(10 * MiB, 100 * GiB)).toEqual({ bytes: 2000 * MiB, reason: "200 times the archive's 10.0 MiB" })
  })

  it('allows at least 64 MiB, whatever the archive', () => {
    expect(sizeBound(1000, 100 * GiB)).toEqual({ bytes: MIN_BOUND_BYTES, reason: '64.0 MiB, the least allowed' })
  })

  it('never allows more than the free space less what is kept free', () => {
    expect(sizeBound(100 * MiB, 2 * GiB)).toEqual({
      bytes: 2 * GiB - FREE_SPACE_RESERVE_BYTES,
      reason: 'the 2.0 GiB free on the disk, less 256.0 MiB kept free'
    })
    expect(sizeBound(100 * MiB, 100 * MiB).bytes).toBe(0)
  })

  it('lets a real 2 GiB site through: even compressed 10 times, its archive allows 4 GiB', () => {
    expect(sizeBound(205 * MiB, 50 * GiB).bytes).toBeGreaterThan(2 * GiB)
    // The worst real case measured: HTML pages of a docs site gzip by about 6.
    expect(sizeBound((2 * GiB) / 6, 50 * GiB).bytes).toBeGreaterThan(2 * GiB)
  })

  it('stops a 1 GiB bomb: gzip packs 1 GiB of zeros into 1 MiB', () => {
    expect(sizeBound(1 * MiB, 50 * GiB).bytes).toBeLessThan(GiB)
  })
})

describe('verdicts', () => {
  it.each([
    ['complete', true],
    ['format', false],
    ['name', false],
    ['link-target', false],
    ['size', false]
  ] as const)('%s means %s damage (otherwise a refusal)', (rule: Rule, damage) => {
    expect(isDamage(rule)).toBe(damage)
  })
})
