import { zipArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A deflated entry with a compressed size of 0 and a size over 4 MiB threw a RangeError: the file
 * stream for its data was asked to end before it started.
 */
export const cases: Regression[] = [
  {
    title: 'a deflated entry of no compressed bytes that claims 5 MiB is refused as damaged, naming it',
    kind: 'zip',
    make: () =>
      zipArchive([
        { name: 'index.html', data: '<h1>Docs</h1>' },
        {
          name: 'media/big.bin',
          data: Buffer.alloc(0),
          compressed: Buffer.alloc(0),
          size: 5 * 1024 * 1024,
          crc: 0x12345678
        }
      ]),
    refused: {
      rule: 'complete',
      detail: /^entry "media\/big\.bin" has damaged compressed data \(unexpected end of file\)$/
    }
  }
]
