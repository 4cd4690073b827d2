import { ActionError, type ActionErrorOptions } from '../core/errors.js'
import { message, type Text } from '../core/message.js'
import { redactUrl } from '../core/net.js'

/**
 * A failed download, named by its link (without the query, where a presigned link keeps its
 * signature): "Download of https://…/bundle.tar.gz?… was cut short: …".
 */
export class DownloadError extends ActionError {
  override name = 'DownloadError'

  constructor(
    link: string,
    /** What went wrong, in the words that follow the link; an out-of-time error quotes it for the last attempt. */
    readonly problem: Text,
    options: ActionErrorOptions & { code: string; afterColon?: boolean }
  ) {
    super(message`Download of ${redactUrl(link)}${options.afterColon ? ':' : ''} ${problem}`, options)
  }
}

/** The storage host refused the link as expired: a fresh link from the API is the cure, not a retry. */
export class LinkExpiredError extends ActionError {
  override name = 'LinkExpiredError'

  constructor(status: number) {
    super(`The storage host refused the link as expired (HTTP ${status})`, { code: 'link-expired' })
  }
}
