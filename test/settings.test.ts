import path from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { INPUTS, InputError, readSettings, type AgentSettings, type ExportSettings } from '../src/settings/index.js'
import { ACTION_WORDS } from '../src/action/host.js'
import { render } from '../src/core/message.js'
import { RecordingHost } from './support/recording-host.js'
import { readActionYaml } from './support/run-action.ts'

const KEY = 'mint_0123456789abcdef'

let host: RecordingHost

beforeEach(() => {
  host = new RecordingHost()
})

/** Gives the inputs to the host, as the runner gives them to the action. */
function setInputs(inputs: Record<string, string>): void {
  host = new RecordingHost({ inputs })
}

function exportSettings(inputs: Record<string, string> = {}): ExportSettings {
  setInputs({ 'api-key': KEY, domain: 'docs.acme.dev', ...inputs })
  const settings = readSettings(host)
  if (settings.command !== 'export') throw new Error(`expected export settings, got ${settings.command}`)
  return settings
}

function agentSettings(inputs: Record<string, string> = {}): AgentSettings {
  setInputs({ 'api-key': KEY, command: 'agent-job', 'project-id': 'proj_1', 'agent-job-id': 'aj_1', ...inputs })
  const settings = readSettings(host)
  if (settings.command !== 'agent-job') throw new Error(`expected agent-job settings, got ${settings.command}`)
  return settings
}

/** The InputError readSettings throws for these inputs. */
function inputError(inputs: Record<string, string>): { message: string } {
  setInputs(inputs)
  try {
    readSettings(host)
  } catch (error) {
    expect(error).toBeInstanceOf(InputError)
    // As the Action's host writes it: the inputs named in the workflow's words.
    return { message: render((error as InputError).text, ACTION_WORDS) }
  }
  throw new Error('readSettings accepted the inputs')
}

function exportError(inputs: Record<string, string>): string {
  return inputError({ 'api-key': KEY, domain: 'docs.acme.dev', ...inputs }).message
}

function written(): string {
  return host.transcript()
}

describe('readSettings: defaults', () => {
  it('applies the defaults of action.yml when inputs are empty', () => {
    // The runner passes an empty string for inputs without a value or default.
    const settings = exportSettings({
      'base-url': '',
      command: '',
      wait: '',
      'timeout-seconds': '',
      extract: '',
      paths: '',
      verify: ''
    })
    expect(settings).toEqual({
      apiKey: KEY,
      baseUrl: 'https://api.mintlify.com',
      command: 'export',
      domain: 'docs.acme.dev',
      exportJobId: undefined,
      wait: true,
      timeoutMs: 1_800_000,
      pollIntervalMs: 5000,
      download: true,
      extract: false,
      path: undefined,
      maskBundleUrl: true,
      paths: [],
      version: undefined,
      verify: 'warn',
      verifyBrowser: 'auto',
      verifyBrowserPages: 25,
      mirrorCheck: 'on',
      publishRoutes: 'copies',
      publishDryRun: false,
      publishKeepRemoved: 1,
      publishMaxDelete: 50,
      publishCacheControl: [],
      checkFiles: 100
    })
  })
})

describe('readSettings: api-key', () => {
  it('trims the key and masks it before anything else is written', () => {
    const settings = exportSettings({ 'api-key': `  ${KEY}\n` })
    expect(settings.apiKey).toBe(KEY)
    const firstLine = written().split('\n')[0]
    expect(firstLine).toBe(`::add-mask::${KEY}`)
  })

  it('never logs the key in the settings it prints for debugging', () => {
    exportSettings()
    const lines = written().split('\n')
    expect(lines.filter((line) => line.includes(KEY))).toEqual([`::add-mask::${KEY}`])
  })

  it.each(['', '   '])('rejects an empty key %j with one error that names the input and the fork case', (key) => {
    expect(inputError({ 'api-key': key, domain: 'docs.acme.dev' }).message).toBe(
      "Input 'api-key' is empty or missing: pass the admin key from a secret (api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}). " +
        "Workflows triggered from a fork's pull request don't receive secrets"
    )
  })

  it.each(['not a key', 'mint-0123456789', 'Bearer mint_abc', 'mint_abc$%'])(
    'rejects the malformed key %j without echoing it',
    (key) => {
      const message = exportError({ 'api-key': key })
      expect(message).toContain("Input 'api-key' does not look like an admin API key")
      expect(message).not.toContain(key)
      // It was still masked, in case a later step prints it.
      expect(written()).toContain(`::add-mask::${key}`)
    }
  )
})

