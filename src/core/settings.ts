import type { Host } from './host.js'
import path from 'node:path'
import { z } from 'zod'
import { ActionError } from './errors.js'
import { isLoopbackHost } from './net.js'
import { setting, settingSubject } from './words.js'

/** The commands of the `command` input. */
export const COMMANDS = ['export', 'agent-job', 'check-deployment'] as const
export type Command = (typeof COMMANDS)[number]
/** The commands that call the admin API. */
const API_COMMANDS = ['export', 'agent-job'] as const

/** Settings every command has. */
interface CommonSettings {
  /** Longest wait, in milliseconds, for the whole run: the job, or a rollout. */
  timeoutMs: number
  /** Shortest time between two polls, in milliseconds. */
  pollIntervalMs: number
}

/** Settings of the commands that call the admin API. */
interface ApiSettings extends CommonSettings {
  /** Admin API key, trimmed and already registered as a secret. */
  apiKey: string
  /** API base address without a trailing slash. */
  baseUrl: string
  /** `false`: start or read the job once and return. */
  wait: boolean
}

export interface ExportSettings extends ApiSettings {
  command: 'export'
  /** Host name of the site to export; absent when `exportJobId` is given. */
  domain?: string
  exportJobId?: string
  download: boolean
  extract: boolean
  /** Absolute directory for the archive and the site; absent means a new folder under RUNNER_TEMP. */
  path?: string
  maskBundleUrl: boolean
  /** Pages to export; empty means every published page. */
  paths: string[]
  version?: string
  /** What the site check does with problems after unpacking (`extract`); `off`: no check. */
  verify: VerifyMode
  /** Whether the site check also loads pages in an installed Chrome/Chromium (`auto`: when one is found). */
  verifyBrowser: VerifyBrowserMode
  /** How many pages the browser pass loads at most. */
  verifyBrowserPages: number
  /** A previous manifest (a path, absolute, or a link) to list the changes against. */
  compareTo?: string
  /** A previous site check report (a path, absolute, or a link) whose problems are known. */
  verifyBaseline?: string
}

export type VerifyMode = 'warn' | 'error' | 'off'
export type VerifyBrowserMode = 'auto' | 'on' | 'off'

export interface AgentSettings extends ApiSettings {
  command: 'agent-job'
  projectId: string
  agentJobId: string
  /** Issue or pull request number to comment on. */
  commentOn?: number
  githubToken: string
}

export interface CheckDeploymentSettings extends CommonSettings {
  command: 'check-deployment'
  /** The deployed site's base URL, http or https, without credentials. */
  url: string
  /** The manifest of the export that should be live: a path (absolute) or a link. */
  manifest: string
  /** How many files to compare, or all of them. */
  checkFiles: number | 'all'
  /** Absolute directory for the report; absent means a new folder under RUNNER_TEMP. */
  path?: string
}

export type Settings = ExportSettings | AgentSettings | CheckDeploymentSettings

/** Thrown for a malformed input; the message names the input and never holds a secret. */
export class InputError extends ActionError {
  override name = 'InputError'
  override readonly code = 'input'
}

const ADMIN_KEY_SHAPE = /^[A-Za-z0-9]+_[A-Za-z0-9_-]+$/
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/

const bool = z
  .string()
  .regex(/^(true|false)$/i, { error: (issue) => `must be true or false, got "${issue.input}"` })
  .transform((value) => value.toLowerCase() === 'true')

const seconds = z
  .string()
  .regex(/^\s*\d*\.?\d+\s*$/, {
    error: (issue) => `must be a positive number of seconds, got "${issue.input}"`,
    abort: true
  })
  .refine((text) => Number(text) >= 0.001 && Number.isFinite(Number(text)), {
    error: (issue) => `must be a positive number of seconds (at least 0.001), got "${String(issue.input)}"`
  })
  .transform((text) => Math.round(Number(text) * 1000))

const optionalId = z
  .string()
  .regex(SAFE_ID, { error: (issue) => `must be an identifier (letters, digits, . _ : -), got "${issue.input}"` })
  .optional()

/**
 * A document given by a path or a link: a link must be https (http only to a loopback address) and
 * carry no credentials; a path is made absolute, from the workspace the step runs in.
 */
