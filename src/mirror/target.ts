import { ActionError } from '../core/errors.js'
import { isLoopbackHost } from '../core/net.js'
import { input, inputSubject, message } from '../core/message.js'
import type { InputName } from '../settings/inputs.js'
import { parseS3Location, type S3Location } from '../storage/s3-location.js'

/**
 * Where the archive is mirrored, read from `mirror-to` (and `mirror-endpoint`, `mirror-public-url`)
 * before any request: a malformed value fails the run at once, naming the input, as every other
 * bad input does (code `input`).
 */

/** `s3://BUCKET/PREFIX`: objects under PREFIX in BUCKET, on AWS or on `mirror-endpoint` (path-style addressing). */
export interface S3Target extends S3Location {
  readonly scheme: 's3'
}

/** `oci://HOST[:PORT]/REPOSITORY[:TAG]`: one artifact in a registry's repository. */
export interface OciTarget {
  readonly scheme: 'oci'
  /** `HOST[:PORT]`, as references name it. */
  readonly host: string
  /** Where the registry is reached: plain http for a loopback host, as container tools do; https otherwise. */
  readonly origin: string
  readonly repository: string
  readonly tag?: string
}

export type MirrorTarget = S3Target | OciTarget

/** A repository as the distribution spec names it: lower-case path components joined by `/`. */
const REPOSITORY = /^[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:\.|_|__|-+)[a-z0-9]+)*)*$/
/** A tag as the distribution spec allows it. */
export const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/
/** A host name, an IPv4 address or a bracketed IPv6 address, with an optional port. */
const REGISTRY_HOST =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/

const SHAPES = '`s3://BUCKET/PREFIX` or `oci://HOST[:PORT]/REPOSITORY[:TAG]`'

/**
 * `mirror-to` as a target, with `mirror-endpoint` (an address the settings checked already, as
 * every URL input) for an S3 target; throws an ActionError (code `input`) that names the input
 * when `mirror-to` is malformed or of an unknown scheme, or an endpoint is given to a registry.
 */
export function parseMirrorTarget(text: string, endpoint?: string): MirrorTarget {
  const value = text.trim()
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(value)?.[1]?.toLowerCase()
  if (scheme === 's3') return { scheme: 's3', ...parseS3Location(value.slice('s3://'.length), endpoint, 'mirror-to') }
  if (scheme === 'oci') {
    if (endpoint?.trim())
      throw inputError(
        'mirror-endpoint',
        'applies to `s3://` targets only; an `oci://` target names its registry itself'
      )
    return parseOci(value.slice('oci://'.length))
  }
  throw inputError(
    'mirror-to',
    scheme ? `has the scheme "${scheme}", which is not one the mirror knows: use ${SHAPES}` : `must be ${SHAPES}`
  )
}

/**
 * `mirror-public-url` (an address the settings checked already: https, or plain http on this
 * machine) as a base without a trailing `/`; for an OCI target, a registry's address, with no path.
 */
export function parseMirrorPublicUrl(base: string, target: MirrorTarget): string {
  const url = new URL(base)
  if (target.scheme === 'oci' && url.pathname !== '/')
    throw inputError('mirror-public-url', 'must be a registry address, `https://HOST[:PORT]`, without a path')
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

function parseOci(rest: string): OciTarget {
  const slash = rest.indexOf('/')
  const host = slash < 0 ? rest : rest.slice(0, slash)
  const reference = slash < 0 ? '' : rest.slice(slash + 1)
  const port = /:(\d+)$/.exec(host)?.[1]
  if (!REGISTRY_HOST.test(host) || (port !== undefined && (Number(port) < 1 || Number(port) > 65535)))
    throw inputError(
      'mirror-to',
      `names the registry "${host}", which is not HOST or HOST:PORT: use \`oci://HOST[:PORT]/REPOSITORY[:TAG]\``
    )
  if (reference.includes('@'))
    throw inputError(
      'mirror-to',
      'names a digest (`@sha256:…`): the mirror pushes a new artifact, so name a repository and, if you like, a tag'
    )
  const colon = reference.lastIndexOf(':')
  const repository = colon < 0 ? reference : reference.slice(0, colon)
  const tag = colon < 0 ? undefined : reference.slice(colon + 1)
  if (!REPOSITORY.test(repository))
    throw inputError(
      'mirror-to',
      `names the repository "${repository}", which is not one (lower-case letters, digits and separators, parts joined by \`/\`): use \`oci://HOST[:PORT]/REPOSITORY[:TAG]\``
    )
  if (tag !== undefined && !TAG.test(tag))
    throw inputError(
      'mirror-to',
      `names the tag "${tag}", which is not one (up to 128 letters, digits, \`_\`, \`.\` and \`-\`)`
    )
  const hostname = new URL(`http://${host}`).hostname
  return {
    scheme: 'oci',
    host,
    origin: `${isLoopbackHost(hostname) ? 'http' : 'https'}://${host}`,
    repository,
    ...(tag ? { tag } : {})
  }
}

function inputError(name: InputName, problem: string): ActionError {
  return new ActionError(message`${inputSubject(name)} ${problem}`, { code: 'input', input: input(name) })
}
