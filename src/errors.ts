/** A job that ended `failed`, did not end in time, or was left when the run was cancelled. */
export class JobError extends Error {
  override name = 'JobError'
}

/** How a later run picks up an export job this run leaves behind. */
export function resumeHint(jobId: string): string {
  return `It keeps running on the server: run again with export-job-id: ${jobId} to collect it.`
}
