import path from 'node:path'
import { z } from 'zod'
import { ActionError } from '../core/errors.js'
import { message, type Text } from '../core/message.js'
import { isLoopbackHost } from '../core/net.js'
import type { InputName } from './inputs.js'

/**
 * The kinds of value an input takes, each written once with its message, and what the catalogue
 * knows of an input besides how it parses (its description, its default, its command-line flag),
 * from which `npm run docs` writes action.yml, the README's tables and the command line's help.
 */

/** How the command line offers an input where that is not `--<name> VALUE`. */
interface CommandLineForm {
  /** Not a flag of its own: the key (never a flag value, which process lists show), or the first word. */
  flag?: false
  /** The flag's name, when not the input's (`--out` for `path`). */
  name?: string
  /** What the value is, as the help shows it (`LABEL`, `N`); by default from the input's name. */
  metavar?: string
  /** The help's text, where it means more or other than action.yml's. */
  description?: string
  /** A flag that reads the value from a file: `paths-file`; for a secret, what the file holds, as messages say it. */
  file?: { name: string; description: string; holds?: string }
  /** The variable that holds the value, when not MINTLIFY_<NAME>. */
  variable?: string
}

export interface InputMeta {
  /** As action.yml, the README and the help show it; backquoted input names become flags in the help. */
  description: string
  /**
   * What the input does in one command, in that command's own words, where `description` speaks
   * of several: that command's help (and its part of docs/cli.md) shows it instead. Keyed by
   * command; the catalogue refuses a command that does not read the input.
   */
  byCommand?: Readonly<Record<string, string>>
  /** As in action.yml. A `${{ … }}` expression is the runner's to resolve: the action never applies it. */
  default?: string
  /** action.yml's `required: true`. */
  required?: true
  /** A secret: masked before anything is written, and never logged. */
  secret?: true
  /** A long text (a prompt): never logged whole, only its first line and its length. */
  firstLineOnly?: true
  /** On the command line; `false`: only the Action has it (the GitHub comment). */
  cli?: CommandLineForm | false
}

/** An input's meta, with what its schema says of the values it takes. */
export interface CatalogueEntry extends InputMeta {
  /** `true`/`false` only: a switch (`--name`, `--no-name`). */
  switch: boolean
  /** The values of an input that takes one of a few. */
  choices?: readonly string[]
}

/** Every input's entry, by its schema. */
export const CATALOGUE = z.registry<CatalogueEntry>()

/** A schema of an input's raw text; undefined when the input is empty. */
export type InputSchema = z.ZodType<unknown, string | undefined>

/** `schema` with its meta, parsing from its default when the input is empty. */
export function described<S extends InputSchema>(schema: S, meta: InputMeta): S {
  // A schema of its own, since one kind of value (an identifier) serves several inputs.
  const text: z.ZodType<unknown, string | undefined> = schema.clone()
  const parsed = meta.default === undefined || isExpression(meta.default) ? text : text.prefault(meta.default)
  const choices = schema instanceof z.ZodEnum ? schema.options.map(String) : undefined
  // The prefaulted schema parses to what `schema` parses to, and takes what it takes, empty included.
  return parsed.register(CATALOGUE, { ...meta, switch: (schema as InputSchema) === bool, choices }) as S
}

/** Whether a default is the runner's to resolve (`${{ github.token }}`). */
export function isExpression(value: string): boolean {
  return value.includes('${{')
}

export const bool = z
  .string()
  .regex(/^(true|false)$/i, { error: (issue) => `must be true or false, got "${issue.input}"` })
  .transform((value) => value.toLowerCase() === 'true')

export const seconds = z
  .string()
  .regex(/^\s*\d*\.?\d+\s*$/, {
    error: (issue) => `must be a positive number of seconds, got "${issue.input}"`,
    abort: true
  })
  .refine((text) => Number(text) >= 0.001 && Number.isFinite(Number(text)), {
    error: (issue) => `must be a positive number of seconds (at least 0.001), got "${String(issue.input)}"`
  })
  .transform((text) => Math.round(Number(text) * 1000))

/** A whole number of `unit` from `least` (1 unless told) up to `digits` digits, or one of `words`. */
export function count<const Word extends string = never>(
  unit: string,
  digits: number,
  words: readonly Word[] = [],
  least: 0 | 1 = 1
): z.ZodType<number | Word, string> {
  const alternatives = words.map((word) => `|${word}`).join('')
  const number = least === 0 ? `0|[1-9]\\d{0,${digits - 1}}` : `[1-9]\\d{0,${digits - 1}}`
  const shape = new RegExp(`^\\s*(${number}${alternatives})\\s*$`, 'i')
  return z
    .string()
    .regex(shape, {
      error: (issue) =>
        `must be a whole number of ${unit} (at least ${least})${words.map((word) => ` or ${word}`).join('')}, got "${issue.input}"`
    })
    .transform((value) => {
      const word = words.find((candidate) => candidate === value.trim().toLowerCase())
      return word ?? Number(value)
    })
}

