import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, vi } from 'vitest'
import { ArchiveError, detectArchiveKind, unpackSite } from '../../src/archive/index.js'
import { describeTree, itWith } from '../support/archive-tools.ts'
import { RecordingHost } from '../support/recording-host.ts'
import type { Regression } from './regressions/regression.ts'

/**
 * One file per finding in regressions/: each archive that showed it must now be refused under
 * its rule, with nothing left behind, or unpack as its source.
 */

const folder = path.join(import.meta.dirname, 'regressions')
const findings = (await readdir(folder)).filter((file) => file.endsWith('.ts') && file !== 'regression.ts').sort()

let scratch: string
let work: string

beforeEach(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'regression-'))
  work = path.join(scratch, 'work')
  await mkdir(work)
})

afterEach(async () => {
  vi.restoreAllMocks()
  await rm(scratch, { recursive: true, force: true })
})

for (const file of findings) {
  const { cases } = (await import(`./regressions/${file}`)) as { cases: Regression[] }
  describe(`regression: ${file.replace(/\.ts$/, '')}`, () => {
    for (const regression of cases) {
      const outcome = regression.refused ? `refused under ${regression.refused.rule}` : 'unpacked'
      itWith(regression.tools ?? [], `${regression.title}: ${outcome}`, async () => {
        const archive = path.join(work, `bundle.${regression.kind}`)
        await writeFile(archive, await regression.make(scratch))
        expect(await detectArchiveKind(archive)).toBe(regression.kind)
        const site = path.join(work, 'site')
        const result = await unpackSite(archive, regression.kind, site, { host: new RecordingHost() }).then(
          () => undefined,
          (error: unknown) => error
        )
        if (regression.refused) {
          expect(result).toBeInstanceOf(ArchiveError)
          const error = result as ArchiveError
          expect(error.rule).toBe(regression.refused.rule)
          const [, detail] =
            /^The \S+ archive \S+ (?:is damaged|was refused): (.*) \[rule: [\w-]+\]\. Nothing was unpacked; the archive is kept for inspection\.$/s.exec(
              error.message
            ) ?? []
          if (typeof regression.refused.detail === 'string') expect(detail).toBe(regression.refused.detail)
          else expect(detail).toMatch(regression.refused.detail)
          expect(await readdir(work)).toEqual([path.basename(archive)])
          return
        }
        expect(result).toBeUndefined()
        if (typeof regression.unpacks === 'function') {
          expect(await describeTree(site)).toEqual(await describeTree(regression.unpacks(scratch)))
        } else {
          const files = Object.keys(regression.unpacks ?? {}).sort()
          expect((await readdir(site)).sort()).toEqual(files)
          for (const name of files)
            expect(await readFile(path.join(site, name), 'utf8')).toBe(regression.unpacks?.[name])
        }
      })
    }
  })
}