describe('readSettings: base-url', () => {
  it('keeps an https address and strips its trailing slashes', () => {
    expect(exportSettings({ 'base-url': 'https://api.example.com/' }).baseUrl).toBe('https://api.example.com')
    expect(exportSettings({ 'base-url': 'https://api.example.com/mintlify//' }).baseUrl).toBe(
      'https://api.example.com/mintlify'
    )
  })

  it.each([
    'http://127.0.0.1:8080',
    'http://127.1.2.3',
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://[::1]:9000'
  ])('allows plain http to the loopback address %s', (url) => {
    expect(exportSettings({ 'base-url': url }).baseUrl).toBe(new URL(url).href.replace(/\/$/, ''))
  })

  it.each(['http://api.mintlify.com', 'http://10.0.0.1', 'http://localhost.evil.test', 'http://127.0.0.1.nip.io'])(
    'refuses plain http to %s',
    (url) => {
      expect(exportError({ 'base-url': url })).toMatch(/^Input 'base-url' must use https:\/\//)
    }
  )

  it.each(['ftp://api.mintlify.com', 'api.mintlify.com', 'not a url'])(
    'refuses %j, which is not an https address',
    (url) => {
      expect(exportError({ 'base-url': url })).toContain(`Input 'base-url' must be an https:// address, got "${url}"`)
    }
  )

  it.each([
    'https://user:secret@api.mintlify.com',
    'https://api.mintlify.com/?token=abc',
    'https://api.mintlify.com/#top'
  ])('refuses credentials, a query or a fragment in %s', (url) => {
    const message = exportError({ 'base-url': url })
    expect(message).toBe("Input 'base-url' must not carry credentials, a query or a fragment")
  })
})

describe('readSettings: command', () => {
  it('accepts export and agent-job', () => {
    expect(exportSettings({ command: 'export' }).command).toBe('export')
    expect(agentSettings().command).toBe('agent-job')
  })

  it.each(['Export', 'agent', 'deploy'])('rejects the command %j, naming the input', (command) => {
    expect(exportError({ command })).toContain(
      `Input 'command' must be export, agent-job, check-deployment, got "${command}"`
    )
  })
})

describe('readSettings: domain', () => {
  it('keeps a host name as it is, without a notice', () => {
    expect(exportSettings({ domain: 'docs.acme.dev' }).domain).toBe('docs.acme.dev')
    expect(written()).not.toContain('::notice')
  })

  it.each([
    ['https://docs.acme.dev', 'docs.acme.dev'],
    ['https://docs.acme.dev/', 'docs.acme.dev'],
    ['http://Docs.Acme.Dev:8080', 'docs.acme.dev']
  ])('reduces the pasted %s to its host, with a notice', (pasted, host) => {
    expect(exportSettings({ domain: pasted }).domain).toBe(host)
    expect(written()).toContain(`::notice::Input 'domain' reduced to its host: "${pasted}" → "${host}"`)
    expect(written()).not.toContain('::warning')
  })

  it.each([
    ['https://docs.acme.dev/guides/intro?x=1', '/guides/intro?x=1'],
    ['docs.acme.dev/docs', '/docs'],
    ['acme.dev/docs/', '/docs/']
  ])('warns that the path of %s was dropped and says what is exported instead', (pasted, dropped) => {
    const host = exportSettings({ domain: pasted }).domain ?? ''
    expect(written()).toContain(
      `::warning::Input 'domain' has a path ("${dropped}") that was dropped: the export covers the whole site ${host}, not only that path. To export only some pages, list them in paths`
    )
    expect(written()).not.toContain('::notice')
  })

  it('lower-cases a host without a word', () => {
    expect(exportSettings({ domain: 'Docs.Acme.Dev' }).domain).toBe('docs.acme.dev')
    expect(written()).not.toMatch(/::(notice|warning)/)
  })

  it.each(['not a host', 'docs_acme.dev', '-docs.acme.dev', 'https://'])(
    'rejects the invalid host %j, naming the input',
    (domain) => {
      expect(exportError({ domain })).toContain(
        `Input 'domain' must be a host name such as docs.acme.dev, got "${domain}"`
      )
    }
  )

  it('requires a domain for export unless export-job-id or project-id is given', () => {
    expect(inputError({ 'api-key': KEY }).message).toBe(
      "Input 'domain' is required for command export unless export-job-id or project-id is given"
    )
    const settings = exportSettings({ domain: '', 'export-job-id': 'se_0123' })
    expect(settings.domain).toBeUndefined()
    expect(settings.exportJobId).toBe('se_0123')
  })

  it('rejects an export-job-id that is not an identifier', () => {
    expect(exportError({ 'export-job-id': 'se 1/../x' })).toContain("Input 'export-job-id' must be an identifier")
  })
})

describe('readSettings: agent-job', () => {
  it('reads the project and job ids, and an optional comment target', () => {
    const settings = agentSettings({ 'comment-on': '12', 'github-token': 'ghs_token' })
    expect(settings).toMatchObject({ projectId: 'proj_1', agentJobId: 'aj_1', commentOn: 12, githubToken: 'ghs_token' })
    expect(written()).toContain('::add-mask::ghs_token')
  })

  it('requires project-id, and agent-job-id unless a prompt starts a job, naming each', () => {
    const message = inputError({ 'api-key': KEY, command: 'agent-job' }).message
    expect(message).toContain("Input 'project-id' is required for command agent-job")
    expect(message).toContain("Input 'agent-job-id' is required for command agent-job unless prompt is given")
    expect(inputError({ 'api-key': KEY, command: 'agent-job', 'project-id': 'p' }).message).toBe(
      "Input 'agent-job-id' is required for command agent-job unless prompt is given, to start a job"
    )
    const started = agentSettings({ 'agent-job-id': '', prompt: 'Document the search API' })
    expect(started.prompt).toBe('Document the search API')
    expect(started.agentJobId).toBeUndefined()
  })

  it('logs a prompt by its first line only', () => {
    agentSettings({ prompt: 'Document the search API\nThe whole issue body, which may be long' })
    expect(written()).toContain('::debug::prompt = "Document the search API" (first line of 63 characters)')
    expect(written()).not.toContain('which may be long')
  })

  it('requires a github-token when comment-on is set', () => {
    const message = inputError({
      'api-key': KEY,
      command: 'agent-job',
      'project-id': 'p',
      'agent-job-id': 'a',
      'comment-on': '3'
    }).message
    expect(message).toBe("Input 'github-token' is required when comment-on is set")
  })

  it.each([
    ['12', 12],
    ['#12', 12],
    ['  7 ', 7]
  ])('reads comment-on %j as %i', (value, number) => {
    expect(agentSettings({ 'comment-on': value, 'github-token': 't' }).commentOn).toBe(number)
  })

  it.each(['0', '-3', '1.5', '12abc', '##12', 'PR 12'])('rejects comment-on %j, naming the input', (value) => {
    const message = inputError({
      'api-key': KEY,
      command: 'agent-job',
      'project-id': 'p',
      'agent-job-id': 'a',
      'comment-on': value
    }).message
    expect(message).toContain(`Input 'comment-on' must be an issue or pull request number, got "${value}"`)
  })
})

describe('readSettings: booleans', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['True', true],
    ['false', false],
    ['FALSE', false],
    ['fAlSe', false]
  ])('reads %j as %s', (value, expected) => {
    const settings = exportSettings({ wait: value, download: value, 'mask-bundle-url': value })
    expect([settings.wait, settings.download, settings.maskBundleUrl]).toEqual([expected, expected, expected])
  })

  it.each(['wait', 'download', 'extract', 'mask-bundle-url'])('rejects a non-boolean %s, naming the input', (input) => {
    for (const value of ['yes', '1', 'on', 'truthy']) {
      expect(exportError({ [input]: value })).toContain(`Input '${input}' must be true or false, got "${value}"`)
    }
  })

  it('rejects extract: true with download: false', () => {
    expect(exportError({ extract: 'true', download: 'false' })).toBe(
      "Input 'extract' is true but download: false: unpacking needs the downloaded archive"
    )
    expect(exportSettings({ extract: 'true', download: 'true' }).extract).toBe(true)
  })
})

