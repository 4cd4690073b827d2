import { describe, expect, it } from 'vitest'
import type { AgentJob } from '../src/api/schemas.js'
import { commentBody } from '../src/action/comment.js'

const MARKER = '<!-- mintlify-agent-job:aj_1 -->'
const PR = 'https://github.com/acme/docs/pull/7'

function job(overrides: Partial<AgentJob> = {}): AgentJob {
  return { id: 'aj_1', status: 'completed', repository: 'acme/docs', ref: 'main', model: 'claude-sonnet', ...overrides }
}

function lines(body: string): string[] {
  return body.split('\n')
}

describe('commentBody', () => {
  it('links the pull request of a completed job, under the marker', () => {
    expect(commentBody(job({ prLink: PR }), MARKER)).toBe(
      [
        MARKER,
        `**Agent job \`aj_1\`**: The agent opened ${PR}.`,
        '',
        '| | |',
        '|---|---|',
        '| Job | `aj_1` |',
        '| Status | completed |',
        '| Repository | acme/docs |',
        '| Ref | `main` |',
        '| Model | claude-sonnet |'
      ].join('\n')
    )
  })

  it('says when a completed job changed no files', () => {
    const body = commentBody(job(), MARKER)
    expect(lines(body)[0]).toBe(MARKER)
    expect(lines(body)[1]).toBe('**Agent job `aj_1`**: The agent finished without changing any files: no pull request.')
    expect(body).not.toContain('github.com')
  })

  it('says the same of an archived job without a pull request', () => {
    expect(lines(commentBody(job({ status: 'archived' }), MARKER))[1]).toContain('finished without changing any files')
  })

  it('says a failed job failed, even with a pull request link', () => {
    for (const prLink of [undefined, PR]) {
      const body = commentBody(job({ status: 'failed', prLink }), MARKER)
      expect(lines(body)[0]).toBe(MARKER)
      expect(lines(body)[1]).toBe('**Agent job `aj_1`**: The agent job **failed**.')
      expect(body).toContain('| Status | failed |')
    }
  })

  it('says an active job is still working, with its status', () => {
    const body = commentBody(job({ status: 'running' }), MARKER)
    expect(lines(body)[0]).toBe(MARKER)
    expect(lines(body)[1]).toBe('**Agent job `aj_1`**: The agent is still working (status: running).')
  })

  it('leaves out the rows the API did not fill', () => {
    const body = commentBody({ id: 'aj_2', status: 'queued' }, '<!-- mintlify-agent-job:aj_2 -->')
    expect(lines(body)[0]).toBe('<!-- mintlify-agent-job:aj_2 -->')
    expect(lines(body).slice(3)).toEqual(['| | |', '|---|---|', '| Job | `aj_2` |', '| Status | queued |'])
  })
})
