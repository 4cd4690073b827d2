import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AgentJob } from '../src/api/schemas.js'
import { writeSummaries } from '../src/commands/summary.js'
import { ActionError } from '../src/core/errors.js'
import { bounded } from '../src/core/markup.js'
import { writeSummary, type SummarySection } from '../src/core/summary.js'
import { addAgentDetails } from '../src/report/summary.js'
import type { ExportSettings } from '../src/settings/index.js'
import { addBrowserSection } from '../src/site/browser/summary.js'
import type { BrowserSection } from '../src/site/browser/types.js'
import type { SiteCheckReport } from '../src/site/report.js'
import { addProblemsSection, addSiteCheckSection } from '../src/site/summary.js'
import { filterTargets, hostileText, renderGfm, shown, type Rendered } from './support/gfm.js'
import { RecordingHost, testRun } from './support/recording-host.js'

/**
 * Every writer of the job summary, given outside values at their worst in every field that holds
 * one and rendered as GitHub renders the summary file: the elements are the template's (those of
 * the same summary with plain values; a word that GitHub's filters would act on gets a code span of
 * its own), no comment, nothing for GitHub's mention, reference and autolink filters, and every
 * value shown as it came, character for character: nothing invisible added.
 */

type Write = (host: RecordingHost) => Promise<void>

/** A writer of sections, through the summary as the engine writes it. */
function sections(write: (summary: SummarySection) => void): Write {
  return (host) => writeSummary(host, 'the job summary', write)
}

async function rendered(write: Write): Promise<Rendered> {
  const host = new RecordingHost()
  await write(host)
  expect(host.messages.filter((message) => message.level === 'warning')).toEqual([])
  return renderGfm(host.summaryMarkdown)
}

/**
 * Checks the writer that `build` makes from outside values, one for each of `names`; a table's
 * cell shows at most `longest` characters of a value.
 */
async function checkWriter<Name extends string>(
  names: readonly Name[],
  build: (values: Record<Name, string>) => Write,
  longest?: number
): Promise<void> {
  const plainly = (values: Record<Name, string>, value: (text: string) => string): Record<Name, string> =>
    Object.fromEntries(Object.entries<string>(values).map(([name, text]) => [name, value(text)])) as Record<
      Name,
      string
    >
  const hostileValues = fc.record(Object.fromEntries(names.map((name) => [name, hostileText(6)]))) as fc.Arbitrary<
    Record<Name, string>
  >
  await fc.assert(
    fc.asyncProperty(hostileValues, async (values) => {
      const hostile = await rendered(build(values))
      // Empty values stay empty: a writer leaves out a row the API did not fill.
      const plain = await rendered(build(plainly(values, (text) => (text ? 'x' : ''))))
      expect(hostile.layout).toBe(plain.layout)
      expect(hostile.comments).toEqual([])
      expect(filterTargets(hostile)).toEqual([])
      // Trimmed: the browser's name and version are shown together, trimmed.
      for (const value of Object.values<string>(values)) {
        const whole = shown(value)
        expect(hostile.text).toContain((longest ? bounded(whole, longest).replace(/…$/, '') : whole).trim())
      }
    }),
    { numRuns: 150 }
  )
}

