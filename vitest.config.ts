import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src-*/**/*.test.ts', 'test/**/*.test.ts', 'eslint-rules/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**', 'out/**'],
    // Native modules (better-sqlite3, sharp, pcsclite) are safest in child processes.
    pool: 'forks',
    // Two files at a time, on a 2-core machine too (docs/testing.md, at its top): most of a file's time is spent waiting
    // on the processes it starts (the sandbox, the CLI, pcscd, socat), and vitest's default on 2 cores is one.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
