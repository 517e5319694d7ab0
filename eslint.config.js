import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint-rules/import-boundaries.js';
import sqlInStore from './eslint-rules/sql-in-store.js';

const root = dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.electron-native/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { station: { rules: { 'import-boundaries': importBoundaries, 'sql-in-store': sqlInStore } } },
    rules: {
      'station/import-boundaries': ['error', { root }],
      'station/sql-in-store': ['error', { root }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Every station call of a screen goes through the query hooks (src-renderer/src/query/use-command.ts): one
    // cache, one key per command and input, the events' invalidation (docs/architecture.md, "Renderer").
    files: ['src-renderer/src/screens/**', 'src-renderer/src/components/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='station'][callee.property.name='call']",
          message: 'Call the station through the query hooks (useCommandQuery, useCommandMutation, useCommandRead in src-renderer/src/query).',
        },
      ],
    },
  },
  {
    // The renderer's page load builds no zod schema: each area of the station contract is a chunk loaded with its first
    // command or event (src-renderer/src/contract.ts; docs/architecture.md, "Renderer"). A value imported from the
    // contract's barrel would put every area in the importing chunk; types are free.
    files: ['src-renderer/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'src-shared/ipc(/index|/contract)?$',
              allowTypeImports: true,
              message: 'Import values from the module that declares them (src-shared/ipc/station-error.ts, queue.ts…): the barrel loads the whole contract.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['test/**', 'scripts/**', 'bin/**', 'eslint-rules/**', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
);
