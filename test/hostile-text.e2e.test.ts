import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { commentMarker } from '../src/action/comment.ts'
import { SAMPLE_SITE, tarGz, type ArchiveEntry } from './emulator/archives.ts'
import { Emulator, type EmulatorSetup } from './emulator/server.ts'
import { agentInputs, exportInputs } from './support/export-inputs.ts'
import { filterTargets, renderGfm } from './support/gfm.ts'
import { describeWhere, missingBrowser } from './support/requirements.ts'
import { runAction, type ActionRun } from './support/run-action.ts'
import { runnerCommands } from './support/runner-commands.ts'

/**
 * Text from outside at its worst, in every place it comes from (the API's job id, statuses and
 * error texts, the agent job's fields, names in the archive, paths in the site), through the
 * built action. Each hostile run has a plain twin that takes the same path with harmless values:
 * the runner must read the same workflow commands in both (the action's own, nothing forged, no
 * `stop-commands` that would switch off the masking after it), and the job summary and the
 * comment must render to the same elements.
 */

let emulators: Emulator[] = []

afterEach(async () => {
  await Promise.all(emulators.map((emulator) => emulator.stop()))
  emulators = []
})

async function start(setup: EmulatorSetup): Promise<Emulator> {
  const emulator = await new Emulator(setup).start()
  emulators.push(emulator)
  return emulator
}

/** The id that would turn off every later workflow command, were the runner to read it as one. */
const STOP_COMMANDS = '::stop-commands::h2stop'

/** A link target that ends the summary's list and starts a heading with a link and a mention. */
const MARKDOWN_TARGET = '/nope\n\n# Heading [login](https://evil.example) @org/team'