describe('job summary writers, rendered with hostile values', () => {
  it('the verdict and the error, and the export’s details', async () => {
    await checkWriter(['jobId', 'status', 'expiresAt', 'bundleUrl', 'error'], (values) => (host) => {
      const { jobId, status, expiresAt, bundleUrl, error } = values
      const settings = { domain: 'docs.acme.dev', verify: 'warn', timeoutMs: 1000, maskBundleUrl: false }
      return writeSummaries(testRun({ host }), {
        command: 'export',
        settings: settings as ExportSettings,
        report: {
          command: 'export',
          startedAt: Date.now(),
          finishedAt: Date.now(),
          jobId,
          // Read once, as with wait: false: the verdict names the job and its status.
          job: { jobId, status: `${status}-`, pageCount: 3 },
          bundle: { bundleUrl, expiresAt },
          archive: { path: '/tmp/a', sha256: 'ab'.repeat(32), sizeBytes: 10, kind: 'tar.gz' }
        },
        failure: new ActionError(error)
      })
    })
  })

  it('the agent summary', async () => {
    const names = ['id', 'status', 'repository', 'ref', 'model', 'prLink', 'commentUrl'] as const
    await checkWriter(names, ({ id, status, repository, ref, model, prLink, commentUrl }) => {
      const job: AgentJob = { id, status, repository, ref, model, prLink }
      return sections((summary) =>
        addAgentDetails(
          summary,
          { agentJobId: 'aj_1' },
          { command: 'agent-job', startedAt: Date.now(), job, outcome: job, commentUrl },
          'https://github.com'
        )
      )
    })
  })

  it('the agent summary links the pull request and the comment on the workflow’s GitHub only', async () => {
    const pr = 'https://github.com/acme/docs/pull/42'
    const comment = 'https://github.com/acme/docs/issues/7#issuecomment-1000'
    const write = (prLink: string, commentUrl: string): Write => {
      const job: AgentJob = { id: 'aj_1', status: 'completed', prLink }
      return sections((summary) =>
        addAgentDetails(
          summary,
          { agentJobId: 'aj_1' },
          { command: 'agent-job', startedAt: Date.now(), job, outcome: job, commentUrl },
          'https://github.com'
        )
      )
    }
    const own = await rendered(write(pr, comment))
    expect(own.links).toEqual([pr, comment])
    const elsewhere = await rendered(write('https://evil.example/acme/docs/pull/42', 'https://evil.example/c'))
    expect(elsewhere.links).toEqual([])
    expect(elsewhere.text).toContain('https://evil.example/acme/docs/pull/42')
  })

  it('the site check summary', async () => {
    const names = [
      'problem1',
      'problem2',
      'origin',
      'kind',
      'example',
      'hint',
      'reference',
      'referringFile',
      'skipped'
    ] as const
    await checkWriter(
      names,
      ({ problem1, problem2, origin, kind, example, hint, reference, referringFile, skipped }) => {
        const report = {
          site: '/s',
          durationMs: 10,
          indexHtml: false,
          sitemap: null,
          externalOrigins: [
            {
              origin,
              kinds: [kind],
              exampleUrl: example,
              reference: example,
              source: 'a',
              files: 1,
              examples: [example]
            }
          ],
          connectionHints: [{ origin: hint, reference: hint, source: 'link', files: 1, examples: ['index.html'] }],
          extensionless: {
            references: 2,
            files: 1,
            exampleReference: reference,
            exampleFile: referringFile,
            servedBy: 'x.html'
          },
          problems: [
            { check: 'broken-reference', message: problem1 },
            { check: 'script-error', message: problem2 }
          ],
          notices: [],
          skipped: [skipped],
          counts: {
            files: 1,
            htmlPages: 1,
            styleSheets: 0,
            expectedPages: 2,
            internalReferences: 1,
            brokenReferences: 1,
            brokenFragments: 0,
            externalOrigins: 1,
            connectionHints: 1,
            outboundOrigins: 0,
            addressProblems: 0,
            sitemapUrls: 0,
            sitemapProblems: 0,
            extensionlessReferences: 2,
            problems: 2
          }
        } as unknown as SiteCheckReport
        return sections((summary) => {
          addProblemsSection(summary, { report, reportPath: '/r.json' })
          addSiteCheckSection(summary, { report, reportPath: '/r.json' })
        })
      },
      // A table's cells show the first characters of an address.
      48
    )
  })

  it('the browser pass summary', async () => {
    // The example's address is shown without its origin, and its initiator is in the report only.
    const names = [
      'browser',
      'version',
      'origin',
      'type',
      'path',
      'missingInitiator',
      'page',
      'message',
      'source',
      'staticOrigin'
    ] as const
    await checkWriter(
      names,
      (values) => {
        const { browser, version, origin, type, path, missingInitiator, page, message, source, staticOrigin } = values
        const load = { page, url: 'https://x.example/a', type, initiator: 'script /a.js:1:1' }
        const section: BrowserSection = {
          browser: browser,
          version: version,
          executable: '/usr/bin/chromium',
          startupMs: 1,
          sandbox: true,
          durationMs: 2,
          pages: [page],
          scriptSets: { distinct: 2, loaded: 2 },
          notLoaded: [],
          runtimeOrigins: [
            {
              origin,
              types: [type],
              exampleUrl: load.url,
              pages: [page],
              examples: [load],
              inStaticCheck: false
            }
          ],
          missing: [
            {
              path,
              pages: ['index.html'],
              examples: [{ ...load, initiator: missingInitiator }],
              foundBy: ['request'],
              inStaticCheck: false
            }
          ],
          scriptErrors: [{ page, kind: 'exception', message, source }],
          skipped: null
        }
        // An origin of the static check that no page reached: the count of origins says which.
        return sections((summary) => addBrowserSection(summary, section, [staticOrigin]))
      },
      48
    )
  })

  it('the browser pass summary when the pass did not run', async () => {
    await checkWriter(['skipped'], ({ skipped }) =>
      sections((summary) =>
        addBrowserSection(
          summary,
          {
            browser: null,
            version: null,
            executable: null,
            startupMs: null,
            sandbox: null,
            durationMs: null,
            pages: [],
            scriptSets: null,
            notLoaded: [],
            runtimeOrigins: [],
            missing: [],
            scriptErrors: [],
            skipped
          },
          []
        )
      )
    )
  })
})
