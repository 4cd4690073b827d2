import type { Deadline } from '../core/deadline.js'
import type { Host } from '../core/host.js'
import type { Network } from '../core/net.js'

/** The archive as the download checked it. */
export interface MirrorArchive {
  path: string
  /** Lower-case hex. */
  sha256: string
  sizeBytes: number
  /** As detected from its bytes (`tar.gz`, `zip`, …): the ending of its key and the media type of its layer. */
  kind: string
}

export interface MirrorOptions {
  /** The export's manifest.json, when the run wrote one: S3 stores it beside the archive. */
  manifestPath?: string
  jobId: string
  domain?: string
  /** The export's label (`version`). */
  version?: string
  /** When the export was made, ISO 8601: latest.json's `createdAt`, the artifact's `org.opencontainers.image.created`. */
  createdAt: string
  /** `mirror-public-url`, as parseMirrorPublicUrl returned it. */
  publicUrl?: string
  /** `mirror-check`. */
  check: 'on' | 'off'
  /** S3: the region to sign for: `mirror-region`, else AWS_REGION (the settings read both); absent: DEFAULT_REGION. */
  region?: string
  /** OCI: `mirror-username` and `mirror-password` (masked by the settings already). */
  registryCredentials?: RegistryCredentials
  /** The runner's environment (`run.runner.environment`): S3's connections follow the proxy it names (HTTPS_PROXY, NO_PROXY). */
  environment?: Readonly<Record<string, string | undefined>>
  host: Host
  /** The run's deadline, which follows its cancellation too. */
  deadline: Deadline
}

export interface RegistryCredentials {
  username: string
  password: string
}

export interface MirrorResult {
  /** `mirror-url`: where the chart reads the copy without credentials. */
  url: string
  /** `mirror-ref` (OCI): `HOST/REPOSITORY@sha256:<manifest digest>`. */
  ref?: string
  /** Where the archive went, for the summary: `s3://BUCKET/KEY`, or `HOST/REPOSITORY:TAG`. */
  location: string
  /** False when the store held the archive already (same size and SHA-256): nothing was uploaded. */
  uploaded: boolean
  /** True when `mirror-url` was read without credentials and served the archive. */
  checked: boolean
}

/** What a registry session needs of the mirror's context: its credentials, network, time and log. */
export type RegistryContext = Pick<MirrorContext, 'registryCredentials' | 'network' | 'deadline' | 'signal' | 'host'>

/** What each target's mirror gets: the options, and what the entry point made of them. */
export interface MirrorContext extends MirrorOptions {
  /** Aborts at the deadline or on cancellation. */
  signal: AbortSignal
  /** The mirror's own network: https anywhere, plain http only to this machine, whatever `base-url` is. */
  network: Network
}
