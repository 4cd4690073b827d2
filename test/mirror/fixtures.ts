import { spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect } from 'vitest'
import { Deadline } from '../../src/core/deadline.js'
import { ActionError } from '../../src/core/errors.js'
import type { MirrorArchive, MirrorOptions } from '../../src/mirror/index.js'
import { tar } from '../emulator/archives.js'
import { RecordingHost } from '../support/recording-host.js'

/** A real tar.gz of `payloadBytes` of random content (gzip level 0: random bytes do not shrink), as the download leaves it. */
export async function makeArchive(payloadBytes: number, folder?: string): Promise<MirrorArchive> {
  const dir = folder ?? (await mkdtemp(path.join(os.tmpdir(), 'mirror-archive-')))
  const bytes = gzipSync(
    tar([
      { name: 'index.html', content: '<!doctype html><title>Docs</title>\n' },
      { name: 'assets/media.bin', content: randomBytes(payloadBytes) }
    ]),
    { level: 0 }
  )
  const file = path.join(dir, 'bundle-se_1.tar.gz')
  await writeFile(file, bytes)
  return {
    path: file,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    sizeBytes: bytes.length,
    kind: 'tar.gz'
  }
}

/** What the export command gives the mirror, for a test: a recording host and a minute's deadline. */
export function mirrorOptions(
  overrides: Partial<MirrorOptions> & { cancellation?: AbortSignal } = {}
): MirrorOptions & { host: RecordingHost } {
  const { cancellation, ...rest } = overrides
  return {
    jobId: 'se_mirror_1',
    domain: 'docs.acme.dev',
    createdAt: '2026-11-22T10:00:00Z',
    check: 'on',
    deadline: Deadline.in(120_000, cancellation),
    ...rest,
    host: (rest.host as RecordingHost | undefined) ?? new RecordingHost()
  }
}

/** The mirror's failure, which must be an ActionError. */
export async function failureOf(promise: Promise<unknown>): Promise<ActionError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason
  )
  expect(error).toBeInstanceOf(ActionError)
  return error as ActionError
}

/** Debian's awscli (a pyenv shim earlier on the PATH may be another one), else the PATH's. */
export const AWS_CLI = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : 'aws'

/** Runs a command of the machine as an independent reader; fails the test with its output when it fails. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env, timeout: 60_000 })
  if (result.error) throw result.error
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}: ${result.stderr}`)
  return result.stdout
}
