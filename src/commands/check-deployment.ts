import type { Run } from '../core/context.js'
import { documentOptions } from '../core/document.js'
import { cancelledError } from '../core/errors.js'
import type { CheckDeploymentSettings } from '../core/settings.js'
import { settingSubject } from '../core/words.js'
import { checkDeployment } from '../deployment/check.js'
import { deploymentError, writeDeploymentReport } from '../deployment/report.js'
import { readManifest } from '../manifest/read.js'
import type { DeploymentCheckReport } from '../report/report.js'

/**
 * Reads the manifest of the export that should be live, compares what `url` serves with it until
 * the deployment is current or the deadline comes, and writes the report; a deployment that is
 * not current is the step's error.
 */
export async function checkDeploymentCommand(
  settings: CheckDeploymentSettings,
  report: DeploymentCheckReport,
  run: Run,
  retryBaseDelayMs: number
): Promise<void> {
  const { host, deadline } = run
  const url = new URL(settings.url)
  if (url.protocol === 'http:') {
    host.notice(
      `${settingSubject('url')} is plain http (${url.origin}): nothing secret is sent, but a machine on the way could serve other bytes than the site`
    )
  }
  try {
    const manifest = await host.group('Read the manifest', () =>
      readManifest(settings.manifest, documentOptions(run, retryBaseDelayMs))
    )
    report.deployment = await host.group(`Check the deployment at ${url.origin}`, () =>
      checkDeployment({
        url: settings.url,
        manifest,
        checkFiles: settings.checkFiles,
        deadline: deadline.at,
        pollIntervalMs: settings.pollIntervalMs,
        signal: run.cancellation,
        retryBaseDelayMs,
        dispatcher: run.network.dispatcher,
        host
      })
    )
    const layout = await run.output.layout(manifest.jobId)
    await writeDeploymentReport(report.deployment, layout.deploymentReport)
    report.reportPath = layout.deploymentReport
    host.info(`Deployment report: ${layout.deploymentReport}`)
  } catch (error) {
    if (run.cancellation.aborted) throw cancelledError(`while checking the deployment at ${url.origin}`)
    throw error
  }
  if (report.deployment.status !== 'current') throw deploymentError(report.deployment, report.reportPath)
}
