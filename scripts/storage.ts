/**
 * Starts the storage servers of the tests and keeps them running until Ctrl-C, to try the mirror
 * (and a publish to a bucket) on one's own machine: OpenStack Swift with its S3 API
 * (test/support/swift.ts) and CNCF distribution with a read-only twin for anonymous reads
 * (test/support/registry.ts), each on free loopback ports in a folder of its own, removed at the end.
 *
 *   node scripts/storage.ts            # both
 *   node scripts/storage.ts --only s3  # or --only oci
 *
 * It prints the inputs of a local run (`.env` of `npm run local`), the command line's variables,
 * and the AWS_* variables the S3 API's credentials come from, as a runner's would.
 */
import { parseArgs } from 'node:util'
import { missingRegistry, startRegistry, type Registry } from '../test/support/registry.ts'
import { missingSwift, startSwift, type Swift } from '../test/support/swift.ts'

/** A bucket for the mirror's copies, and one for a site, both readable without credentials. */
const MIRROR_BUCKET = 'docs-bundles'
const SITE_BUCKET = 'docs-site'
const REPOSITORY = 'docs/acme'

const { values } = parseArgs({ options: { only: { type: 'string' } } })
if (values.only !== undefined && values.only !== 's3' && values.only !== 'oci') {
  console.error(`storage: --only must be s3 or oci, got "${values.only}"`)
  process.exit(2)
}
const wanted = (kind: 's3' | 'oci'): boolean => values.only === undefined || values.only === kind

/** The same setting for a local run of the action (`INPUT_…`) and for the command line (`MINTLIFY_…`). */
function settings(inputs: Record<string, string>): string[] {
  const entries = Object.entries(inputs)
  return [
    '  .env of npm run local:',
    ...entries.map(([name, value]) => `    INPUT_${name.toUpperCase()}=${value}`),
    '  the command line:',
    ...entries.map(([name, value]) => `    MINTLIFY_${name.toUpperCase().replace(/-/g, '_')}=${value}`)
  ]
}

let swift: Swift | undefined
let registry: Registry | undefined
async function stop(): Promise<void> {
  await Promise.all([swift?.stop(), registry?.stop()])
}

try {
  const lines: string[] = []
  if (wanted('s3')) {
    const missing = missingSwift()
    if (missing) throw new Error(`Swift cannot run here: ${missing}`)
    console.log('Starting Swift (S3 API)…')
    swift = await startSwift()
    for (const bucket of [MIRROR_BUCKET, SITE_BUCKET]) await swift.createBucket(bucket, { publicRead: true })
    lines.push(
      `S3 (OpenStack Swift): ${swift.endpoint}`,
      '  credentials, in the environment of the run (.env of npm run local too), as a runner has them:',
      `    AWS_ACCESS_KEY_ID=${swift.accessKeyId}`,
      `    AWS_SECRET_ACCESS_KEY=${swift.secretAccessKey}`,
      `    AWS_REGION=${swift.region}`,
      '    AWS_EC2_METADATA_DISABLED=true',
      '',
      `The mirror, to the bucket ${MIRROR_BUCKET}:`,
      ...settings({
        'mirror-to': `s3://${MIRROR_BUCKET}/exports`,
        'mirror-endpoint': swift.endpoint,
        'mirror-public-url': swift.publicBase(MIRROR_BUCKET)
      }),
      '',
      `The publish of the site, to the bucket ${SITE_BUCKET} (with extract: true), read back as a visitor reads it:`,
      ...settings({
        'publish-to': `s3://${SITE_BUCKET}/site`,
        'publish-endpoint': swift.endpoint,
        'publish-public-url': `${swift.publicBase(SITE_BUCKET)}/site`
      }),
      ''
    )
  }
  if (wanted('oci')) {
    const missing = missingRegistry()
    if (missing) throw new Error(`the registry cannot run here: ${missing}`)
    console.log('Starting the registry (distribution)…')
    registry = await startRegistry({ auth: 'htpasswd', readOnlyMirror: true })
    lines.push(
      `OCI registry (distribution): ${registry.url}, pushes as ${registry.username}; anonymous reads from ${registry.readOnly?.url ?? ''}`,
      '',
      `The mirror, to the repository ${REPOSITORY}:`,
      ...settings({
        'mirror-to': `oci://${registry.host}/${REPOSITORY}:latest`,
        'mirror-username': registry.username,
        'mirror-password': registry.password,
        'mirror-public-url': registry.readOnly?.url ?? ''
      }),
      ''
    )
  }
  console.log(`\n${lines.join('\n')}`)
  console.log('Running until killed (Ctrl-C).')
} catch (error) {
  console.error(`storage: ${error instanceof Error ? error.message : String(error)}`)
  await stop()
  process.exit(1)
}

let stopping = false
async function stopOn(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return
  stopping = true
  console.log(`\n${signal}: stopping the storage servers`)
  await stop()
  process.exit(0)
}
process.on('SIGINT', (signal) => void stopOn(signal))
process.on('SIGTERM', (signal) => void stopOn(signal))
