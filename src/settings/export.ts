import { z } from 'zod'
import { input, inputSubject, message, type Text } from '../core/message.js'
import { API, CHECK_FILES, OUTPUT_FOLDER, PROJECT, TIMING, WAIT } from './common.js'
import { parseMirrorPublicUrl, parseMirrorTarget, type MirrorTarget } from '../mirror/target.js'
import { parseCacheRules, type CacheRule } from '../publish/headers.js'
import { parseS3Url, type S3Location } from '../storage/s3-location.js'
import {
  addFailure,
  addProblem,
  bool,
  choice,
  count,
  described,
  documentSource,
  httpsUrl,
  identifier,
  lines,
  percent,
  region
} from './fields.js'

/** The inputs of `command: export`, and the rules that join them. */

const HOST_NAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/

/** The host of a domain input, accepting a pasted URL or a host with a path. */
function hostOf(value: string): string | undefined {
  return URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)?.hostname.toLowerCase()
}

const domain = z
  .string()
  .transform((value, ctx) => {
    const host = hostOf(value)
    if (!host || !HOST_NAME.test(host)) {
      ctx.addIssue({ code: 'custom', message: `must be a host name such as docs.acme.dev, got "${value}"` })
      return z.NEVER
    }
    return host
  })
  .optional()

