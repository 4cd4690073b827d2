/** The action's release, kept equal to package.json's version (test/user-agent.test.ts checks it). */
export const ACTION_VERSION = '1.0.0'

/**
 * Sent with every request, to the API and to the storage host, so that their operators can tell
 * this action's traffic and version apart from other clients.
 */
export const USER_AGENT = `docs-export-action/${ACTION_VERSION} (+https://github.com/acme/mintlify-static-export-action) node/${process.versions.node}`