function source(what: string): z.ZodType<string, string> {
  return z.string().transform((value, ctx) => {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return path.resolve(value)
    const url = URL.parse(value)
    const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(url.hostname))
    if (!url || !secure || url.username || url.password) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a path to ${what} or an https:// link to one (without credentials), got "${url ? `${url.protocol}//${url.host}${url.pathname}` : value}"`
      })
      return z.NEVER
    }
    return url.href
  })
}

interface InputSpec {
  /** The commands that read it. */
  commands: readonly Command[]
  /** As in action.yml. */
  default?: string
  /** Parses the raw text; an `.optional()` schema marks an input that may be left empty. */
  schema: z.ZodType<unknown, string | undefined>
}

/**
 * Every input of action.yml, in its order, described once: the command that reads it, its default
 * and what it accepts. test/settings.test.ts checks the names and defaults against action.yml.
 */
const INPUTS = {
  'api-key': {
    commands: API_COMMANDS,
    schema: z
      .string()
      .min(1, {
        error:
          'is empty or missing: pass the admin key from a secret (api-key: ${{ secrets.MINTLIFY_ADMIN_KEY }}). ' +
          "Workflows triggered from a fork's pull request don't receive secrets",
        abort: true
      })
      // The value never appears in this message: it is a secret even when malformed.
      .regex(ADMIN_KEY_SHAPE, {
        error: 'does not look like an admin API key (expected the prefix_rest form, such as mint_…)'
      })
  },
  'base-url': {
    commands: API_COMMANDS,
    default: 'https://api.mintlify.com',
    schema: z.string().transform((value, ctx) => {
      const url = URL.parse(value)
      if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
        ctx.addIssue({
          code: 'custom',
          message: `must be an https:// address, got "${url ? `${url.protocol}//${url.host}` : value}"`
        })
        return z.NEVER
      }
      if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
        ctx.addIssue({
          code: 'custom',
          message: `must use https:// (plain http is allowed only for loopback addresses), got "${url.protocol}//${url.host}"`
        })
        return z.NEVER
      }
      if (url.username || url.password || url.search || url.hash) {
        ctx.addIssue({ code: 'custom', message: 'must not carry credentials, a query or a fragment' })
        return z.NEVER
      }
      return url.href.replace(/\/+$/, '')
    })
  },
  command: {
    commands: COMMANDS,
    default: 'export',
    schema: z.enum(COMMANDS, {
      error: (issue) => `must be ${COMMANDS.join(', ')}, got "${String(issue.input)}"`
    })
  },
  domain: {
    commands: ['export'],
    schema: z
      .string()
      .transform((value, ctx) => {
        if (!value) return undefined
        const host = hostOf(value)
        if (!host || !HOST_NAME.test(host)) {
          ctx.addIssue({ code: 'custom', message: `must be a host name such as docs.acme.dev, got "${value}"` })
          return z.NEVER
        }
        return host
      })
      .optional()
  },
  'export-job-id': { commands: ['export'], schema: optionalId },
  'project-id': { commands: ['agent-job'], schema: optionalId },
  'agent-job-id': { commands: ['agent-job'], schema: optionalId },
  wait: { commands: API_COMMANDS, default: 'true', schema: bool },
  'timeout-seconds': { commands: COMMANDS, default: '1800', schema: seconds },
  'poll-interval-seconds': { commands: COMMANDS, default: '5', schema: seconds },
  download: { commands: ['export'], default: 'true', schema: bool },
  extract: { commands: ['export'], default: 'false', schema: bool },
  path: { commands: ['export', 'check-deployment'], schema: z.string().optional() },
  'comment-on': {
    commands: ['agent-job'],
    schema: z
      .string()
      .regex(/^#?[1-9]\d{0,9}$/, {
        error: (issue) => `must be an issue or pull request number, got "${issue.input}"`
      })
      .transform((value) => Number(value.replace('#', '')))
      .optional()
  },
  'github-token': { commands: ['agent-job'], default: '${{ github.token }}', schema: z.string() },
  'mask-bundle-url': { commands: ['export'], default: 'true', schema: bool },
  paths: {
    commands: ['export'],
    schema: z.string().transform((value) =>
      value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    )
  },
  version: { commands: ['export'], schema: z.string().optional() },
  verify: {
    commands: ['export'],
    default: 'warn',
    schema: z.enum(['warn', 'error', 'off'], {
      error: (issue) => `must be warn, error or off, got "${String(issue.input)}"`
    })
  },
  'verify-browser': {
    commands: ['export'],
    default: 'auto',
    schema: z.enum(['auto', 'on', 'off'], {
      error: (issue) => `must be auto, on or off, got "${String(issue.input)}"`
    })
  },
  'verify-browser-pages': {
    commands: ['export'],
    default: '25',
    schema: z
      .string()
      .regex(/^\s*[1-9]\d{0,5}\s*$/, {
        error: (issue) => `must be a whole number of pages (at least 1), got "${issue.input}"`
      })
      .transform(Number)
  },
  'compare-to': { commands: ['export'], schema: source('a manifest').optional() },
  'verify-baseline': { commands: ['export'], schema: source('a site check report').optional() },
  url: {
    commands: ['check-deployment'],
    schema: z
      .string()
      .transform((value, ctx) => {
        if (!value) return undefined
        const url = URL.parse(value)
        if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
          ctx.addIssue({
            code: 'custom',
            message: `must be the site's http:// or https:// address, without credentials, got "${url ? `${url.protocol}//${url.host}${url.pathname}` : value}"`
          })
          return z.NEVER
        }
        return url.href
      })
      .optional()
  },
  manifest: { commands: ['check-deployment'], schema: source('a manifest').optional() },
  'check-files': {
    commands: ['check-deployment'],
    default: '100',
    schema: z
      .string()
      .regex(/^\s*([1-9]\d{0,6}|all)\s*$/i, {
        error: (issue) => `must be a whole number of files (at least 1) or all, got "${issue.input}"`
      })
      .transform((value) => (value.trim().toLowerCase() === 'all' ? ('all' as const) : Number(value)))
  }
} satisfies Record<string, InputSpec>