describe('readSettings: durations', () => {
  it.each(['timeout-seconds', 'poll-interval-seconds'] as const)(
    'reads %s as milliseconds, fractions included',
    (input) => {
      const key = input === 'timeout-seconds' ? 'timeoutMs' : 'pollIntervalMs'
      expect(exportSettings({ [input]: '90' })[key]).toBe(90_000)
      expect(exportSettings({ [input]: '0.25' })[key]).toBe(250)
      expect(exportSettings({ [input]: '.5' })[key]).toBe(500)
    }
  )

  it.each(['timeout-seconds', 'poll-interval-seconds'])(
    'rejects a %s that is not a positive number, naming the input',
    (input) => {
      for (const value of ['0', '-1', 'abc', '1e3', '5s']) {
        expect(exportError({ [input]: value })).toContain(`Input '${input}' must be a positive number of seconds`)
      }
    }
  )
})

describe('readSettings: paths, path and version', () => {
  it('splits paths per line, trimming each and dropping blank lines', () => {
    const settings = exportSettings({
      paths: '  /introduction  \r\n\n/guides/getting-started\n   \n api-reference/intro\n'
    })
    expect(settings.paths).toEqual(['/introduction', '/guides/getting-started', 'api-reference/intro'])
  })

  it('resolves path to an absolute directory', () => {
    expect(exportSettings({ path: 'out/docs' }).path).toBe(path.resolve('out/docs'))
    expect(exportSettings({ path: '/tmp/export' }).path).toBe('/tmp/export')
  })

  it('keeps version only when given', () => {
    expect(exportSettings({ version: '2026-11-22' }).version).toBe('2026-11-22')
    expect(exportSettings({ version: '' }).version).toBeUndefined()
  })
})

