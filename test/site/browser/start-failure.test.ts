import { describe, expect, it } from 'vitest'
import { BrowserStartError, exitedBeforeAnswer, silentAtStart } from '../../../src/site/browser/start-failure.js'

/** What Chromium 156 wrote, as nobody, where it could not make a user namespace. */
const NO_SANDBOX = `[17805:17805:1125/002354.348886:ERROR:dbus/bus.cc:405] Failed to connect to the bus: Failed to connect to socket /run/dbus/system_bus_socket: No such file or directory
[17805:17805:1125/002354.348886:ERROR:content/browser/zygote_host/zygote_host_impl_linux.cc:130] No usable sandbox! If this is a Debian system, please install the chromium-sandbox package to solve this problem. If you are running on Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor, see https://chromium.googlesource.com/chromium/src/+/main/docs/security/apparmor-userns-restrictions.md. If you want to live dangerously and need an immediate workaround, you can try using --no-sandbox.
`

describe('exitedBeforeAnswer', () => {
  it('says the sandbox could not start, and that Google Chrome or an AppArmor profile is the way out, never --no-sandbox', () => {
    const error = exitedBeforeAnswer('SIGTRAP', NO_SANDBOX)
    expect(error).toBeInstanceOf(BrowserStartError)
    expect(error.message).toBe(
      'the browser could not start its sandbox (it said "No usable sandbox") and exited (SIGTRAP)'
    )
    expect(error.hint).toMatch(/ubuntu-24\.04.*Google Chrome.*\/usr\/bin\/google-chrome.*AppArmor profile/)
    expect(error.hint).not.toContain('--no-sandbox')
  })

  it('quotes the telling line, without the log prefix, cut short; or says the browser said nothing', () => {
    const libraries = exitedBeforeAnswer(
      'code 127',
      'something first\nchrome: error while loading shared libraries: libnss3.so: cannot open shared object file\nlast words\n'
    )
    expect(libraries.message).toBe(
      'the browser exited (code 127) before it answered: chrome: error while loading shared libraries: libnss3.so: cannot open shared object file'
    )
    const fatal = exitedBeforeAnswer('code 1', `[1:1:0101/000000.000000:FATAL:x.cc(1)] ${'x'.repeat(400)}\n`)
    expect(fatal.message).toBe(`the browser exited (code 1) before it answered: ${'x'.repeat(300)}…`)
    expect(exitedBeforeAnswer('code 1', '\n\n').message).toBe(
      'the browser exited (code 1) before it answered, saying nothing'
    )
    expect(exitedBeforeAnswer('code 2', 'only line').message).toBe(
      'the browser exited (code 2) before it answered: only line'
    )
  })

  it('says how long a silent browser had', () => {
    expect(silentAtStart(30).message).toBe('the browser did not answer within 30 s of its start')
  })
})
