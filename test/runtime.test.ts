import { describe, expect, it } from 'vitest'
import { readActionYaml } from './support/run-action.ts'

describe('runtime', () => {
  it('tests on the Node major that action.yml declares', async () => {
    const action = await readActionYaml()
    expect(action.runs.using).toBe('node24')
    expect(process.version).toMatch(/^v24\./)
  })
})
