import { execFile } from 'node:child_process'
import { mkdtemp, readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { parse } from 'yaml'
import { ROOT } from './run-action.ts'

const run = promisify(execFile)

interface Workflow {
  jobs: Record<string, { steps: { id?: string; name?: string; run?: string }[] }>
}

/** The `run:` script of the release workflow's step with this id. */
export async function releaseStep(id: string): Promise<string> {
  const workflow = parse(await readFile(path.join(ROOT, '.github/workflows/release.yml'), 'utf8')) as Workflow
  const step = Object.values(workflow.jobs)
    .flatMap((job) => job.steps)
    .find((candidate) => candidate.id === id)
  if (!step?.run) throw new Error(`release.yml has no step with the id ${id} and a run script`)
  return step.run
}

export interface ReleaseAssets {
  folder: string
  tarball: string
  checksum: string
  /** The step's outputs, as it wrote them to GITHUB_OUTPUT. */
  outputs: Map<string, string>
}

/**
 * Runs the release workflow's pack step as the runner would (bash, in the checkout, with
 * GITHUB_REF_NAME, RUNNER_TEMP and GITHUB_OUTPUT), offline and with an npm cache of its own: the
 * tarball and its SHA-256 file.
 */
export async function packRelease(refName?: string): Promise<ReleaseAssets> {
  const { version } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
  const temp = await mkdtemp(path.join(os.tmpdir(), 'release-'))
  const outputFile = path.join(temp, 'github-output')
  await run('bash', ['-e', '-c', await releaseStep('pack')], {
    cwd: ROOT,
    env: {
      ...process.env,
      GITHUB_REF_NAME: refName ?? `v${version}`,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: outputFile,
      npm_config_offline: 'true',
      // A cache of its own: the user's may not exist (nobody's HOME is /nonexistent) and is not the test's to fill.
      npm_config_cache: path.join(temp, 'npm-cache')
    }
  })
  const outputs = new Map(
    (await readFile(outputFile, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string])
  )
  const tarball = outputs.get('tarball') ?? ''
  return { folder: path.dirname(tarball), tarball, checksum: `${tarball}.sha256`, outputs }
}

/** Serves the files of a folder over loopback http, as a release's download folder: `${url}/${name}`. */
export async function serveFolder(
  folder: string
): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = []
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname.slice(1))
    requests.push(name)
    readFile(path.join(folder, path.basename(name)))
      .then((body) => response.writeHead(200, { 'content-length': body.length }).end(body))
      .catch(() => response.writeHead(404).end())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}
