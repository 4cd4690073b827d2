import { readFileSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { routeCopies } from '../../src/publish/plan.js'
import { exportShapedSite } from '../emulator/sites.ts'
import { visitorRoutes } from '../support/visitor-routes.ts'

/**
 * The CloudFront Functions of docs/serving.md, as written there, run over every route a visitor of
 * an export-shaped site follows (the links of its pages and its sitemap's URLs), against the keys
 * a publish leaves in the bucket: with route copies, and without. What a function cannot do (a
 * folder linked without its slash) is what serving.md says it cannot.
 */

const SERVING = readFileSync(new URL('../../docs/serving.md', import.meta.url), 'utf8')
const [WITH_COPIES, WITHOUT_COPIES] = [...SERVING.matchAll(/```js\n([\s\S]*?)```/g)].map((match) => match[1] ?? '')

type Handler = (event: { request: { uri: string } }) => { uri: string }

/** A function's source as CloudFront runs it: `handler(event)` on viewer request, in a context of its own. */
function handlerOf(source: string | undefined): Handler {
  if (!source) throw new Error('docs/serving.md has fewer CloudFront Functions than this test reads')
  return runInNewContext(`${source}\nhandler`, {}) as Handler
}

const SITE = exportShapedSite()
const FILES = new Map(
  SITE.entries.filter((entry) => entry.type === undefined || entry.type === 'file').map((entry) => [entry.name, entry])
)
const FILE_KEYS = [...FILES.keys()]
const COPY_KEYS = routeCopies(
  FILE_KEYS.map((name) => ({ path: name, source: name, size: 0, sha256: '0'.repeat(64) }))
).map((copy) => copy.path)

/** The page each route must answer with: `x/` and `/` by their index, `x` by `x.html`, or a folder's index. */
function pageOf(route: string): string {
  const path = decodeURIComponent(route.slice(1))
  if (path === '' || path.endsWith('/')) return `${path}index.html`
  return FILES.has(`${path}.html`) ? `${path}.html` : `${path}/index.html`
}

/** The key CloudFront asks the bucket for, and the page that key holds (a route copy holds its page). */
function served(handler: Handler, keys: readonly string[], route: string): string | undefined {
  // CloudFront's default root object answers `/` before any function runs.
  const uri = route === '/' ? '/index.html' : handler({ request: { uri: route } }).uri
  const key = decodeURIComponent(uri.slice(1))
  if (!keys.includes(key)) return undefined
  return FILES.has(key) ? key : `${key}.html`
}

describe('the CloudFront Functions of docs/serving.md', () => {
  const routes = visitorRoutes([...FILES].map(([name, entry]): [string, string] => [name, String(entry.content ?? '')]))
  /** Folders linked without their slash: no function can tell them from a page (serving.md says so). */
  const folderWithoutSlash = routes.filter((route) => !route.endsWith('/') && pageOf(route).endsWith('/index.html'))

  it('reads the routes of a real export-shaped site: pages, folders with and without their slash, encoded names', () => {
    expect(routes).toEqual(
      expect.arrayContaining(['/', '/guides/deploy', '/guides/caf%C3%A9', '/api-reference/', '/api-reference'])
    )
    expect(folderWithoutSlash).toEqual(['/api-reference'])
  })

  it.each([
    ['with route copies (the default)', WITH_COPIES, [...FILE_KEYS, ...COPY_KEYS]],
    ['with publish-routes: off', WITHOUT_COPIES, FILE_KEYS]
  ])('serves every other route with its page, %s', (_case, source, keys) => {
    const handler = handlerOf(source)
    const answers = Object.fromEntries(routes.map((route) => [route, served(handler, keys, route)]))
    const expected = Object.fromEntries(
      routes.map((route) => [route, folderWithoutSlash.includes(route) ? undefined : pageOf(route)])
    )
    expect(answers).toEqual(expected)
  })

  it('without route copies, the first function leaves the pages unanswered: the copies are what serve them', () => {
    const handler = handlerOf(WITH_COPIES)
    expect(served(handler, FILE_KEYS, '/guides/deploy')).toBeUndefined()
  })
})