describe('readSettings: verify', () => {
  it.each(['warn', 'error', 'off'] as const)('accepts %s', (verify) => {
    expect(exportSettings({ verify, extract: 'true' }).verify).toBe(verify)
  })

  it('is read without extract too, where it changes nothing', () => {
    expect(exportSettings({ verify: 'error' })).toMatchObject({ extract: false, verify: 'error' })
  })

  it.each(['strict', 'true', 'WARN'])('rejects %j, naming the input', (verify) => {
    expect(exportError({ verify })).toBe(`Input 'verify' must be warn, error or off, got "${verify}"`)
  })
})

describe('readSettings: several problems', () => {
  it('reports every malformed input at once, in one line that names each', () => {
    const message = exportError({ wait: 'maybe', 'timeout-seconds': 'soon' })
    expect(message.split('; ')).toEqual([
      `Input 'wait' must be true or false, got "maybe"`,
      `Input 'timeout-seconds' must be a positive number of seconds, got "soon"`
    ])
  })
})

describe('readSettings: verify-browser and verify-browser-pages', () => {
  it.each(['auto', 'on', 'off'] as const)('accepts verify-browser: %s', (mode) => {
    expect(exportSettings({ 'verify-browser': mode, extract: 'true' }).verifyBrowser).toBe(mode)
  })

  it.each(['true', 'ON', 'always'])('rejects verify-browser: %j, naming the input', (mode) => {
    expect(exportError({ 'verify-browser': mode })).toBe(
      `Input 'verify-browser' must be auto, on or off, got "${mode}"`
    )
  })

  it('reads verify-browser-pages as a whole number', () => {
    expect(exportSettings({ 'verify-browser-pages': ' 40 ', extract: 'true' }).verifyBrowserPages).toBe(40)
  })

  it.each(['0', '2.5', '-3', 'all'])('rejects verify-browser-pages: %j, naming the input', (pages) => {
    expect(exportError({ 'verify-browser-pages': pages })).toBe(
      `Input 'verify-browser-pages' must be a whole number of pages (at least 1), got "${pages}"`
    )
  })

  it.each([
    [{ 'verify-browser': 'on' }, 'verify-browser', 'does nothing without extract: true and verify not off'],
    [
      { extract: 'true', verify: 'off', 'verify-browser-pages': '5' },
      'verify-browser-pages',
      'does nothing without extract: true and verify not off'
    ],
    [
      { extract: 'true', 'verify-browser': 'off', 'verify-browser-pages': '5' },
      'verify-browser-pages',
      'does nothing with verify-browser: off'
    ]
  ])('with %j warns about %s', (inputs, input, why) => {
    exportSettings(inputs)
    expect(written()).toContain(`::warning::Input '${input}' ${why}`)
  })

  it('says nothing of verify-browser: off, which asks for nothing', () => {
    exportSettings({ 'verify-browser': 'off' })
    expect(written()).not.toContain('::warning')
  })
})

