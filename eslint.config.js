import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import importBoundaries from './eslint-rules/import-boundaries.js';
import effectReturnsCleanup from './eslint-rules/effect-returns-cleanup.js';
import sqlInStore from './eslint-rules/sql-in-store.js';

const root = dirname(fileURLToPath(import.meta.url));

// Every number, date and size the renderer shows follows the UI language (i18next's), never the browser's: made by
// src-renderer/src/components/format.ts (useFormat), the one place that builds Intl formatters, or by i18next's
// formatters in the catalogs ({{count, number}}). Issue 17: "20,194,186 Labels übrig" came from a bare toLocaleString().
const FORMAT_MESSAGE =
  'Format numbers, dates and sizes in the UI language: useFormat() from src-renderer/src/components/format.ts, or {{n, number}} in a catalog string.';
const LOCALE_FORMATTING = [
  { selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]', message: FORMAT_MESSAGE },
  { selector: "NewExpression[callee.object.name='Intl']", message: FORMAT_MESSAGE },
  { selector: "CallExpression[callee.object.name='Intl']", message: FORMAT_MESSAGE },
];
const STATION_CALL = {
  selector: "CallExpression[callee.object.name='station'][callee.property.name='call']",
  message: 'Call the station through the query hooks (useCommandQuery, useCommandMutation, useCommandRead in src-renderer/src/query).',
};
const FORMAT_MODULE = 'src-renderer/src/components/format.ts';

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.electron-native/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: {
      station: { rules: { 'import-boundaries': importBoundaries, 'sql-in-store': sqlInStore, 'effect-returns-cleanup': effectReturnsCleanup } },
    },
    rules: {
      'station/import-boundaries': ['error', { root }],
      'station/sql-in-store': ['error', { root }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // An effect returns nothing or its cleanup function (eslint-rules/README.md): React calls what it returns. The
    // renderer is linted with its TypeScript program so that the rule knows a returned subscription is a function.
    files: ['src-renderer/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: { 'station/effect-returns-cleanup': 'error' },
  },
  {
    // Every station call of a screen goes through the query hooks (src-renderer/src/query/use-command.ts): one
    // cache, one key per command and input, the events' invalidation (docs/architecture.md, "Renderer").
    files: ['src-renderer/src/screens/**', 'src-renderer/src/components/**'],
    ignores: [FORMAT_MODULE],
    rules: { 'no-restricted-syntax': ['error', STATION_CALL, ...LOCALE_FORMATTING] },
  },
  { files: [FORMAT_MODULE], rules: { 'no-restricted-syntax': ['error', STATION_CALL] } },
  {
    files: ['src-renderer/src/**'],
    ignores: ['src-renderer/src/screens/**', 'src-renderer/src/components/**'],
    rules: { 'no-restricted-syntax': ['error', ...LOCALE_FORMATTING] },
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
