// Loaded with `node --import` ahead of dist/index.js by figure 3b: when the action opens its
// "Unpack the site" log group, resets the process's peak resident set size (VmHWM, by writing 5 to
// /proc/self/clear_refs) and notes the RSS at that moment; when the group closes, notes the peak
// since. At exit, writes both to RUNNER_TEMP/unpack-rss.json. Linux only, like VmHWM itself.
// Plain JavaScript on purpose: a .ts probe would load Node's type stripper into the measured process.
import { readFileSync, writeFileSync } from 'node:fs'

const field = (name) =>
  Number(new RegExp(`^${name}:\\s*(\\d+) kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'))?.[1])
const result = {}
const write = process.stdout.write.bind(process.stdout)
process.stdout.write = (chunk, ...rest) => {
  const text = String(chunk)
  if (result.startKiB === undefined && text.includes('::group::Unpack the site')) {
    writeFileSync('/proc/self/clear_refs', '5')
    result.startKiB = field('VmRSS')
  } else if (result.startKiB !== undefined && result.peakKiB === undefined && text.includes('::endgroup::')) {
    result.peakKiB = field('VmHWM')
  }
  return write(chunk, ...rest)
}
process.on('exit', () => {
  if (process.env.RUNNER_TEMP) writeFileSync(`${process.env.RUNNER_TEMP}/unpack-rss.json`, JSON.stringify(result))
})
