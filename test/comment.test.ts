import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { commentBody, commentMarker } from '../src/action/comment.js'
import type { AgentJob } from '../src/api/schemas.js'
import { filterTargets, hostileText, renderGfm, shown } from './support/gfm.js'

const MARKER = commentMarker({ projectId: 'proj_acme', agentJobId: 'aj_1' })
const GITHUB = 'https://github.com'
const PR = 'https://github.com/acme/docs/pull/7'

function job(overrides: Partial<AgentJob> = {}): AgentJob {
  return { id: 'aj_1', status: 'completed', repository: 'acme/docs', ref: 'main', model: 'claude-sonnet', ...overrides }
}

function rendered(agentJob: AgentJob, serverUrl = GITHUB): ReturnType<typeof renderGfm> {
  return renderGfm(commentBody(agentJob, MARKER, serverUrl))
}

describe('commentMarker', () => {
  it('is a hidden line made of a hash of the project and the job as the workflow named them', () => {
    expect(MARKER).toMatch(/^<!-- docs-export-action agent-job [0-9a-f]{32} -->$/)
    expect(commentMarker({ projectId: 'proj_acme', agentJobId: 'aj_1' })).toBe(MARKER)
    expect(commentMarker({ projectId: 'proj_acme', agentJobId: 'aj_2' })).not.toBe(MARKER)
    expect(commentMarker({ projectId: 'proj_acm', agentJobId: 'eaj_1' })).not.toBe(MARKER)
  })
})

describe('commentBody', () => {
  it('links the pull request of a completed job, under the marker, with the job in a table', () => {
    const body = commentBody(job({ prLink: PR }), MARKER, GITHUB)
    expect(body.split('\n')).toEqual([
      MARKER,
      `<p><strong>Agent job <code>aj&#95;1</code></strong>: The agent opened <a href="${PR}">${PR}</a>.</p>`,
      '<table><tr><td>Job</td><td><code>aj&#95;1</code></td></tr><tr><td>Status</td><td>completed</td></tr>' +
        '<tr><td>Repository</td><td><code>acme/docs</code></td></tr><tr><td>Ref</td><td><code>main</code></td></tr>' +
        '<tr><td>Model</td><td>claude-sonnet</td></tr></table>'
    ])
    const shownBody = rendered(job({ prLink: PR }))
    expect(shownBody.text.trim()).toBe(
      `Agent job aj_1: The agent opened ${PR}.\nJobaj_1StatuscompletedRepositoryacme/docsRefmainModelclaude-sonnet`
    )
    expect(shownBody.skeleton).toBe(
      'p(strong(code),a),table(tbody(tr(td,td(code)),tr(td,td),tr(td,td(code)),tr(td,td(code)),tr(td,td)))'
    )
  })

  it('links a pull request of the GitHub Enterprise Server the workflow runs on', () => {
    const enterprise = 'https://github.acme.internal/docs/site/pull/3'
    expect(rendered(job({ prLink: enterprise }), 'https://github.acme.internal').links).toEqual([enterprise])
    expect(rendered(job({ prLink: enterprise })).links).toEqual([])
  })

  it.each([
    ['another host', 'https://evil.example/acme/docs/pull/7'],
    ['plain http', 'http://github.com/acme/docs/pull/7'],
    ['a look-alike host', 'https://github.com.evil.example/acme/docs/pull/7'],
    ['not a pull request', 'https://github.com/acme/docs/issues/7'],
    ['more after the number', 'https://github.com/acme/docs/pull/7/files'],
    ['a query', 'https://github.com/acme/docs/pull/7?tab=files'],
    ['a fragment', 'https://github.com/acme/docs/pull/7#top']
  ])('shows a prLink on %s as text, not a link', (_what, prLink) => {
    const shownBody = rendered(job({ prLink }))
    expect(shownBody.links).toEqual([])
    expect(shownBody.text).toContain(`The agent opened ${prLink}.`)
  })

  it('says when a completed or archived job changed no files', () => {
    for (const status of ['completed', 'archived']) {
      expect(rendered(job({ status })).text).toContain(
        'Agent job aj_1: The agent finished without changing any files: no pull request.'
      )
    }
  })

  it('says a failed job failed, even with a pull request link', () => {
    for (const prLink of [undefined, PR]) {
      const shownBody = rendered(job({ status: 'failed', prLink }))
      expect(shownBody.text).toContain('Agent job aj_1: The agent job failed.')
      expect(shownBody.skeleton).toMatch(/^p\(strong\(code\),strong\)/)
    }
  })

  it('says an active job is still working, with its status', () => {
    expect(rendered(job({ status: 'running' })).text).toContain('The agent is still working (status: running).')
  })

  it('leaves out the rows the API did not fill', () => {
    expect(rendered({ id: 'aj_2', status: 'queued' }).skeleton).toBe(
      'p(strong(code)),table(tbody(tr(td,td(code)),tr(td,td)))'
    )
  })
})

describe('commentBody with hostile API fields, rendered as GitHub renders a comment', () => {
  const fields = fc.record({
    id: hostileText(),
    status: fc.oneof(fc.constantFrom('failed', 'completed', 'archived'), hostileText()),
    repository: hostileText(),
    ref: hostileText(),
    model: hostileText(),
    prLink: fc.oneof(fc.constant(undefined), fc.constant(PR), hostileText())
  })
  /** The same job with every value plain: the elements its comment has are the template's. */
  const plain = (hostile: AgentJob): AgentJob => ({
    id: 'x',
    status: ['failed', 'completed', 'archived'].includes(hostile.status) ? hostile.status : 'x',
    repository: 'x',
    ref: 'x',
    model: 'x',
    prLink: hostile.prLink === undefined || hostile.prLink === PR ? hostile.prLink : 'x'
  })

  it('has the template’s elements only, the marker as its one comment, and nothing for GitHub’s filters', () => {
    fc.assert(
      fc.property(fields, (hostile) => {
        const body = commentBody(hostile, MARKER, GITHUB)
        const shownBody = renderGfm(body)
        expect(shownBody.layout).toBe(rendered(plain(hostile)).layout)
        expect(shownBody.comments).toEqual([MARKER.slice('<!--'.length, -'-->'.length)])
        expect(body.indexOf('<!--')).toBe(0)
        expect(body.lastIndexOf('<!--')).toBe(0)
        expect(filterTargets(shownBody)).toEqual([])
      }),
      { numRuns: 300 }
    )
  })

  it('shows every value as the API sent it', () => {
    fc.assert(
      fc.property(fields, (hostile) => {
        const text = shown(rendered(hostile).text)
        for (const value of [hostile.id, hostile.repository, hostile.ref, hostile.model])
          expect(text).toContain(shown(value ?? ''))
        if (hostile.prLink && hostile.status !== 'failed') expect(text).toContain(shown(hostile.prLink))
      }),
      { numRuns: 300 }
    )
  })

  it('stays within GitHub’s 65,536 characters, however long the values', () => {
    const long = (character: string): string => character.repeat(100_000)
    const body = commentBody(
      { id: long('@'), status: long('|'), repository: long('\n'), ref: long('<'), model: long('#'), prLink: long('[') },
      MARKER,
      GITHUB
    )
    expect(body.length).toBeLessThan(65_536)
    expect(renderGfm(body).text).toContain(`${'@'.repeat(999)}…`)
  })
})
