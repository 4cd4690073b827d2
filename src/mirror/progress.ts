import { formatBytes } from '../core/format.js'
import type { Host } from '../core/host.js'
import { everyProgressChange } from '../core/progress.js'

/**
 * Logs `Mirror: uploaded X of Y (N%)` at the host's progress pace when it changed, and now and
 * then when it did not, until the returned function is called.
 */
export function reportUpload(host: Host, totalBytes: number, uploadedBytes: () => number): () => void {
  return everyProgressChange(
    (line) => host.progress(line),
    () => {
      const done = Math.min(uploadedBytes(), totalBytes)
      return `Mirror: uploaded ${formatBytes(done)} of ${formatBytes(totalBytes)} (${Math.floor((done / totalBytes) * 100)}%)`
    },
    host.progressIntervalMs
  )
}