export const EXPORT_INPUTS = z.object({
  command: z.literal('export'),
  ...API,
  domain: described(domain, {
    description:
      'Domain of the documentation site to export (a host name such as `docs.acme.dev`; a pasted URL is reduced to its host, with a notice). Required for `export` unless `export-job-id` or `project-id` is given.'
  }),
  'export-job-id': described(identifier, {
    description:
      'For `export`, reuse this export job instead of starting one (e.g. to get a fresh link in a later job).'
  }),
  ...PROJECT,
  ...WAIT,
  ...TIMING,
  download: described(bool, {
    default: 'true',
    description: 'Download the bundle archive (outputs `bundle-path` and `bundle-sha256`).'
  }),
  extract: described(bool, {
    default: 'false',
    description:
      'Unpack the downloaded archive into `<path>/site` (needs `download: true`), replacing what was there once it has unpacked completely.'
  }),
  ...OUTPUT_FOLDER,
  'mask-bundle-url': described(bool, {
    default: 'true',
    description:
      "Register the presigned link as a secret, so that it never shows in logs or crosses to other jobs' outputs (the action's own log lines always leave out its query).",
    cli: {
      description:
        'Keep the signature of the presigned link out of what others see: the table on stdout shows `bundle-url` without its query, and --output-env (a file that crosses to other jobs) leaves BUNDLE_URL out. --json and --output-sh, read by the same job, hold the whole link.'
    }
  }),
  paths: described(lines, {
    description:
      'Export only these pages, one per line; sent to the API only when given. Defaults to every published page.',
    cli: {
      flag: false,
      file: { name: 'paths-file', description: 'Export only the pages listed in FILE, one per line.' }
    }
  }),
  version: described(z.string().optional(), {
    description:
      'A label for this export (e.g. `2026-11-22`); sent only when given, and pinned as `staticExport.version` in the Helm values.',
    cli: { metavar: 'LABEL' }
  }),
  verify: described(choice(['warn', 'error', 'off']), {
    default: 'warn',
    description:
      'With `extract`: check the unpacked site (index.html, pages against `pageCount`, internal links and assets, origins loaded from elsewhere, canonical host, sitemap: docs/checks.md). `warn`: warnings and a report; `error`: fail the step on any problem; `off`: no check.'
  }),
  'verify-browser': described(choice(['auto', 'on', 'off']), {
    default: 'auto',
    description:
      'With `extract` and `verify` not `off`: load the unpacked site in an installed Chrome/Chromium with every other origin blocked, and report what its scripts reach at run time (docs/checks.md). `auto`: when a browser is found (else one notice); `on`: fail the step without one; `off`: never.'
  }),
  'verify-browser-pages': described(count('pages', 6), {
    default: '25',
    description:
      "How many pages the browser pass loads (index.html first, then a page of each distinct set of scripts, iframes and embeds, then a spread over the site's top folders).",
    cli: { metavar: 'N' }
  }),
  'compare-to': described(documentSource('a manifest').optional(), {
    description:
      'With `extract`: a previous export\'s `manifest.json` (a path, or an https link). Adds a "Changes" section to the summary, `changes.json`, and the outputs `files-added`, `files-removed`, `files-changed` and `changes-path`. One that cannot be read is a warning, never a failure.'
  }),
  'verify-baseline': described(documentSource('a site check report').optional(), {
    description:
      'With `extract` and `verify` not `off`: a previous site check report (a path, or an https link). Its problems are listed as known, and `verify: error` fails only on problems it does not have.'
  }),
  'mirror-to': described(z.string().optional(), {
    description:
      'With `download`: `s3://BUCKET/PREFIX` or `oci://HOST/REPOSITORY[:TAG]`. Copy the archive there once it is checked, read the copy back as the chart will, and point the Helm values at it: a link that does not expire (docs/mirror.md).',
    cli: { metavar: 'URL' }
  }),
  'mirror-endpoint': described(
    httpsUrl({ expected: 'an https:// URL (an S3-compatible endpoint)', plainHttp: 'loopback', base: true }).optional(),
    {
      description:
        'For an `s3://` `mirror-to`: an S3-compatible endpoint (MinIO, Ceph, Swift…), addressed path-style; empty means AWS. https, or http on loopback.',
      cli: { metavar: 'URL' }
    }
  ),
  'mirror-region': described(region, {
    description:
      "For an `s3://` `mirror-to`: the region to sign for; by default `AWS_REGION`, else `us-east-1`. The credentials come from the AWS SDK's default chain (`AWS_*` variables, web identity, a profile), never from an input."
  }),
  'mirror-public-url': described(
    httpsUrl({ expected: 'an https:// URL', plainHttp: 'loopback', base: true }).optional(),
    {
      description:
        "The base URL from which the cluster reads the copy without credentials. `s3://`: the base that serves the bucket (the key is appended; default: the bucket's path-style URL on the endpoint). `oci://`: a registry that serves the same repository anonymously, `https://HOST[:PORT]` (default: the registry itself).",
      cli: { metavar: 'URL' }
    }
  ),
  'mirror-username': described(z.string().optional(), {
    description:
      "For an `oci://` `mirror-to`: the registry user that may push (basic, or the registry's bearer-token flow)."
  }),
  'mirror-password': described(z.string().optional(), {
    secret: true,
    description:
      "For an `oci://` `mirror-to`: that user's password or token; masked at once, and sent to the registry's own origin only.",
    cli: {
      flag: false,
      variable: 'MINTLIFY_MIRROR_PASSWORD',
      file: {
        name: 'mirror-password-file',
        description:
          'Read the registry password from FILE instead of MINTLIFY_MIRROR_PASSWORD (a warning when others may read FILE).',
        holds: 'registry password'
      }
    }
  }),
  'mirror-check': described(choice(['on', 'off']), {
    default: 'on',
    description:
      '`on`: after the copy, read `mirror-url` with no credentials, as the chart will, and fail the step unless it serves the archive; `off`: skip that, with a notice (a runner that cannot see the storage as the cluster does).'
  }),
  'publish-to': described(z.string().optional(), {
    description:
      "With `extract`: `s3://BUCKET[/PREFIX]`. Unless the site check failed the step (`verify: error` with problems publishes nothing; under `verify: warn` a site with problems is published, its warnings in the summary), publish the site there: only the files the bucket does not hold (by the manifest's SHA-256), files that are not pages first, then the pages, then the deletes, with a record of what is published under PREFIX (docs/publish.md). Credentials from the AWS SDK's default chain, never from an input.",
    cli: { metavar: 'URL' }
  }),
  'publish-endpoint': described(
    httpsUrl({ expected: 'an https:// URL (an S3-compatible endpoint)', plainHttp: 'loopback', base: true }).optional(),
    {
      description:
        'For `publish-to`: an S3-compatible endpoint (MinIO, Ceph, R2, Swift…), addressed path-style; empty means AWS. https, or http on loopback.',
      cli: { metavar: 'URL' }
    }
  ),
  'publish-region': described(region, {
    description: 'For `publish-to`: the region to sign for; by default `AWS_REGION`, else `us-east-1`.'
  }),
  'publish-public-url': described(
    httpsUrl({ expected: 'an http:// or https:// URL, without credentials', plainHttp: 'any', base: true }).optional(),
    {
      description:
        'For `publish-to`: the address that serves PREFIX to visitors (static website hosting, a CDN). The publish is then proven there: every file it uploaded, and `check-files` of the others, read back without credentials; the step fails unless they are the published bytes.',
      cli: { metavar: 'URL' }
    }
  ),
  'publish-routes': described(choice(['copies', 'off']), {
    default: 'copies',
    description:
      "For `publish-to`: `copies` also publishes each page under its route (`guides/x.html` as `guides/x` too, the same bytes as `text/html`), so that hosts that serve exact keys (S3 static website hosting) answer every route the pages and the sitemap name; `off`: the site's files only, for a host that maps `/x` to `x.html` itself (a CloudFront Function, GitHub Pages, Netlify, nginx's `try_files`; docs/serving.md). Either way the read-back asks for the routes."
  }),
  'publish-dry-run': described(bool, {
    default: 'false',
    description:
      'For `publish-to`: read the bucket and make the plan (what would be uploaded, deleted and kept, each with its reason), write it (`publish-plan-path`, and `publish-changes-path` with what would change) and say it in the summary, and change nothing in the bucket. No read-back.'
  }),
  'publish-keep-removed': described(count('publishes', 3, [], 0), {
    default: '1',
    description:
      'For `publish-to`: how many publishes a removed file that is not a page outlives (a removed page goes at once), so that a page cached before the publish keeps its styles and scripts; `0` deletes it at once.',
    cli: { metavar: 'N' }
  }),
  'publish-max-delete': described(percent, {
    default: '50%',
    description:
      'For `publish-to`: the share of the published files one publish may remove; a publish that would remove more changes nothing and fails the step (an export that came back nearly empty must not empty the site). `100%` allows any.',
    cli: { metavar: 'SHARE' }
  }),
  'publish-cache-control': described(lines, {
    description:
      'For `publish-to`: `GLOB=VALUE` rules, one a line, the first match wins, before the defaults (`no-cache` on pages and the sitemap, `public, max-age=31536000, immutable` on names with a content hash, `public, max-age=300` otherwise). A glob without `/` matches a name at any depth.',
    cli: { metavar: 'RULES' }
  }),
  ...CHECK_FILES
})

