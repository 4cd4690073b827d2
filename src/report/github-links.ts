import type { Inline } from '../core/markup.js'

/**
 * Which links from outside the summary and the comment show as links: pages of the workflow's own
 * GitHub only. `serverUrl` is the runner's GITHUB_SERVER_URL (github.com, or a GitHub Enterprise
 * Server); github.com is always one, since the agent works there. Anything else is shown as text.
 */

/** A page of the workflow's GitHub: https, on its host, with no credentials in the address. */
function isGitHubPage(link: string, serverUrl: string): boolean {
  const url = URL.parse(link)
  if (!url || url.protocol !== 'https:' || url.username || url.password) return false
  return url.origin === 'https://github.com' || url.origin === URL.parse(serverUrl)?.origin
}

/** A pull request of the workflow's GitHub, exactly `https://<host>/<owner>/<repo>/pull/<number>`. */
function isPullRequest(link: string, serverUrl: string): boolean {
  const url = URL.parse(link)
  // Exactly: in the form the URL parser writes it, with nothing after the number.
  if (!url || url.href !== link || url.search || url.hash || !isGitHubPage(link, serverUrl)) return false
  // GitHub's owner and repository names: letters, digits, `-`, and `.` or `_` in a repository's.
  return /^\/[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}\/pull\/[1-9]\d{0,9}$/.test(url.pathname)
}

/** A link from outside as it is shown: a link when it is a page of the workflow's GitHub, else inert code. */
export function shownGitHubPage(link: string, serverUrl: string): Inline {
  return isGitHubPage(link, serverUrl) ? { link } : { code: link }
}

/** A pull request's link as it is shown: a link when it is one of the workflow's GitHub, else inert code. */
export function shownPullRequest(link: string, serverUrl: string): Inline {
  return isPullRequest(link, serverUrl) ? { link } : { code: link }
}
