import path from 'node:path'

/**
 * The files a run writes into its output folder (`path`), named here once. The site goes into a
 * folder of its own, so that what is deployed holds nothing of the action's; the report, the
 * manifest and the values file sit beside it. No name comes from outside: the archive's is the
 * action's too (`archiveName`).
 */
const NAMES = {
  site: 'site',
  helmValues: 'helm-values.yaml',
  verifyReport: 'verify-report.json',
  manifest: 'manifest.json',
  changes: 'changes.json',
  publishChanges: 'publish-changes.json',
  publishPlan: 'publish-plan.json',
  deploymentReport: 'deployment-report.json'
} as const

export type OutputLayout = { readonly directory: string } & { readonly [Name in keyof typeof NAMES]: string }

/** Where each of the run's files goes in `directory`. */
function layoutOf(directory: string): OutputLayout {
  const paths = Object.fromEntries(Object.entries(NAMES).map(([key, name]) => [key, path.join(directory, name)]))
  return { directory, ...paths } as OutputLayout
}

/** The ending of an archive's name, by its kind as detected from its bytes; `bin` for none the action knows. */
const ARCHIVE_ENDINGS: Record<string, string> = {
  'tar.gz': 'tar.gz',
  'tar.zst': 'tar.zst',
  tar: 'tar',
  zip: 'zip',
  xz: 'xz',
  bzip2: 'bz2',
  '7z': '7z'
}
const UNKNOWN_ENDING = 'bin'
const ARCHIVE_PREFIX = 'bundle-'

/** The archive's name: `bundle-<job id>.<kind>`. */
export function archiveName(jobId: string, kind: string | undefined): string {
  const ending = (kind && ARCHIVE_ENDINGS[kind]) || UNKNOWN_ENDING
  return `${ARCHIVE_PREFIX}${nameOf(jobId)}.${ending}`
}

/**
 * A job id as part of a file name. It comes from the API, so it is reduced to letters, digits,
 * `.`, `_` and `-` (anything else becomes `_`), to 100 characters at most, and can start no dot:
 * one plain name, on every system.
 */
export function nameOf(jobId: string): string {
  return (
    jobId
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\./, '_')
      .slice(0, 100) || '_'
  )
}

/** Whether `name` is one the action writes in its output folder: the action's to replace, as the README says. */
export function isOwnName(name: string): boolean {
  return (Object.values(NAMES) as string[]).includes(name) || isArchiveName(name)
}

/** Whether `name` is one that archiveName() gives, whatever the job id and the kind. */
function isArchiveName(name: string): boolean {
  if (!name.startsWith(ARCHIVE_PREFIX)) return false
  return [...Object.values(ARCHIVE_ENDINGS), UNKNOWN_ENDING].some((ending) => {
    if (!name.endsWith(`.${ending}`)) return false
    const id = name.slice(ARCHIVE_PREFIX.length, -ending.length - 1)
    return id !== '' && nameOf(id) === id
  })
}

/**
 * The run's output folder, made once, when the first file needs it: `path` when given, else a new
 * folder that the front end chooses (named after the export job).
 */
export class OutputFolder {
  private made?: Promise<OutputLayout>

  private readonly make: (jobId: string) => Promise<string>

  constructor(make: (jobId: string) => Promise<string>) {
    this.make = make
  }

  layout(jobId: string): Promise<OutputLayout> {
    this.made ??= this.make(jobId).then(layoutOf)
    return this.made
  }
}
