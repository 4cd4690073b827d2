import path from 'node:path'
import { runTool, writeSourceTree } from '../../support/archive-tools.ts'
import { zipArchive } from '../../support/craft.ts'
import type { Regression } from './regression.ts'

/**
 * A zip that bsdtar streams to a pipe is padded with zeros after its end record, up to bsdtar's
 * 10,240-byte block. unzip, Python and 7-Zip take it; the action refused it ("it has bytes after
 * the end of the zip"). Zeros are padding, as after a tar.gz; anything else after the end is not.
 */
const source = (scratch: string): string => path.join(scratch, 'source')
const ENTRIES = [
  { name: 'index.html', data: '<h1>Docs</h1>' },
  { name: 'guide.html', data: '<h1>Guide</h1>' }
]

export const cases: Regression[] = [
  {
    title: 'bsdtar --format=zip -cf - to a pipe',
    kind: 'zip',
    tools: ['bsdtar'],
    make: async (scratch) => {
      await writeSourceTree(source(scratch), { links: true, longNames: true })
      const bytes = runTool('sh', ['-c', 'bsdtar --format=zip -cf - -C "$1" . | cat', 'sh', source(scratch)])
      if (bytes.length % 10240 !== 0 || bytes[bytes.length - 1] !== 0)
        throw new Error('bsdtar no longer pads its zip to a block')
      return bytes
    },
    unpacks: source
  },
  {
    title: 'a zip with an end record comment, padded with zeros',
    kind: 'zip',
    make: () => {
      const bytes = zipArchive(ENTRIES)
      bytes.writeUInt16LE(5, bytes.length - 2)
      return Buffer.concat([bytes, Buffer.from('hello'), Buffer.alloc(3000)])
    },
    unpacks: { 'index.html': '<h1>Docs</h1>', 'guide.html': '<h1>Guide</h1>' }
  },
  {
    title: 'zeros and then data after the end record',
    kind: 'zip',
    make: () => zipArchive(ENTRIES, { trailing: Buffer.concat([Buffer.alloc(1000), Buffer.from('x')]) }),
    refused: { rule: 'complete', detail: 'it has bytes after the end of the zip' }
  }
]
