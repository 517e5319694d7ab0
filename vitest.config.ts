import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src-*/**/*.test.ts', 'test/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'out/**'],
    // Native modules (better-sqlite3, sharp, pcsclite) are safest in child processes.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
