import { ActionError } from '../core/errors.js'
import { input, inputSubject, message } from '../core/message.js'
import type { InputName } from '../settings/inputs.js'

/**
 * Where objects go in a bucket: `s3://BUCKET[/PREFIX]`, on AWS or on an S3-compatible endpoint,
 * read from an input before any request, and the addresses that follow from it.
 */

/** Objects under PREFIX in BUCKET, on AWS or on an S3-compatible endpoint. */
export interface S3Location {
  readonly bucket: string
  /** Without a leading or trailing `/`; empty for the bucket's top. */
  readonly prefix: string
  /** An S3-compatible endpoint (path-style addressing), without a trailing `/`; absent for AWS. */
  readonly endpoint?: string
}

/** The region signed for when neither the stage's region input nor AWS_REGION says one (the contract's default). */
export const DEFAULT_REGION = 'us-east-1'

/** S3's rules for a bucket's name: 3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
/** S3 keys are at most 1024 bytes; the prefix leaves room for the names under it. */
const MAX_PREFIX_BYTES = 900
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/**
 * `BUCKET[/PREFIX]` (what follows `s3://` in the input `name`) with `endpoint` (an address the
 * settings checked already, as every URL input); throws an ActionError (code `input`) that names
 * the input when the bucket is not a bucket's name or the prefix has a part that could leave it.
 */
export function parseS3Location(rest: string, endpoint: string | undefined, name: InputName): S3Location {
  const slash = rest.indexOf('/')
  const bucket = slash < 0 ? rest : rest.slice(0, slash)
  const prefix = (slash < 0 ? '' : rest.slice(slash + 1)).replace(/^\/+|\/+$/g, '')
  if (!BUCKET.test(bucket) || bucket.includes('..'))
    throw inputError(
      name,
      `names the bucket "${bucket}", which is not a bucket name (3 to 63 lower-case letters, digits, dots and hyphens): use \`s3://BUCKET/PREFIX\``
    )
  if (prefix) {
    if (!isKeyPath(prefix))
      throw inputError(name, 'has a PREFIX with an empty, `.` or `..` part, a backslash or a control character')
    if (Buffer.byteLength(prefix) > MAX_PREFIX_BYTES)
      throw inputError(name, `has a PREFIX longer than ${MAX_PREFIX_BYTES} bytes`)
  }
  return { bucket, prefix, ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}) }
}

/**
 * `s3://BUCKET[/PREFIX]` as the input `name` gives it; throws an ActionError (code `input`) that
 * names the input when it is not one.
 */
export function parseS3Url(text: string, endpoint: string | undefined, name: InputName): S3Location {
  const value = text.trim()
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(value)?.[1]?.toLowerCase()
  if (scheme !== 's3')
    throw inputError(
      name,
      scheme
        ? `has the scheme "${scheme}": it takes an S3 bucket (AWS, or an S3-compatible store), \`s3://BUCKET[/PREFIX]\``
        : 'must be `s3://BUCKET[/PREFIX]`'
    )
  return parseS3Location(value.slice('s3://'.length), endpoint, name)
}

/**
 * Whether `path` is a relative path made of plain names: no empty, `.` or `..` part, no
 * backslash, no control character. A key made of such a path and a prefix stays under the prefix,
 * whatever a proxy or CDN in front of the bucket makes of `.` and `..`.
 */
export function isKeyPath(path: string): boolean {
  return (
    !CONTROL.test(path) &&
    !path.includes('\\') &&
    path.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  )
}

/** `s3://BUCKET/PREFIX/`, as messages name the place. */
export function prefixUrl(location: S3Location): string {
  return `s3://${location.bucket}/${location.prefix ? `${location.prefix}/` : ''}`
}

/** The key of `name` under `prefix`. */
export function keyOf(prefix: string, name: string): string {
  return prefix ? `${prefix}/${name}` : name
}

/** Where a bucket is read without credentials by default: its path-style URL on the endpoint, or on AWS. */
export function bucketUrl(location: S3Location, region: string): string {
  return `${location.endpoint ?? `https://s3.${region}.amazonaws.com`}/${location.bucket}`
}

/** `base/key`, each part of the key encoded as a path segment. */
export function objectUrl(base: string, key: string): string {
  return `${base}/${key.split('/').map(encodeURIComponent).join('/')}`
}

function inputError(name: InputName, problem: string): ActionError {
  return new ActionError(message`${inputSubject(name)} ${problem}`, { code: 'input', input: input(name) })
}
