import { describe, expect, it } from 'vitest'
import { jsonBytesWithListsByLine, jsonWithListsByLine } from '../../src/manifest/json-file.js'

/** The files beside the site, and the record of a publish: one entry of each list on a line. */
describe('JSON with its lists by line', () => {
  const value = {
    version: 1,
    name: 'Ünïcödé ✓ 文档',
    empty: [],
    skipped: undefined,
    files: [{ path: 'guides/a b.html', size: 3 }, { path: 'é.css' }, 'x']
  }

  it('puts each entry of a list on a line of its own, and parses back to the same value', () => {
    const text = jsonWithListsByLine(value)
    expect(text).toBe(
      [
        '{',
        '  "version": 1,',
        '  "name": "Ünïcödé ✓ 文档",',
        '  "empty": [],',
        '  "files": [',
        '    {"path":"guides/a b.html","size":3},',
        '    {"path":"é.css"},',
        '    "x"',
        '  ]',
        '}',
        ''
      ].join('\n')
    )
    expect(JSON.parse(text)).toEqual({ ...value, skipped: undefined })
  })

  it('writes the same text as UTF-8 bytes, characters of several bytes included', () => {
    for (const each of [value, {}, { list: ['ü'.repeat(1000)] }, { only: null }])
      expect(jsonBytesWithListsByLine(each).equals(Buffer.from(jsonWithListsByLine(each)))).toBe(true)
  })
})
