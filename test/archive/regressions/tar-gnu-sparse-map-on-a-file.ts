import { tarArchive, tarHeader } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A regular file whose GNU header carries bytes in the old sparse map: bsdtar reads the map
 * whatever the type says and unpacks the file (and what follows) as something else; the action
 * ignored it. Found by the fuzz test.
 */
function withSparseMap(): Buffer {
  const header = tarHeader({ name: 'guides/page.html', data: '<p>page</p>', format: 'gnu' })
  header.fill(0x61, 386, 398)
  header.fill(0x20, 148, 156)
  const sum = header.reduce((total, byte) => total + byte, 0)
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1')
  return Buffer.concat([header, Buffer.from('<p>page</p>'.padEnd(512, '\0'))])
}

export const cases: Regression[] = [
  {
    title: 'a regular file with a GNU sparse map',
    kind: 'tar',
    make: () => tarArchive([{ name: 'index.html', data: '<h1>Docs</h1>', format: 'gnu' }, withSparseMap()]),
    refused: { rule: 'format', detail: 'entry "guides/page.html" carries a GNU sparse map, which is not supported' }
  }
]