type InputName = keyof typeof INPUTS
type RawInputs = Record<InputName, string>
const SPECS = Object.entries(INPUTS) as [InputName, InputSpec][]

export const INPUT_NAMES = SPECS.map(([name]) => name)

/** An input as a front end offers it: the commands that read it, its default, and the values it takes. */
export interface InputOffer {
  name: InputName
  commands: readonly Command[]
  default?: string
  /** `true`/`false` only: a switch. */
  switch: boolean
  /** The values of an input that takes one of a few. */
  choices?: readonly string[]
}

export const INPUT_OFFERS: InputOffer[] = SPECS.map(([name, spec]) => ({
  name,
  commands: spec.commands,
  default: spec.default,
  switch: spec.schema === bool,
  choices: spec.schema instanceof z.ZodEnum ? spec.schema.options.map(String) : undefined
}))

/**
 * A default such as `${{ github.token }}` is the runner's to resolve: the action never applies it,
 * and cannot tell the value the runner put in from one the workflow gave.
 */
function isExpression(value: string): boolean {
  return value.includes('${{')
}

/** The defaults of action.yml, applied again when a runner or local tool passes nothing. */
export const DEFAULTS: Partial<RawInputs> = Object.fromEntries(
  SPECS.flatMap(([name, spec]) =>
    spec.default === undefined || isExpression(spec.default) ? [] : [[name, spec.default]]
  )
)

/** Inputs that may be left empty: an empty one becomes undefined, so that its `.optional()` applies. */
const OPTIONAL = SPECS.filter(([, spec]) => spec.schema instanceof z.ZodOptional).map(([name]) => name)

const InputsSchema = z.object(
  Object.fromEntries(SPECS.map(([name, spec]) => [name, spec.schema])) as {
    [Name in InputName]: (typeof INPUTS)[Name]['schema']
  }
)
type ParsedInputs = z.infer<typeof InputsSchema>

/**
 * The inputs `command` reads, parsed: the others are neither checked nor kept (they get a warning
 * when given, see ineffectiveInputs).
 */
function schemaOf(command: Command): z.ZodType<ParsedInputs, Partial<RawInputs>> {
  const read = SPECS.filter(([, spec]) => spec.commands.includes(command)).map(([name]) => name)
  return InputsSchema.pick(Object.fromEntries(read.map((name) => [name, true])) as Record<InputName, true>).superRefine(
    (inputs, ctx) => requireTogether(command, inputs, ctx)
  )
}

