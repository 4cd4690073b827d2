import { formatBytes } from '../core/format.js'
import type { Host } from '../core/host.js'

/** A long upload logs how far it got at a steady pace; one that ends within the first interval logs nothing. */
const PROGRESS_INTERVAL_MS = 10_000

/** Logs `Mirror: uploaded X of Y (N%)` every interval until the returned function is called. */
export function reportUpload(host: Host, totalBytes: number, uploadedBytes: () => number): () => void {
  const timer = setInterval(() => {
    const done = Math.min(uploadedBytes(), totalBytes)
    host.progress(
      `Mirror: uploaded ${formatBytes(done)} of ${formatBytes(totalBytes)} (${Math.floor((done / totalBytes) * 100)}%)`
    )
  }, host.progressIntervalMs ?? PROGRESS_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