describe('readSettings: inputs that do nothing in the combination given', () => {
  it.each([
    [{ 'comment-on': '7' }, 'comment-on', 'is used only by command agent-job'],
    [{ 'agent-job-id': 'aj_1' }, 'agent-job-id', 'is used only by command agent-job'],
    [{ extract: 'true', wait: 'false' }, 'extract', 'does nothing with wait: false'],
    [{ 'export-job-id': 'se_1' }, 'domain', 'does nothing with export-job-id'],
    [{ 'export-job-id': 'se_1', paths: 'index\n' }, 'paths', 'does nothing with export-job-id'],
    [{ wait: 'false', 'poll-interval-seconds': '2' }, 'poll-interval-seconds', 'does nothing with wait: false'],
    [{ verify: 'error' }, 'verify', 'does nothing without extract: true'],
    [{ 'export-job-id': 'se_1', extract: 'true', verify: 'off' }, 'domain', 'does nothing with export-job-id']
  ])('export with %j warns about %s', (inputs, input, why) => {
    exportSettings(inputs)
    expect(written()).toContain(`::warning::Input '${input}' ${why}`)
  })

  it.each([
    [{ 'export-job-id': 'se_1' }, 'export-job-id'],
    [{ domain: 'docs.acme.dev' }, 'domain'],
    [{ extract: 'true' }, 'extract'],
    [{ version: 'v1' }, 'version'],
    [{ 'mask-bundle-url': 'false' }, 'mask-bundle-url'],
    [{ verify: 'off' }, 'verify']
  ])('agent-job with %j warns about %s', (inputs, input) => {
    agentSettings(inputs)
    expect(written()).toContain(
      `::warning::Input '${input}' is used only by command export; it does nothing for command agent-job`
    )
  })

  it('says nothing of export inputs left at their defaults or that take effect', () => {
    exportSettings({
      extract: 'true',
      'export-job-id': 'se_1',
      domain: '',
      wait: 'false',
      download: 'true',
      version: 'v1',
      verify: 'warn'
    })
    expect(written()).not.toContain('::warning')
  })

  it('says nothing of a domain given with export-job-id when the site check compares canonical links with it', () => {
    exportSettings({ 'export-job-id': 'se_1', extract: 'true', verify: 'error' })
    expect(written()).not.toContain('::warning')
  })

  it('says nothing of agent-job inputs left at their defaults or that take effect', () => {
    agentSettings({
      'comment-on': '7',
      'github-token': 'ghs_token',
      wait: 'true',
      'mask-bundle-url': 'true',
      download: 'true'
    })
    expect(written()).not.toContain('::warning')
  })
})

describe('the inputs read against action.yml', () => {
  it('reads every input action.yml declares, with the same defaults, and no other', async () => {
    const action = await readActionYaml()
    expect(INPUTS.map((entry) => entry.name).sort()).toEqual(Object.keys(action.inputs).sort())
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect(INPUTS.find((entry) => entry.name === name)?.default, name).toBe(spec.default)
    }
  })
})

describe('readSettings: check-deployment', () => {
  const CHECK = { command: 'check-deployment', url: 'https://docs.acme.dev/', manifest: 'out/manifest.json' }

  function checkSettings(inputs: Record<string, string>): ReturnType<typeof readSettings> {
    setInputs({ ...CHECK, ...inputs })
    return readSettings(host)
  }

  it('reads the site, the manifest and how many files to compare, without a key', () => {
    expect(checkSettings({})).toEqual({
      command: 'check-deployment',
      url: 'https://docs.acme.dev/',
      manifest: path.resolve('out/manifest.json'),
      checkFiles: 100,
      path: undefined,
      timeoutMs: 1_800_000,
      pollIntervalMs: 5000
    })
    expect(host.of('warning')).toEqual([])
  })

  it.each([
    ['all', 'all'],
    [' ALL ', 'all'],
    ['25', 25]
  ])('reads check-files %j as %j', (text, files) => {
    expect(checkSettings({ 'check-files': text })).toMatchObject({ checkFiles: files })
  })

  it.each(['0', '-1', 'some', '1.5'])('rejects check-files %j, naming the input', (text) => {
    expect(inputError({ ...CHECK, 'check-files': text }).message).toBe(
      `Input 'check-files' must be a whole number of files (at least 1) or all, got "${text}"`
    )
  })

  it('takes an http site (the command says so in a notice when it runs) and a manifest behind an https link', () => {
    expect(
      checkSettings({ url: 'http://docs.internal:8080/docs/', manifest: 'https://ci.acme.dev/m.json?sig=1' })
    ).toMatchObject({ url: 'http://docs.internal:8080/docs/', manifest: 'https://ci.acme.dev/m.json?sig=1' })
  })

  it.each([
    [{ url: 'ftp://docs.acme.dev' }, "Input 'url' must be the site's http:// or https:// address"],
    [{ url: 'https://user:pass@docs.acme.dev' }, "Input 'url' must be the site's http:// or https:// address"],
    [
      { manifest: 'http://ci.acme.dev/manifest.json' },
      "Input 'manifest' must be a path to a manifest or an https:// link"
    ],
    [{ url: '' }, "Input 'url' is required for command check-deployment"],
    [{ manifest: '' }, "Input 'manifest' is required for command check-deployment"]
  ])('rejects %j', (inputs, message) => {
    expect(inputError({ ...CHECK, ...inputs }).message).toContain(message)
  })

  it('warns about the inputs of the other commands', () => {
    checkSettings({ domain: 'docs.acme.dev', 'api-key': KEY })
    expect(host.warnings.map(({ message }) => message)).toEqual([
      "Input 'api-key' is used only by command export and command agent-job; it does nothing for command check-deployment",
      "Input 'domain' is used only by command export; it does nothing for command check-deployment"
    ])
  })
})

