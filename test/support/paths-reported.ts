import { expect } from 'vitest'
import type { Canaries } from '../site/browser/paths/path.ts'
import { networkPaths, type ContainedRun } from './containment.ts'

/**
 * What the report of the containment site (test/support/containment.ts) must say of each path's
 * page, and what its canaries must have heard: nothing.
 */

const paths = await networkPaths()

/** Each path's canary ports, as its page was written with them. */
function canariesOf(run: ContainedRun, name: string): Canaries {
  const ports = run.ports[name]
  if (!ports) throw new Error(`no canaries for ${name}`)
  return ports
}

/** What the report says of each path's page is what the path expects, and nothing else. */
export function expectEveryPathReported(run: ContainedRun): void {
  const section = run.report.browser
  expect(section?.skipped).toBeNull()
  for (const { name, path: networkPath } of paths) {
    const page = `${networkPath.route}.html`
    const expected = networkPath.reported(canariesOf(run, name))
    expect(section?.pages, name).toContain(page)
    const origins = section?.runtimeOrigins.filter((origin) => origin.pages.includes(page)) ?? []
    expect(origins.map((origin) => origin.origin).sort(), `${name}: the origins its page reached`).toEqual(
      [...new Set((expected.origins ?? []).map(([origin]) => origin))].sort()
    )
    for (const [origin, type] of expected.origins ?? [])
      expect(origins.find((found) => found.origin === origin)?.types, `${name}: ${origin}`).toContain(type)
    const missing = section?.missing.filter((resource) => resource.pages.includes(page)) ?? []
    expect(
      missing.map((resource) => [resource.path, resource.foundBy]).sort(),
      `${name}: the paths of the site its page missed`
    ).toEqual([...(expected.missing ?? [])].sort())
  }
  // Each reaches the report as a problem, as the static check's do.
  expect(run.report.problems.filter((problem) => problem.check.startsWith('runtime-')).length).toBeGreaterThan(0)
}

export function expectNothingHeard(run: ContainedRun): void {
  expect(run.heard).toEqual(Object.fromEntries(paths.map(({ name }) => [name, []])))
}

/**
 * What the browser pass reported, page by page, in words that are the same from run to run: the
 * origins each page reached, the paths of the site it missed, and the kinds of its script errors.
 * Each run has canaries of its own, on other ports: a canary's port is named by its path.
 */
export function reportByPage(run: ContainedRun): Record<string, string[]> {
  const ports = new Map<string, string>()
  for (const [name, { tcp, udp }] of Object.entries(run.ports)) {
    ports.set(String(tcp), `<${name} tcp>`)
    ports.set(String(udp), `<${name} udp>`)
  }
  const named = (text: string): string => text.replace(/:(\d+)\b/g, (found, port: string) => ports.get(port) ?? found)
  const section = run.report.browser
  const byPage = new Map<string, string[]>((section?.pages ?? []).map((page) => [page, []]))
  const add = (page: string, line: string): void => void byPage.get(page)?.push(line)
  for (const origin of section?.runtimeOrigins ?? []) for (const page of origin.pages) add(page, named(origin.origin))
  for (const resource of section?.missing ?? [])
    for (const page of resource.pages) add(page, `missing ${resource.path}`)
  for (const error of section?.scriptErrors ?? []) add(error.page, `${error.kind} error`)
  return Object.fromEntries([...byPage].map(([page, lines]) => [page, lines.sort()]))
}
