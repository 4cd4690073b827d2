import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { readActionYaml, ROOT } from './support/run-action.ts'

/** The public contract: every input and output, and the defaults workflows rely on. */
const CONTRACT_INPUTS: Record<string, string | undefined> = {
  'api-key': undefined,
  'base-url': 'https://api.mintlify.com',
  command: 'export',
  domain: undefined,
  'export-job-id': undefined,
  'project-id': undefined,
  prompt: undefined,
  'agent-job-id': undefined,
  wait: 'true',
  'timeout-seconds': '1800',
  'poll-interval-seconds': '5',
  download: 'true',
  extract: 'false',
  path: undefined,
  'comment-on': undefined,
  'github-token': '${{ github.token }}',
  'mask-bundle-url': 'true',
  paths: undefined,
  version: undefined,
  verify: 'warn',
  'verify-browser': 'auto',
  'verify-browser-pages': '25',
  'compare-to': undefined,
  'verify-baseline': undefined,
  url: undefined,
  manifest: undefined,
  'check-files': '100',
  'mirror-to': undefined,
  'mirror-endpoint': undefined,
  'mirror-region': undefined,
  'mirror-public-url': undefined,
  'mirror-username': undefined,
  'mirror-password': undefined,
  'mirror-check': 'on',
  'publish-to': undefined,
  'publish-endpoint': undefined,
  'publish-region': undefined,
  'publish-public-url': undefined,
  'publish-routes': 'copies',
  'publish-dry-run': 'false',
  'publish-keep-removed': '1',
  'publish-max-delete': '50%',
  'publish-cache-control': undefined
}
const CONTRACT_OUTPUTS = [
  'job-id',
  'status',
  'page-count',
  'bundle-url',
  'expires-at',
  'bundle-path',
  'bundle-sha256',
  'site-path',
  'verify-report-path',
  'helm-values-path',
  'agent-job-id',
  'pr-link',
  'comment-url',
  'mirror-url',
  'mirror-ref',
  'publish-url',
  'publish-uploaded',
  'publish-unchanged',
  'publish-deleted',
  'publish-changes-path',
  'publish-plan-path',
  'manifest-path',
  'files-added',
  'files-removed',
  'files-changed',
  'changes-path',
  'deployment-status',
  'files-matching',
  'files-compared',
  'deployment-report-path'
]

/** The first column of the markdown table under a heading. */
function tableNames(readme: string, heading: string): string[] {
  const section = readme.split(`\n## ${heading}\n`)[1]?.split('\n## ')[0] ?? ''
  return [...section.matchAll(/^\| `([a-z0-9-]+)` +\|/gm)].map((match) => match[1] ?? '')
}

describe('action.yml', () => {
  it('declares every input of the contract with its default, and nothing else', async () => {
    const action = await readActionYaml()
    expect(Object.keys(action.inputs).sort()).toEqual(Object.keys(CONTRACT_INPUTS).sort())
    for (const [name, value] of Object.entries(CONTRACT_INPUTS)) {
      expect(action.inputs[name]?.default, name).toBe(value)
    }
    expect(action.inputs['api-key']?.required).toBe(true)
  })

  it('declares every output of the contract', async () => {
    const action = await readActionYaml()
    expect(Object.keys(action.outputs).sort()).toEqual([...CONTRACT_OUTPUTS].sort())
    for (const output of Object.values(action.outputs)) expect(output.description.length).toBeGreaterThan(10)
  })

  it('runs dist/index.js on node24', async () => {
    const action = await readActionYaml()
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
  })

  it('is tested as built: npm test bundles dist/index.js from src/ before the end-to-end tests run it', async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    // Built unless dist/ was built from these very sources, as its record says.
    expect(pkg.scripts.pretest).toBe('node scripts/bundle.ts --if-stale')
    expect(pkg.scripts.bundle).toBe('node scripts/bundle.ts')
    expect(await readFile(path.join(ROOT, 'scripts/bundle.ts'), 'utf8')).toContain("entry: 'src/index.ts', into: ['']")
  })

  it('is documented by the README with the same inputs and outputs', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8')
    expect(tableNames(readme, 'Inputs').sort()).toEqual(Object.keys(CONTRACT_INPUTS).sort())
    expect(tableNames(readme, 'Outputs')).toEqual(CONTRACT_OUTPUTS)
  })
})