/** The inputs that each command needs, or that need each other. */
function requireTogether(command: Command, inputs: ParsedInputs, ctx: z.RefinementCtx): void {
  const missing = (input: InputName, why: string): void => {
    ctx.addIssue({ code: 'custom', path: [input], message: `is required ${why}` })
  }
  if (command === 'export') {
    if (!inputs.domain && !inputs['export-job-id'])
      missing('domain', `for ${setting('command', 'export')} unless ${setting('export-job-id')} is given`)
    if (inputs.extract && !inputs.download) {
      ctx.addIssue({
        code: 'custom',
        path: ['extract'],
        message: `is true but ${setting('download', 'false')}: unpacking needs the downloaded archive`
      })
    }
  } else if (command === 'agent-job') {
    if (!inputs['project-id']) missing('project-id', `for ${setting('command', 'agent-job')}`)
    if (!inputs['agent-job-id']) missing('agent-job-id', `for ${setting('command', 'agent-job')}`)
    if (inputs['comment-on'] && !inputs['github-token']) missing('github-token', `when ${setting('comment-on')} is set`)
  } else {
    if (!inputs.url) missing('url', `for ${setting('command', 'check-deployment')}`)
    if (!inputs.manifest) missing('manifest', `for ${setting('command', 'check-deployment')}`)
  }
}

/**
 * Reads every input once and returns validated settings.
 * The key is masked before anything else happens, so no later log line can show it.
 */
