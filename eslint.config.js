// ESLint flat config: typescript-eslint's type-checked rules for the TypeScript sources, with
// type information from the two TypeScript projects (src/ via tsconfig.json; test/, scripts/
// and vitest.config.ts via test/tsconfig.json). Formatting is Prettier's job, not ESLint's.
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The import direction of src/ (each folder's README says the same): the front ends (action/,
 * cli/) use the commands and the settings, the commands use the stages (api/, download/,
 * archive/, site/, manifest/, deployment/, mirror/, publish/) and the report, which use core/ (and,
 * for the stages that write to a bucket, storage/); nothing imports upwards but the type of an
 * input's name, and the two front ends never import each other. Only the Action's front end knows
 * GitHub's libraries.
 */
const LAYERS = {
  core: [],
  settings: ['core', 'mirror', 'storage', 'publish'],
  api: ['core'],
  download: ['core'],
  archive: ['core'],
  site: ['core'],
  manifest: ['core'],
  deployment: ['core', 'manifest'],
  storage: ['core'],
  mirror: ['core', 'storage'],
  publish: ['core', 'manifest', 'deployment', 'storage'],
  report: ['core', 'settings', 'api', 'download', 'archive', 'site', 'manifest', 'deployment', 'mirror', 'publish'],
  commands: [
    'core',
    'settings',
    'api',
    'download',
    'archive',
    'site',
    'manifest',
    'deployment',
    'mirror',
    'publish',
    'storage',
    'report'
  ],
  action: [
    'core',
    'settings',
    'api',
    'download',
    'archive',
    'site',
    'manifest',
    'deployment',
    'mirror',
    'publish',
    'storage',
    'report',
    'commands'
  ],
  cli: [
    'core',
    'settings',
    'api',
    'download',
    'archive',
    'site',
    'manifest',
    'deployment',
    'mirror',
    'report',
    'commands'
  ]
}
/** Every folder may import the names of the inputs (a type), to name one in a message (src/core/message.ts). */
const TYPES_FOR_ALL = ['settings']
const GITHUB_LIBRARIES = [
  { name: '@actions/core', message: "Log, mask and set outputs through the run's host (src/core/host.ts)." },
  { name: '@actions/github', message: 'Only the Action front end (src/action/) comments on GitHub.' }
]

function layers() {
  return Object.entries(LAYERS).map(([folder, allowed]) => {
    const forbidden = Object.keys(LAYERS).filter((other) => other !== folder && !allowed.includes(other))
    const pattern = (names, allowTypeImports) => ({
      regex: `^(\\.\\./)+(${names.join('|')})/`,
      allowTypeImports,
      message: `src/${folder}/ may import only from ${allowed.map((name) => `src/${name}/`).join(', ') || 'itself'}${allowTypeImports ? '' : ', and types from src/settings/'} (src/${folder}/README.md).`
    })
    const typesOnly = forbidden.filter((name) => TYPES_FOR_ALL.includes(name))
    const never = forbidden.filter((name) => !TYPES_FOR_ALL.includes(name))
    return {
      files: [`src/${folder}/**/*.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            paths: folder === 'action' ? [] : GITHUB_LIBRARIES,
            patterns: [
              ...(never.length > 0 ? [pattern(never, false)] : []),
              ...(typesOnly.length > 0 ? [pattern(typesOnly, true)] : []),
              ...(folder === 'action'
                ? []
                : [{ group: ['@octokit/*'], message: 'Only the Action front end uses GitHub.' }])
            ]
          }
        ]
      }
    }
  })
}

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
  ...layers(),
  {
    // The benchmark's deployment and mirror probes and `npm run docs` load these folders as they
    // are, with Node's type stripping, which has no parameter properties; so do scripts/emulator.ts
    // and the browser containment test with the emulator.
    files: [
      'src/core/**/*.ts',
      'src/settings/**/*.ts',
      'src/manifest/**/*.ts',
      'src/deployment/**/*.ts',
      'src/mirror/**/*.ts',
      'src/storage/**/*.ts',
      'src/publish/**/*.ts',
      'test/emulator/**/*.ts'
    ],
    rules: { '@typescript-eslint/parameter-properties': ['error', { prefer: 'class-property' }] }
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
