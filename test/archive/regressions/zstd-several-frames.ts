import { closeSync, openSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { zstdCompressSync } from 'node:zlib'
import { zstdParts } from '../../../src/archive/zstd.js'
import { runTool, writeSourceTree } from '../../support/archive-tools.ts'
import type { Regression } from './regression.ts'

/**
 * Node's zstd decoder stops after the first frame, so every archive of several frames was refused
 * ("empty", or "data after the end of its zstd stream"): all of pzstd's (a frame per block, after
 * a skippable frame, which also made the archive "not an archive"), and concatenated outputs.
 */

/** The source tree as GNU tar archives it. */
async function sourceTar(scratch: string): Promise<Buffer> {
  const source = path.join(scratch, 'source')
  await writeSourceTree(source, { links: true, hardLinks: true, longNames: true })
  return runTool('tar', ['--format=pax', '-cf', '-', '-C', source, '.'])
}

/** A skippable frame holding `content`, with the magic number `0x184D2A50 + nibble`. */
function skippable(content: Buffer, nibble = 0): Buffer {
  const header = Buffer.alloc(8)
  header.writeUInt32LE(0x184d2a50 + nibble, 0)
  header.writeUInt32LE(content.length, 4)
  return Buffer.concat([header, content])
}

/** `tar` cut in `count` parts, each compressed to a frame of its own. */
function frames(tar: Buffer, count: number): Buffer[] {
  const step = Math.ceil(tar.length / count)
  return Array.from({ length: count }, (_, i) => zstdCompressSync(tar.subarray(i * step, (i + 1) * step)))
}

/** The zstd frames in `bytes`, skippable frames aside. */
function countFrames(bytes: Buffer): number {
  const file = path.join(os.tmpdir(), `frames-${process.pid}.zst`)
  writeFileSync(file, bytes)
  const fd = openSync(file, 'r')
  try {
    return [...zstdParts(fd, bytes.length)].length
  } finally {
    closeSync(fd)
    rmSync(file)
  }
}

const source = (scratch: string): string => path.join(scratch, 'source')

export const cases: Regression[] = [
  {
    title: 'pzstd -1 -p 2 (a skippable frame, then a frame per block)',
    kind: 'tar.zst',
    tools: ['tar', 'pzstd'],
    make: async (scratch) => {
      const bytes = runTool('pzstd', ['-q', '-1', '-p', '2', '-c'], { input: await sourceTar(scratch) })
      if (countFrames(bytes) < 3)
        throw new Error(`pzstd wrote ${countFrames(bytes)} frames: too few to show the finding`)
      return bytes
    },
    unpacks: source
  },
  {
    title: 'zstd -T0 --long',
    kind: 'tar.zst',
    tools: ['tar', 'zstd'],
    make: async (scratch) => runTool('zstd', ['-q', '-T0', '--long', '-c'], { input: await sourceTar(scratch) }),
    unpacks: source
  },
  {
    title: 'two zstd outputs, one after the other',
    kind: 'tar.zst',
    tools: ['tar', 'zstd'],
    make: async (scratch) => {
      const tar = await sourceTar(scratch)
      const half = Math.floor(tar.length / 2)
      return Buffer.concat([
        runTool('zstd', ['-q', '-c'], { input: tar.subarray(0, half) }),
        runTool('zstd', ['-q', '-c'], { input: tar.subarray(half) })
      ])
    },
    unpacks: source
  },
  {
    title: 'skippable frames before, between and after three frames, then zero padding',
    kind: 'tar.zst',
    tools: ['tar'],
    make: async (scratch) => {
      const [a, b, c] = frames(await sourceTar(scratch), 3)
      return Buffer.concat([
        skippable(Buffer.from('pzstd')),
        a,
        skippable(Buffer.alloc(0), 15),
        b,
        c,
        skippable(Buffer.from('x'), 7),
        Buffer.alloc(512)
      ])
    },
    unpacks: source
  },
  {
    title: 'a frame after the zero padding',
    kind: 'tar.zst',
    tools: ['tar'],
    make: async (scratch) => {
      const [a, b] = frames(await sourceTar(scratch), 2)
      return Buffer.concat([a, Buffer.alloc(16), b])
    },
    refused: { rule: 'complete', detail: /^it has data after the end of its zstd stream \(at byte \d+\)$/ }
  },
  {
    title: 'a skippable frame cut short',
    kind: 'tar.zst',
    tools: ['tar'],
    make: async (scratch) =>
      Buffer.concat([...frames(await sourceTar(scratch), 1), skippable(Buffer.alloc(100)).subarray(0, 50)]),
    refused: { rule: 'complete', detail: 'its zstd stream is cut short' }
  }
]
