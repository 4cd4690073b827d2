import { parentPort, workerData } from 'node:worker_threads'
import type { FromWorker, ToWorker, WorkerSetup } from './check.js'
import { SiteReader } from './reader.js'
import { SiteFiles } from './resolve.js'

/**
 * A site check worker thread (bundled on its own as dist/site-worker/): it asks for files, reads
 * each batch it is sent, and when told to finish sends back what it found.
 */

const setup = workerData as WorkerSetup
const reader = new SiteReader(setup.root, new SiteFiles(setup.root, setup.files, setup.linkedFolders), setup.domain, {
  scriptSets: setup.scriptSets
})
const port = parentPort
if (!port) throw new Error('the site check worker runs only as a worker thread')

port.on('message', (message: ToWorker) => {
  if ('finish' in message) {
    port.postMessage({ findings: reader.snapshot() } satisfies FromWorker)
    return
  }
  for (const file of message.files) reader.readFile(file)
  port.postMessage({ ready: true } satisfies FromWorker)
})
port.postMessage({ ready: true } satisfies FromWorker)
