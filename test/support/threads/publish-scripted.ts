import { parentPort, workerData } from 'node:worker_threads'
import type { ErrorRecord } from '../../../src/core/errors.js'
import type { FromThread, ThreadSetup, ToThread } from '../../../src/publish/thread-protocol.js'

/**
 * A stand-in for the publish's thread (src/publish/publish-thread.ts), started by publishSite() in
 * its place with the same limits. What it does is the setup's `sitePath`:
 * - `answer`: a log line that names an input, then a failure with its code, input and cause;
 * - `until-cancelled`: nothing, until the run's cancellation reaches it, then says it was cancelled;
 * - `silent`: never answers, and takes no notice of a cancellation;
 * - `exit`: ends with exit code 3 without a word;
 * - `out-of-memory`: keeps allocating, as no real one should, until V8 ends it.
 */
const setup = workerData as ThreadSetup
const port = parentPort
if (!port) throw new Error('a worker thread only')
const post = (message: FromThread): void => port.postMessage(message)
const failed = (error: ErrorRecord): void => {
  post({ kind: 'failed', error })
  port.close()
}

switch (setup.options.sitePath) {
  case 'answer':
    post({ kind: 'log', level: 'info', text: { parts: ['Publish: about ', { input: 'publish-to' }] } })
    failed({
      name: 'ActionError',
      text: { parts: ['Publish: refused; see ', { input: 'publish-max-delete', value: '60%' }] },
      action: { code: 'publish', retryable: false, namesJob: false, input: { input: 'publish-max-delete' } },
      cause: { name: 'Error', text: 'socket hang up', systemCode: 'ECONNRESET' }
    })
    break
  case 'until-cancelled':
    port.on('message', (message: ToThread) => {
      if (message.cancel)
        failed({
          name: 'ActionError',
          text: 'The run was cancelled while publishing',
          action: { code: 'cancelled', retryable: false, namesJob: true }
        })
    })
    break
  case 'silent':
    setInterval(() => undefined, 60_000)
    break
  case 'exit':
    process.exit(3)
    break
  case 'out-of-memory': {
    const kept: number[][] = []
    for (;;) kept.push(new Array<number>(100_000).fill(1.5))
  }
}
