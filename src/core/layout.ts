import path from 'node:path'

/**
 * The files a run writes into its output folder (`path`), named here once. The site goes into a
 * folder of its own, so that what is deployed holds nothing of the action's; the report, the
 * manifest and the values file sit beside it.
 */
const NAMES = {
  site: 'site',
  helmValues: 'helm-values.yaml',
  verifyReport: 'verify-report.json',
  manifest: 'manifest.json',
  changes: 'changes.json',
  deploymentReport: 'deployment-report.json'
} as const

export type OutputLayout = { readonly directory: string } & { readonly [Name in keyof typeof NAMES]: string }

/** Where each of the run's files goes in `directory`. */
function layoutOf(directory: string): OutputLayout {
  const paths = Object.fromEntries(Object.entries(NAMES).map(([key, name]) => [key, path.join(directory, name)]))
  return { directory, ...paths } as OutputLayout
}

/** The names the action writes in the output folder, which nothing else written there may take. */
export const OWN_NAMES: ReadonlySet<string> = new Set(Object.values(NAMES))

/**
 * The run's output folder, made once, when the first file needs it: `path` when given, else a new
 * folder that the front end chooses (named after the export job).
 */
export class OutputFolder {
  private made?: Promise<OutputLayout>

  constructor(private readonly make: (jobId: string) => Promise<string>) {}

  layout(jobId: string): Promise<OutputLayout> {
    this.made ??= this.make(jobId).then(layoutOf)
    return this.made
  }
}
