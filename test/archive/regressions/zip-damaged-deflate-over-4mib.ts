import { randomBytes } from 'node:crypto'
import { deflateRawSync } from 'node:zlib'
import { zipArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A deflated entry over 4 MiB (the streaming path) whose deflate data is damaged failed with
 * `EBADF: bad file descriptor, close`: the failed pipeline destroyed a file stream on the shared
 * descriptor, which closed it, and the reader's own close then threw over the refusal.
 */
// Bytes that do not compress, so that the deflate data spans several reads too.
const big = randomBytes(5 * 1024 * 1024 + 7)
const compressed = deflateRawSync(big)
compressed[0] = 0xff

export const cases: Regression[] = [
  {
    title: 'a damaged deflated entry of 5 MiB is refused as damaged, naming it',
    kind: 'zip',
    make: () =>
      zipArchive([
        { name: 'index.html', data: '<h1>Docs</h1>' },
        { name: 'media/big.bin', data: big, compressed }
      ]),
    refused: { rule: 'complete', detail: /^entry "media\/big\.bin" has damaged compressed data \(.+\)$/ }
  }
]
