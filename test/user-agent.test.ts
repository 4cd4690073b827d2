import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ACTION_VERSION, USER_AGENT } from '../src/core/user-agent.js'
import { ROOT } from './support/run-action.ts'

describe('USER_AGENT', () => {
  it("names the action with package.json's version", async () => {
    const pkg = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }
    expect(ACTION_VERSION).toBe(pkg.version)
    expect(USER_AGENT).toMatch(new RegExp(`^docs-export-action/${pkg.version.replace(/\./g, '\\.')} `))
  })
})
