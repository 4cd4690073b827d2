import type { Entry, EntrySink } from '../../src/archive/writer.js'

/** An EntrySink that keeps what a reader gives it: each entry, and a file's data. */
export class Recorder implements EntrySink {
  readonly entries: (Entry & { data?: Buffer })[] = []
  private chunks: Buffer[] | undefined

  begin(entry: Entry): boolean {
    this.entries.push({ ...entry })
    if (entry.type !== 'file') return false
    this.chunks = []
    return true
  }

  write(data: Buffer, offset = 0, length = data.length - offset): void {
    this.chunks?.push(Buffer.from(data.subarray(offset, offset + length)))
  }

  finish(): void {
    const last = this.entries.at(-1)
    if (last && this.chunks) last.data = Buffer.concat(this.chunks)
    this.chunks = undefined
  }

  /** name → type (and data or target), for compact expectations. */
  summary(): string[] {
    return this.entries.map((entry) => {
      const detail =
        entry.type === 'file'
          ? ` ${entry.data?.toString('latin1') ?? '(open)'}`
          : entry.linkTarget !== undefined
            ? ` -> ${entry.linkTarget}`
            : ''
      return `${entry.type} ${entry.name}${detail}`
    })
  }
}
