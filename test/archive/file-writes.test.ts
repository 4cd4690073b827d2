import { readFileSync, readdirSync, statSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { FileWrites } from '../../src/archive/file-writes.js'

describe('FileWrites', () => {
  let folder: string
  let writes: FileWrites

  beforeEach(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'file-writes-'))
    writes = new FileWrites()
  })

  afterEach(async () => {
    await writes.stop()
    await rm(folder, { recursive: true, force: true })
  })

  it('makes the files and hard links in the order queued, a file of many batches whole', () => {
    const large = Buffer.alloc(5 * 1024 * 1024 + 7)
    for (let i = 0; i < large.length; i++) large[i] = (i * 31) % 251
    writes.open(path.join(folder, 'large.bin'), 0o644)
    // In parts of uneven sizes, as a reader hands them over.
    for (let at = 0; at < large.length; at += 300_001) writes.write(large.subarray(at, at + 300_001))
    writes.close()
    for (let i = 0; i < 5000; i++) {
      writes.open(path.join(folder, `small-${i}.txt`), 0o644)
      writes.write(Buffer.from(`file ${i}`))
      writes.close()
    }
    writes.open(path.join(folder, 'empty.txt'), 0o755)
    writes.close()
    writes.link(path.join(folder, 'small-7.txt'), path.join(folder, 'linked.txt'))
    writes.drain()
    expect(readFileSync(path.join(folder, 'large.bin')).equals(large)).toBe(true)
    expect(readFileSync(path.join(folder, 'small-4999.txt'), 'utf8')).toBe('file 4999')
    expect(readFileSync(path.join(folder, 'linked.txt'), 'utf8')).toBe('file 7')
    expect(statSync(path.join(folder, 'linked.txt')).ino).toBe(statSync(path.join(folder, 'small-7.txt')).ino)
    expect(statSync(path.join(folder, 'empty.txt')).size).toBe(0)
    expect(readdirSync(folder)).toHaveLength(5003)
  })

  it('throws what failed on the thread, with its code and path, at the next call, and again after', () => {
    writes.open(path.join(folder, 'a.txt'), 0o644)
    writes.close()
    // O_EXCL: a file is only ever created, never opened again.
    writes.open(path.join(folder, 'a.txt'), 0o644)
    writes.close()
    const failure = (() => {
      try {
        writes.drain()
      } catch (error) {
        return error as NodeJS.ErrnoException
      }
    })()
    expect(failure?.code).toBe('EEXIST')
    expect(failure?.path).toBe(path.join(folder, 'a.txt'))
    expect(failure?.message).toContain('EEXIST')
    expect(() => writes.open(path.join(folder, 'b.txt'), 0o644)).not.toThrow()
    expect(() => writes.drain()).toThrow(failure)
  })

  it.skipIf(process.platform === 'win32')(
    'sets a mode the umask narrowed once the file exists, when asked, and only then',
    () => {
      const umask = process.umask(0o077)
      try {
        writes.open(path.join(folder, 'narrowed.sh'), 0o755)
        writes.close()
        writes.open(path.join(folder, 'set.sh'), 0o755, true)
        writes.close()
        writes.open(path.join(folder, 'set.txt'), 0o644, true)
        writes.close()
        writes.drain()
      } finally {
        process.umask(umask)
      }
      const mode = (name: string): string => (statSync(path.join(folder, name)).mode & 0o7777).toString(8)
      expect([mode('narrowed.sh'), mode('set.sh'), mode('set.txt')]).toEqual(['700', '755', '644'])
    }
  )

  it('drops what is still queued when stopped, and leaves no file open: the folder can be removed', async () => {
    writes.open(path.join(folder, 'kept.txt'), 0o644)
    writes.write(Buffer.alloc(3 * 1024 * 1024))
    writes.open(path.join(folder, 'open.txt'), 0o644)
    writes.write(Buffer.from('half'))
    await writes.stop()
    const open = readdirSync(`/proc/${process.pid}/fd`).filter((fd) => {
      try {
        return readlinkFd(fd).startsWith(folder)
      } catch {
        return false
      }
    })
    expect(open).toEqual([])
    await rm(folder, { recursive: true })
  })
})

function readlinkFd(fd: string): string {
  return process.getBuiltinModule('node:fs').readlinkSync(`/proc/${process.pid}/fd/${fd}`)
}
