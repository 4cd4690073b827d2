/** The action's release, kept equal to package.json's version (test/user-agent.test.ts checks it). */
export const ACTION_VERSION = '1.0.0'

/** The project's home, where its README is. */
export const PROJECT_URL = 'https://github.com/acme/mintlify-static-export-action'

/**
 * Sent with every request, to the API and to the storage host, so that their operators can tell
 * this action's traffic and version apart from other clients.
 */
export const USER_AGENT = `docs-export-action/${ACTION_VERSION} (+${PROJECT_URL}) node/${process.versions.node}`