/** The sample site with a page named by outside text and broken links whose targets decode to more. */
function site(hostile: boolean): ArchiveEntry[] {
  const page = hostile ? 'guides/##[error]forged by a name.html' : 'guides/plain-name.html'
  const commandLink = hostile ? '/nope%0A::error::forged by a link' : '/nope-one'
  const markdownLink = hostile ? encodeURI(MARKDOWN_TARGET).replace(/#/g, '%23') : '/nope-two'
  return [
    ...SAMPLE_SITE.map((entry) =>
      entry.name === 'index.html'
        ? { ...entry, content: String(entry.content).replace('</body>', `<a href="${markdownLink}">x</a></body>`) }
        : entry
    ),
    { name: page, content: `<!doctype html><html><body><a href="${commandLink}">x</a></body></html>\n` }
  ]
}

function exportSetup(hostile: boolean, overrides: EmulatorSetup = {}): EmulatorSetup {
  const entries = site(hostile)
  return {
    jobId: hostile ? STOP_COMMANDS : 'se_plain0123',
    archive: { bytes: tarGz(entries), name: 'bundle.tar.gz' },
    export: {
      pages: entries.filter((entry) => entry.name.endsWith('.html')).length,
      statuses: hostile
        ? ['queued\r\n::error::forged by a status', 'running ##[error]forged by a status', 'completed']
        : ['queued', 'running', 'completed']
    },
    ...overrides
  }
}

/** Runs the export of the hostile setup and of its plain twin. */
async function exportTwins(
  setup: (hostile: boolean) => EmulatorSetup,
  inputs: Record<string, string> = {}
): Promise<{ hostile: ActionRun; plain: ActionRun }> {
  const run = async (hostile: boolean): Promise<ActionRun> =>
    runAction(exportInputs(await start(setup(hostile)), { extract: 'true', ...inputs }))
  const [hostile, plain] = await Promise.all([run(true), run(false)])
  return { hostile, plain }
}

/** The lines of the output that show `text`. */
function linesWith(run: ActionRun, text: string): string[] {
  return run.stdout.split('\n').filter((line) => line.includes(text))
}

describe('outside text, end to end: the log', () => {
  it('a hostile job id, statuses, archive names and site paths forge no command, and the link stays masked', async () => {
    const { hostile, plain } = await exportTwins((isHostile) => exportSetup(isHostile))
    expect([hostile.exitCode, plain.exitCode]).toEqual([0, 0])
    const commands = runnerCommands(hostile.stdout)
    expect(commands).toEqual(runnerCommands(plain.stdout))
    expect(commands).not.toContain('stop-commands')
    // The key, the workflow's token and the link.
    expect(commands.filter((command) => command === 'add-mask')).toHaveLength(3)
    expect(commands.filter((command) => command === 'error')).toEqual([])
    expect(commands.filter((command) => command === 'warning')).toHaveLength(2)
    // The runner reads the link's mask, as no stop-commands came before it; no other line shows the link.
    const link = hostile.outputs['bundle-url'] ?? ''
    expect(link).toContain(encodeURIComponent(STOP_COMMANDS))
    // As the runner reads the mask command: with `%` written `%25`.
    const masked = `::add-mask::${link.replace(/%/g, '%25')}`
    expect(hostile.stdout.split('\n')).toContain(masked)
    const signature = new URL(link).searchParams.get('X-Amz-Signature') ?? ''
    expect(linesWith(hostile, signature)).toEqual([masked])
    expect(hostile.outputs['job-id']).toBe(STOP_COMMANDS)
    expect(path.basename(hostile.outputs['bundle-path'] ?? '')).toBe('bundle-__stop-commands__h2stop.tar.gz')
    // What the runner would have taken for commands is there, shown inert.
    expect(hostile.stdout).toContain('(queued\\r\\n::error::forged by a status)')
    expect(hostile.stdout).toContain('\\u003a:stop-commands::h2stop: running ##\\u005berror]forged by a status')
    expect(hostile.stdout).toContain('/nope\\n::error::forged by a link')
  })

  it('a hostile error text of a failed job, or of a refused call, is one error among the action’s own', async () => {
    const failed = await exportTwins((hostile) =>
      exportSetup(hostile, {
        export: {
          statuses: ['queued', 'failed'],
          error: hostile ? 'Build failed\n::error::forged by the error\r##[warning]again' : 'Build failed'
        }
      })
    )
    expect([failed.hostile.exitCode, failed.plain.exitCode]).toEqual([1, 1])
    expect(runnerCommands(failed.hostile.stdout)).toEqual(runnerCommands(failed.plain.stdout))
    expect(failed.hostile.errors).toEqual([
      `Export job ::stop-commands::h2stop failed: Build failed\\n::error::forged by the error\\r##\\u005bwarning]again`
    ])

    const refused = async (hostile: boolean): Promise<ActionRun> => {
      const emulator = await start(exportSetup(hostile))
      const error = hostile ? 'Already running\n::stop-commands::h2stop\r\n##[error]forged' : 'Already running'
      emulator.inject('start', { status: 409, body: JSON.stringify({ error }) })
      return runAction(exportInputs(emulator))
    }
    const [hostile, plain] = await Promise.all([refused(true), refused(false)])
    expect([hostile.exitCode, plain.exitCode]).toEqual([1, 1])
    expect(runnerCommands(hostile.stdout)).toEqual(runnerCommands(plain.stdout))
    expect(runnerCommands(hostile.stdout)).not.toContain('stop-commands')
    expect(hostile.errors).toHaveLength(1)
    expect(hostile.errors[0]).toContain('Already running\\n::stop-commands::h2stop\\r\\n##\\u005berror]forged')
  })

  it('an archive entry refused for its name says so on one inert line', async () => {
    const setup = (hostile: boolean): EmulatorSetup => {
      const name = hostile ? 'x\n::stop-commands::h2stop' : 'CON'
      return exportSetup(hostile, {
        archive: { bytes: tarGz([...SAMPLE_SITE, { name, content: 'x' }]), name: 'bundle.tar.gz' }
      })
    }
    const { hostile, plain } = await exportTwins(setup, { verify: 'off' })
    expect([hostile.exitCode, plain.exitCode]).toEqual([1, 1])
    expect(runnerCommands(hostile.stdout)).toEqual(runnerCommands(plain.stdout))
    expect(hostile.errors).toHaveLength(1)
    expect(hostile.errors[0]).toContain('x\\n::stop-commands::h2stop')
    expect(hostile.errors[0]).toContain('[rule: name]')
  })
})

describe('outside text, end to end: the job summary', () => {
  it('renders to the elements of the plain twin’s summary, every value shown as it came', async () => {
    const { hostile, plain } = await exportTwins((isHostile) => exportSetup(isHostile))
    const shown = renderGfm(hostile.summary)
    expect(shown.layout).toBe(renderGfm(plain.summary).layout)
    expect(shown.skeleton).not.toMatch(/\bh1\b|\bimg\b|\bblockquote\b/)
    expect(shown.links).toEqual([])
    expect(shown.comments).toEqual([])
    expect(filterTargets(shown)).toEqual([])
    expect(hostile.summaryText).toContain(STOP_COMMANDS)
    expect(hostile.summaryText).toContain(MARKDOWN_TARGET)
    expect(hostile.summaryText).toContain('guides/##[error]forged by a name.html')
  })
})

describeWhere(missingBrowser, 'outside text, end to end: what the browser reports', () => {
  /** A page whose script fails with outside text and asks for a path that decodes to more. */
  function browserSite(hostile: boolean): ArchiveEntry[] {
    const message = hostile
      ? 'x\r::error::forged by a script\n\n# Heading [login](https://evil.example) @org/team'
      : 'x'
    const missing = hostile ? '/missing%0A::error::forged%20by%20a%20fetch%0A%0A%23%20Heading' : '/missing-plain'
    const script = `<script>fetch(${JSON.stringify(missing)}).catch(() => {}); throw new Error(${JSON.stringify(message)})</script>`
    return SAMPLE_SITE.map((entry) =>
      entry.name === 'index.html'
        ? { ...entry, content: String(entry.content).replace('</body>', `${script}</body>`) }
        : entry
    )
  }

  it('script errors and missing paths forge no command and no element of the summary', async () => {
    const setup = (hostile: boolean): EmulatorSetup => {
      const entries = browserSite(hostile)
      return exportSetup(hostile, {
        archive: { bytes: tarGz(entries), name: 'bundle.tar.gz' },
        export: { pages: 3, statuses: ['queued', 'completed'] }
      })
    }
    const run = async (hostile: boolean): Promise<ActionRun> =>
      runAction(exportInputs(await start(setup(hostile)), { extract: 'true', 'verify-browser': 'on' }), {
        timeoutMs: 90_000
      })
    // One after the other: two browsers at once would compete for the machine's two cores.
    const hostile = await run(true)
    const plain = await run(false)
    expect([hostile.exitCode, plain.exitCode]).toEqual([0, 0])
    expect(runnerCommands(hostile.stdout)).toEqual(runnerCommands(plain.stdout))
    expect(runnerCommands(hostile.stdout)).not.toContain('error')
    const summary = renderGfm(hostile.summary)
    expect(summary.layout).toBe(renderGfm(plain.summary).layout)
    expect(summary.skeleton).not.toMatch(/\bh1\b/)
    expect(summary.links).toEqual([])
    expect(filterTargets(summary)).toEqual([])
    expect(hostile.summaryText).toContain('::error::forged by a script')
    expect(hostile.summaryText).toContain('/missing\n::error::forged by a fetch')
  }, 200_000)
})

describe('outside text, end to end: the agent comment', () => {
  const HOSTILE_ID = 'aj-->\n\n<img src=x onerror=alert(1)> @org/team [login](https://evil.example) <!-- x -->'

  async function agentRun(
    emulator: Emulator,
    inputs: Record<string, string>
  ): Promise<{ run: ActionRun; body: string }> {
    const run = await runAction(agentInputs(emulator, { 'comment-on': '7', ...inputs }), {
      env: { GITHUB_API_URL: emulator.github.url }
    })
    expect(emulator.github.commentsOn(7)).toHaveLength(1)
    return { run, body: emulator.github.commentsOn(7)[0]?.body ?? '' }
  }

  it('hostile fields forge no marker, element, mention or link, and a later run still finds the comment', async () => {
    const setup = async (hostile: boolean): Promise<Emulator> =>
      (await start({})).addAgentJob('proj_acme', 'aj_42', {
        statuses: [hostile ? '::stop-commands::h2stop\n@org/team' : 'active', 'completed'],
        ...(hostile
          ? {
              id: HOSTILE_ID,
              repository: 'https://github.com/acme/docs\n\n# Heading',
              ref: 'main`</code><img src=x>',
              model: '@octocat #12 www.evil.example |x|',
              prLink: 'https://evil.example/acme/docs/pull/42?[login](https://evil.example)'
            }
          : { id: 'aj_plain', prLink: 'https://other.example/acme/docs/pull/42' })
      })
    const [hostileEmulator, plainEmulator] = await Promise.all([setup(true), setup(false)])
    const runs: Record<string, string>[] = [{ wait: 'false' }, {}]
    for (const inputs of runs) {
      const [hostile, plain] = await Promise.all([agentRun(hostileEmulator, inputs), agentRun(plainEmulator, inputs)])
      expect([hostile.run.exitCode, plain.run.exitCode]).toEqual([0, 0])
      expect(runnerCommands(hostile.run.stdout)).toEqual(runnerCommands(plain.run.stdout))
      expect(runnerCommands(hostile.run.stdout)).not.toContain('stop-commands')
      const marker = commentMarker({ projectId: 'proj_acme', agentJobId: 'aj_42' })
      expect(hostile.body.startsWith(`${marker}\n`)).toBe(true)
      const comment = renderGfm(hostile.body)
      expect(comment.layout).toBe(renderGfm(plain.body).layout)
      expect(comment.comments).toEqual([marker.slice('<!--'.length, -'-->'.length)])
      expect(comment.links).toEqual([])
      expect(filterTargets(comment)).toEqual([])
      expect(comment.text).toContain(HOSTILE_ID.replace(/\n/g, '\\n'))
      const summary = renderGfm(hostile.run.summary)
      expect(summary.layout).toBe(renderGfm(plain.run.summary).layout)
      expect(filterTargets(summary)).toEqual([])
    }
    // The second run updated the first run's comment in place.
    expect(hostileEmulator.github.requests.filter((request) => request.method === 'POST')).toHaveLength(1)
    expect(hostileEmulator.github.requests.filter((request) => request.method === 'PATCH')).toHaveLength(1)
  })
})