/** A share in percent, `0%` to `100%`, as the number of percent. */
export const percent = z
  .string()
  .regex(/^\s*\d{1,3}(\.\d+)?\s*%\s*$/, {
    error: (issue) => `must be a share from 0% to 100%, such as 50%, got "${issue.input}"`,
    abort: true
  })
  .transform((value) => Number(value.trim().slice(0, -1).trim()))
  .refine((share) => share <= 100, { error: (issue) => `must be at most 100%, got ${String(issue.input)}%` })

/** An AWS region, as an S3 client signs for it. */
export const region = z
  .string()
  .regex(/^[a-z0-9-]{1,40}$/, { error: (issue) => `must be a region such as eu-west-1, got "${issue.input}"` })
  .optional()

export function choice<const Value extends string>(values: readonly [Value, ...Value[]]): z.ZodType<Value, string> {
  const listed = values.length > 2 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join(' or ')
  return z.enum(values, { error: (issue) => `must be ${listed}, got "${String(issue.input)}"` })
}

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/

export const identifier = z
  .string()
  .regex(SAFE_ID, { error: (issue) => `must be an identifier (letters, digits, . _ : -), got "${issue.input}"` })
  .optional()

/** What a URL input accepts. */
interface UrlRule {
  /** What it must be, as its message says ("an https:// address"). */
  expected: string
  /** Plain http to loopback addresses only, or to any host (a deployed site, which the check only reads). */
  plainHttp: 'loopback' | 'any'
  /** An address to append paths to: no credentials, query or fragment, and no trailing slash. */
  base?: boolean
  /** A path is taken too, made absolute from the workspace the step runs in. */
  orPath?: boolean
}

/**
 * Every URL input: https, or plain http where the rule allows it, never with credentials; with
 * `orPath`, a path instead.
 */
export function httpsUrl(rule: UrlRule): z.ZodType<string, string> {
  return z.string().transform((value, ctx) => {
    if (rule.orPath && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return path.resolve(value)
    const url = URL.parse(value)
    const shown = url ? `${url.protocol}//${url.host}${rule.base ? '' : url.pathname}` : value
    const refuse = (message: string): never => {
      ctx.addIssue({ code: 'custom', message })
      return z.NEVER
    }
    const web = url?.protocol === 'https:' || url?.protocol === 'http:'
    if (!url || !web || (!rule.base && (url.username || url.password))) {
      return refuse(`must be ${rule.expected}, got "${shown}"`)
    }
    if (url.protocol === 'http:' && rule.plainHttp === 'loopback' && !isLoopbackHost(url.hostname)) {
      return refuse(
        rule.base
          ? `must use https:// (plain http is allowed only for loopback addresses), got "${shown}"`
          : `must be ${rule.expected}, got "${shown}"`
      )
    }
    if (rule.base && (url.username || url.password || url.search || url.hash)) {
      return refuse('must not carry credentials, a query or a fragment')
    }
    return rule.base ? url.href.replace(/\/+$/, '') : url.href
  })
}

/** A document given by a path or a link (a manifest, a report). */
export function documentSource(what: string): z.ZodType<string, string> {
  return httpsUrl({
    expected: `a path to ${what} or an https:// link to one (without credentials)`,
    plainHttp: 'loopback',
    orPath: true
  })
}

/** A folder, made absolute from the workspace the step runs in. */
export const folder = z
  .string()
  .transform((value) => path.resolve(value))
  .optional()

/** One value a line, blank lines and surrounding white space dropped. */
export const lines = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
  )

/** A problem with `name` that a rule joining inputs found; its text may name other inputs. */
export function addProblem(ctx: z.RefinementCtx, name: InputName, text: Text): void {
  ctx.addIssue({ code: 'custom', path: [name], message: String(text), params: { text } })
}

/** A failure of a parser that names its input itself (an ActionError whose `input` says which). */
export function addFailure(ctx: z.RefinementCtx, error: unknown): void {
  if (!(error instanceof ActionError && error.input)) throw error
  ctx.addIssue({
    code: 'custom',
    path: [error.input.input],
    message: String(error.text),
    params: { text: error.text, named: true }
  })
}

/** `inputs` with each of `names` given; for each one missing, a problem that says it is required `because`. */
export function requireInputs<T extends Record<string, unknown>, K extends keyof T & InputName>(
  inputs: T,
  ctx: z.RefinementCtx,
  names: readonly K[],
  because: Text
): T & { [Name in K]-?: NonNullable<T[Name]> } {
  for (const name of names) {
    if (inputs[name] === undefined) addProblem(ctx, name, message`is required ${because}`)
  }
  return inputs as T & { [Name in K]-?: NonNullable<T[Name]> }
}
