import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (docs/testing.md, "Real parts").
export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  // One spec file at a time (docs/testing.md, at its top): with two, disk.spec and bench-nfc-encode.spec failed in CI.
  workers: 1,
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