export const EXPORT = EXPORT_INPUTS.transform((inputs, ctx) => {
  if (!inputs.domain && !inputs['export-job-id'] && !inputs['project-id']) {
    addProblem(
      ctx,
      'domain',
      message`is required for ${input('command', 'export')} unless ${input('export-job-id')} or ${input('project-id')} is given`
    )
  }
  if (inputs.extract && !inputs.download) {
    addProblem(
      ctx,
      'extract',
      message`is true but ${input('download', 'false')}: unpacking needs the downloaded archive`
    )
  }
  if (inputs['mirror-to'] && !inputs.download) {
    addProblem(
      ctx,
      'mirror-to',
      message`is set but ${input('download', 'false')}: the mirror copies the downloaded archive`
    )
  }
  if (inputs['publish-to'] && !inputs.extract) {
    addProblem(
      ctx,
      'publish-to',
      message`is set but ${input('extract', 'false')}: the publish uploads the unpacked site file by file; set ${input('extract', 'true')}`
    )
  }
  const {
    'mirror-to': _text,
    'mirror-public-url': _base,
    'publish-to': _publishTo,
    'publish-cache-control': _rules,
    ...rest
  } = inputs
  return { ...rest, ...mirrorOf(inputs, ctx), ...publishOf(inputs, ctx) }
})

/** `publish-to` as a bucket and a prefix, and `publish-cache-control` as rules. */
function publishOf(
  inputs: z.output<typeof EXPORT_INPUTS>,
  ctx: z.RefinementCtx
): { 'publish-to'?: S3Location; 'publish-cache-control': CacheRule[] } {
  const to = inputs['publish-to']
  try {
    return {
      ...(to ? { 'publish-to': parseS3Url(to, inputs['publish-endpoint'], 'publish-to') } : {}),
      'publish-cache-control': parseCacheRules(inputs['publish-cache-control'])
    }
  } catch (error) {
    addFailure(ctx, error)
    return { 'publish-cache-control': [] }
  }
}

/** `mirror-to` as a target, and `mirror-public-url` as a base for it, each checked with the other inputs it needs. */
function mirrorOf(
  inputs: z.output<typeof EXPORT_INPUTS>,
  ctx: z.RefinementCtx
): { 'mirror-to'?: MirrorTarget; 'mirror-public-url'?: string } {
  const to = inputs['mirror-to']
  if (!to) return {}
  try {
    const target = parseMirrorTarget(to, inputs['mirror-endpoint'])
    const publicUrl = inputs['mirror-public-url']
    return { 'mirror-to': target, 'mirror-public-url': publicUrl && parseMirrorPublicUrl(publicUrl, target) }
  } catch (error) {
    addFailure(ctx, error)
    return {}
  }
}

