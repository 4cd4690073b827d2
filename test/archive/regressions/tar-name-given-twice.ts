import { gnuLong, paxMember, tarArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * An entry named by both a pax `path` and a GNU long name: the action took the GNU name, bsdtar
 * and Python the pax one, so each unpacked the entry under another name. Found by the fuzz test.
 */
const INDEX = { name: 'index.html', data: '<h1>Docs</h1>' }
const detail = (key: string): RegExp =>
  new RegExp(
    `^the entry after byte \\d+ is given its ${key} twice, by two extended headers; tools disagree on which one counts$`
  )

export const cases: Regression[] = [
  {
    title: 'a pax path, then a GNU long name, for one entry',
    kind: 'tar',
    make: () =>
      tarArchive([INDEX, paxMember({ path: 'guides/pax.html' }), gnuLong('guides/gnu.html'), { name: 'x', data: 'x' }]),
    refused: { rule: 'format', detail: detail('path') }
  },
  {
    title: 'a GNU long link target, then a pax linkpath, for one link',
    kind: 'tar',
    make: () =>
      tarArchive([INDEX, gnuLong('index.html', 'K'), paxMember({ linkpath: 'other.html' }), { name: 'l', type: '2' }]),
    refused: { rule: 'format', detail: detail('linkpath') }
  },
  {
    title: 'two GNU long names for one entry',
    kind: 'tar',
    make: () => tarArchive([INDEX, gnuLong('a.html'), gnuLong('b.html'), { name: 'x', data: 'x', format: 'gnu' }]),
    refused: { rule: 'format', detail: detail('path') }
  },
  {
    title: 'two pax headers for one entry, the first naming it (found by the fuzz test: bsdtar keeps the second only)',
    kind: 'tar',
    make: () =>
      tarArchive([INDEX, paxMember({ path: 'guides/long.html' }), paxMember({ mtime: '1' }), { name: 'x', data: 'x' }]),
    refused: {
      rule: 'format',
      detail: /^the entry after byte \d+ has two pax extended headers; tools disagree on which one counts$/
    }
  }
]
