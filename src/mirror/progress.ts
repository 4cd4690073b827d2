import { formatBytes } from '../core/format.js'
import type { Host } from '../core/host.js'
import { everyProgressInterval } from '../core/progress.js'

/** Logs `Mirror: uploaded X of Y (N%)` at the host's progress pace until the returned function is called. */
export function reportUpload(host: Host, totalBytes: number, uploadedBytes: () => number): () => void {
  return everyProgressInterval(() => {
    const done = Math.min(uploadedBytes(), totalBytes)
    host.progress(
      `Mirror: uploaded ${formatBytes(done)} of ${formatBytes(totalBytes)} (${Math.floor((done / totalBytes) * 100)}%)`
    )
  }, host.progressIntervalMs)
}