describe('readSettings: compare-to and verify-baseline', () => {
  it('makes paths absolute and keeps https links', () => {
    expect(
      exportSettings({
        extract: 'true',
        'compare-to': 'previous/manifest.json',
        'verify-baseline': 'https://ci.acme.dev/r.json'
      })
    ).toMatchObject({
      compareTo: path.resolve('previous/manifest.json'),
      verifyBaseline: 'https://ci.acme.dev/r.json'
    })
  })

  it('refuses a link that is not https', () => {
    expect(exportError({ 'compare-to': 'http://ci.acme.dev/manifest.json' })).toContain(
      "Input 'compare-to' must be a path to a manifest or an https:// link to one"
    )
  })

  it('warns that compare-to does nothing without extract', () => {
    exportSettings({ 'compare-to': 'manifest.json' })
    expect(host.warnings.map(({ message }) => message)).toEqual([
      "Input 'compare-to' does nothing without extract: true: the manifest is made as the site is unpacked"
    ])
  })

  it('warns that path does nothing for agent-job', () => {
    agentSettings({ path: 'out' })
    expect(host.warnings.map(({ message }) => message)).toEqual([
      "Input 'path' is used only by command export and command check-deployment; it does nothing for command agent-job"
    ])
  })
})

describe('readSettings: mirror', () => {
  it('reads mirror-to as a target, with its endpoint and public address', () => {
    expect(
      exportSettings({
        'mirror-to': 's3://docs-bundles/acme/',
        'mirror-endpoint': 'https://minio.internal:9000/',
        'mirror-public-url': 'https://cdn.internal/docs-bundles/'
      })
    ).toMatchObject({
      mirrorTo: { scheme: 's3', bucket: 'docs-bundles', prefix: 'acme', endpoint: 'https://minio.internal:9000' },
      mirrorPublicUrl: 'https://cdn.internal/docs-bundles',
      mirrorCheck: 'on'
    })
  })

  it.each([
    [{ 'mirror-to': 'gs://bucket/x' }, 'Input \'mirror-to\' has the scheme "gs", which is not one the mirror knows'],
    [
      { 'mirror-to': 's3://docs/x', 'mirror-endpoint': 'http://minio.internal:9000' },
      "Input 'mirror-endpoint' must use https://"
    ],
    [
      { 'mirror-to': 's3://docs/x', 'mirror-endpoint': 'https://k:s@minio' },
      "Input 'mirror-endpoint' must not carry credentials"
    ],
    [
      { 'mirror-to': 's3://docs/x', 'mirror-public-url': 'http://cdn.acme.dev/x' },
      "Input 'mirror-public-url' must use https://"
    ],
    [
      { 'mirror-to': 's3://docs/x', 'mirror-public-url': 'not a url' },
      "Input 'mirror-public-url' must be an https:// URL"
    ],
    [
      { 'mirror-to': 'oci://127.0.0.1:5000/docs', 'mirror-endpoint': 'https://minio' },
      "Input 'mirror-endpoint' applies to `s3://` targets only"
    ],
    [{ 'mirror-to': 's3://docs/x', download: 'false' }, "Input 'mirror-to' is set but download: false"],
    [{ 'mirror-to': 's3://docs/x', 'mirror-check': 'maybe' }, "Input 'mirror-check' must be on or off"]
  ])('refuses %j before any request, naming the input', (inputs, message) => {
    expect(exportError(inputs)).toContain(message)
  })

  it('warns about mirror inputs that do nothing, and never logs the registry password', () => {
    exportSettings({ 'mirror-username': 'pusher', 'mirror-password': 'p4ss-word' })
    expect(host.warnings.map(({ message }) => message)).toContain(
      "Input 'mirror-username' does nothing without mirror-to"
    )
    expect(written()).toContain('::add-mask::p4ss-word')
    expect(written().split('p4ss-word')).toHaveLength(2)
  })
})

