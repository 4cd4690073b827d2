import fc from 'fast-check'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { beforeAll, expect, it } from 'vitest'
import { failMissing, hasTool } from '../support/archive-tools.ts'
import { judge, type Outcome } from './fuzz/judge.ts'
import { buildCase, fuzzCase } from './fuzz/mutations.ts'
import { makeSeeds, missingSeedTools, type Seed } from './fuzz/seeds.ts'

/**
 * Property-based fuzzing of the archive readers (fuzz/): mutated archives from the real tools
 * must be refused under a rule or unpacked safely, and as bsdtar unpacks them. A short run with a
 * fixed seed belongs to every test run; `npm run fuzz -- --cases N --seed S` runs a long one
 * through this same file (FUZZ_CASES, FUZZ_SEED) and prints the outcome by rule.
 */

const cases = Number(process.env.FUZZ_CASES ?? 300)
const seed = Number(process.env.FUZZ_SEED ?? 20261123)
const compare = hasTool('bsdtar')

let seeds: Seed[]

beforeAll(async () => {
  seeds = await makeSeeds()
})

it(
  `refuses under a rule, or unpacks safely${compare ? ' and as bsdtar does' : ' (bsdtar not installed: no comparison)'}, ${cases} mutated archives (seed ${seed})`,
  async () => {
    const missing = missingSeedTools()
    if (process.env.CI && (missing.length > 0 || !compare)) failMissing(compare ? missing : [...missing, 'bsdtar'])
    if (missing.length > 0) console.warn(`fuzz: no seeds from ${missing.join(', ')} (not installed)`)
    const outcomes = new Map<Outcome, number>()
    const started = Date.now()
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (fuzz) => {
        const { kind, bytes } = buildCase(seeds, fuzz)
        const root = await mkdtemp(path.join(os.tmpdir(), 'fuzz-'))
        try {
          const outcome = await judge(bytes, kind, root, compare)
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1)
        } finally {
          await rm(root, { recursive: true, force: true })
        }
      }),
      { numRuns: cases, seed }
    )
    const seconds = (Date.now() - started) / 1000
    const byRule = [...outcomes].sort(([, a], [, b]) => b - a).map(([outcome, count]) => `${outcome} ${count}`)
    const report = `fuzz: ${cases} cases from ${seeds.length} seeds in ${seconds.toFixed(1)} s (${(cases / seconds).toFixed(0)}/s); ${byRule.join(', ')}`
    if (process.env.FUZZ_CASES) console.error(report)
    // Every run must reach both sides: a fuzzer that only ever refuses tests the refusal alone.
    expect(outcomes.get('accepted') ?? 0).toBeGreaterThan(0)
    expect(outcomes.size).toBeGreaterThan(3)
  },
  // About 60 ms a case on an idle machine of two cores; room for one shared with other work.
  Math.max(120_000, cases * 1000)
)
