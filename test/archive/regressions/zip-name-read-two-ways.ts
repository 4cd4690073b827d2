import { zipArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A zip entry from a non-Unix system, without the UTF-8 flag, whose name is valid UTF-8: the action
 * (and Python, and 7-Zip) read it as CP437, `café/` as `caf├⌐/`, bsdtar and unzip in a UTF-8 locale
 * as UTF-8. Found by the fuzz test; such a name is refused.
 */
export const cases: Regression[] = [
  {
    title: 'a folder named in UTF-8 by an MS-DOS entry without the UTF-8 flag',
    kind: 'zip',
    make: () =>
      zipArchive([
        { name: 'index.html', data: '<h1>Docs</h1>' },
        { name: Buffer.from('café/'), utf8: false, dosAttributes: 0x10 }
      ]),
    refused: {
      rule: 'name',
      detail:
        'entry "café/" has a name that some tools read as CP437 ("caf├⌐/") and others as UTF-8: its zip does not say which (no UTF-8 flag, not made on a Unix system)'
    }
  },
  {
    title: 'a CP437 name that is not UTF-8 (as MS-DOS and Windows tools write it) is still read as CP437',
    kind: 'zip',
    make: () =>
      zipArchive([
        { name: 'index.html', data: '<h1>Docs</h1>' },
        { name: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x68, 0x74, 0x6d, 0x6c]), utf8: false, data: 'é' }
      ]),
    unpacks: { 'index.html': '<h1>Docs</h1>', 'café.html': 'é' }
  }
]