describe('readSettings: publish', () => {
  it('reads publish-to as a bucket and a prefix, with its rules, its share and its count', () => {
    expect(
      exportSettings({
        extract: 'true',
        'publish-to': 's3://docs-site/en/',
        'publish-endpoint': 'https://minio.internal:9000/',
        'publish-public-url': 'http://docs-site.s3-website-eu-west-1.amazonaws.com/en/',
        'publish-keep-removed': '0',
        'publish-max-delete': '12.5%',
        'publish-cache-control': '*.pdf=public, max-age=86400\n\nassets/**=no-store\n'
      })
    ).toMatchObject({
      publishTo: { bucket: 'docs-site', prefix: 'en', endpoint: 'https://minio.internal:9000' },
      publishPublicUrl: 'http://docs-site.s3-website-eu-west-1.amazonaws.com/en',
      publishKeepRemoved: 0,
      publishMaxDelete: 12.5,
      publishCacheControl: [
        { glob: '*.pdf', value: 'public, max-age=86400' },
        { glob: 'assets/**', value: 'no-store' }
      ]
    })
    expect(exportSettings({ extract: 'true', 'publish-to': 's3://docs-site' }).publishTo).toEqual({
      bucket: 'docs-site',
      prefix: ''
    })
  })

  it.each([
    [
      { 'publish-to': 's3://docs/x' },
      "Input 'publish-to' is set but extract: false: the publish uploads the unpacked site"
    ],
    [{ 'publish-to': 'gs://docs/x', extract: 'true' }, 'Input \'publish-to\' has the scheme "gs"'],
    [{ 'publish-to': 'docs/x', extract: 'true' }, "Input 'publish-to' must be `s3://BUCKET[/PREFIX]`"],
    [{ 'publish-to': 's3://Docs/x', extract: 'true' }, 'Input \'publish-to\' names the bucket "Docs"'],
    [{ 'publish-to': 's3://docs/a/../b', extract: 'true' }, "Input 'publish-to' has a PREFIX with"],
    [
      { 'publish-to': 's3://docs/x', extract: 'true', 'publish-endpoint': 'http://minio.internal' },
      "Input 'publish-endpoint' must use https://"
    ],
    [
      { 'publish-to': 's3://docs/x', extract: 'true', 'publish-public-url': 'https://cdn/x?sig=1' },
      "Input 'publish-public-url' must not carry credentials, a query or a fragment"
    ],
    [
      { 'publish-to': 's3://docs/x', extract: 'true', 'publish-max-delete': '50' },
      "Input 'publish-max-delete' must be a share from 0% to 100%"
    ],
    [
      { 'publish-to': 's3://docs/x', extract: 'true', 'publish-max-delete': '150%' },
      "Input 'publish-max-delete' must be at most 100%"
    ],
    [
      { 'publish-to': 's3://docs/x', extract: 'true', 'publish-keep-removed': '-1' },
      "Input 'publish-keep-removed' must be a whole number of publishes (at least 0)"
    ],
    [
      { 'publish-to': 's3://docs/x', extract: 'true', 'publish-cache-control': '*.pdf' },
      'Input \'publish-cache-control\' has a line ("*.pdf") that is not `GLOB=VALUE`'
    ]
  ])('refuses %j before any request, naming the input', (inputs, message) => {
    expect(exportError(inputs)).toContain(message)
  })

  it('warns about publish inputs that do nothing', () => {
    exportSettings({ 'publish-max-delete': '10%', 'check-files': '5' })
    expect(host.warnings.map(({ message }) => message)).toEqual([
      "Input 'publish-max-delete' does nothing without publish-to",
      "Input 'check-files' does nothing for command export without publish-public-url: it says how much of the published site is read back"
    ])
  })
})
