import type { Run } from '../core/context.js'
import { documentOptions } from '../core/document.js'
import { cancelledError } from '../core/errors.js'
import { inputSubject, message } from '../core/message.js'
import { checkDeployment } from '../deployment/check.js'
import { deploymentError, writeDeploymentReport, type DeploymentReport } from '../deployment/report.js'
import { readManifest } from '../manifest/read.js'
import type { DeploymentCheckReport, Outcome } from '../report/report.js'
import type { CheckDeploymentSettings } from '../settings/index.js'

/**
 * Reads the manifest of the export that should be live, compares what `url` serves with it until
 * the deployment is current or the deadline comes, and writes the report; a deployment that is
 * not current is the step's error.
 */
export async function checkDeploymentCommand(
  settings: CheckDeploymentSettings,
  run: Run,
  retryBaseDelayMs: number
): Promise<Outcome<DeploymentCheckReport>> {
  const { host, deadline } = run
  const startedAt = Date.now()
  let deployment: DeploymentReport | undefined
  let reportPath: string | undefined
  const report = (): DeploymentCheckReport => ({ command: 'check-deployment', startedAt, deployment, reportPath })
  const url = new URL(settings.url)
  if (url.protocol === 'http:') {
    host.notice(
      message`${inputSubject('url')} is plain http (${url.origin}): nothing secret is sent, but a machine on the way could serve other bytes than the site`
    )
  }
  try {
    const manifest = await host.group('Read the manifest', () =>
      readManifest(settings.manifest, documentOptions(run, retryBaseDelayMs))
    )
    const checked = await host.group(`Check the deployment at ${url.origin}`, () =>
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
    deployment = checked
    const layout = await run.output.layout(manifest.jobId)
    await writeDeploymentReport(checked, layout.deploymentReport)
    reportPath = layout.deploymentReport
    host.info(`Deployment report: ${layout.deploymentReport}`)
    if (checked.status !== 'current') throw deploymentError(checked, reportPath)
    return { report: report() }
  } catch (error) {
    const failure = run.cancellation.aborted ? cancelledError(`while checking the deployment at ${url.origin}`) : error
    return { report: report(), failure }
  }
}
