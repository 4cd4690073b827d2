/**
 * What the mirror says about an archive by its kind (as detected from its bytes): the ending of
 * its S3 key, the Content-Type of that object, and the media type of its OCI layer. One table, so
 * that a kind the action learns to unpack gets all three at once.
 */

interface KindFacts {
  ending: string
  contentType: string
  layerMediaType: string
}

const KINDS: Record<string, KindFacts> = {
  'tar.gz': {
    ending: 'tar.gz',
    contentType: 'application/gzip',
    layerMediaType: 'application/vnd.oci.image.layer.v1.tar+gzip'
  },
  'tar.zst': {
    ending: 'tar.zst',
    contentType: 'application/zstd',
    layerMediaType: 'application/vnd.oci.image.layer.v1.tar+zstd'
  },
  tar: { ending: 'tar', contentType: 'application/x-tar', layerMediaType: 'application/vnd.oci.image.layer.v1.tar' },
  zip: { ending: 'zip', contentType: 'application/zip', layerMediaType: 'application/zip' }
}

/** A kind the mirror does not know is kept as opaque bytes. */
const UNKNOWN: KindFacts = {
  ending: 'bin',
  contentType: 'application/octet-stream',
  layerMediaType: 'application/octet-stream'
}

export function kindFacts(kind: string): KindFacts {
  return Object.hasOwn(KINDS, kind) ? KINDS[kind] : UNKNOWN
}
