import { parentPort, workerData } from 'node:worker_threads'
import { Deadline } from '../core/deadline.js'
import { errorRecord } from '../core/errors.js'
import { textRecord, type Text } from '../core/message.js'
import { runPublish, type PublishLog } from './engine.js'
import type { FromThread, ThreadSetup, ToThread } from './thread-protocol.js'

/**
 * The thread that publishes (index.ts starts it, with a bounded heap): the publish of engine.ts,
 * its log lines handed to the run's host, its deadline the run's, its answer one message. Bundled
 * on its own as dist/publish-thread/, with the AWS SDK, which the run's own thread then never loads.
 */

const setup = workerData as ThreadSetup
const port = parentPort
if (!port) throw new Error('publish-thread.ts runs as a worker thread')
const post = (message: FromThread): void => port.postMessage(message)
const cancellation = new AbortController()
port.on('message', (message: ToThread) => {
  if (message.cancel) cancellation.abort()
})
const log = (level: 'info' | 'debug' | 'progress') => (text: Text) =>
  post({ kind: 'log', level, text: textRecord(text) })
const host: PublishLog = {
  info: log('info'),
  debug: log('debug'),
  progress: log('progress'),
  progressIntervalMs: setup.progressIntervalMs
}

try {
  const { failure, ...result } = await runPublish(setup.target, {
    ...setup.options,
    host,
    deadline: new Deadline(setup.deadlineAt, cancellation.signal)
  })
  post({ kind: 'done', result, ...(failure ? { failure: errorRecord(failure) } : {}) })
} catch (error) {
  post({ kind: 'failed', error: errorRecord(error) })
}
// The answer is sent: nothing keeps the thread once the run has it.
port.close()
