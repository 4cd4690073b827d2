/**
 * A long run of the archive fuzz test (test/archive/fuzz.test.ts), which `npm test` runs short:
 *   npm run fuzz -- --cases 20000 --seed 7
 * Prints the rate and the outcome by rule; on a failure, the shrunk case and the seed and path
 * that replay it.
 */
import { spawnSync } from 'node:child_process'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '5000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) }
  }
})
for (const [name, value] of Object.entries(values)) {
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} takes a whole number, not ${JSON.stringify(value)}`)
    process.exit(2)
  }
}
console.error(`fuzz: ${values.cases} cases, seed ${values.seed}`)
const run = spawnSync('vitest', ['run', 'test/archive/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_CASES: values.cases, FUZZ_SEED: values.seed }
})
process.exit(run.status ?? 1)
