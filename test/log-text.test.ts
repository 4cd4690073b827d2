import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { logLine, oneLine } from '../src/core/log-text.js'
import { runnerCommands } from './support/runner-commands.js'

describe('oneLine', () => {
  it.each([
    ['done\n::error::forged', 'done\\n::error::forged'],
    ['a\r\nb', 'a\\r\\nb'],
    ['bell\u0007 and escape\u001b[31m', 'bell\\u0007 and escape\\u001b[31m'],
    ['line\u2028separator\u2029', 'line\\u2028separator\\u2029'],
    ['next line\u0085 (C1)', 'next line\\u0085 (C1)'],
    ['café — plain text stays', 'café — plain text stays']
  ])('shows %j on one line as %j', (text, shown) => {
    expect(oneLine(text)).toBe(shown)
    expect(oneLine(text)).not.toMatch(/[\r\n]/)
  })
})

describe('logLine', () => {
  it.each([
    ['::stop-commands::h2stop: completed · 1 pages', '\\u003a:stop-commands::h2stop: completed · 1 pages'],
    ['  ::add-mask::x', '  \\u003a:add-mask::x'],
    ['Bundle ready: https://s.test/##[add-mask]x', 'Bundle ready: https://s.test/##\\u005badd-mask]x'],
    ['job se_1\n::error::forged', 'job se_1\\n::error::forged'],
    ['Export job se_1: completed', 'Export job se_1: completed']
  ])('writes %j as %j', (text, line) => {
    expect(logLine(text)).toBe(line)
  })

  it('leaves the runner no command to read, whatever the text', () => {
    const piece = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '::',
        '##[',
        ']',
        '\n',
        '\r',
        '\r\n',
        '\u2028',
        '\u2029',
        ' ',
        '\t',
        'stop-commands',
        'add-mask',
        'error'
      )
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const line = logLine(pieces.join(''))
        expect(line).not.toMatch(/[\r\n\u2028\u2029\u0085]/)
        expect(runnerCommands(`${line}\n`)).toEqual([])
      }),
      { numRuns: 2000 }
    )
  })
})
