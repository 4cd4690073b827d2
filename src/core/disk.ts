import { statfsSync } from 'node:fs'

/** Kept free on the runner's disk for the steps that follow: neither the download nor the unpacking takes it. */
export const FREE_SPACE_RESERVE_BYTES = 256 * 1024 * 1024

/** Free bytes on the file system that holds `folder`; unbounded where the system cannot tell. */
export function freeBytes(folder: string): number {
  try {
    const stats = statfsSync(folder)
    return stats.bavail * stats.bsize
  } catch {
    return Number.POSITIVE_INFINITY
  }
}