type ExportInputs = z.output<typeof EXPORT>

/** Inputs the workflow set that do nothing in the combination given, each with the reason. */
export function unusedExportInputs(
  inputs: ExportInputs,
  given: (name: keyof ExportInputs) => boolean
): [keyof ExportInputs, Text][] {
  const found: [keyof ExportInputs, Text][] = []
  const unused = (names: (keyof ExportInputs)[], why: Text): void => {
    for (const name of names) if (given(name)) found.push([name, why])
  }
  const checksSite = inputs.extract && inputs.verify !== 'off'
  if (inputs['export-job-id']) {
    const reused = message`does nothing with ${input('export-job-id')}: no export is started, the existing job is used as it is`
    // With export-job-id the domain starts nothing, but the site check still compares canonical links with it.
    if (!checksSite) unused(['domain'], reused)
    unused(['paths'], reused)
  } else if (!inputs.wait) {
    unused(
      ['extract', 'verify', 'publish-to'],
      message`does nothing with ${input('wait', 'false')}: the run returns once the job is started, before there is anything to unpack`
    )
  }
  if (!inputs.extract) {
    unused(['verify'], message`does nothing without ${input('extract', 'true')}: only an unpacked site is checked`)
    unused(
      ['compare-to'],
      message`does nothing without ${input('extract', 'true')}: the manifest is made as the site is unpacked`
    )
  }
  // verify-browser: off asks for nothing, so it is never an input that does nothing.
  const browserInputs: (keyof ExportInputs)[] =
    inputs['verify-browser'] === 'off' ? ['verify-browser-pages'] : ['verify-browser', 'verify-browser-pages']
  if (!checksSite) {
    unused(
      [...browserInputs, 'verify-baseline'],
      message`does nothing without ${input('extract', 'true')} and ${input('verify')} not off: it is part of the site check`
    )
  } else if (inputs['verify-browser'] === 'off') {
    unused(['verify-browser-pages'], message`does nothing with ${input('verify-browser', 'off')}`)
  }
  if (!inputs.wait) unused(['poll-interval-seconds'], POLLED_ONCE)
  const target = inputs['mirror-to']
  const mirrorInputs: (keyof ExportInputs)[] = [
    'mirror-endpoint',
    'mirror-region',
    'mirror-public-url',
    'mirror-username',
    'mirror-password',
    'mirror-check'
  ]
  if (!target) unused(mirrorInputs, message`does nothing without ${input('mirror-to')}`)
  else if (target.scheme === 'oci') unused(['mirror-region'], message`does nothing for an oci:// ${input('mirror-to')}`)
  else
    unused(
      ['mirror-username', 'mirror-password'],
      message`does nothing for an s3:// ${input('mirror-to')}: the AWS SDK's chain gives the credentials`
    )
  const publishInputs: (keyof ExportInputs)[] = [
    'publish-endpoint',
    'publish-region',
    'publish-public-url',
    'publish-routes',
    'publish-dry-run',
    'publish-keep-removed',
    'publish-max-delete',
    'publish-cache-control'
  ]
  if (!inputs['publish-to']) unused(publishInputs, message`does nothing without ${input('publish-to')}`)
  if (!inputs['publish-public-url'])
    unused(
      ['check-files'],
      message`does nothing for ${input('command', 'export')} without ${input('publish-public-url')}: it says how much of the published site is read back`
    )
  return found
}

/** Said of poll-interval-seconds when wait is false. */
export const POLLED_ONCE = message`does nothing with ${input('wait', 'false')}: the job is read once, not polled`

/**
 * Says what became of a domain that was more than a host name: a pasted URL gets a notice, a
 * path (docs served under /docs) a warning, because the export covers the whole site, not the path.
 */
export function domainReduction(
  value: string,
  hostName: string
): { level: 'notice' | 'warning'; text: Text } | undefined {
  const url = URL.parse(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`)
  const dropped = url ? `${url.pathname.replace(/^\/$/, '')}${url.search}${url.hash}` : ''
  if (dropped) {
    return {
      level: 'warning',
      text: message`${inputSubject('domain')} has a path ("${dropped}") that was dropped: the export covers the whole site ${hostName}, not only that path. To export only some pages, list them in ${input('paths')}`
    }
  }
  if (hostName !== value.toLowerCase()) {
    return { level: 'notice', text: message`${inputSubject('domain')} reduced to its host: "${value}" → "${hostName}"` }
  }
  return undefined
}
