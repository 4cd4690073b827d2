import { describe, expect, it } from 'vitest'
import { ActionError } from '../../src/core/errors.js'
import { parseMirrorPublicUrl, parseMirrorTarget } from '../../src/mirror/index.js'
import { actionText } from '../support/recording-host.js'

/** The input error that parsing throws, as the Action words it. */
function refusal(parse: () => unknown): { code: string; message: string } {
  try {
    parse()
  } catch (error) {
    expect(error).toBeInstanceOf(ActionError)
    return { code: (error as ActionError).code, message: actionText((error as ActionError).text) }
  }
  throw new Error('parsed without an error')
}

describe('parseMirrorTarget', () => {
  it('reads s3://BUCKET/PREFIX, trimming the slashes around the prefix', () => {
    expect(parseMirrorTarget('s3://docs-bundles/exports/acme/')).toEqual({
      scheme: 's3',
      bucket: 'docs-bundles',
      prefix: 'exports/acme'
    })
    expect(parseMirrorTarget(' s3://docs-bundles ')).toEqual({ scheme: 's3', bucket: 'docs-bundles', prefix: '' })
  })

  it('takes an S3-compatible endpoint (checked by the settings, as every URL input)', () => {
    expect(parseMirrorTarget('s3://docs/x', 'https://minio.internal:9000/')).toMatchObject({
      endpoint: 'https://minio.internal:9000'
    })
  })

  it('refuses a bucket name or a prefix that S3 would not take, naming the input', () => {
    for (const text of ['s3://', 's3://ab/x', 's3://Docs/x', 's3://docs_bundles/x', 's3://-docs/x', 's3://do..cs/x']) {
      expect(refusal(() => parseMirrorTarget(text)).message, text).toMatch(
        /^Input 'mirror-to' names the bucket ".*", which is not a bucket name/
      )
    }
    for (const text of ['s3://docs/a//b', 's3://docs/a/../b', 's3://docs/./b', 's3://docs/a\\b', 's3://docs/a\nb']) {
      expect(refusal(() => parseMirrorTarget(text)).message, text).toMatch(/^Input 'mirror-to' has a PREFIX with/)
    }
    expect(refusal(() => parseMirrorTarget(`s3://docs/${'a'.repeat(901)}`)).message).toContain('longer than 900 bytes')
  })

  it('reads oci://HOST[:PORT]/REPOSITORY[:TAG], plain http only for a loopback host', () => {
    expect(parseMirrorTarget('oci://registry.acme.dev/docs/site:2026-11-22')).toEqual({
      scheme: 'oci',
      host: 'registry.acme.dev',
      origin: 'https://registry.acme.dev',
      repository: 'docs/site',
      tag: '2026-11-22'
    })
    expect(parseMirrorTarget('oci://127.0.0.1:5000/docs')).toEqual({
      scheme: 'oci',
      host: '127.0.0.1:5000',
      origin: 'http://127.0.0.1:5000',
      repository: 'docs'
    })
    expect(parseMirrorTarget('oci://localhost:5000/a/b/c')).toMatchObject({ origin: 'http://localhost:5000' })
    expect(parseMirrorTarget('oci://[::1]:5000/docs')).toMatchObject({ origin: 'http://[::1]:5000' })
    expect(parseMirrorTarget('oci://10.0.0.5:5000/docs')).toMatchObject({ origin: 'https://10.0.0.5:5000' })
  })

  it('refuses a malformed registry reference, naming the input', () => {
    expect(refusal(() => parseMirrorTarget('oci://registry.acme.dev')).message).toMatch(
      /^Input 'mirror-to' names the repository ""/
    )
    expect(refusal(() => parseMirrorTarget('oci://registry.acme.dev/Docs')).message).toMatch(
      /names the repository "Docs"/
    )
    expect(refusal(() => parseMirrorTarget('oci://registry.acme.dev/docs:bad/tag')).message).toMatch(
      /names the tag "bad\/tag"/
    )
    expect(refusal(() => parseMirrorTarget('oci://registry.acme.dev/docs:.v1')).message).toMatch(/names the tag "\.v1"/)
    expect(refusal(() => parseMirrorTarget('oci://registry.acme.dev:99999/docs')).message).toMatch(/names the registry/)
    expect(refusal(() => parseMirrorTarget('oci://user@registry/docs')).message).toMatch(
      /names the registry "user@registry"/
    )
    expect(refusal(() => parseMirrorTarget(`oci://r.dev/docs@sha256:${'0'.repeat(64)}`)).message).toContain(
      'names a digest'
    )
    expect(refusal(() => parseMirrorTarget('oci://r.dev/docs', 'https://s3.example')).message).toBe(
      "Input 'mirror-endpoint' applies to `s3://` targets only; an `oci://` target names its registry itself"
    )
  })

  it('refuses other schemes and shapes, saying which ones it takes', () => {
    expect(refusal(() => parseMirrorTarget('gs://bucket/prefix'))).toEqual({
      code: 'input',
      message:
        'Input \'mirror-to\' has the scheme "gs", which is not one the mirror knows: use `s3://BUCKET/PREFIX` or `oci://HOST[:PORT]/REPOSITORY[:TAG]`'
    })
    expect(refusal(() => parseMirrorTarget('bucket/prefix')).message).toBe(
      "Input 'mirror-to' must be `s3://BUCKET/PREFIX` or `oci://HOST[:PORT]/REPOSITORY[:TAG]`"
    )
  })
})

describe('parseMirrorPublicUrl', () => {
  const s3 = parseMirrorTarget('s3://docs/x')
  const oci = parseMirrorTarget('oci://registry.acme.dev/docs')

  it('takes a base for a bucket (with a path) or a registry address (without one)', () => {
    expect(parseMirrorPublicUrl('https://cdn.acme.dev/bundles/', s3)).toBe('https://cdn.acme.dev/bundles')
    expect(parseMirrorPublicUrl('http://127.0.0.1:8080/v1/AUTH_test/docs', s3)).toBe(
      'http://127.0.0.1:8080/v1/AUTH_test/docs'
    )
    expect(parseMirrorPublicUrl('https://mirror.acme.dev:8443/', oci)).toBe('https://mirror.acme.dev:8443')
  })

  it('refuses a path for a registry', () => {
    expect(refusal(() => parseMirrorPublicUrl('https://mirror.acme.dev/v2', oci)).message).toContain('without a path')
  })
})
