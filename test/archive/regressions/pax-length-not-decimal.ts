import { tarArchive, tarMember } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * pax record lengths were read with `Number()`, which takes hex (`0x17`), exponents, `+` and
 * leading whitespace; empty keys were taken too. A record `0x17 path=renamed.html` renamed a file
 * that GNU tar and bsdtar call malformed.
 */

/** A record whose length is written by `form`, with the length that makes it whole. */
function record(form: (length: number) => string, body: string): Buffer {
  for (let length = 1; length < 1000; length++) {
    const text = `${form(length)} ${body}\n`
    if (Buffer.byteLength(text) === length) return Buffer.from(text)
  }
  throw new Error(`no length fits ${body}`)
}

const archive = (records: Buffer): Buffer =>
  tarArchive([
    tarMember({ name: 'PaxHeaders/page', type: 'x', data: records }),
    { name: 'page.html', data: '<h1>Page</h1>' }
  ])
const refused = { rule: 'complete' as const, detail: /^it has a damaged pax header before byte \d+$/ }

export const cases: Regression[] = [
  ['a hex length (0x17)', record((n) => `0x${n.toString(16)}`, 'path=renamed.html')],
  ['a length with a plus sign', record((n) => `+${n}`, 'path=renamed.html')],
  ['a length after a tab', record((n) => `\t${n}`, 'path=renamed.html')],
  ['a length with an exponent', record((n) => `${n / 10}e1`, 'path=renamed.html')],
  ['a length with a fraction', record((n) => `${n}.0`, 'path=renamed.html')],
  ['an empty key', record(String, '=renamed.html')],
  ['a record without "="', record(String, 'path')],
  ['a record whose length stops short of its newline', Buffer.from('20 path=renamed.html\n')]
].map(([what, records]): Regression => ({
  title: `a pax record with ${what as string}`,
  kind: 'tar',
  make: () => archive(records as Buffer),
  refused
}))
