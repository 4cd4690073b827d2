// Lets a benchmark script import the engine's TypeScript sources (src/) as they are: their
// relative imports name the built `.js` files, which resolve here to the `.ts` beside them.
// Node strips the types itself.
import { registerHooks } from 'node:module'

registerHooks({
  resolve(specifier, context, nextResolve) {
    try {
      return nextResolve(specifier, context)
    } catch (error) {
      if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !/^\.\.?\/.*\.js$/.test(specifier)) throw error
      return nextResolve(specifier.replace(/\.js$/, '.ts'), context)
    }
  }
})