export function readSettings(host: Host): Settings {
  const { raw, given } = readRawInputs(host)
  if (raw['api-key']) host.setSecret(raw['api-key'])
  if (raw['github-token']) host.setSecret(raw['github-token'])

  const command = InputsSchema.shape.command.safeParse(raw.command)
  const parsed = command.success
    ? schemaOf(command.data).safeParse(raw)
    : { success: false as const, error: command.error, data: undefined }
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${settingSubject(String(issue.path[0] ?? 'command'))} ${issue.message}`
    )
    throw new InputError(problems.join('; '))
  }
  const inputs = parsed.data
  if (raw.domain && inputs.domain) announceDomainReduction(host, raw.domain, inputs.domain)
  for (const [input, why] of ineffectiveInputs(inputs, given)) host.warning(`${settingSubject(input)} ${why}`)
  const settings = settingsOf(inputs)
  for (const [key, value] of Object.entries(settings)) {
    if (key !== 'apiKey' && key !== 'githubToken' && value !== undefined)
      host.debug(`${key} = ${JSON.stringify(value)}`)
  }
  return settings
}

function settingsOf(inputs: ParsedInputs): Settings {
  const common: CommonSettings = {
    timeoutMs: inputs['timeout-seconds'],
    pollIntervalMs: inputs['poll-interval-seconds']
  }
  const folder = inputs.path ? path.resolve(inputs.path) : undefined
  if (inputs.command === 'check-deployment') {
    return {
      ...common,
      command: 'check-deployment',
      url: inputs.url ?? '',
      manifest: inputs.manifest ?? '',
      checkFiles: inputs['check-files'],
      path: folder
    }
  }
  const api: ApiSettings = {
    ...common,
    apiKey: inputs['api-key'],
    baseUrl: inputs['base-url'],
    wait: inputs.wait
  }
  if (inputs.command === 'agent-job') {
    return {
      ...api,
      command: 'agent-job',
      projectId: inputs['project-id'] ?? '',
      agentJobId: inputs['agent-job-id'] ?? '',
      commentOn: inputs['comment-on'],
      githubToken: inputs['github-token']
    }
  }
  return {
    ...api,
    command: 'export',
    domain: inputs.domain,
    exportJobId: inputs['export-job-id'],
    download: inputs.download,
    extract: inputs.extract,
    path: folder,
    maskBundleUrl: inputs['mask-bundle-url'],
    paths: inputs.paths,
    version: inputs.version,
    verify: inputs.verify,
    verifyBrowser: inputs['verify-browser'],
    verifyBrowserPages: inputs['verify-browser-pages'],
    compareTo: inputs['compare-to'],
    verifyBaseline: inputs['verify-baseline']
  }
}

/** The inputs with action.yml's defaults filled in, and which ones the workflow set to something else. */
function readRawInputs(host: Host): { raw: RawInputs; given: Set<InputName> } {
  const raw = {} as Partial<RawInputs>
  const given = new Set<InputName>()
  for (const [name, spec] of SPECS) {
    // `paths` keeps its line breaks; every other input is trimmed.
    const text = host.input(name)
    const value = name === 'paths' ? text : text.trim()
    const fallback = DEFAULTS[name] ?? ''
    if (value || fallback || !OPTIONAL.includes(name)) raw[name] = value || fallback
    if (value.trim() && value !== fallback && !(spec.default && isExpression(spec.default))) given.add(name)
  }
  return { raw: raw as RawInputs, given }
}

/** Inputs the workflow set that do nothing in the combination given, each with the reason. */
function ineffectiveInputs(inputs: ParsedInputs, given: ReadonlySet<InputName>): [InputName, string][] {
  const found: [InputName, string][] = []
  const unused = (names: InputName[], why: string): void => {
    for (const name of names) if (given.has(name)) found.push([name, why])
  }
  const { command } = inputs
  for (const [name, spec] of SPECS) {
    if (spec.commands.includes(command)) continue
    const users = spec.commands.map((user) => setting('command', user)).join(' and ')
    unused([name], `is used only by ${users}; it does nothing for ${setting('command', command)}`)
  }
  if (command === 'export') {
    const checksSite = inputs.extract && inputs.verify !== 'off'
    if (inputs['export-job-id']) {
      // With export-job-id the domain starts nothing, but the site check still compares canonical links with it.
      if (!checksSite)
        unused(
          ['domain'],
          `does nothing with ${setting('export-job-id')}: no export is started, the existing job is used as it is`
        )
      unused(
        ['paths'],
        `does nothing with ${setting('export-job-id')}: no export is started, the existing job is used as it is`
      )
    } else if (!inputs.wait) {
      unused(
        ['extract', 'verify'],
        `does nothing with ${setting('wait', 'false')}: the run returns once the job is started, before there is anything to unpack`
      )
    }
    if (!inputs.extract) {
      unused(['verify'], `does nothing without ${setting('extract', 'true')}: only an unpacked site is checked`)
      unused(
        ['compare-to'],
        `does nothing without ${setting('extract', 'true')}: the manifest is made as the site is unpacked`
      )
    }
    // verify-browser: off asks for nothing, so it is never an input that does nothing.
    const browserInputs: InputName[] =
      inputs['verify-browser'] === 'off' ? ['verify-browser-pages'] : ['verify-browser', 'verify-browser-pages']
    if (!checksSite) {
      unused(
        [...browserInputs, 'verify-baseline'],
        `does nothing without ${setting('extract', 'true')} and ${setting('verify')} not off: it is part of the site check`
      )
    } else if (inputs['verify-browser'] === 'off')
      unused(['verify-browser-pages'], `does nothing with ${setting('verify-browser', 'off')}`)
  }
  if (command !== 'check-deployment' && !inputs.wait)
    unused(['poll-interval-seconds'], `does nothing with ${setting('wait', 'false')}: the job is read once, not polled`)
  return found
}

/**
 * Says what became of a domain that was more than a host name: a pasted URL gets a notice, a
 * path (docs served under /docs) a warning, because the export covers the whole site, not the path.
 */
function announceDomainReduction(host: Host, value: string, hostName: string): void {
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)
  const dropped = url ? `${url.pathname.replace(/^\/$/, '')}${url.search}${url.hash}` : ''
  if (dropped) {
    host.warning(
      `${settingSubject('domain')} has a path ("${dropped}") that was dropped: the export covers the whole site ${hostName}, not only that path. ` +
        `To export only some pages, list them in ${setting('paths')}`
    )
  } else if (hostName !== value.toLowerCase()) {
    host.notice(`${settingSubject('domain')} reduced to its host: "${value}" → "${hostName}"`)
  }
}

/** The host of a domain input, accepting a pasted URL or a host with a path. */
function hostOf(value: string): string | undefined {
  return URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)?.hostname.toLowerCase()
}
