import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (docs/testing.md, "Real parts").
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  // Two spec files at a time, on a 2-core machine too (docs/testing.md, at its top): each keeps its own folders, ports
  // and daemons, and a spec's time is mostly waiting on the processes it starts.
  workers: 2,
  projects: [
    { name: 'e2e', testIgnore: /(^|\/)start\.spec\.ts$/ },
    // `npm start` builds out/ again (scripts/start.mjs) while every other spec serves the UI and runs the CLI from it
    // (beside it, a page got "The station UI is not built"): it runs alone, after them (docs/testing.md, at its top).
    { name: 'npm-start', testMatch: /(^|\/)start\.spec\.ts$/, dependencies: ['e2e'] },
  ],
  reporter: process.env.PW_REPORTERS === 'ci' ? [['list'], ['json', { outputFile: 'test-results/playwright.json' }]] : 'list',
  use: {
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
