// Loaded with `node --import` ahead of the program it measures: at exit, writes to the file named
// by BENCH_RSS_FILE the process's peak resident set size and CPU time (all threads), and where
// /proc tells, how much of the resident memory at exit was file-backed (pages of the node binary
// and libraries) and anonymous (heap, buffers).
//
// The peak is /proc/self/status's VmHWM, the high-water mark of this process image. getrusage's
// ru_maxrss (process.resourceUsage().maxRSS) is not used where VmHWM exists: Linux folds the
// memory of the image replaced by exec into it, so a node started by a big parent (libuv forks
// the parent, then execs) reports at least the parent's size. Elsewhere ru_maxrss is all there is.
// Plain JavaScript on purpose: a .ts probe would load Node's type stripper into the measured process.
import { readFileSync, writeFileSync } from 'node:fs'

const file = process.env.BENCH_RSS_FILE
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage()
    const result = {
      maxRssKiB: usage.maxRSS,
      source: 'ru_maxrss',
      cpuMs: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)
    }
    try {
      const status = readFileSync('/proc/self/status', 'utf8')
      const field = (name) => Number(new RegExp(`^${name}:\\s*(\\d+) kB`, 'm').exec(status)?.[1])
      if (field('VmHWM') > 0) Object.assign(result, { maxRssKiB: field('VmHWM'), source: 'VmHWM' })
      result.rssAnonKiB = field('RssAnon')
      result.rssFileKiB = field('RssFile')
    } catch {
      // Not Linux: ru_maxrss alone.
    }
    writeFileSync(file, JSON.stringify(result))
  })
}
