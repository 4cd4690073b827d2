/** Where the run's compile cache is (test/support/global-setup.ts makes it), for the processes that run dist/. */
export const COMPILE_CACHE_VARIABLE = 'DOCS_EXPORT_TESTS_COMPILE_CACHE'

/** NODE_COMPILE_CACHE for a process that runs dist/: the run's compile cache, when there is one. */
export function compileCache(): { NODE_COMPILE_CACHE?: string } {
  const folder = process.env[COMPILE_CACHE_VARIABLE]
  return folder ? { NODE_COMPILE_CACHE: folder } : {}
}
