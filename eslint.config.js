// ESLint flat config: typescript-eslint's type-checked rules for the TypeScript sources, with
// type information from the two TypeScript projects (src/ via tsconfig.json; test/, scripts/
// and vitest.config.ts via test/tsconfig.json). Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  {
    // Built, installed or generated files are never linted.
    ignores: ['dist/', 'lib/', 'node_modules/', 'coverage/', 'bench-work/']
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        project: ['./tsconfig.json', './test/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname
      }
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading `_` marks a parameter or variable that is unused on purpose (a callback's
      // signature, a test double); tsc's noUnusedLocals/noUnusedParameters accept the same convention.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }
      ]
    }
  },
  {
    // The engine talks to its front end through src/host.ts; only the Action's front end and the
    // agent comment (which needs the workflow's token and repository) know GitHub.
    files: ['src/**/*.ts'],
    ignores: ['src/action-host.ts', 'src/comment.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@actions/core', message: 'Log, mask and set outputs through the host (src/host.ts).' },
            { name: '@actions/github', message: 'Only the Action front end comments on GitHub.' }
          ]
        }
      ]
    }
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // Test doubles stand in for promise-returning functions: `async` without `await` is what makes
      // them reject instead of throwing synchronously, as the real ones do.
      '@typescript-eslint/require-await': 'off',
      // Tests throw arbitrary values on purpose, to check that the code copes with non-Error throws.
      '@typescript-eslint/only-throw-error': 'off'
    }
  },
  {
    // Plain JavaScript (this file): no TypeScript project covers it, so no type-aware rules.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked]
  }
)
